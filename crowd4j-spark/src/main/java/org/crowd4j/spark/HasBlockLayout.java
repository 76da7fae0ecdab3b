package org.crowd4j.spark;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.ParamValidators;

/**
 * How answers are laid out in blocks (one per partition, tasks partitioned by hash) for a fit or a
 * model's {@code transform}: the number of blocks, their target size, whether new answers are
 * cached while they are checked, and how workers are numbered.
 *
 * @param <T> the stage itself, returned by the setters
 */
public interface HasBlockLayout<T> extends MixinParams {
  /**
   * Number of partitions (= answer blocks) of a fit or of a model's {@code transform}; 0 (the
   * default) uses a multiple of the default parallelism with at most {@link #answersPerPartition()}
   * answers per block (the answers of a DataFrame that only reads CSV files estimated from the
   * files' sizes and sampled lines).
   */
  default IntParam numPartitions() {
    return declaredParams().get("numPartitions");
  }

  /** Target answers per block when the partition count is automatic (default 8,000,000). */
  default LongParam answersPerPartition() {
    return declaredParams().get("answersPerPartition");
  }

  /**
   * Whether the selected input columns are cached while new answers are checked and partitioned for
   * a model's {@code transform} (a few jobs), so the input is read once (default true). A fit reads
   * its input in one shuffle and does not cache it.
   */
  default BooleanParam cacheInput() {
    return declaredParams().get("cacheInput");
  }

  /**
   * Up to this many distinct workers, worker ids are numbered on the driver and broadcast to the
   * answer blocks; above, by a distributed sort and a join (default 2,000,000).
   */
  default IntParam workerBroadcastLimit() {
    return declaredParams().get("workerBroadcastLimit");
  }

  /** The value of {@link #numPartitions()}. */
  default int getNumPartitions() {
    return (Integer) getOrDefault(numPartitions());
  }

  /** Sets {@link #numPartitions()}. */
  @SuppressWarnings("unchecked")
  default T setNumPartitions(int partitions) {
    set(numPartitions(), partitions);
    return (T) this;
  }

  /** The value of {@link #answersPerPartition()}. */
  default long getAnswersPerPartition() {
    return (Long) getOrDefault(answersPerPartition());
  }

  /** Sets {@link #answersPerPartition()}. */
  @SuppressWarnings("unchecked")
  default T setAnswersPerPartition(long answers) {
    set(answersPerPartition(), answers);
    return (T) this;
  }

  /** The value of {@link #cacheInput()}. */
  default boolean getCacheInput() {
    return (Boolean) getOrDefault(cacheInput());
  }

  /** Sets {@link #cacheInput()}. */
  @SuppressWarnings("unchecked")
  default T setCacheInput(boolean cache) {
    set(cacheInput(), cache);
    return (T) this;
  }

  /** The value of {@link #workerBroadcastLimit()}. */
  default int getWorkerBroadcastLimit() {
    return (Integer) getOrDefault(workerBroadcastLimit());
  }

  /** Sets {@link #workerBroadcastLimit()}. */
  @SuppressWarnings("unchecked")
  default T setWorkerBroadcastLimit(int limit) {
    set(workerBroadcastLimit(), limit);
    return (T) this;
  }

  /** Declares the four params of {@code stage} with their defaults. */
  static void declare(HasBlockLayout<?> stage) {
    DeclaredParams.declare(
        stage,
        new IntParam(
            stage,
            "numPartitions",
            "answer blocks (partitions); 0 picks a multiple of the default parallelism with at most"
                + " answersPerPartition answers each, estimated for CSV files (default 0)",
            ParamValidators.gtEq(0)),
        0);
    DeclaredParams.declare(
        stage,
        new LongParam(
            stage,
            "answersPerPartition",
            "target answers per block when numPartitions is 0 (default 8000000)",
            ParamValidators.gtEq(1)),
        (long) SharedParams.ANSWERS_PER_PARTITION);
    DeclaredParams.declare(
        stage,
        new BooleanParam(
            stage,
            "cacheInput",
            "cache the selected columns of new answers while they are checked and partitioned for"
                + " transform, so the input is read once (default true)"),
        true);
    DeclaredParams.declare(
        stage,
        new IntParam(
            stage,
            "workerBroadcastLimit",
            "up to this many workers the worker ids are numbered on the driver and broadcast; above,"
                + " by a distributed sort and a join (default 2000000)",
            ParamValidators.gtEq(0)),
        SharedParams.WORKER_BROADCAST_LIMIT);
  }
}
