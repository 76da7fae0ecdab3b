package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Numeric answers ready for a fit or for scoring: the cached {@link NumericBlock}s (one per
 * partition, tasks partitioned by hash), the worker index and the sizes.
 *
 * @param spark the session
 * @param settings how the answers are laid out
 * @param blocks the blocks
 * @param workerIndex worker name and dense id ({@code wname, wid}, name order); null where worker
 *     ids are not used
 * @param numWorkers number of workers
 * @param sizes the blocks' sizes
 */
record PreparedNumeric(
    SparkSession spark,
    Preparation.Settings settings,
    JavaRDD<NumericBlock> blocks,
    Dataset<Row> workerIndex,
    int numWorkers,
    BlockSizes sizes) {

  /**
   * One job over the blocks: {@code pass} per block; the results in partition order, added in
   * groups first when the blocks report many worker rows ({@link BlockSums#collect}).
   */
  List<PartialSums> run(Function<NumericBlock, PartialSums> pass) {
    return BlockSums.collect(
        sizes.localWorkerSlots(), settings.treeReduceAbove(), blocks.map(pass));
  }

  /** Answers per worker. */
  int[] workerSizes() {
    return sizes.workerSizes();
  }

  /** Number of tasks. */
  long numTasks() {
    return sizes.numTasks();
  }

  /** Number of answers. */
  long numAnswers() {
    return sizes.numAnswers();
  }

  /** Number of tasks with a known value. */
  long numGold() {
    return sizes.numGold();
  }

  /** Number of partitions (= blocks). */
  int numPartitions() {
    return blocks.getNumPartitions();
  }

  /** Drops the cached blocks and a distributed worker index. */
  void unpersist() {
    blocks.unpersist(false);
    if (workerIndex != null) {
      workerIndex.unpersist(false);
    }
  }
}
