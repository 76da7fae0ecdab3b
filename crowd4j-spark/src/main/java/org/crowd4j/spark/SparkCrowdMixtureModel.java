package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted {@link SparkCrowdMixture}: the group weights, one confusion per group and the class
 * prior; a handful of numbers whatever the number of annotators. {@link #transform} runs the E-step
 * of the last iteration of the best restart (worker ids are not used); the worker table has {@code
 * membership}, each worker's posterior over the groups.
 */
public final class SparkCrowdMixtureModel extends CrowdModel<SparkCrowdMixtureModel> {
  private static final long serialVersionUID = 1L;

  /** Model-level array of the group weights. */
  static final String GROUP_WEIGHTS = "groupWeights";

  /** Model-level array of the group confusions, flat {@code [m][z][l]}. */
  static final String GROUP_CONFUSIONS = "groupConfusions";

  SparkCrowdMixtureModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkCrowdMixtureModel> read() {
    return new ModelStore.Reader<>(SparkCrowdMixtureModel.class, SparkCrowdMixtureModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkCrowdMixtureModel load(String path) {
    return read().load(path);
  }

  /** Group weights, confusions and memberships, by the worker ids of {@link #workerIndex()}. */
  public GroupMixtureModel groupMixtureModel() {
    return (GroupMixtureModel) localWorkerModel();
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    return eStep == null ? Blocks.softMajorityScorer() : SparkCrowdMixture.scorer(eStep);
  }

  @Override
  boolean needsWorkers() {
    return false;
  }

  @Override
  WorkerModel workerModel() {
    FittedParameters p = parameters();
    return new GroupMixtureModel(
        p.array(GROUP_WEIGHTS), p.array(GROUP_CONFUSIONS), p.column("membership"), labels().size());
  }

  @Override
  SparkCrowdMixtureModel newInstance(String uid, ModelState state) {
    return new SparkCrowdMixtureModel(uid, state);
  }
}
