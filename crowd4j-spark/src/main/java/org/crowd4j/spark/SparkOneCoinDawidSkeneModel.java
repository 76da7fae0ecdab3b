package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;

/**
 * A fitted {@link SparkOneCoinDawidSkene}: one accuracy per worker and the class prior. {@link
 * #transform} runs the E-step of the last iteration on the answers; the worker table has {@code
 * skill}.
 */
public final class SparkOneCoinDawidSkeneModel extends CrowdModel<SparkOneCoinDawidSkeneModel> {
  private static final long serialVersionUID = 1L;

  SparkOneCoinDawidSkeneModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkOneCoinDawidSkeneModel> read() {
    return new ModelStore.Reader<>(
        SparkOneCoinDawidSkeneModel.class, SparkOneCoinDawidSkeneModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkOneCoinDawidSkeneModel load(String path) {
    return read().load(path);
  }

  /** The skills after the last M-step, by the worker ids of {@link #workerIndex()}. */
  public double[] skills() {
    return ((WorkerSkills) localWorkerModel()).values();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return eStep == null
        ? Blocks.softMajorityScorer()
        : SparkOneCoinDawidSkene.scorer(eStep, parameters().array(SparkDawidSkeneModel.FLOOR)[0]);
  }

  @Override
  boolean needsWorkers() {
    return true;
  }

  @Override
  WorkerModel workerModel() {
    return new WorkerSkills(parameters().column("skill"));
  }

  @Override
  SparkOneCoinDawidSkeneModel newInstance(String uid, ModelState state) {
    return new SparkOneCoinDawidSkeneModel(uid, state);
  }
}
