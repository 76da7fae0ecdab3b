package org.crowd4j.spark;

import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The storage layout of a fitted {@link SparkNumericModel} in a directory of any Hadoop file
 * system: {@code metadata} (the params, Spark ML's layout), {@code data} (one Parquet row: format
 * version, method, the scorer's kind and numbers, sizes, fit times, diagnostics) and {@code
 * workers} (the worker table of {@link NumericFit#table}). Doubles are stored as they are, so a
 * loaded model gives the same bits as the saved one.
 */
final class NumericStore {
  private NumericStore() {}

  /** Version of the {@code data} layout; a reader refuses another. */
  static final int FORMAT_VERSION = 1;

  private static final StructType DATA =
      StoredFit.withDiagnostics(
          StoredFit.head()
              .add("scorer", DataTypes.StringType, false)
              .add("clampGold", DataTypes.BooleanType, false)
              .add("scalars", DataTypes.createArrayType(DataTypes.DoubleType, false), false)
              .add("numTasks", DataTypes.LongType, false)
              .add("numAnswers", DataTypes.LongType, false)
              .add("numGold", DataTypes.LongType, false)
              .add("numPartitions", DataTypes.IntegerType, false)
              .add("preparationSeconds", DataTypes.DoubleType, false)
              .add("methodSeconds", DataTypes.DoubleType, false),
          true);

  /** Writes {@code model} into {@code dir} (which does not exist yet). */
  static void save(SparkNumericModel model, String dir, SparkSession spark) {
    NumericFit f = model.fit();
    Object[] fit = {
      f.scorer.kind.name(),
      f.scorer.clampGold,
      f.scorer.scalars,
      f.numTasks,
      f.numAnswers,
      f.numGold,
      f.numPartitions,
      f.seconds[0],
      f.seconds[1]
    };
    StoredFit.write(
        model, dir, spark, DATA, StoredFit.row(FORMAT_VERSION, f.method, fit, f.diagnostics));
    f.table(spark).write().parquet(new Path(dir, "workers").toString());
  }

  /**
   * Reads a model saved by {@link #save}.
   *
   * @throws IllegalArgumentException naming the path for a directory that is not such a model
   */
  static SparkNumericModel load(String path, SparkSession spark) {
    StoredFit.Opened opened =
        StoredFit.open(
            spark,
            path,
            "numeric model",
            SparkNumericModel.class,
            FORMAT_VERSION,
            "metadata",
            "data",
            "workers");
    Row d = opened.data();
    Dataset<Row> table = spark.read().parquet(new Path(path, "workers").toString());
    List<Row> rows =
        table.select("wid", "answers", "bias", "variance", "weight", "scoring").collectAsList();
    int n = rows.size();
    int[] answers = new int[n];
    double[][] numbers = new double[3][n];
    double[][] tables = null;
    for (Row r : rows) {
      int w = r.getInt(0);
      answers[w] = r.getInt(1);
      for (int j = 0; j < 3; j++) {
        numbers[j][w] = r.getDouble(2 + j);
      }
      List<Double> scoring = r.getList(5);
      if (tables == null) {
        tables = new double[scoring.size()][n];
      }
      for (int t = 0; t < scoring.size(); t++) {
        tables[t][w] = scoring.get(t);
      }
    }
    NumericScorer scorer =
        new NumericScorer(
            NumericScorer.Kind.valueOf(d.getString(d.fieldIndex("scorer"))),
            d.getBoolean(d.fieldIndex("clampGold")),
            d.<Double>getList(d.fieldIndex("scalars")).stream()
                .mapToDouble(Double::doubleValue)
                .toArray(),
            tables == null ? new double[0][] : tables);
    NumericFit fit =
        new NumericFit(
            d.getString(d.fieldIndex("method")),
            scorer,
            answers,
            numbers,
            StoredFit.read(d),
            new long[] {
              d.getLong(d.fieldIndex("numTasks")),
              d.getLong(d.fieldIndex("numAnswers")),
              d.getLong(d.fieldIndex("numGold")),
              d.getInt(d.fieldIndex("numPartitions"))
            },
            new double[] {
              d.getDouble(d.fieldIndex("preparationSeconds")),
              d.getDouble(d.fieldIndex("methodSeconds"))
            },
            table.select("wname", "wid"),
            null);
    return opened.withParams(new SparkNumericModel(opened.uid(), fit));
  }
}
