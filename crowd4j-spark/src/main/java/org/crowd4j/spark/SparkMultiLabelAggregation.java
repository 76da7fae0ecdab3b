package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.spark.ml.functions;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.multilabel.MultiLabelMetrics;

/**
 * {@code crowd4j aggregate-multilabel --engine spark}: reads multi-label answers with Spark, fits
 * {@link SparkBinaryRelevance} over one Spark method, writes {@code task,tags,p_<tag>…} and returns
 * what the command line's summary reports ({@link Outcome}: per tag the tasks chosen; with gold the
 * metrics of the gold tasks' tag sets, brought to the driver).
 */
public final class SparkMultiLabelAggregation {
  private SparkMultiLabelAggregation() {}

  /**
   * One run.
   *
   * @param answers answers path (CSV with header, or Parquet)
   * @param delimiter CSV separator, or null for the default of the file name
   * @param columns column names (the label column holds the tags)
   * @param separator the character between the tags of one field
   * @param method method name of every tag's fit
   * @param params option overrides
   * @param gold gold file (task,label: joined tags or one row per tag) to evaluate against, or null
   * @param out output (CSV file, or Parquet when it ends with .parquet), or null
   * @param master Spark master when no session is running, or null
   * @param partitions answer blocks of every tag's fit, 0 for automatic
   * @param quiet compute no summary (the outcome carries only what the fit gave)
   */
  public record Request(
      String answers,
      Character delimiter,
      AnswerColumns columns,
      char separator,
      String method,
      Map<String, String> params,
      String gold,
      String out,
      String master,
      int partitions,
      boolean quiet) {
    /** Checks the required parts. */
    public Request {
      Objects.requireNonNull(answers, "answers");
      Objects.requireNonNull(columns, "columns");
      Objects.requireNonNull(method, "method");
      params = Map.copyOf(params);
    }
  }

  /**
   * What a run did, for the command line's summary.
   *
   * @param method method name of every tag's fit
   * @param answers answers path
   * @param sparkVersion Spark's version
   * @param master the master the run used
   * @param tasks number of tasks (0 when quiet)
   * @param tags the tags the answers use
   * @param seconds load and fit time
   * @param reported the tags the summary lists: the answers' tags, with gold also the gold's
   * @param chosen per tag of {@code reported}, the tasks whose set has it (empty when quiet)
   * @param metrics the scores on the gold tasks, or null
   */
  public record Outcome(
      String method,
      String answers,
      String sparkVersion,
      String master,
      long tasks,
      List<String> tags,
      double seconds,
      List<String> reported,
      long[] chosen,
      MultiLabelMetrics metrics) {}

  /** Runs {@code request}. */
  public static Outcome run(Request request) {
    SparkAggregator<?, ?> inner = SparkMethods.create(request.method(), request.params());
    inner.setNumPartitions(request.partitions());
    SparkSession spark =
        SparkAggregation.session("crowd4j multi-label " + request.method(), request.master());
    long t0 = System.nanoTime();
    Dataset<Row> answers = SparkCrowd.read(spark, request.answers(), request.delimiter());
    AnswerColumns c = request.columns();
    SparkBinaryRelevance.Result r =
        new SparkBinaryRelevance(inner)
            .setTaskCol(c.task())
            .setWorkerCol(c.worker())
            .setLabelCol(c.label())
            .setSeparator(request.separator())
            .fit(answers);
    try {
      List<String> tags = r.tags();
      Dataset<Row> sets = r.tagSets().cache();
      List<Column> wide = new ArrayList<>();
      wide.add(col("task"));
      // an empty set as an empty field (Spark's CSV writer quotes an empty string)
      wide.add(
          org.apache
              .spark
              .sql
              .functions
              .when(
                  org.apache.spark.sql.functions.size(col("tags")).gt(0),
                  concat_ws(String.valueOf(request.separator()), col("tags")))
              .as("tags"));
      Column p = functions.vector_to_array(col("presence"), "float64");
      for (int t = 0; t < tags.size(); t++) {
        wide.add(p.getItem(t).as("p_" + tags.get(t)));
      }
      Dataset<Row> table = sets.select(wide.toArray(Column[]::new)).orderBy("task");
      if (request.out() != null) {
        if (SparkCrowd.isParquet(request.out())) {
          table.write().mode(org.apache.spark.sql.SaveMode.Overwrite).parquet(request.out());
        } else {
          SparkCrowd.writeSingleCsv(table, request.out());
        }
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      if (request.quiet()) {
        return new Outcome(
            request.method(),
            request.answers(),
            spark.version(),
            spark.sparkContext().master(),
            0,
            tags,
            seconds,
            tags,
            new long[0],
            null);
      }
      // the tasks that chose each tag, in one job over the tag sets
      long[] chosenPerTag = new long[tags.size()];
      for (Row row :
          sets.select(org.apache.spark.sql.functions.explode(col("tags")).as("tag"))
              .groupBy("tag")
              .count()
              .collectAsList()) {
        chosenPerTag[tags.indexOf(row.getString(0))] = row.getLong(1);
      }
      long numTasks = sets.count();
      MultiLabelMetrics metrics = null;
      List<String> all = tags;
      if (request.gold() != null) {
        Map<String, Set<String>> gold = readGold(spark, request.gold(), request.separator());
        Set<String> names = new TreeSet<>(tags);
        gold.values().forEach(names::addAll);
        all = Vocabulary.sortedLabels(names).names();
        Map<String, List<String>> predicted = new LinkedHashMap<>();
        for (Row row :
            sets.filter(col("task").isin(gold.keySet().toArray()))
                .select("task", "tags")
                .collectAsList()) {
          predicted.put(row.getString(0), row.getList(1));
        }
        metrics = MultiLabelMetrics.of(all, predicted, gold);
      }
      long[] chosen = new long[all.size()];
      for (int t = 0; t < all.size(); t++) {
        int k = tags.indexOf(all.get(t));
        chosen[t] = k < 0 ? 0 : chosenPerTag[k];
      }
      return new Outcome(
          request.method(),
          request.answers(),
          spark.version(),
          spark.sparkContext().master(),
          numTasks,
          tags,
          seconds,
          all,
          chosen,
          metrics);
    } finally {
      r.unpersist();
    }
  }

  /** Gold tag sets (columns task, label; rows of one task united), brought to the driver. */
  static Map<String, Set<String>> readGold(SparkSession spark, String path, char separator) {
    Dataset<Row> g = SparkCrowd.read(spark, path, null);
    Map<String, Set<String>> out = new LinkedHashMap<>();
    String quoted = Pattern.quote(String.valueOf(separator));
    for (Row row :
        g.select(col("task").cast("string"), col("label").cast("string")).collectAsList()) {
      if (row.isNullAt(0)) {
        throw new CrowdInputException(path + ": a gold row without a task");
      }
      Set<String> set = out.computeIfAbsent(row.getString(0).trim(), k -> new LinkedHashSet<>());
      if (!row.isNullAt(1) && !row.getString(1).isBlank()) {
        for (String tag : row.getString(1).split(quoted, -1)) {
          if (tag.isBlank()) {
            throw new CrowdInputException(
                path + ": task '" + row.getString(0) + "' holds an empty tag in column 'label'");
          }
          set.add(tag.trim());
        }
      }
    }
    return out;
  }
}
