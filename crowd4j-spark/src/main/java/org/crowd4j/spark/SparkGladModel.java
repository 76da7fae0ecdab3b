package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.crowd4j.aggregate.GladModel;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted {@link SparkGlad}: an ability α per worker (held on the driver) and the log inverse
 * difficulty β of every fitted task ({@link #tasks()}, a DataFrame). {@link #transform} scores a
 * fitted task at its β and a new one at the prior mean of β; the worker table has {@code alpha}.
 */
public final class SparkGladModel extends CrowdModel<SparkGladModel> {
  private static final long serialVersionUID = 1L;

  /** The model-level array that holds the prior mean of β. */
  static final String BETA_PRIOR_MEAN = "betaPriorMean";

  SparkGladModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkGladModel> read() {
    return new ModelStore.Reader<>(SparkGladModel.class, SparkGladModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkGladModel load(String path) {
    return read().load(path);
  }

  /** The fitted β, one row per fitted task: {@code task} (string), {@code beta}. */
  public Dataset<Row> tasks() {
    return state.taskTable;
  }

  /** The abilities α, by the worker ids of {@link #workerIndex()}. */
  public double[] alpha() {
    return ((GladModel) localWorkerModel()).alpha();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return SparkGlad.scorer(eStep, parameters().array(BETA_PRIOR_MEAN)[0]);
  }

  @Override
  boolean needsWorkers() {
    return true;
  }

  @Override
  WorkerModel workerModel() {
    return new GladModel(parameters().column("alpha"), new double[0]);
  }

  @Override
  SparkGladModel newInstance(String uid, ModelState state) {
    return new SparkGladModel(uid, state);
  }
}
