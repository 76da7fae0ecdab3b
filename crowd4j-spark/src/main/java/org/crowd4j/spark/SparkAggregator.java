package org.crowd4j.spark;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.util.MLWritable;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.OptionsBinder;

/**
 * An aggregation method on Spark as a Spark ML {@link Estimator}: set the columns, the layout and
 * the method's options as params, then {@link #fit} an answers DataFrame (one row per answer) into
 * the method's {@link CrowdModel}. An estimator goes into a {@code Pipeline} like any other stage,
 * saves its params with {@link #write()} and reads them back with the {@code load} of its class.
 *
 * <p><b>How a fit runs.</b> The answers are validated (columns, nulls, labels, gold), labels are
 * numbered in the core's order, workers in name order, and the answers are hash-partitioned by task
 * into one {@link AnswerBlock} of primitive arrays per partition, cached once. Every EM iteration
 * is then a single job: each block runs the core's per-task kernel (E-step and M-step statistics
 * together) under parameters broadcast by the driver and returns small per-worker sums for its own
 * workers; the driver adds them in partition order, takes the M-step and broadcasts the new
 * parameters. No answer reaches the driver, no iteration shuffles, and the lineage of an iteration
 * is the cached blocks plus one map, whatever the number of iterations.
 *
 * <p><b>Memory.</b> The driver holds the worker parameters (for Dawid–Skene {@code W × K²} doubles)
 * and receives, per iteration, the sums of every block for the workers of that block. With {@code
 * P} partitions that is at most {@code P × W × K²} doubles per iteration and usually far fewer (a
 * block only reports its own workers). Up to about 10^7 worker parameters (for example a million
 * workers at K = 3) this fits a driver with a few GB; beyond that, the parameters would have to
 * stay distributed (a keyed reduce and a join per iteration), which these classes do not do.
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself (what the setters return)
 */
public abstract class SparkAggregator<M extends CrowdModel<M>, E extends SparkAggregator<M, E>>
    extends Estimator<M> implements MLWritable, AnswerParams<E> {
  private static final long serialVersionUID = 1L;

  private final String uid;
  private final Param<String> taskCol;
  private final Param<String> workerCol;
  private final Param<String> labelCol;
  private final Param<String> goldCol;
  private final Param<String> predictionCol;
  private final Param<String> probabilityCol;
  private final IntParam numPartitions;
  private final LongParam answersPerPartition;
  private final Param<String> storageLevel;
  private final BooleanParam cacheInput;
  private final IntParam workerBroadcastLimit;
  private final LongParam treeReduceAbove;
  private transient IterationListener listener = IterationListener.NONE;

  SparkAggregator(String uid) {
    this.uid = Objects.requireNonNull(uid, "uid");
    taskCol = SharedParams.taskCol(this);
    workerCol = SharedParams.workerCol(this);
    labelCol = SharedParams.labelCol(this);
    goldCol = SharedParams.goldCol(this);
    predictionCol = SharedParams.predictionCol(this);
    probabilityCol = SharedParams.probabilityCol(this);
    numPartitions = SharedParams.numPartitions(this);
    answersPerPartition = SharedParams.answersPerPartition(this);
    storageLevel = SharedParams.storageLevel(this);
    cacheInput = SharedParams.cacheInput(this);
    workerBroadcastLimit = SharedParams.workerBroadcastLimit(this);
    treeReduceAbove = SharedParams.treeReduceAbove(this);
    setDefault(taskCol, SharedParams.TASK);
    setDefault(workerCol, SharedParams.WORKER);
    setDefault(labelCol, SharedParams.LABEL);
    setDefault(goldCol, "");
    setDefault(predictionCol, SharedParams.PREDICTION);
    setDefault(probabilityCol, SharedParams.PROBABILITY);
    setDefault(numPartitions, 0);
    setDefault(answersPerPartition, (long) SharedParams.ANSWERS_PER_PARTITION);
    setDefault(storageLevel, SharedParams.STORAGE_LEVEL);
    setDefault(cacheInput, true);
    setDefault(workerBroadcastLimit, SharedParams.WORKER_BROADCAST_LIMIT);
    setDefault(treeReduceAbove, SharedParams.TREE_REDUCE_ABOVE);
  }

  @Override
  public String uid() {
    return uid;
  }

  /** The method's name, as on the command line. */
  public abstract String name();

  /**
   * The method's options as the core's record, built from the params (which it validates).
   *
   * @throws IllegalArgumentException for a value the core's record refuses
   */
  public abstract Record options();

  /**
   * Sets every method option from the core's record.
   *
   * @throws IllegalArgumentException for an option the Spark method does not support
   */
  public abstract E setOptions(Record options);

  /** {@code options} as {@code type}, or an error naming both. */
  static <T extends Record> T expect(Record options, Class<T> type) {
    if (!type.isInstance(options)) {
      throw new IllegalArgumentException(
          "expected "
              + type.getName()
              + ", not "
              + (options == null ? "null" : options.getClass().getName()));
    }
    return type.cast(options);
  }

  /** A new uid for an estimator of method {@code method}. */
  static String newUid(String method) {
    return org.apache.spark.ml.util.Identifiable$.MODULE$.randomUID(
        "crowd4j_" + method.replace('-', '_'));
  }

  @SuppressWarnings("unchecked")
  final E self() {
    return (E) this;
  }

  /**
   * Sets {@code param} to {@code value} after checking the value with the core's record: the option
   * {@code option} of {@link #options()} replaced by it (the record's message on a bad value).
   */
  final <T> E setOption(Param<T> param, String option, T value) {
    OptionsBinder.bind(options(), Map.of(option, String.valueOf(value)));
    set(param, value);
    return self();
  }

  @Override
  public Param<String> taskCol() {
    return taskCol;
  }

  @Override
  public Param<String> workerCol() {
    return workerCol;
  }

  @Override
  public Param<String> labelCol() {
    return labelCol;
  }

  @Override
  public Param<String> goldCol() {
    return goldCol;
  }

  @Override
  public Param<String> predictionCol() {
    return predictionCol;
  }

  @Override
  public Param<String> probabilityCol() {
    return probabilityCol;
  }

  @Override
  public IntParam numPartitions() {
    return numPartitions;
  }

  @Override
  public LongParam answersPerPartition() {
    return answersPerPartition;
  }

  /**
   * Storage level of the answer blocks, by name (default {@code MEMORY_AND_DISK}: deserialized in
   * memory, spilled rather than recomputed from the input); not {@code NONE}.
   */
  public Param<String> storageLevel() {
    return storageLevel;
  }

  /** The value of {@link #storageLevel()}. */
  public String getStorageLevel() {
    return $(storageLevel);
  }

  /** Sets {@link #storageLevel()} (a name of {@link StorageLevel}, not {@code NONE}). */
  public E setStorageLevel(String level) {
    if (!SharedParams.isStorageLevel(level)) {
      throw new IllegalArgumentException(
          "storageLevel must name a storage level other than NONE, e.g. MEMORY_AND_DISK: " + level);
    }
    set(storageLevel, level);
    return self();
  }

  @Override
  public BooleanParam cacheInput() {
    return cacheInput;
  }

  @Override
  public IntParam workerBroadcastLimit() {
    return workerBroadcastLimit;
  }

  /**
   * When all blocks together report per-worker sums for more than this many workers (counting a
   * worker once per block it answers in), the sums are added on the executors in groups of about √P
   * partitions before they reach the driver (default 4,000,000).
   */
  public LongParam treeReduceAbove() {
    return treeReduceAbove;
  }

  /** The value of {@link #treeReduceAbove()}. */
  public long getTreeReduceAbove() {
    return (Long) $(treeReduceAbove);
  }

  /** Sets {@link #treeReduceAbove()}. */
  public E setTreeReduceAbove(long workerRows) {
    set(treeReduceAbove, workerRows);
    return self();
  }

  /**
   * Called on the driver after every iteration (progress, early stop). Not a param: it is not
   * saved, and a copy of this estimator shares it.
   */
  public E setListener(IterationListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return self();
  }

  IterationListener listener() {
    return listener == null ? IterationListener.NONE : listener;
  }

  /** The column names of the answers. */
  AnswerColumns columns() {
    return new AnswerColumns(
        getTaskCol(), getWorkerCol(), getLabelCol(), SharedParams.optional(getGoldCol()));
  }

  Preparation.Settings settings() {
    return new Preparation.Settings(
        getNumPartitions(),
        getAnswersPerPartition(),
        StorageLevel.fromString(getStorageLevel()),
        getCacheInput(),
        getWorkerBroadcastLimit(),
        getTreeReduceAbove());
  }

  /**
   * Checks that {@code schema} has the answer columns (task, worker, label and, when set, gold; of
   * atomic types) and returns the schema of the model's output: the task column (string), {@link
   * #predictionCol()} (string) and {@link #probabilityCol()} (vector), one row per task.
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  @Override
  public StructType transformSchema(StructType schema) {
    columns().validate(schema, true);
    return CrowdModel.outputSchema(getTaskCol(), getPredictionCol(), getProbabilityCol());
  }

  /**
   * Fits the method to {@code answers}, one row per answer. The model has this estimator's uid and
   * params (columns, layout) and this estimator as its parent.
   *
   * @throws CrowdInputException (an {@link IllegalArgumentException}) for a missing column, null
   *     ids or labels, a gold label no answer uses, conflicting gold labels of a task, or no
   *     answers; the message names the column and the problem
   * @throws IllegalArgumentException for an option value the core's record refuses
   */
  @Override
  public final M fit(Dataset<?> answers) {
    Objects.requireNonNull(answers, "answers");
    options();
    transformSchema(answers.schema());
    Dataset<Row> frame = answers.toDF();
    long t0 = System.nanoTime();
    PreparedAnswers data = Preparation.prepare(frame.sparkSession(), frame, columns(), settings());
    long t1 = System.nanoTime();
    boolean ok = false;
    try {
      ModelState state = Preparation.unwrap(() -> fit(data));
      state.timings((t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
      M model = copyValues(newModel(uid, state), new ParamMap());
      model.setParent(this);
      ok = true;
      return model;
    } finally {
      if (!ok) {
        data.unpersist();
        if (data.workerIndex != null) {
          data.workerIndex.unpersist(false);
        }
      }
    }
  }

  /** The method's fit on prepared answers. */
  abstract ModelState fit(PreparedAnswers data);

  /** The method's model around {@code state}. */
  abstract M newModel(String uid, ModelState state);

  /** A copy with the same uid and params, {@code extra} applied, and the same listener. */
  @Override
  public E copy(ParamMap extra) {
    E that = defaultCopy(extra);
    that.setListener(listener());
    return that;
  }

  /**
   * Saves the params (Spark ML's metadata layout, readable by {@code DefaultParamsReader}: the
   * {@code load} of every estimator class).
   */
  @Override
  public MLWriter write() {
    return new AtomicWriter(this, AtomicWriter::saveParams);
  }

  @Override
  public void save(String path) throws IOException {
    write().save(path);
  }

  /**
   * One job over the blocks: {@code pass} per block; the results in partition order (see {@link
   * BlockSums#collect}).
   */
  static List<PartialSums> run(PreparedAnswers data, Function<AnswerBlock, PartialSums> pass) {
    return BlockSums.collect(data, data.blocks.map(pass));
  }

  /** Type of a confusion-matrix column: rows indexed [true label][answered label]. */
  static final org.apache.spark.sql.types.DataType CONFUSION =
      DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType, false));

  /**
   * The state of an {@link #em} fit's model: the broadcast of the last E-step (per-worker entries
   * {@code strides}; none when no iteration ran, and the posteriors are the soft-majority start)
   * and the diagnostics, the objective named {@code objective}.
   */
  final ModelState.Builder emState(
      PreparedAnswers data, EmRun run, String objective, int... strides) {
    return new ModelState.Builder(data, name())
        .eStep(run.eStep, strides)
        .diagnostics(run.diagnostics(objective));
  }

  /** Broadcasts {@code value}; the caller destroys it when no job needs it any more. */
  static <T> Broadcast<T> broadcast(PreparedAnswers data, T value) {
    return data.jsc.broadcast(value);
  }

  /** Destroys a broadcast without waiting. */
  static void destroy(Broadcast<?> b) {
    if (b != null) {
      b.destroy();
    }
  }

  /** Iterations, convergence and objectives of an {@link #em} loop. */
  static final class EmRun {
    private final double[] history;
    private int iterations;
    private boolean converged;

    /** The parameters of the last iteration's E-step; null when no iteration ran. */
    private Broadcast<double[][]> eStep;

    private EmRun(int maxIterations) {
      this.history = new double[maxIterations];
      this.converged = maxIterations == 0;
    }

    /** The fit's diagnostics, the objective named {@code objective}. */
    Diagnostics diagnostics(String objective) {
      return new Diagnostics(iterations, converged, Arrays.copyOf(history, iterations), objective);
    }
  }

  /**
   * One EM iteration under broadcast parameters: its jobs and the M-step; returns the objective.
   */
  @FunctionalInterface
  interface EmIteration {
    double run(Broadcast<double[][]> params);
  }

  /**
   * The EM loop of the estimators, with the core's stopping rule: per iteration, broadcasts {@code
   * params.get()} and runs {@code iteration} under it; stops after {@code maxIterations}, when the
   * objective gained less than {@code tol}, or when the listener says so. The broadcast of the last
   * iteration is kept for the model's E-step ({@link #emState}), the earlier ones destroyed.
   */
  final EmRun em(
      PreparedAnswers data,
      int maxIterations,
      double tol,
      Supplier<double[][]> params,
      EmIteration iteration) {
    EmRun run = new EmRun(maxIterations);
    double previous = Double.NEGATIVE_INFINITY;
    for (int it = 1; it <= maxIterations; it++) {
      Broadcast<double[][]> p = broadcast(data, params.get());
      double objective;
      try {
        objective = iteration.run(p);
      } catch (RuntimeException | Error e) {
        destroy(p);
        destroy(run.eStep);
        throw e;
      }
      destroy(run.eStep);
      run.eStep = p;
      run.history[it - 1] = objective;
      run.iterations = it;
      boolean keepGoing = listener.onIteration(name(), it, maxIterations, objective);
      if (objective - previous < tol) {
        run.converged = true;
        break;
      }
      previous = objective;
      if (!keepGoing) {
        break;
      }
    }
    return run;
  }

  /** e^x of every entry of {@code log}, as a new array. */
  static double[] exp(double[] log) {
    double[] out = new double[log.length];
    for (int j = 0; j < log.length; j++) {
      out[j] = Math.exp(log[j]);
    }
    return out;
  }

  /** {@code [k][l]} rows of a flat {@code K × K} block starting at {@code from}. */
  static double[][] matrix(double[] flat, int from, int k) {
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      System.arraycopy(flat, from + c * k, m[c], 0, k);
    }
    return m;
  }
}
