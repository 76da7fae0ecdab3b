package org.crowd4j.nn;

import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.CoreAggregators;
import org.crowd4j.nn.internal.TargetHead;

/**
 * Two-stage learning (the papers' DL-MV, DL-DS, DL-GLAD baselines): a {@code crowd4j-core}
 * aggregator turns the answers into one target distribution per item — its posteriors (soft) or the
 * one-hot of its label (hard; core's {@code mv} is hard either way) — and the classifier is trained
 * with cross-entropy to those targets. Majority votes break ties at random with the training seed.
 * {@link #fitOnTargets} trains on given targets (e.g. gold labels, the ceiling). Cost: the
 * aggregator's, plus {@code epochs × n} classifier passes.
 */
public final class TwoStage extends BaseLearner<TwoStage.Options> {
  /** Command-line name. */
  public static final String NAME = "two-stage";

  /**
   * Options of {@link TwoStage}.
   *
   * @param aggregator the core method's command-line name ({@code mv}, {@code ds}, {@code glad}…)
   * @param hardTargets train on one-hot labels instead of posteriors
   * @param randomTies break majority-vote ties at random (seeded) rather than to the lowest label
   */
  public record Options(String aggregator, boolean hardTargets, boolean randomTies) {
    /**
     * Validates.
     *
     * @param aggregator the core method's command-line name ({@code mv}, {@code ds}, {@code glad}…)
     * @param hardTargets train on one-hot labels instead of posteriors
     * @param randomTies break majority-vote ties at random (seeded) rather than to the lowest label
     */
    public Options {
      Objects.requireNonNull(aggregator, "aggregator");
      Methods.spec(aggregator);
    }

    /**
     * Majority vote, posteriors as targets, random ties.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options("mv", false, true);
    }
  }

  /**
   * A two-stage learner.
   *
   * @param options the learner's options
   * @param train the training options
   * @param backbone the classifier
   */
  public TwoStage(Options options, TrainOptions train, Backbone backbone) {
    super(NAME, options, train, backbone);
  }

  /** Majority vote with default training and the papers' MLP. */
  public TwoStage() {
    this(Options.defaults(), TrainOptions.defaults(), Backbone.paperMlp());
  }

  @Override
  public LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener) {
    AggregationResult agg =
        CoreAggregators.fit(data, options.aggregator(), options.randomTies(), train.seed());
    double[] targets =
        options.hardTargets() ? oneHot(agg.labels(), data.numLabels()) : agg.posteriors();
    return fitOnTargets(data, features, targets, validation, listener);
  }

  /**
   * Trains the classifier on given per-item target distributions ({@code n × K}, row-major, in
   * {@code data}'s task order; an all-zero row leaves the item out).
   *
   * @param data the answers (their tasks order the targets)
   * @param features the items' features
   * @param targets per-item target distributions
   * @param validation gold validation items for model selection, or {@code null}
   * @param listener called after every epoch, or {@code null}
   * @return the trained model (close it)
   */
  public LearnedModel fitOnTargets(
      CrowdDataset data,
      TaskFeatures features,
      double[] targets,
      Validation validation,
      EpochListener listener) {
    return run(options, new TargetHead(1.0, false), data, features, targets, validation, listener);
  }
}
