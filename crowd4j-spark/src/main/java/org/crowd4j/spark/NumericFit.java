package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;

/**
 * What a numeric fit leaves on the driver: the scorer of its estimates, every worker's answers,
 * bias, variance and weight (by the dense ids of the worker index, as the core's {@code
 * NumericResult} holds them), the diagnostics and the sizes; right after a fit also the cached
 * answer blocks, for the fitted estimates.
 */
final class NumericFit {
  /** Every worker's numbers and scoring rows by its id, to join with the worker index. */
  static final StructType TABLE =
      new StructType()
          .add("wid", DataTypes.IntegerType, false)
          .add("answers", DataTypes.IntegerType, false)
          .add("bias", DataTypes.DoubleType, false)
          .add("variance", DataTypes.DoubleType, false)
          .add("weight", DataTypes.DoubleType, false)
          .add("scoring", DataTypes.createArrayType(DataTypes.DoubleType, false), false);

  final String method;
  final NumericScorer scorer;
  final int[] answers;
  final double[] bias;
  final double[] variance;
  final double[] weights;
  final Diagnostics diagnostics;
  final long numTasks;
  final long numAnswers;
  final long numGold;
  final int numPartitions;
  final double[] seconds;
  final Dataset<Row> workerIndex;

  /** The blocks of the fit; null for a loaded model. */
  final PreparedNumeric data;

  private Broadcast<NumericScorer> broadcast;

  /**
   * @param sizes the fit's tasks, answers, tasks with a known value and partitions
   * @param seconds wall time of the preparation and of the method
   */
  NumericFit(
      String method,
      NumericScorer scorer,
      int[] answers,
      double[][] biasVarianceWeights,
      Diagnostics diagnostics,
      long[] sizes,
      double[] seconds,
      Dataset<Row> workerIndex,
      PreparedNumeric data) {
    this.method = method;
    this.scorer = scorer;
    this.answers = answers;
    this.bias = biasVarianceWeights[0];
    this.variance = biasVarianceWeights[1];
    this.weights = biasVarianceWeights[2];
    this.diagnostics = diagnostics;
    this.numTasks = sizes[0];
    this.numAnswers = sizes[1];
    this.numGold = sizes[2];
    this.numPartitions = (int) sizes[3];
    this.seconds = seconds;
    this.workerIndex = workerIndex;
    this.data = data;
  }

  /**
   * The worker table: {@code wname}, {@code wid}, {@code answers}, {@code bias}, {@code variance},
   * {@code weight} and {@code scoring} (the worker's rows of the scorer's tables), from the
   * driver's arrays joined with the worker index.
   */
  Dataset<Row> table(SparkSession spark) {
    List<Row> rows = new ArrayList<>(answers.length);
    for (int w = 0; w < answers.length; w++) {
      double[] scoring = new double[scorer.tables.length];
      for (int t = 0; t < scoring.length; t++) {
        scoring[t] = scorer.tables[t][w];
      }
      rows.add(RowFactory.create(w, answers[w], bias[w], variance[w], weights[w], scoring));
    }
    return workerIndex.join(spark.createDataFrame(rows, TABLE), "wid");
  }

  /** The scorer, broadcast on first use and kept until {@link #unpersist()}. */
  synchronized Broadcast<NumericScorer> scorer(SparkSession spark) {
    if (broadcast == null) {
      broadcast = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(scorer);
    }
    return broadcast;
  }

  /** Releases the blocks of the fit, a distributed worker index and the scorer's broadcast. */
  synchronized void unpersist() {
    if (data != null) {
      data.unpersist();
    }
    if (broadcast != null) {
      broadcast.destroy();
      broadcast = null;
    }
  }
}
