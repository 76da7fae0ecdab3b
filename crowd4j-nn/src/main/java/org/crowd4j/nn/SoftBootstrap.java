package org.crowd4j.nn;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.CoreAggregators;
import org.crowd4j.nn.internal.TargetHead;

/**
 * Soft bootstrapping (Reed et al. 2014), one of Tanno et al.'s robustness baselines: the classifier
 * q is trained on majority-vote labels t with the loss −Σ_k [β t_k + (1−β) q_k] log q_k, β = 0.95
 * (Reed's eq. 6: cross-entropy plus (1−β) times the prediction entropy). By default the gradient
 * flows through q in both places; {@code stopGradient} treats the q in the target as a constant.
 */
public final class SoftBootstrap extends BaseLearner<SoftBootstrap.Options> {
  /** Command-line name. */
  public static final String NAME = "soft-bootstrap";

  /**
   * Options of {@link SoftBootstrap}.
   *
   * @param beta weight of the given label in the target, in (0, 1]
   * @param stopGradient do not back-propagate through the prediction inside the target
   * @param randomTies break majority-vote ties at random (seeded)
   */
  public record Options(double beta, boolean stopGradient, boolean randomTies) {
    /**
     * Validates.
     *
     * @param beta weight of the given label in the target, in (0, 1]
     * @param stopGradient do not back-propagate through the prediction inside the target
     * @param randomTies break majority-vote ties at random (seeded)
     */
    public Options {
      if (!(beta > 0 && beta <= 1)) {
        throw new IllegalArgumentException("beta must be in (0, 1]: " + beta);
      }
    }

    /**
     * β = 0.95 (Reed et al.; Tanno et al.).
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(0.95, false, true);
    }
  }

  /**
   * A soft-bootstrapping learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public SoftBootstrap(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    AggregationResult mv = CoreAggregators.fit(data, "mv", options.randomTies(), train.seed());
    double[] targets = oneHot(mv.labels(), data.numLabels());
    return run(
        options,
        new TargetHead(options.beta(), options.stopGradient()),
        data,
        features,
        targets,
        validation,
        listener);
  }
}
