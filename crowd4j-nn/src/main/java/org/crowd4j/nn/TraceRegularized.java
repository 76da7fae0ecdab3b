package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.ConfusionHead;
import org.crowd4j.nn.internal.Head;

/**
 * Trace-regularised annotator confusion (Tanno et al., CVPR 2019). Each annotator r has a
 * row-stochastic confusion Π_r = softmax_rows(W_r) (rows = true class), so her answer distribution
 * is Π_rᵀ p_θ(x) (Tanno's A_r p_θ with A_r = Π_rᵀ). Loss (eq. 4, minibatch form): mean over the
 * batch's observed (item, annotator) pairs of −log Σ_k p_θ(k|x) Π_r[k, ỹ] (log-sum-exp in log
 * space; missing labels simply have no pair, which covers both dense and one-label-per-item data),
 * plus λ times the trace of the mean confusion (Theorem 1; {@code SUM} uses the sum of traces as
 * eq. 4 prints it, R times stronger). The trace is added: annotators are pushed to be as unreliable
 * as the data allow. W_r starts at 6I − 5 (diagonal logit 1, off-diagonal −5; ≈ 0.98 on the
 * diagonal for K = 10), a strongly diagonal start that the trace argument needs. Prediction: argmax
 * p_θ. Skill = mean diagonal of Π_r ({@link org.crowd4j.aggregate.ConfusionMatrices#skill}). λ = 0
 * gives Tanno's "no trace" ablation. The confusion logits take their own Adam step size ({@code
 * confusionLearningRate}): from the 6I − 5 start they must travel several units, which at the
 * classifier's 1e-3 takes thousands of steps, and on small real datasets the classifier memorises
 * the noisy answers long before (on LabelMe the validation-selected epoch is then about the fifth,
 * and the method does no better than majority voting). {@code crowd4j train} chooses the step (0.01
 * or 0.05) and λ (0.01 or 0.1) per run by {@link Tuning}; the defaults of a single fit, 0.01 and
 * 0.01, are the values that choice took most often (14 and 15 of 20 default runs on LabelMe, Music
 * and Fashion-MNIST, crowd4j-nn/RESULTS.md § 1.4). Cost per epoch: O(m K²) on top of the
 * classifier.
 */
public final class TraceRegularized extends BaseLearner<TraceRegularized.Options> {
  /** Command-line name. */
  public static final String NAME = "trace-reg";

  /** Which trace is penalised. */
  public enum TraceReduction {
    /** Trace of the mean confusion matrix (Theorem 1). */
    MEAN,
    /** Sum of the traces (eq. 4). */
    SUM
  }

  /**
   * Options of {@link TraceRegularized}.
   *
   * @param lambda trace weight (0.01 in the paper; 0 disables the term)
   * @param traceReduction mean or sum of the traces
   * @param initDiagonal initial diagonal logit of W_r
   * @param initOffDiagonal initial off-diagonal logit of W_r
   * @param confusionLearningRate Adam step size of the confusion logits unless the training options
   *     set {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
   */
  public record Options(
      double lambda,
      TraceReduction traceReduction,
      double initDiagonal,
      double initOffDiagonal,
      double confusionLearningRate) {
    /**
     * Validates.
     *
     * @param lambda trace weight (0.01 in the paper; 0 disables the term)
     * @param traceReduction mean or sum of the traces
     * @param initDiagonal initial diagonal logit of W_r
     * @param initOffDiagonal initial off-diagonal logit of W_r
     * @param confusionLearningRate Adam step size of the confusion logits unless the training
     *     options set {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
     */
    public Options {
      if (!(lambda >= 0) || Double.isInfinite(lambda)) {
        throw new IllegalArgumentException("lambda must be ≥ 0: " + lambda);
      }
      java.util.Objects.requireNonNull(traceReduction, "traceReduction");
      if (!Double.isFinite(initDiagonal) || !Double.isFinite(initOffDiagonal)) {
        throw new IllegalArgumentException("initial logits must be finite");
      }
      if (!(confusionLearningRate >= 0) || Double.isInfinite(confusionLearningRate)) {
        throw new IllegalArgumentException(
            "confusionLearningRate must be ≥ 0: " + confusionLearningRate);
      }
    }

    /**
     * λ = 0.01, trace of the mean, 6I − 5 initial logits, confusion step size 0.01.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(0.01, TraceReduction.MEAN, 1.0, -5.0, 0.01);
    }
  }

  /**
   * A trace-regularised learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public TraceRegularized(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    Head head =
        new ConfusionHead(
            false,
            false,
            options.lambda(),
            options.traceReduction() == TraceReduction.SUM,
            options.initDiagonal(),
            options.initOffDiagonal(),
            options.confusionLearningRate());
    return run(options, head, data, features, null, validation, listener);
  }
}
