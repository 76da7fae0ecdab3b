package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.IterationListener;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericMetrics;

/**
 * {@code crowd4j aggregate-numeric --engine spark}: reads numeric answers with Spark, fits one of
 * the numeric estimators ({@link #METHODS}), writes {@code task,estimate} and {@code
 * worker,bias,variance,weight} and returns what the command line's summary reports ({@link
 * Outcome}; with gold, Pearson's r, RMSE and MAE over the gold tasks, computed on the driver from
 * their estimates as the core computes them).
 */
public final class SparkNumericAggregation {
  private SparkNumericAggregation() {}

  /** The numeric methods that run on Spark, by their catalogue names. */
  public static final List<String> METHODS = List.of("mean", "median", "catd", "pm", "raykar");

  /**
   * One run.
   *
   * @param answers answers path (CSV with header, or Parquet)
   * @param delimiter CSV separator, or null for the default of the file name
   * @param taskColumn task id column
   * @param workerColumn worker id column
   * @param valueColumn answered value column
   * @param method a name of {@link #METHODS}
   * @param options the core method's options record
   * @param gold known values by task (read by the caller), empty for none
   * @param out estimates file (CSV, or Parquet when it ends with .parquet), or null
   * @param workersOut worker table file (likewise), or null
   * @param master Spark master when no session is running, or null
   * @param partitions answer blocks, 0 for automatic
   */
  public record Request(
      String answers,
      Character delimiter,
      String taskColumn,
      String workerColumn,
      String valueColumn,
      String method,
      Record options,
      Map<String, Double> gold,
      String out,
      String workersOut,
      String master,
      int partitions) {
    /** Checks the required parts. */
    public Request {
      Objects.requireNonNull(answers, "answers");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(options, "options");
      gold = Map.copyOf(gold);
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
   * @param diagnostics the fit's diagnostics
   * @param seconds load and fit time
   * @param goldTasks gold tasks that have answers (scored)
   * @param pearson Pearson's r over them (NaN without gold)
   * @param rmse root mean squared error over them
   * @param mae mean absolute error over them
   */
  public record Outcome(
      String method,
      String answers,
      String sparkVersion,
      String master,
      int partitions,
      long tasks,
      int workers,
      long numAnswers,
      Diagnostics diagnostics,
      double seconds,
      int goldTasks,
      double pearson,
      double rmse,
      double mae) {}

  /**
   * The estimator of {@code method} with {@code options}.
   *
   * @throws IllegalArgumentException for a method that does not run on Spark
   */
  public static SparkNumericAggregator<?> create(String method, Record options) {
    SparkNumericAggregator<?> e =
        switch (method) {
          case "mean" -> new SparkTaskStatistic().setStatistic("mean");
          case "median" -> new SparkTaskStatistic().setStatistic("median");
          case "catd" -> new SparkCatd();
          case "pm" -> new SparkPm();
          case "raykar" -> new SparkRaykar();
          default ->
              throw new IllegalArgumentException(
                  "--engine spark runs " + String.join(", ", METHODS) + ", not '" + method + "'");
        };
    e.setOptions(options);
    return e;
  }

  /** Runs {@code request}, reporting iterations to {@code listener}. */
  public static Outcome run(Request request, IterationListener listener) {
    SparkNumericAggregator<?> estimator = create(request.method(), request.options());
    SparkSession spark =
        SparkAggregation.session("crowd4j numeric " + request.method(), request.master());
    long t0 = System.nanoTime();
    Dataset<Row> answers = SparkCrowd.read(spark, request.answers(), request.delimiter());
    estimator.setTaskCol(request.taskColumn());
    estimator.setWorkerCol(request.workerColumn());
    estimator.setValueCol(request.valueColumn());
    estimator.setNumPartitions(request.partitions());
    estimator.setListener(listener);
    SparkNumericModel model = estimator.fit(answers);
    try {
      Dataset<Row> estimates = model.estimates().cache();
      String task = model.getTaskCol();
      String value = model.getEstimateCol();
      Dataset<Row> table = estimates.select(col(task).as("task"), col(value).as("estimate"));
      write(table.orderBy("task"), request.out());
      write(model.workers().drop("answers"), request.workersOut());
      double seconds = (System.nanoTime() - t0) / 1e9;
      double[] scores = {Double.NaN, Double.NaN, Double.NaN};
      int goldTasks = 0;
      if (!request.gold().isEmpty()) {
        List<Row> rows =
            table.filter(col("task").isin(request.gold().keySet().toArray())).collectAsList();
        double[] est = new double[rows.size()];
        double[] known = new double[rows.size()];
        for (int i = 0; i < est.length; i++) {
          est[i] = rows.get(i).getDouble(1);
          known[i] = request.gold().get(rows.get(i).getString(0));
        }
        NumericGold g = NumericGold.ofValues(known);
        goldTasks = est.length;
        scores =
            new double[] {
              NumericMetrics.pearson(est, g),
              NumericMetrics.rmse(est, g),
              NumericMetrics.mae(est, g)
            };
      }
      long tasks = model.numTasks();
      estimates.unpersist();
      return new Outcome(
          request.method(),
          request.answers(),
          spark.version(),
          spark.sparkContext().master(),
          model.fitPartitions(),
          tasks,
          model.numWorkers(),
          model.numAnswers(),
          model.diagnostics(),
          seconds,
          goldTasks,
          scores[0],
          scores[1],
          scores[2]);
    } finally {
      model.unpersist();
    }
  }

  private static void write(Dataset<Row> table, String path) {
    if (path == null) {
      return;
    }
    if (SparkCrowd.isParquet(path)) {
      table.write().mode(org.apache.spark.sql.SaveMode.Overwrite).parquet(path);
    } else {
      SparkCrowd.writeSingleCsv(table, path);
    }
  }
}
