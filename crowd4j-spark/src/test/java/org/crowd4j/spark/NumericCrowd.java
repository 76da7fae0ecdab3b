package org.crowd4j.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericReader;

/**
 * A numeric crowd read by the core and by Spark: the core's answers, the same answers as a
 * DataFrame ({@code task, worker, value}), and gold on every second task that has it, as the core's
 * {@link NumericGold} and as a {@code gold} column (null elsewhere).
 */
record NumericCrowd(
    NumericAnswers core, Dataset<Row> frame, NumericGold gold, Dataset<Row> withGold) {

  private static final StructType ANSWERS =
      new StructType()
          .add("task", DataTypes.StringType, false)
          .add("worker", DataTypes.StringType, false)
          .add("value", DataTypes.DoubleType, false);

  /**
   * {@code tasks} tasks with truths ~ N(50, 20²), each answered by 5 of 30 workers drawn at random;
   * worker w answers truth + bias_w + sd_w·N(0, 1) with biases from −3 to 3 and deviations from 1
   * to 7, and the last five workers answer rarely (the long tail CATD weighs down).
   */
  static NumericCrowd generated(SparkSession spark, int tasks, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    NumericAnswers.Builder b = NumericAnswers.builder();
    List<Row> rows = new ArrayList<>();
    Map<String, Double> truth = new HashMap<>();
    for (int i = 0; i < tasks; i++) {
      double t = 50 + 20 * rng.nextGaussian();
      truth.put("t" + i, t);
      boolean[] used = new boolean[30];
      for (int k = 0; k < 5; k++) {
        int w = rng.nextInt(rng.nextInt(10) == 0 ? 30 : 25);
        while (used[w]) {
          w = rng.nextInt(25);
        }
        used[w] = true;
        double x = t + 1.5 * (w % 5 - 2) + (1 + w % 7) * rng.nextGaussian();
        b.add("t" + i, "w" + w, x);
        rows.add(RowFactory.create("t" + i, "w" + w, x));
      }
    }
    NumericAnswers core = b.build();
    return of(spark, core, spark.createDataFrame(rows, ANSWERS), truth);
  }

  /** The shared crowd {@code emotion} (its value column is {@code label}). */
  static NumericCrowd emotion(SparkSession spark, Path dir) throws Exception {
    NumericAnswers core = NumericReader.read(dir.resolve("answers.csv"));
    Map<String, Double> gold = NumericReader.readGold(dir.resolve("gold.csv"));
    Dataset<Row> frame =
        spark.read().option("header", "true").csv(dir.resolve("answers.csv").toString());
    return of(spark, core, frame.withColumnRenamed("label", "value"), gold);
  }

  /** Gold on every second task (in the core's task order) that {@code known} has. */
  private static NumericCrowd of(
      SparkSession spark, NumericAnswers core, Dataset<Row> frame, Map<String, Double> known) {
    double[] values = new double[core.numTasks()];
    List<Row> rows = new ArrayList<>();
    int seen = 0;
    for (int i = 0; i < values.length; i++) {
      Double v = known.get(core.tasks().name(i));
      values[i] = Double.NaN;
      if (v != null && seen++ % 2 == 0) {
        values[i] = v;
        rows.add(RowFactory.create(core.tasks().name(i), v));
      }
    }
    Dataset<Row> gold =
        spark.createDataFrame(
            rows,
            new StructType()
                .add("gtask", DataTypes.StringType, false)
                .add("gold", DataTypes.DoubleType, false));
    Dataset<Row> withGold =
        frame.join(gold, frame.col("task").equalTo(gold.col("gtask")), "left").drop("gtask");
    return new NumericCrowd(core, frame, NumericGold.ofValues(values), withGold);
  }
}
