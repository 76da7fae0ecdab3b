package org.crowd4j.nn;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.ConfusionHead;
import org.crowd4j.nn.internal.CoreAggregators;
import org.crowd4j.nn.internal.Head;

/**
 * One noise matrix for all labels (Sukhbaatar et al. 2014, as run by Tanno et al. 2019): p(ỹ | x) =
 * Πᵀ p_θ(x) with Π = softmax_rows(W), W = 6I − 5 initially (diagonal logit 1, off-diagonal −5), and
 * λ·tr(Π) added to the loss (λ = 0.01). Trained on majority-vote labels (Tanno's choice when
 * several labels exist) or, with {@code onMajorityVote = false}, on every answer. The row-softmax
 * replaces Sukhbaatar's projection onto stochastic matrices. The learnt matrix is the annotator
 * model's single entry.
 */
public final class SingleConfusion extends BaseLearner<SingleConfusion.Options> {
  /** Command-line name. */
  public static final String NAME = "single-confusion";

  /**
   * Options of {@link SingleConfusion}.
   *
   * @param lambda weight of the trace of Π
   * @param onMajorityVote train on majority-vote labels rather than on each answer
   * @param initDiagonal initial diagonal logit
   * @param initOffDiagonal initial off-diagonal logit
   * @param randomTies break majority-vote ties at random (seeded)
   * @param confusionLearningRate Adam step size of the noise logits unless the training options set
   *     {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
   */
  public record Options(
      double lambda,
      boolean onMajorityVote,
      double initDiagonal,
      double initOffDiagonal,
      boolean randomTies,
      double confusionLearningRate) {
    /**
     * Validates.
     *
     * @param lambda weight of the trace of Π
     * @param onMajorityVote train on majority-vote labels rather than on each answer
     * @param initDiagonal initial diagonal logit
     * @param initOffDiagonal initial off-diagonal logit
     * @param randomTies break majority-vote ties at random (seeded)
     * @param confusionLearningRate Adam step size of the noise logits unless the training options
     *     set {@link TrainOptions#headLearningRate()} ({@code 0} = the classifier's)
     */
    public Options {
      if (!(lambda >= 0) || Double.isInfinite(lambda)) {
        throw new IllegalArgumentException("lambda must be ≥ 0: " + lambda);
      }
      if (!Double.isFinite(initDiagonal) || !Double.isFinite(initOffDiagonal)) {
        throw new IllegalArgumentException("initial logits must be finite");
      }
      if (!(confusionLearningRate >= 0) || Double.isInfinite(confusionLearningRate)) {
        throw new IllegalArgumentException(
            "confusionLearningRate must be ≥ 0: " + confusionLearningRate);
      }
    }

    /**
     * λ = 0.01, majority-vote labels, 6I − 5 initial logits, noise step size 0.01 (trace
     * regularisation's defaults, see {@link TraceRegularized}; {@code crowd4j train} chooses both
     * per run).
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(0.01, true, 1.0, -5.0, true, 0.01);
    }
  }

  /**
   * A single-confusion learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public SingleConfusion(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    double[] targets = null;
    if (options.onMajorityVote()) {
      AggregationResult mv = CoreAggregators.fit(data, "mv", options.randomTies(), train.seed());
      targets = oneHot(mv.labels(), data.numLabels());
    }
    Head head =
        new ConfusionHead(
            true,
            options.onMajorityVote(),
            options.lambda(),
            false,
            options.initDiagonal(),
            options.initOffDiagonal(),
            options.confusionLearningRate());
    return run(options, head, data, features, targets, validation, listener);
  }
}
