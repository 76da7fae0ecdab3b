package org.crowd4j.spark;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.IterationListener;

/**
 * {@code crowd4j aggregate --engine spark}: reads the answers with Spark, fits one method with
 * {@link SparkMethods}, writes labels and the annotator model, and returns what the command line's
 * summary reports ({@link Outcome}). Runs in the session {@code spark-submit} made, or in a new one
 * for {@code master} (default {@code local[*]}).
 */
public final class SparkAggregation {
  private SparkAggregation() {}

  /**
   * One run.
   *
   * @param answers answers path (CSV with header, or Parquet)
   * @param delimiter CSV separator, or null for the default of the file name
   * @param columns column names; {@code gold} is set by {@code trainGold}
   * @param method method name
   * @param params option overrides
   * @param gold gold file (task,label) to evaluate against, or null
   * @param trainGold gold file (task,label) given to the method (clamped), or null
   * @param predictions a classifier's probabilities ({@code task,label,p_<class>...}) for the
   *     methods {@code classifier-annotator} and {@code classifier-prior}, or null
   * @param out labels output (CSV file, or Parquet when it ends with .parquet), or null
   * @param modelOut annotator model output (JSON, or a Parquet table of workers), or null
   * @param sparkModelOut directory to save the fitted Spark ML model to (loadable with the {@code
   *     load} of its class, or as a stage of a pipeline), or null
   * @param master Spark master when no session is running, or null
   * @param partitions answer blocks, 0 for automatic
   * @param quiet print nothing
   */
  public record Request(
      String answers,
      Character delimiter,
      AnswerColumns columns,
      String method,
      Map<String, String> params,
      String gold,
      String trainGold,
      String predictions,
      String out,
      String modelOut,
      String sparkModelOut,
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

  /** Whether Apache Spark's classes are on the class path. */
  public static boolean sparkAvailable() {
    try {
      Class.forName(
          "org.apache.spark.sql.SparkSession", false, SparkAggregation.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /**
   * What a run did, for the command line's summary.
   *
   * @param method method name
   * @param answers answers path
   * @param sparkVersion Spark's version
   * @param master the master the run used
   * @param partitions answer blocks of the fit
   * @param tasks number of tasks
   * @param workers number of workers
   * @param numAnswers number of answers
   * @param classes number of classes
   * @param diagnostics the fit's diagnostics
   * @param seconds load and fit time
   * @param goldAccuracy accuracy on the gold tasks ({@code NaN} without gold or when quiet)
   * @param goldTasks gold tasks that have answers (0 without gold or when quiet)
   * @param trainGoldTasks of those, the tasks also given as training gold (0 without it)
   * @param trainGoldAccuracy accuracy on them ({@code NaN} without training gold)
   * @param otherAccuracy accuracy on the other gold tasks, those the fit did not see ({@code NaN}
   *     without training gold)
   */
  public record Outcome(
      String method,
      String answers,
      String sparkVersion,
      String master,
      int partitions,
      long tasks,
      long workers,
      long numAnswers,
      int classes,
      Diagnostics diagnostics,
      double seconds,
      double goldAccuracy,
      long goldTasks,
      long trainGoldTasks,
      double trainGoldAccuracy,
      double otherAccuracy) {}

  /**
   * Runs {@code request}; progress goes to {@code listener}. The gold accuracy is computed unless
   * the request is quiet.
   */
  public static Outcome run(Request request, IterationListener listener) throws IOException {
    SparkAggregator<?, ?> estimator =
        request.predictions() == null
            ? SparkMethods.create(request.method(), request.params())
            : SparkMethods.withPredictions(request.method(), request.params());
    SparkSession spark = session("crowd4j " + request.method(), request.master());
    long t0 = System.nanoTime();
    Dataset<Row> answers = SparkCrowd.read(spark, request.answers(), request.delimiter());
    AnswerColumns columns = request.columns();
    if (request.trainGold() != null) {
      Dataset<Row> g = SparkCrowd.read(spark, request.trainGold(), null);
      answers =
          SparkCrowd.withGold(
              answers, columns.task(), g, columns.task(), columns.label(), "__crowd4j_gold");
      columns = columns.withGold("__crowd4j_gold");
    }
    if (request.predictions() != null) {
      answers =
          SparkCrowd.withPredictions(
              answers, columns.task(), SparkCrowd.read(spark, request.predictions(), null));
    }
    CrowdModel<?> model =
        estimator
            .setTaskCol(columns.task())
            .setWorkerCol(columns.worker())
            .setLabelCol(columns.label())
            .setGoldCol(columns.gold())
            .setNumPartitions(request.partitions())
            .setListener(listener)
            .fit(answers);
    double fitSeconds = (System.nanoTime() - t0) / 1e9;
    try {
      Dataset<Row> posteriors = model.posteriors();
      if (request.out() != null) {
        SparkCrowd.writePosteriors(model, posteriors, request.out());
      }
      if (request.sparkModelOut() != null) {
        model.write().overwrite().save(request.sparkModelOut());
      }
      if (request.modelOut() != null) {
        writeModel(model, request.modelOut(), request.params());
      }
      double[] acc = {Double.NaN, 0};
      double[] onTrain = {Double.NaN, 0};
      double[] onOther = {Double.NaN, 0};
      if (request.gold() != null && !request.quiet()) {
        Dataset<Row> g = SparkCrowd.read(spark, request.gold(), null);
        Dataset<Row> wide = model.wide(posteriors);
        acc = accuracy(wide, g, columns.task(), columns.label());
        if (request.trainGold() != null) {
          // as the local engine: the gold tasks the fit saw and the others, apart
          Dataset<Row> t = SparkCrowd.read(spark, request.trainGold(), null);
          Column seen = g.col(columns.task()).cast("string");
          Dataset<Row> known = t.select(t.col(columns.task()).cast("string").as("__known"));
          Dataset<Row> inTrain = g.join(known, seen.equalTo(known.col("__known")), "left_semi");
          Dataset<Row> notInTrain = g.join(known, seen.equalTo(known.col("__known")), "left_anti");
          onTrain = accuracy(wide, inTrain, columns.task(), columns.label());
          onOther = accuracy(wide, notInTrain, columns.task(), columns.label());
        }
      }
      return new Outcome(
          request.method(),
          request.answers(),
          spark.version(),
          spark.sparkContext().master(),
          model.fitPartitions(),
          model.numTasks(),
          model.numWorkers(),
          model.numAnswers(),
          model.labels().size(),
          model.diagnostics(),
          fitSeconds,
          acc[0],
          (long) acc[1],
          (long) onTrain[1],
          onTrain[0],
          onOther[0]);
    } finally {
      model.unpersist();
    }
  }

  /**
   * The session of {@code spark-submit} (or the one running), else a new one for {@code master}
   * (default {@code local[*]}).
   */
  static SparkSession session(String appName, String master) {
    SparkSession.Builder builder = SparkSession.builder().appName(appName);
    boolean hasMaster =
        SparkSession.getActiveSession().isDefined() || System.getProperty("spark.master") != null;
    if (master != null) {
      builder = builder.master(master);
    } else if (!hasMaster) {
      builder = builder.master("local[*]");
    }
    return builder.getOrCreate();
  }

  /**
   * Accuracy of the labels of {@code posteriors} (columns {@code task}, {@code label}: {@link
   * CrowdModel#wide}) on the gold tasks that have answers, as the core counts it (a gold label no
   * answer uses counts as an error): {@code [accuracy, gold tasks]}.
   */
  static double[] accuracy(
      Dataset<Row> posteriors, Dataset<Row> gold, String taskColumn, String labelColumn) {
    Dataset<Row> g =
        gold.select(
                gold.col(taskColumn).cast("string").as("gt"),
                gold.col(labelColumn).cast("string").as("gl"))
            .dropDuplicates("gt");
    Row r =
        posteriors
            .join(g, posteriors.col("task").equalTo(g.col("gt")))
            .selectExpr("count(*) as n", "sum(case when label = gl then 1 else 0 end) as hits")
            .first();
    long n = r.getLong(0);
    long hits = r.isNullAt(1) ? 0 : r.getLong(1);
    return new double[] {n == 0 ? Double.NaN : (double) hits / n, n};
  }

  /**
   * The annotator model: a Parquet table of workers when {@code path} ends with {@code .parquet},
   * else the JSON document the single-machine engine writes (method, model type, labels, counts,
   * class priors, model-level parameters, {@code workerModels}, diagnostics, provenance).
   */
  static void writeModel(CrowdModel<?> model, String path, Map<String, String> options)
      throws IOException {
    Dataset<Row> workers = model.workers();
    if (SparkCrowd.isParquet(path)) {
      workers.write().mode(org.apache.spark.sql.SaveMode.Overwrite).parquet(path);
      return;
    }
    Path target = new Path(path);
    FileSystem fs =
        SparkCrowd.raw(
            target.getFileSystem(workers.sparkSession().sparkContext().hadoopConfiguration()));
    List<String> rows = workers.toJSON().collectAsList();
    // the single-machine document (org.crowd4j.model): the same fields in the same order, the
    // worker rows under workerModels, and the provenance of the run
    double[] seconds = model.fitSeconds();
    byte[] document =
        org.crowd4j.model.ClassificationModelWriter.toBytes(
            new org.crowd4j.model.ClassificationModelWriter.EngineFit(
                model.method(),
                model.localWorkerModel(),
                model.labels(),
                model.numTasks(),
                model.numWorkers(),
                model.numAnswers(),
                model.classPriors(),
                rows,
                model.diagnostics(),
                new java.util.TreeMap<>(options),
                1000 * (seconds[0] + seconds[1]),
                "spark " + workers.sparkSession().version()));
    // written beside the target and renamed, as the single-machine files are
    Path tmp =
        new Path(target.getParent(), "." + target.getName() + "." + System.nanoTime() + ".tmp");
    try (OutputStream os = fs.create(tmp, true)) {
      os.write(document);
    }
    fs.delete(target, false);
    if (!fs.rename(tmp, target)) {
      fs.delete(tmp, false);
      throw new IOException("cannot move " + tmp + " to " + target);
    }
  }
}
