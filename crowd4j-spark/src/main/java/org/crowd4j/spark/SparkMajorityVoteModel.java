package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;

/**
 * A fitted {@link SparkMajorityVote}: {@link #transform} votes on the answers (hard or soft as
 * fitted; worker ids are not used); the worker table has {@code skill}, the fraction of a worker's
 * fitted answers that agree with the result.
 */
public final class SparkMajorityVoteModel extends CrowdModel<SparkMajorityVoteModel> {
  private static final long serialVersionUID = 1L;

  SparkMajorityVoteModel(String uid, ModelState state) {
    super(uid, state);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkMajorityVoteModel> read() {
    return new ModelStore.Reader<>(SparkMajorityVoteModel.class, SparkMajorityVoteModel::new);
  }

  /** {@code read().load(path)}. */
  public static SparkMajorityVoteModel load(String path) {
    return read().load(path);
  }

  /** Whether the posteriors are vote proportions ({@code soft-mv}) rather than one-hot. */
  public boolean soft() {
    return "soft-mv".equals(method());
  }

  @Override
  BlockScorer scorer(Broadcast<double[][]> eStep) {
    boolean soft = soft();
    return b -> SparkMajorityVote.score(b, soft);
  }

  @Override
  boolean needsWorkers() {
    return false;
  }

  @Override
  WorkerModel workerModel() {
    return new WorkerSkills(parameters().column("skill"));
  }

  @Override
  SparkMajorityVoteModel newInstance(String uid, ModelState state) {
    return new SparkMajorityVoteModel(uid, state);
  }
}
