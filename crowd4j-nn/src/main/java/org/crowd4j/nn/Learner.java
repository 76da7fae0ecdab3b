package org.crowd4j.nn;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;

/**
 * A method that trains a classifier from crowd answers and item features. Configuration only:
 * {@link #fit} returns a new {@link LearnedModel} (close it when done) and never changes the
 * learner. Training is seeded by {@link TrainOptions#seed()}: the same seed, data and engine thread
 * count give the same model. Fits share the engine's global random generator, so run them one at a
 * time for reproducible results.
 */
public interface Learner {
  /**
   * Short name, as used on the command line.
   *
   * @return the name
   */
  String name();

  /**
   * Trains on {@code data}'s answers with {@code features} (one row per task of {@code data}, rows
   * matched by task name); {@code validation} may be {@code null}.
   *
   * @param data the answers
   * @param features the items' features
   * @param validation gold validation items for model selection, or {@code null}
   * @param listener called after every epoch ({@code false} stops training), or {@code null}
   * @return the trained model (close it)
   */
  LearnedModel fit(
      CrowdDataset data, TaskFeatures features, Validation validation, EpochListener listener);

  /**
   * Trains with no validation set and no listener.
   *
   * @param data the answers
   * @param features the items' features
   * @return the trained model (close it)
   */
  default LearnedModel fit(CrowdDataset data, TaskFeatures features) {
    return fit(data, features, null, EpochListener.NONE);
  }
}
