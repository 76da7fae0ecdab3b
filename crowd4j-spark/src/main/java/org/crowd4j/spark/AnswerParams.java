package org.crowd4j.spark;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * The params that every estimator ({@link SparkAggregator}) and its fitted model ({@link
 * CrowdModel}) share: the answers' columns, the output columns and how answers are laid out in
 * blocks, with one getter and one setter each. Each class holds its own param instances (made by
 * {@code SharedParams}, as Spark ML params belong to one parent) and returns them from the
 * accessors; the getters and setters are written once here.
 *
 * @param <T> the class itself, returned by the setters
 */
public interface AnswerParams<T extends AnswerParams<T>> extends Params {
  /** The task id column (default {@code task}). */
  Param<String> taskCol();

  /** The worker id column (default {@code worker}). */
  Param<String> workerCol();

  /** The answered label column (default {@code label}). */
  Param<String> labelCol();

  /**
   * A column with the known true label of the row's task, null where unknown; the tasks that have
   * one are clamped to it, in a fit and in a model's {@code transform} (default: empty, none).
   */
  Param<String> goldCol();

  /** The output column of the most probable label (default {@code prediction}). */
  Param<String> predictionCol();

  /** The output column of the posterior vector (default {@code probability}). */
  Param<String> probabilityCol();

  /**
   * Number of partitions (= answer blocks) of a fit or of a model's {@code transform}; 0 (the
   * default) uses a multiple of the default parallelism with at most {@link #answersPerPartition()}
   * answers per block (the answers of a DataFrame that only reads CSV files estimated from the
   * files' sizes and sampled lines).
   */
  IntParam numPartitions();

  /** Target answers per block when the partition count is automatic (default 8,000,000). */
  LongParam answersPerPartition();

  /**
   * Whether the selected input columns are cached while new answers are checked and partitioned for
   * a model's {@code transform} (a few jobs), so the input is read once (default true). A fit reads
   * its input in one shuffle and does not cache it.
   */
  BooleanParam cacheInput();

  /**
   * Up to this many distinct workers, worker ids are numbered on the driver and broadcast to the
   * answer blocks; above, by a distributed sort and a join (default 2,000,000).
   */
  IntParam workerBroadcastLimit();

  /** The value of {@link #taskCol()}. */
  default String getTaskCol() {
    return getOrDefault(taskCol());
  }

  /** Sets {@link #taskCol()}. */
  default T setTaskCol(String name) {
    set(taskCol(), name);
    return me();
  }

  /** The value of {@link #workerCol()}. */
  default String getWorkerCol() {
    return getOrDefault(workerCol());
  }

  /** Sets {@link #workerCol()}. */
  default T setWorkerCol(String name) {
    set(workerCol(), name);
    return me();
  }

  /** The value of {@link #labelCol()}. */
  default String getLabelCol() {
    return getOrDefault(labelCol());
  }

  /** Sets {@link #labelCol()}. */
  default T setLabelCol(String name) {
    set(labelCol(), name);
    return me();
  }

  /** The value of {@link #goldCol()} (empty for none). */
  default String getGoldCol() {
    return getOrDefault(goldCol());
  }

  /** Sets {@link #goldCol()}; null or empty for none. */
  default T setGoldCol(String name) {
    set(goldCol(), name == null ? "" : name);
    return me();
  }

  /** The value of {@link #predictionCol()}. */
  default String getPredictionCol() {
    return getOrDefault(predictionCol());
  }

  /** Sets {@link #predictionCol()}. */
  default T setPredictionCol(String name) {
    set(predictionCol(), name);
    return me();
  }

  /** The value of {@link #probabilityCol()}. */
  default String getProbabilityCol() {
    return getOrDefault(probabilityCol());
  }

  /** Sets {@link #probabilityCol()}. */
  default T setProbabilityCol(String name) {
    set(probabilityCol(), name);
    return me();
  }

  /** The value of {@link #numPartitions()}. */
  default int getNumPartitions() {
    return (Integer) getOrDefault(numPartitions());
  }

  /** Sets {@link #numPartitions()}. */
  default T setNumPartitions(int partitions) {
    set(numPartitions(), partitions);
    return me();
  }

  /** The value of {@link #answersPerPartition()}. */
  default long getAnswersPerPartition() {
    return (Long) getOrDefault(answersPerPartition());
  }

  /** Sets {@link #answersPerPartition()}. */
  default T setAnswersPerPartition(long answers) {
    set(answersPerPartition(), answers);
    return me();
  }

  /** The value of {@link #cacheInput()}. */
  default boolean getCacheInput() {
    return (Boolean) getOrDefault(cacheInput());
  }

  /** Sets {@link #cacheInput()}. */
  default T setCacheInput(boolean cache) {
    set(cacheInput(), cache);
    return me();
  }

  /** The value of {@link #workerBroadcastLimit()}. */
  default int getWorkerBroadcastLimit() {
    return (Integer) getOrDefault(workerBroadcastLimit());
  }

  /** Sets {@link #workerBroadcastLimit()}. */
  default T setWorkerBroadcastLimit(int limit) {
    set(workerBroadcastLimit(), limit);
    return me();
  }

  @SuppressWarnings("unchecked")
  private T me() {
    return (T) this;
  }
}
