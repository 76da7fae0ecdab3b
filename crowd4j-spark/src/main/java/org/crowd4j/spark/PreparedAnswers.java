package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Answers ready for EM: the cached {@link AnswerBlock}s (one per partition, tasks partitioned by
 * hash), the label vocabulary in the core's order, the worker index ({@code worker, wid}) and the
 * sizes.
 */
final class PreparedAnswers {
  final SparkSession spark;
  final JavaSparkContext jsc;
  final Preparation.Settings settings;
  final long localWorkerSlots;
  final JavaRDD<AnswerBlock> blocks;
  final List<String> labels;
  final Dataset<Row> workerIndex;
  final int numWorkers;
  final int[] workerSizes;
  final long numTasks;
  final long numAnswers;
  final long numGold;

  PreparedAnswers(
      SparkSession spark,
      Preparation.Settings settings,
      long localWorkerSlots,
      JavaRDD<AnswerBlock> blocks,
      List<String> labels,
      Dataset<Row> workerIndex,
      int numWorkers,
      int[] workerSizes,
      long numTasks,
      long numAnswers,
      long numGold) {
    this.spark = spark;
    this.jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    this.settings = settings;
    this.localWorkerSlots = localWorkerSlots;
    this.blocks = blocks;
    this.labels = List.copyOf(labels);
    this.workerIndex = workerIndex;
    this.numWorkers = numWorkers;
    this.workerSizes = workerSizes;
    this.numTasks = numTasks;
    this.numAnswers = numAnswers;
    this.numGold = numGold;
  }

  /** Number of classes {@code K}. */
  int numLabels() {
    return labels.size();
  }

  /** Drops the cached blocks. */
  void unpersist() {
    blocks.unpersist(false);
  }

  /** Number of partitions (= blocks). */
  int numPartitions() {
    return blocks.getNumPartitions();
  }
}
