package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.CrowdLayerHead;
import org.crowd4j.nn.internal.Head;

/**
 * The crowd layer (Rodrigues &amp; Pereira, AAAI 2018): on top of the classifier's softmax output
 * p, one small layer per annotator gives that annotator's logits — MW: pᵀW_r with W_r ∈ ℝ^{K×K}
 * starting at the identity, unconstrained; VW: w_r ⊙ p (w_r = 1); VB: p + b_r (b_r = 0); VW+B: w_r
 * ⊙ p + b_r — trained by softmax cross-entropy against each observed answer (masked, averaged over
 * the observed pairs; {@code KERAS} divides the sum by batch size × R as the authors' Keras code
 * does, which shrinks the effective step with sparsity). Prediction drops the layer. The annotator
 * model reports, per annotator, the answer distribution her layer gives to each one-hot class.
 */
public final class CrowdLayer extends BaseLearner<CrowdLayer.Options> {
  /** Command-line name. */
  public static final String NAME = "crowd-layer";

  /** Per-annotator layer. */
  public enum Variant {
    /** Matrix weights. */
    MW,
    /** Vector of weights. */
    VW,
    /** Vector of biases. */
    VB,
    /** Weights and biases. */
    VW_B
  }

  /** How the masked loss is averaged. */
  public enum Normalization {
    /** Mean over the observed (item, annotator) pairs. */
    OBSERVED,
    /** Sum over observed pairs / (batch size × R), as Keras averages a masked loss. */
    KERAS
  }

  /**
   * Options of {@link CrowdLayer}.
   *
   * @param variant layer type
   * @param normalization loss averaging
   */
  public record Options(Variant variant, Normalization normalization) {
    /**
     * Validates.
     *
     * @param variant layer type
     * @param normalization loss averaging
     */
    public Options {
      java.util.Objects.requireNonNull(variant, "variant");
      java.util.Objects.requireNonNull(normalization, "normalization");
    }

    /**
     * MW, mean over observed pairs.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(Variant.MW, Normalization.OBSERVED);
    }
  }

  /**
   * A crowd-layer learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public CrowdLayer(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    Head head =
        new CrowdLayerHead(options.variant(), options.normalization() == Normalization.KERAS);
    return run(options, head, data, features, null, validation, listener);
  }
}
