package org.crowd4j.spark;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.method.Diagnostics;

/**
 * A fitted aggregation on Spark, as a Spark ML {@link org.apache.spark.ml.Model}: {@link
 * #transform} turns answers (one row per answer, the columns of the params) into one row per task
 * with the task id, the most probable label ({@link #predictionCol()}, ties to the label that sorts
 * first) and the posterior ({@link #probabilityCol()}, an {@code ml.linalg} vector in {@link
 * #labels()} order), under the parameters that gave the fitted posteriors. The annotator model is a
 * DataFrame ({@link #workers()}) and the core's record ({@link #localWorkerModel()}).
 *
 * <p>{@link #write()} saves the model to any Hadoop file system: the params as Spark ML metadata,
 * the model-level parameters and the worker table (with the E-step parameters of every worker) as
 * Parquet beside them; the {@code load} of the model's class reads it back, and the loaded model
 * transforms answers exactly as the saved one did, without the answers it was fitted to.
 *
 * <p>Right after a fit the model also holds the cached answer blocks of the fit: {@link
 * #posteriors()} are then the posteriors of the fitted tasks (equal to {@code transform} of the
 * fitted answers, without preparing them again), and {@link #unpersist()} releases the blocks.
 *
 * @param <M> the model itself
 */
public abstract class CrowdModel<M extends CrowdModel<M>> extends FittedModel<M>
    implements AnswerParams<M> {
  private static final long serialVersionUID = 1L;

  final transient ModelState state;

  CrowdModel(String uid, ModelState state) {
    super(uid);
    this.state = Objects.requireNonNull(state, "state");
    AnswerParams.declare(this);
  }

  /**
   * The posteriors of a block's tasks under the E-step parameters {@code eStep} (null when the fit
   * ran no iteration: the soft-majority start).
   */
  abstract BlockScorer scorer(Broadcast<double[][]> eStep);

  /** Whether scoring uses worker ids (answers of unknown workers are then left out). */
  abstract boolean needsWorkers();

  /** The core's record of the annotator model, from {@link #parameters()}. */
  abstract WorkerModel workerModel();

  /** A model of this class around {@code state} (for {@link #copy}). */
  abstract M newInstance(String uid, ModelState state);

  final FittedParameters parameters() {
    return state.parameters;
  }

  /**
   * The per-worker confusion matrices of the worker table's {@code confusion} column (the models
   * that fit one: Dawid–Skene, common-confusion EM, the classifier-aware EM and CROWDLAB).
   */
  final ConfusionMatrices confusionColumn() {
    return new ConfusionMatrices(numWorkers(), labels().size(), parameters().column("confusion"));
  }

  @Override
  final M sameFit(String uid) {
    return newInstance(uid, state);
  }

  /** The method's name (as on the command line). */
  public String method() {
    return parameters().method();
  }

  /** Label names, in the order of the probability vectors (the core's label order). */
  public List<String> labels() {
    return parameters().labels();
  }

  /** Number of fitted tasks. */
  public long numTasks() {
    return parameters().counts().numTasks();
  }

  /** Number of fitted answers. */
  public long numAnswers() {
    return parameters().counts().numAnswers();
  }

  /** Number of workers. */
  public int numWorkers() {
    return parameters().counts().numWorkers();
  }

  /** Number of fitted tasks with a gold label. */
  public long numGold() {
    return parameters().counts().numGold();
  }

  /** Number of partitions (answer blocks) of the fit. */
  public int fitPartitions() {
    return parameters().counts().numPartitions();
  }

  /**
   * Wall time of the fit: reading, checking and partitioning the answers into cached blocks ({@code
   * [0]}), and the method itself — start, iterations, annotator statistics ({@code [1]}). The
   * posteriors are computed later, when a DataFrame of them is used.
   */
  public double[] fitSeconds() {
    return state.seconds();
  }

  /** The class prior, or {@code null} when the method has none. */
  public double[] classPriors() {
    double[] p = parameters().classPriors();
    return p == null ? null : p.clone();
  }

  /** Iterations, convergence and objective history, as the core reports them. */
  public Diagnostics diagnostics() {
    return parameters().diagnostics();
  }

  /**
   * The annotator model as the core's record, indexed by the worker ids of {@link #workerIndex()}
   * (the same records the single-machine methods return). Held on the driver.
   */
  public WorkerModel localWorkerModel() {
    return state.workerModel(this::workerModel);
  }

  /** The worker index: {@code wname} (string) and {@code wid} (dense id, in name order). */
  public Dataset<Row> workerIndex() {
    return state.workerIndex;
  }

  /**
   * The annotator model as a DataFrame, one row per worker: {@code worker}, {@code answers} and the
   * method's parameters (for example {@code skill} and {@code confusion}, an array of rows indexed
   * [true label][answered label]), and last {@code answerConfusion}: P(answer | true label) under
   * the answer model the method implies, averaged over the worker's answers (the single-machine
   * model file's field of that name).
   */
  public Dataset<Row> workers() {
    return WorkerTable.shown(fullWorkerTable());
  }

  /** The worker table with the storage columns ({@code wid}, {@code eStep}). */
  final Dataset<Row> fullWorkerTable() {
    if (state.savedWorkers != null) {
      return state.savedWorkers;
    }
    return state.workerTable(cleanups -> WorkerTable.build(state, answerConfusion(), cleanups));
  }

  /** The answer confusions, flat {@code [w][z][l]} (computed on first use after a fit). */
  final double[] answerConfusion() {
    FittedParameters p = parameters();
    return state.answerConfusion(
        accuracy ->
            AnswerConfusions.of(
                p.counts().numWorkers(),
                p.numLabels(),
                localWorkerModel(),
                accuracy != null
                    ? accuracy
                    : () -> AnswerConfusions.oneCoinFit(state.data, scorer())));
  }

  /** The scorer under this model's E-step. */
  final BlockScorer scorer() {
    return scorer(state.eStep());
  }

  /**
   * The posteriors of the fitted tasks, in the layout of {@link #transform}: computed from the
   * cached answer blocks of the fit when used (one pass, no shuffle), equal to {@code transform} of
   * the fitted answers.
   *
   * @throws IllegalStateException for a loaded model, which holds no answers ({@link #transform}
   *     them instead)
   */
  public Dataset<Row> posteriors() {
    if (!state.fitted()) {
      throw new IllegalStateException(
          "a loaded "
              + method()
              + " model holds no answers: transform the answers to get their posteriors");
    }
    JavaRDD<Row> rows = state.fittedRows(() -> scoreRows(state.data, scorer()));
    return state.spark.createDataFrame(rows, outputSchema());
  }

  /**
   * Posteriors of the tasks in {@code answers} (one row per answer, the columns of the params)
   * under the parameters that gave the fitted posteriors: one row per task with the task id
   * (string, column {@link #taskCol()}), {@link #predictionCol()} and {@link #probabilityCol()}.
   * {@code transform} of the fitted answers equals {@link #posteriors()}. Answers by workers the
   * model has not seen are left out (a task left without answers gets the class prior); labels must
   * be among {@link #labels()}; when the answers have the {@link #goldCol()} column, its tasks are
   * clamped.
   *
   * @throws CrowdInputException naming the column for a missing column, nulls, an unknown label or
   *     conflicting gold labels
   */
  @Override
  public Dataset<Row> transform(Dataset<?> answers) {
    StructType out = transformSchema(answers.schema());
    Dataset<Row> frame = answers.toDF();
    Preparation.Settings lazy = Preparation.Settings.forTransform(this);
    FittedParameters p = parameters();
    Dataset<Row> taskValues =
        state.taskTable == null ? null : state.taskTable.toDF("tname", "tvalue");
    PreparedAnswers fresh =
        Preparation.prepare(
            frame.sparkSession(),
            frame,
            columns(frame.schema()),
            lazy,
            new Preparation.Fixed(
                p.labels(), state.workerIndex, numWorkers(), needsWorkers(), taskValues));
    PreparedAnswers ready = withInputs(fresh, frame);
    return ready.spark.createDataFrame(scoreRows(ready, scorer()), out);
  }

  /**
   * New answers with the classifier's probabilities of {@code answers} joined into the blocks for a
   * model that reads them ({@link HasPredictionPrefix}); {@code data} itself for the others.
   */
  private PreparedAnswers withInputs(PreparedAnswers data, Dataset<Row> answers) {
    return this instanceof HasPredictionPrefix<?> p
        ? TaskPredictions.attach(data, answers, getTaskCol(), p.getPredictionPrefix())
        : data;
  }

  /** The answer columns for {@code schema}: the gold column only when it is there. */
  private AnswerColumns columns(StructType schema) {
    String gold = SharedParams.optional(getGoldCol());
    if (gold != null && !Arrays.asList(schema.fieldNames()).contains(gold)) {
      gold = null;
    }
    return new AnswerColumns(getTaskCol(), getWorkerCol(), getLabelCol(), gold);
  }

  /**
   * Checks that {@code schema} has the answer columns (task, label and, for methods that use them,
   * worker) and returns the output schema: task (string), prediction (string), probability
   * (vector).
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns(schema).validate(schema, needsWorkers());
    if (this instanceof HasPredictionPrefix<?> p) {
      TaskPredictions.classes(schema, p.getPredictionPrefix());
    }
    return outputSchema();
  }

  /** The schema of {@link #transform}'s output. */
  StructType outputSchema() {
    return outputSchema(getTaskCol(), getPredictionCol(), getProbabilityCol());
  }

  /** Output schema: task (string), prediction (string), probability (vector). */
  static StructType outputSchema(String task, String prediction, String probability) {
    if (task.equals(prediction) || task.equals(probability) || prediction.equals(probability)) {
      throw new IllegalArgumentException(
          "the task, prediction and probability columns need three names: "
              + List.of(task, prediction, probability));
    }
    return new StructType()
        .add(task, DataTypes.StringType, false)
        .add(prediction, DataTypes.StringType, false)
        .add(probability, SQLDataTypes.VectorType(), false);
  }

  private static JavaRDD<Row> scoreRows(PreparedAnswers data, BlockScorer scorer) {
    String[] labels = data.labels.toArray(new String[0]);
    return data.blocks.flatMap(b -> Blocks.rows(b, scorer.score(b), labels));
  }

  /**
   * {@code scored} (the output of {@link #transform} or {@link #posteriors()}) as the command
   * line's CSV layout: {@code task}, {@code label} (the prediction) and one column {@code
   * p_<label>} per label.
   */
  public Dataset<Row> wide(Dataset<Row> scored) {
    Column array =
        org.apache.spark.ml.functions.vector_to_array(col(getProbabilityCol()), "float64");
    List<Column> cols = new ArrayList<>();
    cols.add(col(getTaskCol()).as("task"));
    cols.add(col(getPredictionCol()).as("label"));
    List<String> labels = labels();
    for (int c = 0; c < labels.size(); c++) {
      cols.add(array.getItem(c).as("p_" + labels.get(c)));
    }
    return scored.select(cols.toArray(new Column[0]));
  }

  /**
   * Saves the model: {@code metadata} (the params, Spark ML's layout), {@code data} (one Parquet
   * row: method, labels, sizes, class prior, diagnostics, model-level parameters), {@code workers}
   * (the worker table with the E-step parameters of every worker) and, for GLAD, {@code tasks}
   * (task, β). Written into a temporary directory and renamed into place.
   */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, (instance, dir, spark) -> ModelStore.save(this, dir, spark));
  }

  /** Releases the cached answer blocks, the worker index of the fit and the broadcasts. */
  public void unpersist() {
    state.unpersist();
  }
}
