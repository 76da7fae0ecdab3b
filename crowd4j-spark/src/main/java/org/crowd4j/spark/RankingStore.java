package org.crowd4j.spark;

import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.pairwise.BradleyTerry;

/**
 * The storage layout of a fitted {@link SparkBradleyTerryModel} in a directory of any Hadoop file
 * system: {@code metadata} (the params, Spark ML's layout), {@code data} (one Parquet row: format
 * version, method, options, sizes, fit times, diagnostics, notes, how the errors were computed) and
 * {@code items} (the item table, {@link FittedRanking#ITEMS}). Doubles are stored as they are, so a
 * loaded model gives the same bits as the saved one.
 */
final class RankingStore {
  private RankingStore() {}

  /** Version of the {@code data} layout; a reader refuses another. */
  static final int FORMAT_VERSION = 1;

  private static final StructType DATA =
      StoredFit.withDiagnostics(
              StoredFit.head()
                  .add("maxIterations", DataTypes.IntegerType, false)
                  .add("tol", DataTypes.DoubleType, false)
                  .add("prior", DataTypes.DoubleType, false)
                  .add("maxDenseErrors", DataTypes.IntegerType, false)
                  .add("numComparisons", DataTypes.LongType, false)
                  .add("numPairs", DataTypes.IntegerType, false)
                  .add("components", DataTypes.IntegerType, false)
                  .add("countSeconds", DataTypes.DoubleType, false)
                  .add("methodSeconds", DataTypes.DoubleType, false),
              true)
          .add("stderrMethod", DataTypes.StringType, false)
          .add("notes", DataTypes.createArrayType(DataTypes.StringType, false), false);

  /** Writes {@code model} into {@code dir} (which does not exist yet). */
  static void save(SparkBradleyTerryModel model, String dir, SparkSession spark) {
    FittedRanking f = model.fitted();
    Object[] fit = {
      f.options.maxIterations(),
      f.options.tol(),
      f.options.prior(),
      f.options.maxDenseErrors(),
      f.comparisons,
      f.pairs,
      f.components,
      f.seconds[0],
      f.seconds[1]
    };
    Row row =
        StoredFit.row(
            FORMAT_VERSION,
            f.method,
            fit,
            f.diagnostics,
            f.stderrMethod,
            f.notes.toArray(new String[0]));
    StoredFit.write(model, dir, spark, DATA, row);
    f.frame(spark).repartition(1).write().parquet(new Path(dir, "items").toString());
  }

  /**
   * Reads a model saved by {@link #save}.
   *
   * @throws IllegalArgumentException naming the path for a directory that is not such a model
   */
  static SparkBradleyTerryModel load(String path, SparkSession spark) {
    StoredFit.Opened opened =
        StoredFit.open(
            spark,
            path,
            "ranking model",
            SparkBradleyTerryModel.class,
            FORMAT_VERSION,
            "metadata",
            "data",
            "items");
    Row d = opened.data();
    List<Row> itemRows =
        spark.read().parquet(new Path(path, "items").toString()).collectAsList().stream()
            .sorted(Comparator.comparing((Row r) -> r.getString(r.fieldIndex("item"))))
            .toList();
    int n = itemRows.size();
    String[] items = new String[n];
    double[] score = new double[n];
    double[] logScore = new double[n];
    double[] stderr = new double[n];
    int[] rank = new int[n];
    int[] component = new int[n];
    for (int i = 0; i < n; i++) {
      Row r = itemRows.get(i);
      items[i] = r.getString(r.fieldIndex("item"));
      score[i] = r.getDouble(r.fieldIndex("score"));
      logScore[i] = r.getDouble(r.fieldIndex("logScore"));
      stderr[i] = r.getDouble(r.fieldIndex("stderr"));
      rank[i] = r.getInt(r.fieldIndex("rank"));
      component[i] = r.getInt(r.fieldIndex("component"));
    }
    FittedRanking fitted =
        new FittedRanking(
            d.getString(d.fieldIndex("method")),
            items,
            score,
            logScore,
            stderr,
            rank,
            component,
            d.getInt(d.fieldIndex("components")),
            d.getLong(d.fieldIndex("numComparisons")),
            d.getInt(d.fieldIndex("numPairs")),
            new BradleyTerry.Options(
                d.getInt(d.fieldIndex("maxIterations")),
                d.getDouble(d.fieldIndex("tol")),
                d.getDouble(d.fieldIndex("prior")),
                d.getInt(d.fieldIndex("maxDenseErrors"))),
            d.getString(d.fieldIndex("stderrMethod")),
            StoredFit.read(d),
            d.getList(d.fieldIndex("notes")),
            new double[] {
              d.getDouble(d.fieldIndex("countSeconds")), d.getDouble(d.fieldIndex("methodSeconds"))
            });
    return opened.withParams(new SparkBradleyTerryModel(opened.uid(), fitted));
  }
}
