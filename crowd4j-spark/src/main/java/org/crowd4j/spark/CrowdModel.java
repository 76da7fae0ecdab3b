package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.WorkerModel;

/**
 * A fitted aggregation on Spark: the posteriors of the fitted tasks, the annotator model and the
 * fit's diagnostics, and {@link #transform} for other answers.
 *
 * <p>Posterior DataFrames have the columns {@code task} (string), {@code label} (the most probable
 * label, ties to the label that sorts first), {@code probability} (its posterior) and {@code
 * posterior} (array of doubles, one per label in {@link #labels()} order); {@link #wide} turns the
 * array into {@code p_<label>} columns. They are computed from the cached answer blocks when an
 * action runs (one pass, no shuffle); {@link #unpersist()} releases the blocks when the model is no
 * longer needed.
 */
public final class CrowdModel {
  private final String method;
  private final PreparedAnswers data;
  private final AnswerColumns columns;
  private final Preparation.Settings settings;
  private final BlockScorer scorer;
  private final boolean transformNeedsWorkers;
  private final double[] classPriors;
  private final Diagnostics diagnostics;
  private final WorkerModel localWorkers;
  private final Supplier<Dataset<Row>> workers;
  private final JavaRDD<Row> fittedRows;
  private final List<Runnable> cleanups = new ArrayList<>();
  private Dataset<Row> taskValues;
  private double preparationSeconds;
  private double methodSeconds;
  private Dataset<Row> tasks;

  CrowdModel(
      String method,
      PreparedAnswers data,
      AnswerColumns columns,
      Preparation.Settings settings,
      BlockScorer scorer,
      boolean transformNeedsWorkers,
      double[] classPriors,
      Diagnostics diagnostics,
      WorkerModel localWorkers,
      Supplier<Dataset<Row>> workers,
      JavaRDD<Row> fittedRows) {
    this.method = method;
    this.data = data;
    this.columns = columns;
    this.settings = settings;
    this.scorer = scorer;
    this.transformNeedsWorkers = transformNeedsWorkers;
    this.classPriors = classPriors == null ? null : classPriors.clone();
    this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
    this.localWorkers = localWorkers;
    this.workers = workers;
    this.fittedRows = fittedRows != null ? fittedRows : scoreRows(data, scorer);
  }

  /**
   * Per-task parameters (GLAD's β): {@code table} as returned by {@link #tasks()}, and the same
   * values as {@code (tname, tvalue)} for {@link #transform}.
   */
  CrowdModel withTaskTable(Dataset<Row> table, Dataset<Row> values) {
    this.tasks = table;
    this.taskValues = values;
    return this;
  }

  /** Something to release with {@link #unpersist()} (broadcasts, cached state). */
  CrowdModel onUnpersist(Runnable cleanup) {
    cleanups.add(cleanup);
    return this;
  }

  private static JavaRDD<Row> scoreRows(PreparedAnswers data, BlockScorer scorer) {
    String[] labels = data.labels.toArray(new String[0]);
    return data.blocks.flatMap(b -> Blocks.rows(b, scorer.score(b), labels));
  }

  /** The method's name (as on the command line). */
  public String method() {
    return method;
  }

  /** Label names, in the order of the {@code posterior} arrays (the core's label order). */
  public List<String> labels() {
    return data.labels;
  }

  /** Number of fitted tasks. */
  public long numTasks() {
    return data.numTasks;
  }

  /** Number of fitted answers. */
  public long numAnswers() {
    return data.numAnswers;
  }

  /** Number of workers. */
  public int numWorkers() {
    return data.numWorkers;
  }

  /**
   * Wall time of the fit: reading, checking and partitioning the answers into cached blocks ({@code
   * [0]}), and the method itself — start, iterations, annotator statistics ({@code [1]}). The
   * posteriors are computed later, when a DataFrame of them is used.
   */
  public double[] fitSeconds() {
    return new double[] {preparationSeconds, methodSeconds};
  }

  void timings(double preparation, double method) {
    this.preparationSeconds = preparation;
    this.methodSeconds = method;
  }

  /** Number of partitions (answer blocks) of the fit. */
  public int numPartitions() {
    return data.numPartitions();
  }

  /** Number of fitted tasks with a gold label. */
  public long numGold() {
    return data.numGold;
  }

  /** The class prior, or {@code null} when the method has none. */
  public double[] classPriors() {
    return classPriors == null ? null : classPriors.clone();
  }

  /** Iterations, convergence and objective history, as the core reports them. */
  public Diagnostics diagnostics() {
    return diagnostics;
  }

  /**
   * The annotator model as the core's record, indexed by the worker ids of {@link #workerIndex()}
   * (the same records the single-machine methods return); {@code null} for none. Held on the
   * driver.
   */
  public WorkerModel localWorkerModel() {
    return localWorkers;
  }

  /** The worker index: {@code wname} (string) and {@code wid} (dense id, in name order). */
  public Dataset<Row> workerIndex() {
    return data.workerIndex;
  }

  /**
   * The annotator model as a DataFrame, one row per worker: {@code worker}, {@code answers} and the
   * method's parameters (for example {@code skill} and {@code confusion}, an array of rows indexed
   * [true label][answered label]), and last {@code answerConfusion}: P(answer | true label) under
   * the answer model the method implies, averaged over the worker's answers (the single-machine
   * model file's field of that name).
   */
  public Dataset<Row> workers() {
    return workers.get();
  }

  /**
   * Per-task parameters of the method, one row per fitted task (GLAD: {@code task}, {@code beta}),
   * or {@code null} for methods without any.
   */
  public Dataset<Row> tasks() {
    return tasks;
  }

  /** The posteriors of the fitted tasks (columns: task, label, probability, posterior). */
  public Dataset<Row> posteriors() {
    return data.spark.createDataFrame(fittedRows, Blocks.POSTERIOR_SCHEMA);
  }

  /**
   * Posteriors of the tasks in {@code answers} (same column names as the fit) under the parameters
   * that gave the fitted posteriors: {@code transform} of the fitted answers equals {@link
   * #posteriors()}. Answers by workers the model has not seen are left out (a task left without
   * answers gets the class prior); labels must be among {@link #labels()}; a gold column, if
   * configured, clamps its tasks.
   */
  public Dataset<Row> transform(Dataset<Row> answers) {
    return transform(answers, columns);
  }

  /** {@link #transform(Dataset)} with other column names. */
  public Dataset<Row> transform(Dataset<Row> answers, AnswerColumns answerColumns) {
    if (scorer == null) {
      throw new UnsupportedOperationException(method + " has no transform for new answers");
    }
    Preparation.Settings lazy =
        new Preparation.Settings(
            settings.numPartitions(),
            settings.answersPerPartition(),
            StorageLevel.NONE(),
            settings.cacheInput(),
            settings.workerBroadcastLimit(),
            settings.treeReduceAbove());
    PreparedAnswers fresh =
        Preparation.prepare(
            answers.sparkSession(),
            answers,
            answerColumns,
            lazy,
            new Preparation.Fixed(
                data.labels, data.workerIndex, data.numWorkers, transformNeedsWorkers, taskValues));
    return fresh.spark.createDataFrame(scoreRows(fresh, scorer), Blocks.POSTERIOR_SCHEMA);
  }

  /**
   * {@code posteriors} with the {@code posterior} array replaced by one column {@code p_<label>}
   * per label (the layout of the command line's CSV output).
   */
  public static Dataset<Row> wide(Dataset<Row> posteriors, List<String> labels) {
    List<Column> cols = new ArrayList<>();
    cols.add(col("task"));
    cols.add(col("label"));
    for (int c = 0; c < labels.size(); c++) {
      cols.add(col("posterior").getItem(c).as("p_" + labels.get(c)));
    }
    return posteriors.select(cols.toArray(new Column[0]));
  }

  /** Releases the cached answer blocks, the worker index and the broadcast parameters. */
  public void unpersist() {
    data.unpersist();
    if (data.workerIndex != null) {
      data.workerIndex.unpersist(false);
    }
    for (Runnable r : cleanups) {
      r.run();
    }
  }
}
