package org.crowd4j.nn;

import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.internal.Checkpointer;
import org.crowd4j.nn.internal.Head;
import org.crowd4j.nn.internal.Records;
import org.crowd4j.nn.internal.TrainingLoop;
import org.crowd4j.nn.internal.TrainingResult;
import org.crowd4j.nn.internal.TrainingSet;

/**
 * What every learner shares: its name, its options record, training options, backbone and the call
 * into the training loop.
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

  /**
   * The learner's own options.
   *
   * @return the options record
   */
  public O options() {
    return options;
  }

  /**
   * The training options.
   *
   * @return the training options
   */
  public TrainOptions trainOptions() {
    return train;
  }

  /** Trains {@code head} on {@code data} with this learner's training options. */
  LearnedModel run(
      Record options,
      Head head,
      CrowdDataset data,
      TaskFeatures features,
      double[] targets,
      Validation validation,
      EpochListener listener) {
    TrainingSet set = TrainingSet.of(data, features, train.standardize(), targets);
    return train(options, head, train, set, validation, listener);
  }

  /** Trains {@code head} on {@code set} with the training options {@code t}. */
  LearnedModel train(
      Record options,
      Head head,
      TrainOptions t,
      TrainingSet set,
      Validation validation,
      EpochListener listener) {
    TrainingLoop loop =
        new TrainingLoop(name, head, backbone, t, set, validation, listener, checkpointer(options));
    return model(options, loop.run());
  }

  /** The model of a training result, saved with this learner's name and {@code options}. */
  LearnedModel model(Record options, TrainingResult result) {
    return LearnedModel.of(name, Records.toMap(options), backbone, result);
  }

  /** Writes checkpoints as models of this learner with {@code options}. */
  Checkpointer checkpointer(Record options) {
    Map<String, Object> saved = Records.toMap(options);
    return (checkpoint, dir) -> LearnedModel.of(name, saved, backbone, checkpoint).save(dir);
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
