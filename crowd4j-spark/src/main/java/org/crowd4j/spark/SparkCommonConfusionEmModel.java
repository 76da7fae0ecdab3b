package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted {@link SparkCommonConfusionEm}: the common confusion π^g, an individual confusion and a
 * share ω of the common one per worker, and the class prior. {@link #transform} runs the E-step of
 * the last iteration on the answers; the worker table has {@code omega}, {@code skill} and {@code
 * confusion} (the individual matrix).
 */
public final class SparkCommonConfusionEmModel extends CrowdModel<SparkCommonConfusionEmModel> {
  private static final long serialVersionUID = 1L;

  /** The model-level array of the common confusion π^g after the last M-step. */
  static final String COMMON = "commonConfusion";

  SparkCommonConfusionEmModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkCommonConfusionEmModel> read() {
    return new ModelStore.Reader<>(
        SparkCommonConfusionEmModel.class, SparkCommonConfusionEmModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkCommonConfusionEmModel load(String path) {
    return read().load(path);
  }

  /** The common and individual confusions and ω, by the worker ids of {@link #workerIndex()}. */
  public CommonConfusionModel commonConfusionModel() {
    return (CommonConfusionModel) localWorkerModel();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return eStep == null ? Blocks.softMajorityScorer() : SparkCommonConfusionEm.scorer(eStep);
  }

  @Override
  boolean needsWorkers() {
    return true;
  }

  @Override
  WorkerModel workerModel() {
    FittedParameters p = parameters();
    return new CommonConfusionModel(p.array(COMMON), confusionColumn(), p.column("omega"));
  }

  @Override
  SparkCommonConfusionEmModel newInstance(String uid, ModelState state) {
    return new SparkCommonConfusionEmModel(uid, state);
  }
}
