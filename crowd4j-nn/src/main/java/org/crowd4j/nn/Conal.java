package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.ConalHead;

/**
 * CoNAL — common noise adaptation layers (Chu, Ma &amp; Wang, AAAI 2021). Each answer comes from
 * the annotator's own confusion or, with probability ω_ir, from a confusion common to all
 * annotators; ω_ir = σ(u_r · v_i) from an auxiliary network with an instance embedding v_i of the
 * raw features (linear 128 then linear {@code embedding}, no non-linearity between) and an
 * annotator embedding u_r (one-hot, or {@link #withAnnotatorFeatures annotator features} so that
 * unseen annotators can be scored), both L2-normalised (ω ∈ [0.27, 0.73]). The noise layers are raw
 * K×K matrices starting at 2·I applied to the classifier's probabilities. Default mixing is in
 * logit space as in the authors' code (h = ω pW_g + (1−ω) pW_r, softmax cross-entropy), PROBABILITY
 * mixes the two softmax outputs as the paper's eq. (1) writes. Loss: mean cross-entropy over the
 * observed pairs minus λ Σ_r ‖W_r − W_g‖_F (the paper's sign: the term is subtracted, pushing the
 * layers apart; unbounded below, so λ stays tiny, 1e-5). Prediction: the classifier alone. The
 * annotator model holds the softmax rows of W_g and W_r (the answer distribution each layer gives
 * to a one-hot class) and ω of every training answer. Cost per epoch: O(m (K² + E)) plus the
 * auxiliary network on the items, on top of the classifier.
 */
public final class Conal extends BaseLearner<Conal.Options> {
  /** Command-line name. */
  public static final String NAME = "conal";

  /** Where the common and individual outputs are mixed. */
  public enum Mixing {
    /** Logits (the authors' code). */
    LOGIT,
    /** Probabilities (the paper's eq. 1). */
    PROBABILITY
  }

  /**
   * Options of {@link Conal}.
   *
   * @param embedding size of the instance and annotator embeddings (20 on LabelMe, 80 on Music)
   * @param auxHidden width of the instance embedding's first linear layer (128)
   * @param normalizeInstance L2-normalise the instance embedding (off in the authors' Music model)
   * @param normalizeAnnotator L2-normalise the annotator embedding
   * @param lambda weight of the subtracted ‖W_r − W_g‖ term
   * @param mixing logit or probability mixing
   * @param initScale the noise layers start at this multiple of the identity
   */
  public record Options(
      int embedding,
      int auxHidden,
      boolean normalizeInstance,
      boolean normalizeAnnotator,
      double lambda,
      Mixing mixing,
      double initScale) {
    /**
     * Validates.
     *
     * @param embedding size of the instance and annotator embeddings (20 on LabelMe, 80 on Music)
     * @param auxHidden width of the instance embedding's first linear layer (128)
     * @param normalizeInstance L2-normalise the instance embedding (off in the authors' Music
     *     model)
     * @param normalizeAnnotator L2-normalise the annotator embedding
     * @param lambda weight of the subtracted ‖W_r − W_g‖ term
     * @param mixing logit or probability mixing
     * @param initScale the noise layers start at this multiple of the identity
     */
    public Options {
      if (embedding < 1) {
        throw new IllegalArgumentException("embedding must be ≥ 1: " + embedding);
      }
      if (auxHidden < 1) {
        throw new IllegalArgumentException("auxHidden must be ≥ 1: " + auxHidden);
      }
      if (!(lambda >= 0) || Double.isInfinite(lambda)) {
        throw new IllegalArgumentException("lambda must be ≥ 0: " + lambda);
      }
      java.util.Objects.requireNonNull(mixing, "mixing");
      if (!Double.isFinite(initScale)) {
        throw new IllegalArgumentException("initScale must be finite: " + initScale);
      }
    }

    /**
     * The authors' LabelMe settings: embedding 20, λ = 1e-5, logit mixing, 2·I.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(20, 128, true, true, 1e-5, Mixing.LOGIT, 2.0);
    }

    /**
     * The authors' Music settings: embedding 80, instance embedding not normalised.
     *
     * @return the options
     */
    public static Options music() {
      return new Options(80, 128, false, true, 1e-5, Mixing.LOGIT, 2.0);
    }
  }

  private final TaskFeatures annotatorFeatures;

  /**
   * A CoNAL learner with one-hot annotators.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public Conal(Options options, TrainOptions train, Backbone backbone) {
    this(options, train, backbone, null);
  }

  private Conal(
      Options options, TrainOptions train, Backbone backbone, TaskFeatures annotatorFeatures) {
    super(NAME, options, train, backbone);
    this.annotatorFeatures = annotatorFeatures;
  }

  /**
   * This learner with annotator features: one row per annotator, rows named by worker id (every
   * annotator of the training data needs a row).
   *
   * @param features one row of features per annotator
   * @return a new learner
   */
  public Conal withAnnotatorFeatures(TaskFeatures features) {
    return new Conal(options, train, backbone, features);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    float[] af = null;
    int dim = 0;
    if (annotatorFeatures != null) {
      TaskFeatures aligned = annotatorFeatures.alignedTo(data.workers());
      af = aligned.toArray();
      dim = aligned.dim();
    }
    return run(
        options, new ConalHead(options, af, dim), data, features, null, validation, listener);
  }
}
