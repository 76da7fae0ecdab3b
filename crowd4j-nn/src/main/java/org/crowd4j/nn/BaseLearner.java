package org.crowd4j.nn;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;

/**
 * What every learner shares: its name, its options record, training options, backbone and the call
 * into the trainer.
 *
 * @param <O> the learner's options record
 */
abstract class BaseLearner<O extends Record> implements Learner {
  private final String name;
  final O options;
  final TrainOptions train;
  final Backbone backbone;

  BaseLearner(String name, O options, TrainOptions train, Backbone backbone) {
    this.name = Objects.requireNonNull(name, "name");
    this.options = Objects.requireNonNull(options, "options");
    this.train = Objects.requireNonNull(train, "train");
    this.backbone = Objects.requireNonNull(backbone, "backbone");
  }

  @Override
  public final String name() {
    return name;
  }

  /** The learner's own options. */
  public O options() {
    return options;
  }

  /** The training options. */
  public TrainOptions trainOptions() {
    return train;
  }

  LearnedModel run(
      Record options,
      Head head,
      CrowdDataset data,
      TaskFeatures features,
      double[] targets,
      Validation validation,
      EpochListener listener) {
    TrainingSet set = TrainingSet.of(data, features, train.standardize(), targets);
    return new Trainer(
            name(), Records.toMap(options), head, backbone, train, set, validation, listener)
        .run();
  }

  /**
   * Posteriors of a core aggregator on {@code data}; majority votes break ties at random with the
   * training seed (as the reference runs do).
   */
  static AggregationResult aggregate(
      CrowdDataset data, String aggregator, boolean randomTies, long seed) {
    Methods.Spec spec = Methods.spec(aggregator);
    Map<String, String> overrides = new LinkedHashMap<>();
    for (var c : spec.defaults().getClass().getRecordComponents()) {
      if (c.getName().equals("seed")) {
        overrides.put("seed", Long.toString(seed));
      }
      if (c.getName().equals("tieBreak") && randomTies) {
        overrides.put("tieBreak", "RANDOM");
      }
    }
    return spec.create(overrides).fit(data);
  }

  /** One-hot rows of the chosen labels. */
  static double[] oneHot(int[] labels, int k) {
    double[] t = new double[labels.length * k];
    for (int i = 0; i < labels.length; i++) {
      t[i * k + labels[i]] = 1;
    }
    return t;
  }
}
