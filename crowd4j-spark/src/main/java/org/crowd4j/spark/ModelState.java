package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.method.Diagnostics;

/**
 * The state of a fitted model, shared by the model and its copies: the {@link FittedParameters},
 * the worker index ({@code wname, wid}) and, for GLAD, the task table; after a fit also the cached
 * answer blocks (for the fitted posteriors), after a load the saved worker table. Things computed
 * on first use (the broadcast E-step, the answer confusions, the fitted posterior rows) are kept
 * here once.
 */
final class ModelState {
  final FittedParameters parameters;
  final SparkSession spark;
  final Dataset<Row> workerIndex;
  final Dataset<Row> taskTable;
  final Dataset<Row> savedWorkers;
  final PreparedAnswers data;
  private final JavaRDD<Row> givenRows;
  private final Supplier<double[]> accuracy;
  private final List<Runnable> cleanups;
  private Broadcast<double[][]> eStep;
  private double[] answerConfusion;
  private JavaRDD<Row> fittedRows;
  private Object workerModel;
  private Dataset<Row> workerTable;
  private double preparationSeconds;
  private double methodSeconds;

  private ModelState(
      FittedParameters parameters,
      SparkSession spark,
      Dataset<Row> workerIndex,
      Dataset<Row> taskTable,
      Dataset<Row> savedWorkers,
      PreparedAnswers data,
      JavaRDD<Row> givenRows,
      Supplier<double[]> accuracy,
      Broadcast<double[][]> eStep,
      double[] answerConfusion,
      List<Runnable> cleanups) {
    this.parameters = Objects.requireNonNull(parameters, "parameters");
    this.spark = Objects.requireNonNull(spark, "spark");
    this.workerIndex = workerIndex;
    this.taskTable = taskTable;
    this.savedWorkers = savedWorkers;
    this.data = data;
    this.givenRows = givenRows;
    this.accuracy = accuracy;
    this.eStep = eStep;
    this.answerConfusion = answerConfusion;
    this.cleanups = cleanups;
  }

  /**
   * The state of a model read back from storage: {@code workers} is the saved worker table
   * (including {@code wid} and {@code eStep}), {@code answerConfusion} its answer confusions.
   */
  static ModelState loaded(
      SparkSession spark,
      FittedParameters parameters,
      Dataset<Row> workers,
      Dataset<Row> taskTable,
      double[] answerConfusion,
      double[] seconds) {
    ModelState s =
        new ModelState(
            parameters,
            spark,
            workers.select(workers.col("worker").as("wname"), workers.col("wid")),
            taskTable,
            workers,
            null,
            null,
            null,
            null,
            answerConfusion,
            new ArrayList<>());
    s.timings(seconds[0], seconds[1]);
    return s;
  }

  /** Whether the model was fitted in this session (and holds the fitted answer blocks). */
  boolean fitted() {
    return data != null;
  }

  /** The E-step parameters as a broadcast, broadcast on first use; null when there are none. */
  synchronized Broadcast<double[][]> eStep() {
    if (eStep == null && parameters.eStep() != null) {
      eStep =
          org.apache.spark.api.java.JavaSparkContext.fromSparkContext(spark.sparkContext())
              .broadcast(parameters.eStep());
    }
    return eStep;
  }

  /** The answer confusions, flat {@code [w][z][l]}, computed by {@code compute} on first use. */
  synchronized double[] answerConfusion(
      java.util.function.Function<Supplier<double[]>, double[]> compute) {
    if (answerConfusion == null) {
      answerConfusion = compute.apply(accuracy);
    }
    return answerConfusion;
  }

  /** The fitted posterior rows: those the fit gave, else {@code score()} once. */
  synchronized JavaRDD<Row> fittedRows(Supplier<JavaRDD<Row>> score) {
    if (fittedRows == null) {
      fittedRows = givenRows != null ? givenRows : score.get();
    }
    return fittedRows;
  }

  /** The annotator model record, built by {@code build} on first use. */
  @SuppressWarnings("unchecked")
  synchronized <T> T workerModel(Supplier<T> build) {
    if (workerModel == null) {
      workerModel = build.get();
    }
    return (T) workerModel;
  }

  /**
   * The worker table of a fit, built by {@code build} on first use (which registers what to release
   * with the model).
   */
  synchronized Dataset<Row> workerTable(
      java.util.function.Function<List<Runnable>, Dataset<Row>> build) {
    if (workerTable == null) {
      workerTable = build.apply(cleanups);
    }
    return workerTable;
  }

  void timings(double preparation, double method) {
    this.preparationSeconds = preparation;
    this.methodSeconds = method;
  }

  double[] seconds() {
    return new double[] {preparationSeconds, methodSeconds};
  }

  /** Releases the cached blocks, the worker index of a fit and the broadcasts. */
  synchronized void unpersist() {
    if (data != null) {
      data.unpersist();
      if (data.workerIndex != null) {
        data.workerIndex.unpersist(false);
      }
    }
    for (Runnable r : cleanups) {
      r.run();
    }
    cleanups.clear();
    workerTable = null;
    if (eStep != null) {
      eStep.destroy();
      eStep = null;
    }
  }

  /** Collects what a method's fit produced into the state of its model. */
  static final class Builder {
    private final PreparedAnswers data;
    private final String method;
    private Broadcast<double[][]> eStep;
    private int[] strides;
    private double[] classPriors;
    private Diagnostics diagnostics = Diagnostics.closedForm();
    private final Map<String, double[]> arrays = new LinkedHashMap<>();
    private final List<WorkerColumn> columns = new ArrayList<>();
    private JavaRDD<Row> fittedRows;
    private Supplier<double[]> accuracy;
    private Dataset<Row> taskTable;
    private final List<Runnable> cleanups = new ArrayList<>();

    Builder(PreparedAnswers data, String method) {
      this.data = data;
      this.method = method;
    }

    /**
     * The E-step parameters (a broadcast the model keeps and releases) and their per-worker
     * strides; a null broadcast for a fit without iterations.
     */
    Builder eStep(Broadcast<double[][]> params, int... perWorker) {
      this.eStep = params;
      this.strides = params == null ? null : perWorker.clone();
      return this;
    }

    Builder classPriors(double[] priors) {
      this.classPriors = priors == null ? null : priors.clone();
      return this;
    }

    Builder diagnostics(Diagnostics d) {
      this.diagnostics = d;
      return this;
    }

    /** A model-level array the scorer or the annotator model needs. */
    Builder array(String name, double... values) {
      arrays.put(name, values.clone());
      return this;
    }

    /** A per-worker value of the annotator model (a column of the worker table). */
    Builder column(WorkerColumn column) {
      columns.add(column);
      return this;
    }

    /** The fitted posterior rows when the fit has them (else they are scored from the blocks). */
    Builder fittedRows(JavaRDD<Row> rows) {
      this.fittedRows = rows;
      return this;
    }

    /**
     * Per-worker accuracies for the answer confusions of a model without a matrix of its own
     * (default: the one-coin fit to the posteriors).
     */
    Builder accuracy(Supplier<double[]> accuracy) {
      this.accuracy = accuracy;
      return this;
    }

    /** Per-task parameters (GLAD: {@code task, beta}). */
    Builder taskTable(Dataset<Row> table) {
      this.taskTable = table;
      return this;
    }

    /** Something to release with the model. */
    Builder onUnpersist(Runnable cleanup) {
      cleanups.add(cleanup);
      return this;
    }

    ModelState build() {
      double[][] values = eStep == null ? null : eStep.value();
      FittedParameters p =
          new FittedParameters(
              method,
              data.labels,
              new FittedParameters.Counts(
                  data.numTasks,
                  data.numAnswers,
                  data.numGold,
                  data.numWorkers,
                  data.numPartitions()),
              classPriors,
              diagnostics,
              values,
              strides,
              arrays,
              columns);
      return new ModelState(
          p,
          data.spark,
          data.workerIndex,
          taskTable,
          null,
          data,
          fittedRows,
          accuracy,
          eStep,
          null,
          cleanups);
    }
  }
}
