package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Ranking;

/**
 * What a fitted pairwise model holds on the driver: per item (in name order) the core's score,
 * log-score, standard error, rank and component, and the fit's sizes, options, diagnostics and
 * notes. Built from the core's {@link Ranking} or read back from a saved model.
 */
final class FittedRanking {
  /** The schema of the item table ({@link #rows}). */
  static final StructType ITEMS =
      new StructType()
          .add("item", DataTypes.StringType, false)
          .add("score", DataTypes.DoubleType, false)
          .add("logScore", DataTypes.DoubleType, false)
          .add("stderr", DataTypes.DoubleType, false)
          .add("rank", DataTypes.IntegerType, false)
          .add("component", DataTypes.IntegerType, false);

  final String method;
  final String[] items;
  final double[] score;
  final double[] logScore;
  final double[] stderr;
  final int[] rank;
  final int[] component;
  final int components;
  final long comparisons;
  final int pairs;
  final BradleyTerry.Options options;
  final String stderrMethod;
  final Diagnostics diagnostics;
  final List<String> notes;
  final double[] seconds;

  /** The core's ranking of the fit itself; null for a model read back from storage. */
  transient Ranking ranking;

  FittedRanking(
      String method,
      String[] items,
      double[] score,
      double[] logScore,
      double[] stderr,
      int[] rank,
      int[] component,
      int components,
      long comparisons,
      int pairs,
      BradleyTerry.Options options,
      String stderrMethod,
      Diagnostics diagnostics,
      List<String> notes,
      double[] seconds) {
    this.method = method;
    this.items = items;
    this.score = score;
    this.logScore = logScore;
    this.stderr = stderr;
    this.rank = rank;
    this.component = component;
    this.components = components;
    this.comparisons = comparisons;
    this.pairs = pairs;
    this.options = options;
    this.stderrMethod = stderrMethod;
    this.diagnostics = diagnostics;
    this.notes = List.copyOf(notes);
    this.seconds = seconds;
  }

  /** The core's ranking of {@code pairs} pairs from {@code comparisons} comparisons. */
  static FittedRanking of(
      Ranking r, long comparisons, int pairs, BradleyTerry.Options options, double[] seconds) {
    int n = r.size();
    String[] items = new String[n];
    double[] stderr = new double[n];
    int[] rank = new int[n];
    int[] component = new int[n];
    for (int i = 0; i < n; i++) {
      items[i] = r.items().name(i);
      stderr[i] = r.stderr(i);
      rank[i] = r.rank(i);
      component[i] = r.component(i);
    }
    FittedRanking f =
        new FittedRanking(
            r.provenance().method(),
            items,
            r.scores(),
            r.logScores(),
            stderr,
            rank,
            component,
            r.components(),
            comparisons,
            pairs,
            options,
            r.stderrMethod(),
            r.diagnostics(),
            r.notes(),
            seconds);
    f.ranking = r;
    return f;
  }

  /** One row per item, in rank order, schema {@link #ITEMS}. */
  List<Row> rows() {
    Integer[] order = new Integer[items.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Integer.compare(rank[x], rank[y]));
    List<Row> out = new ArrayList<>(items.length);
    for (int i : order) {
      out.add(RowFactory.create(items[i], score[i], logScore[i], stderr[i], rank[i], component[i]));
    }
    return out;
  }

  /** The item table as a local DataFrame. */
  Dataset<Row> frame(SparkSession spark) {
    return spark.createDataFrame(rows(), ITEMS);
  }
}
