package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted {@link SparkDawidSkene}: a confusion matrix per worker and the class prior. {@link
 * #transform} runs the E-step of the last iteration (log prior and log confusion entries, the
 * floor) on the answers; the worker table has {@code skill} and {@code confusion}.
 */
public final class SparkDawidSkeneModel extends CrowdModel<SparkDawidSkeneModel> {
  private static final long serialVersionUID = 1L;

  /** The model-level array that holds the probability floor. */
  static final String FLOOR = "floor";

  SparkDawidSkeneModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkDawidSkeneModel> read() {
    return new ModelStore.Reader<>(SparkDawidSkeneModel.class, SparkDawidSkeneModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkDawidSkeneModel load(String path) {
    return read().load(path);
  }

  /** The confusion matrices after the last M-step, by the worker ids of {@link #workerIndex()}. */
  public ConfusionMatrices confusionMatrices() {
    return (ConfusionMatrices) localWorkerModel();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return eStep == null
        ? Blocks.softMajorityScorer()
        : SparkDawidSkene.scorer(eStep, parameters().array(FLOOR)[0]);
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
  SparkDawidSkeneModel newInstance(String uid, ModelState state) {
    return new SparkDawidSkeneModel(uid, state);
  }
}
