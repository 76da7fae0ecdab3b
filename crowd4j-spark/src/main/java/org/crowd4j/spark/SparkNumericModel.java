package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.method.Diagnostics;

/**
 * A fitted numeric method on Spark ({@link SparkNumericAggregator}), as a Spark ML model: {@link
 * #transform} turns numeric answers (one row per answer, the columns of the params) into one row
 * per task with the task id and its estimated value ({@link #estimateCol()}), under the parameters
 * that gave the fitted estimates: the mean or median of the task's answers, the weighted mean under
 * the fitted worker weights (CATD, PM) or the posterior mean under Raykar et al.'s model. Every
 * worker's answers, bias, variance and weight, as the core's {@code NumericResult} gives them, are
 * in {@link #workers()} and, by the ids of {@link #workerIndex()}, in {@link #bias()}, {@link
 * #variance()} and {@link #weights()}.
 *
 * <p>{@link #write()} saves the model to any Hadoop file system ({@code metadata}, {@code data},
 * {@code workers}); {@link #load} reads it back, and the loaded model transforms answers as the
 * saved one did. Right after a fit the model also holds the fit's cached answer blocks: {@link
 * #estimates()} are then the estimates of the fitted tasks, and {@link #unpersist()} releases them.
 */
public final class SparkNumericModel extends FittedModel<SparkNumericModel>
    implements NumericParams<SparkNumericModel> {
  private static final long serialVersionUID = 1L;

  private final transient NumericFit fit;

  SparkNumericModel(String uid, NumericFit fit) {
    super(uid);
    this.fit = Objects.requireNonNull(fit, "fit");
    NumericParams.declare(this);
  }

  /** Reads a model saved with {@link #write()}. */
  public static MLReader<SparkNumericModel> read() {
    return new StoredFit.Reader<>(NumericStore::load);
  }

  /** {@code read().load(path)}. */
  public static SparkNumericModel load(String path) {
    return read().load(path);
  }

  NumericFit fit() {
    return fit;
  }

  @Override
  SparkNumericModel sameFit(String uid) {
    return new SparkNumericModel(uid, fit);
  }

  /** The method's name, as on the command line ({@code raykar}, {@code catd}, ...). */
  public String method() {
    return fit.method;
  }

  /** Iterations, convergence and objective history, as the core reports them. */
  public Diagnostics diagnostics() {
    return fit.diagnostics;
  }

  /** Number of fitted tasks. */
  public long numTasks() {
    return fit.numTasks;
  }

  /** Number of fitted answers. */
  public long numAnswers() {
    return fit.numAnswers;
  }

  /** Number of workers. */
  public int numWorkers() {
    return fit.answers.length;
  }

  /** Number of fitted tasks with a known value (gold). */
  public long numGold() {
    return fit.numGold;
  }

  /** Number of partitions (answer blocks) of the fit. */
  public int fitPartitions() {
    return fit.numPartitions;
  }

  /**
   * Wall time of the fit: reading, checking and partitioning the answers into cached blocks ({@code
   * [0]}), and the method itself ({@code [1]}).
   */
  public double[] fitSeconds() {
    return fit.seconds.clone();
  }

  /** The worker index: {@code wname} (string) and {@code wid} (dense id, in name order). */
  public Dataset<Row> workerIndex() {
    return fit.workerIndex;
  }

  /** Every worker's bias, by the ids of {@link #workerIndex()}. */
  public double[] bias() {
    return fit.bias.clone();
  }

  /** Every worker's variance, by the ids of {@link #workerIndex()}. */
  public double[] variance() {
    return fit.variance.clone();
  }

  /** Every worker's weight (sums to 1), by the ids of {@link #workerIndex()}. */
  public double[] weights() {
    return fit.weights.clone();
  }

  /**
   * The worker table, one row per worker in name order: {@code worker}, {@code answers}, {@code
   * bias}, {@code variance} and {@code weight}, as the core's {@code NumericResult} has them (for
   * Raykar the fitted parameters, else measured against the estimates).
   */
  public Dataset<Row> workers() {
    return fit.table(SparkSession.active())
        .orderBy("wid")
        .select(
            org.apache.spark.sql.functions.col("wname").as("worker"),
            org.apache.spark.sql.functions.col("answers"),
            org.apache.spark.sql.functions.col("bias"),
            org.apache.spark.sql.functions.col("variance"),
            org.apache.spark.sql.functions.col("weight"));
  }

  /**
   * The estimates of the fitted tasks, in the layout of {@link #transform}: computed from the
   * cached answer blocks of the fit when used (one pass, no shuffle), equal to {@code transform} of
   * the fitted answers.
   *
   * @throws IllegalStateException for a loaded model, which holds no answers
   */
  public Dataset<Row> estimates() {
    if (fit.data == null) {
      throw new IllegalStateException(
          "a loaded "
              + method()
              + " model holds no answers: transform the answers to get their estimates");
    }
    return rows(fit.data);
  }

  /**
   * Estimates of the tasks in {@code answers} (one row per answer, the columns of the params) under
   * the parameters that gave the fitted estimates: one row per task with the task id (string,
   * column {@link #taskCol()}) and {@link #estimateCol()} (double). Answers of workers the model
   * has not seen are left out by the methods that weigh workers (a task left without answers gets
   * Raykar's prior mean, or NaN from CATD and PM); when the answers have the {@link #goldCol()}
   * column, the methods that use gold keep the known values.
   *
   * @throws CrowdInputException naming the column for a missing column, nulls, a value that is not
   *     a finite number or conflicting known values
   */
  @Override
  public Dataset<Row> transform(Dataset<?> answers) {
    transformSchema(answers.schema());
    Dataset<Row> frame = answers.toDF();
    boolean useWorkers = fit.scorer.needsWorkers();
    PreparedNumeric fresh =
        NumericPreparation.prepare(
            frame.sparkSession(),
            frame,
            columns(frame.schema()),
            Preparation.Settings.forTransform(this),
            new NumericPreparation.Fixed(fit.workerIndex, numWorkers(), useWorkers));
    return rows(fresh);
  }

  /** The answer columns for {@code schema}: the gold column only when it is there. */
  private NumericPreparation.Columns columns(StructType schema) {
    String gold = SharedParams.optional(getGoldCol());
    if (gold != null && !List.of(schema.fieldNames()).contains(gold)) {
      gold = null;
    }
    return new NumericPreparation.Columns(getTaskCol(), getWorkerCol(), getValueCol(), gold);
  }

  private Dataset<Row> rows(PreparedNumeric data) {
    Broadcast<NumericScorer> scorer = fit.scorer(data.spark());
    JavaRDD<Row> rows =
        data.blocks()
            .flatMap(
                b -> {
                  double[] estimate = scorer.value().score(b);
                  String[] tasks = b.tasks();
                  List<Row> out = new ArrayList<>(tasks.length);
                  for (int i = 0; i < tasks.length; i++) {
                    out.add(RowFactory.create(tasks[i], estimate[i]));
                  }
                  return out.iterator();
                });
    return data.spark().createDataFrame(rows, outputSchema());
  }

  /**
   * Checks that {@code schema} has the answer columns (task, value and, for the methods that weigh
   * workers, worker) and returns the output schema: task (string), estimate (double).
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns(schema).validate(schema, fit.scorer.needsWorkers());
    return outputSchema();
  }

  private StructType outputSchema() {
    return outputSchema(getTaskCol(), getEstimateCol());
  }

  /** Output schema: task (string), estimate (double). */
  static StructType outputSchema(String task, String estimate) {
    if (task.equals(estimate)) {
      throw new IllegalArgumentException(
          "the task and estimate columns need two names: " + List.of(task, estimate));
    }
    return new StructType()
        .add(task, DataTypes.StringType, false)
        .add(estimate, DataTypes.DoubleType, false);
  }

  /**
   * Saves the model: {@code metadata} (the params, Spark ML's layout), {@code data} (one Parquet
   * row: method, scorer, sizes, diagnostics) and {@code workers} (the worker table with the
   * scorer's rows of every worker), written into a temporary directory and renamed into place.
   */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, (instance, dir, spark) -> NumericStore.save(this, dir, spark));
  }

  /** Releases the cached answer blocks of the fit, its worker index and the scorer's broadcast. */
  public void unpersist() {
    fit.unpersist();
  }
}
