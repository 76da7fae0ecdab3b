package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.internal.kernel.CrowdLabKernel;

/**
 * A fitted {@link SparkCrowdLab}: a weight per annotator, the classifier's weight and the agreement
 * P of an answer. {@link #transform} combines answers that carry the classifier's probabilities in
 * their {@code <predictionPrefix><class>} columns under them; the worker table has {@code weight},
 * {@code skill} and {@code confusion} (against the fitted posteriors).
 */
public final class SparkCrowdLabModel extends CrowdModel<SparkCrowdLabModel>
    implements HasPredictionPrefix<SparkCrowdLabModel> {
  private static final long serialVersionUID = 1L;

  SparkCrowdLabModel(String uid, ModelState state) {
    super(uid, state);
    HasPredictionPrefix.declare(this);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkCrowdLabModel> read() {
    return new ModelStore.Reader<>(SparkCrowdLabModel.class, SparkCrowdLabModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkCrowdLabModel load(String path) {
    return read().load(path);
  }

  /** The classifier's weight w_M. */
  public double classifierWeight() {
    return state.eStep().value()[0][0];
  }

  /**
   * The annotators' confusions against the fitted posteriors, by the ids of {@link #workerIndex()}.
   */
  public ConfusionMatrices confusionMatrices() {
    return (ConfusionMatrices) localWorkerModel();
  }

  /** The posteriors under {@code [{w_M, P}, w_w per worker]}. */
  static BlockScorer posteriorScorer(Broadcast<double[][]> eStep) {
    return b -> {
      int k = b.numLabels();
      double[][] w = eStep.value();
      double[] p = b.taskValue();
      double[] post = new double[b.numTasks() * k];
      CrowdLabKernel.posteriors(
          b.off(),
          b.worker(),
          b.label(),
          0,
          b.numTasks(),
          k,
          p,
          TaskPredictions.has(p, b.numTasks(), k),
          b.gather(w[1], 1),
          w[0][0],
          w[0][1],
          b.gold(),
          post);
      return post;
    };
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return posteriorScorer(eStep);
  }

  @Override
  boolean needsWorkers() {
    return true;
  }

  @Override
  WorkerModel workerModel() {
    return confusionColumn();
  }

  @Override
  SparkCrowdLabModel newInstance(String uid, ModelState state) {
    return new SparkCrowdLabModel(uid, state);
  }
}
