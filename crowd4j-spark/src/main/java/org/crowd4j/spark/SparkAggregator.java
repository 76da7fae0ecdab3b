package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.aggregate.Diagnostics;
import org.crowd4j.aggregate.IterationListener;
import org.crowd4j.aggregate.WorkerModel;
import scala.Tuple2;

/**
 * An aggregation method on Spark, in the style of a Spark ML estimator: configure the columns and
 * the layout with the setters, then {@link #fit} an answers DataFrame (one row per answer) into a
 * {@link CrowdModel}.
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
 */
public abstract class SparkAggregator {
  private AnswerColumns columns = AnswerColumns.defaults();
  private int numPartitions;
  private long answersPerPartition = 4_000_000L;
  private StorageLevel storageLevel = StorageLevel.MEMORY_AND_DISK();
  private boolean cacheInput = true;
  private int workerBroadcastLimit = 2_000_000;
  private long treeReduceAbove = 4_000_000L;
  private IterationListener listener = IterationListener.NONE;

  SparkAggregator() {}

  /** The method's name, as on the command line. */
  public abstract String name();

  /** The column names. */
  public AnswerColumns columns() {
    return columns;
  }

  /** Sets all column names. */
  public SparkAggregator setColumns(AnswerColumns columns) {
    this.columns = Objects.requireNonNull(columns, "columns");
    return this;
  }

  /** The task id column (default {@code task}). */
  public SparkAggregator setTaskCol(String name) {
    return setColumns(columns.withTask(name));
  }

  /** The worker id column (default {@code worker}). */
  public SparkAggregator setWorkerCol(String name) {
    return setColumns(columns.withWorker(name));
  }

  /** The answered label column (default {@code label}). */
  public SparkAggregator setLabelCol(String name) {
    return setColumns(columns.withLabel(name));
  }

  /**
   * A column with the known true label of the row's task, null where unknown; methods that support
   * it clamp those tasks (default: none).
   */
  public SparkAggregator setGoldCol(String name) {
    return setColumns(columns.withGold(name));
  }

  /**
   * Number of partitions (= answer blocks); 0 (the default) uses a multiple of the default
   * parallelism with at most {@link #setAnswersPerPartition} answers per block.
   */
  public SparkAggregator setNumPartitions(int partitions) {
    if (partitions < 0) {
      throw new IllegalArgumentException("numPartitions must be >= 0: " + partitions);
    }
    this.numPartitions = partitions;
    return this;
  }

  /** Target answers per block when the partition count is automatic (default 4,000,000). */
  public SparkAggregator setAnswersPerPartition(long answers) {
    if (answers < 1) {
      throw new IllegalArgumentException("answersPerPartition must be >= 1: " + answers);
    }
    this.answersPerPartition = answers;
    return this;
  }

  /**
   * Storage level of the answer blocks (default {@code MEMORY_AND_DISK}: deserialized in memory,
   * spilled rather than recomputed from the input).
   */
  public SparkAggregator setStorageLevel(StorageLevel level) {
    this.storageLevel = Objects.requireNonNull(level, "level");
    if (level.equals(StorageLevel.NONE())) {
      throw new IllegalArgumentException("the answer blocks must be cached: storage level NONE");
    }
    return this;
  }

  /**
   * Whether to cache the selected input columns while new answers are checked and partitioned for
   * {@link CrowdModel#transform} (a few jobs), so the input is read once (default true). A fit
   * reads its input in one shuffle and does not cache it.
   */
  public SparkAggregator setCacheInput(boolean cache) {
    this.cacheInput = cache;
    return this;
  }

  /**
   * Up to this many distinct workers, worker ids are numbered on the driver and broadcast to the
   * answer blocks; above, by a distributed sort and a join (default 2,000,000).
   */
  public SparkAggregator setWorkerBroadcastLimit(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("workerBroadcastLimit must be >= 0: " + limit);
    }
    this.workerBroadcastLimit = limit;
    return this;
  }

  /**
   * When all blocks together report per-worker sums for more than this many workers (counting a
   * worker once per block it answers in), the sums are added on the executors in groups of about √P
   * partitions before they reach the driver (default 4,000,000; see {@link #collect}).
   */
  public SparkAggregator setTreeReduceAbove(long workerRows) {
    if (workerRows < 0) {
      throw new IllegalArgumentException("treeReduceAbove must be >= 0: " + workerRows);
    }
    this.treeReduceAbove = workerRows;
    return this;
  }

  /** Called on the driver after every iteration (progress, early stop). */
  public SparkAggregator setListener(IterationListener listener) {
    this.listener = Objects.requireNonNull(listener, "listener");
    return this;
  }

  IterationListener listener() {
    return listener;
  }

  Preparation.Settings settings() {
    return new Preparation.Settings(
        numPartitions,
        answersPerPartition,
        storageLevel,
        cacheInput,
        workerBroadcastLimit,
        treeReduceAbove);
  }

  /**
   * Fits the method to {@code answers}, one row per answer.
   *
   * @throws CrowdInputException (an {@link IllegalArgumentException}) for a missing column, null
   *     ids or labels, a gold label no answer uses, conflicting gold labels of a task, or no
   *     answers; the message names the column and the problem
   */
  public final CrowdModel fit(Dataset<Row> answers) {
    Objects.requireNonNull(answers, "answers");
    long t0 = System.nanoTime();
    PreparedAnswers data =
        Preparation.prepare(answers.sparkSession(), answers, columns, settings());
    long t1 = System.nanoTime();
    boolean ok = false;
    try {
      CrowdModel model = Preparation.unwrap(() -> fit(data));
      model.timings((t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
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

  abstract CrowdModel fit(PreparedAnswers data);

  /**
   * One job over the blocks: {@code pass} per block; the results in partition order (see {@link
   * #collect}).
   */
  static List<PartialSums> run(PreparedAnswers data, Function<AnswerBlock, PartialSums> pass) {
    return collect(data, data.blocks.map(pass));
  }

  /**
   * The per-block sums in partition order, for the driver to add. When the blocks together report
   * more than {@link #setTreeReduceAbove} worker rows, they are first added in groups of about √P
   * consecutive partitions on the executors (one small shuffle), each group in partition order, and
   * the driver receives one sum per group, in group order: as deterministic as the direct way, with
   * a driver load of √P instead of P blocks' worth of per-worker sums.
   */
  static List<PartialSums> collect(PreparedAnswers data, JavaRDD<PartialSums> sums) {
    int partitions = sums.getNumPartitions();
    if (data.localWorkerSlots <= data.settings.treeReduceAbove() || partitions < 4) {
      return sums.collect();
    }
    int group = (int) Math.ceil(Math.sqrt(partitions));
    int groups = (partitions + group - 1) / group;
    JavaPairRDD<Integer, Tuple2<Integer, PartialSums>> keyed =
        sums.mapPartitionsWithIndex(
                (Integer i, Iterator<PartialSums> it) -> {
                  List<Tuple2<Integer, Tuple2<Integer, PartialSums>>> out = new ArrayList<>();
                  while (it.hasNext()) {
                    out.add(new Tuple2<>(i / group, new Tuple2<>(i, it.next())));
                  }
                  return out.iterator();
                },
                true)
            .mapToPair(t -> t);
    List<Tuple2<Integer, PartialSums>> merged =
        keyed
            .groupByKey(new HashPartitioner(groups))
            .mapValues(SparkAggregator::mergeInOrder)
            .collect();
    List<Tuple2<Integer, PartialSums>> ordered = new ArrayList<>(merged);
    ordered.sort((a, b) -> Integer.compare(a._1(), b._1()));
    List<PartialSums> out = new ArrayList<>(ordered.size());
    for (Tuple2<Integer, PartialSums> t : ordered) {
      out.add(t._2());
    }
    return out;
  }

  /** Adds the sums of one group of partitions, in partition order. */
  static PartialSums mergeInOrder(Iterable<Tuple2<Integer, PartialSums>> group) {
    List<Tuple2<Integer, PartialSums>> parts = new ArrayList<>();
    group.forEach(parts::add);
    parts.sort((a, b) -> Integer.compare(a._1(), b._1()));
    int headLength = parts.get(0)._2().head.length;
    int stride = 0;
    int slots = 0;
    for (Tuple2<Integer, PartialSums> p : parts) {
      stride = Math.max(stride, p._2().stride);
      slots += p._2().workers.length;
    }
    int[] ids = new int[slots];
    int n = 0;
    for (Tuple2<Integer, PartialSums> p : parts) {
      System.arraycopy(p._2().workers, 0, ids, n, p._2().workers.length);
      n += p._2().workers.length;
    }
    Arrays.sort(ids);
    int distinct = 0;
    for (int j = 0; j < ids.length; j++) {
      if (j == 0 || ids[j] != ids[j - 1]) {
        ids[distinct++] = ids[j];
      }
    }
    ids = Arrays.copyOf(ids, distinct);
    double[] head = new double[headLength];
    double[] per = new double[distinct * stride];
    for (Tuple2<Integer, PartialSums> t : parts) {
      PartialSums p = t._2();
      for (int j = 0; j < headLength; j++) {
        head[j] += p.head[j];
      }
      for (int j = 0; j < p.workers.length; j++) {
        int at = Arrays.binarySearch(ids, p.workers[j]) * stride;
        for (int s = 0; s < p.stride; s++) {
          per[at + s] += p.perWorker[j * p.stride + s];
        }
      }
    }
    List<PartialSums> plain = new ArrayList<>(parts.size());
    for (Tuple2<Integer, PartialSums> t : parts) {
      plain.add(t._2());
    }
    int maxLength = 0;
    for (PartialSums p : plain) {
      maxLength = Math.max(maxLength, p.maxima.length);
    }
    return new PartialSums(head, ids, per, stride).withMaxima(PartialSums.maxima(plain, maxLength));
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

  /** A row function for {@link #workerTable}: the method's values for global worker id w. */
  @FunctionalInterface
  interface WorkerRow extends java.io.Serializable {
    Object[] values(int w, double[][] params);
  }

  /** The per-worker values the rows of {@link #workerTable} are made from. */
  private record WorkerParams(int[] sizes, double[][] params, double[] answerConfusion, int k)
      implements java.io.Serializable {}

  /** Type of a confusion-matrix column: rows indexed [true label][answered label]. */
  static final org.apache.spark.sql.types.DataType CONFUSION =
      DataTypes.createArrayType(DataTypes.createArrayType(DataTypes.DoubleType, false));

  /**
   * A DataFrame with one row per worker: {@code worker}, {@code answers} (the worker's number of
   * answers), then the columns of {@code schema}, their values from {@code row} over the broadcast
   * {@code params}, and last {@code answerConfusion} (P(answer | true label), {@link
   * AnswerConfusions}; flat {@code [w][z][l]}).
   */
  static Dataset<Row> workerTable(
      PreparedAnswers data,
      StructType schema,
      double[][] params,
      WorkerRow row,
      double[] answerConfusion) {
    int k = data.numLabels();
    Broadcast<WorkerParams> b =
        data.jsc.broadcast(new WorkerParams(data.workerSizes, params, answerConfusion, k));
    StructType full =
        new StructType()
            .add("worker", DataTypes.StringType, false)
            .add("answers", DataTypes.IntegerType, false);
    for (var f : schema.fields()) {
      full = full.add(f);
    }
    full = full.add("answerConfusion", CONFUSION, false);
    JavaRDD<Row> rows =
        data.workerIndex
            .javaRDD()
            .map(
                r -> {
                  int w = r.getInt(1);
                  WorkerParams wp = b.value();
                  Object[] v = row.values(w, wp.params());
                  Object[] all = new Object[v.length + 3];
                  all[0] = r.getString(0);
                  all[1] = wp.sizes()[w];
                  System.arraycopy(v, 0, all, 2, v.length);
                  all[v.length + 2] = matrix(wp.answerConfusion(), w * wp.k() * wp.k(), wp.k());
                  return RowFactory.create(all);
                });
    return data.spark.createDataFrame(rows, full);
  }

  /**
   * The fitted model: posteriors of the fitted tasks from {@code fitted} or, when null, from {@code
   * scorer} over the cached blocks; {@code scorer} also scores new answers ({@code
   * transformNeedsWorkers}: answers of unknown workers are dropped); the annotator DataFrame is
   * {@link #workerTable} of {@code schema}, {@code table} and {@code row}, with the answer
   * confusions of a model without a matrix of its own from the per-worker accuracies {@code
   * accuracy} (null: the one-coin fit to the posteriors of {@code scorer}), computed when the
   * worker table is first built.
   */
  final CrowdModel model(
      PreparedAnswers data,
      BlockScorer scorer,
      boolean transformNeedsWorkers,
      double[] classPriors,
      Diagnostics diagnostics,
      WorkerModel workers,
      StructType schema,
      double[][] table,
      WorkerRow row,
      JavaRDD<Row> fitted,
      Supplier<double[]> accuracy) {
    int k = data.numLabels();
    Supplier<double[]> accuracies =
        accuracy != null ? accuracy : () -> AnswerConfusions.oneCoinFit(data, scorer);
    double[][] answerConfusion = new double[1][];
    return new CrowdModel(
        name(),
        data,
        columns(),
        settings(),
        scorer,
        transformNeedsWorkers,
        classPriors,
        diagnostics,
        workers,
        () ->
            workerTable(
                data,
                schema,
                table,
                row,
                answerConfusions(answerConfusion, data.numWorkers, k, workers, accuracies)),
        fitted);
  }

  /** The answer confusions, computed once and kept in {@code memo[0]}. */
  private static synchronized double[] answerConfusions(
      double[][] memo, int numWorkers, int k, WorkerModel workers, Supplier<double[]> accuracy) {
    if (memo[0] == null) {
      memo[0] = AnswerConfusions.of(numWorkers, k, workers, accuracy);
    }
    return memo[0];
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
   * iteration is kept for the model's E-step ({@link #emModel}), the earlier ones destroyed.
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

  /**
   * The model of an {@link #em} fit: posteriors from {@code eStep} under the last iteration's
   * parameters, or the soft-majority start (gold clamped) when no iteration ran; the broadcast is
   * released with the model. {@code accuracy} as for {@link #model}.
   */
  final CrowdModel emModel(
      PreparedAnswers data,
      EmRun run,
      java.util.function.Function<Broadcast<double[][]>, BlockScorer> eStep,
      double[] classPriors,
      String objective,
      WorkerModel workers,
      StructType schema,
      double[][] table,
      WorkerRow row,
      Supplier<double[]> accuracy) {
    Broadcast<double[][]> held = run.eStep;
    BlockScorer scorer = held == null ? Blocks.softMajorityScorer() : eStep.apply(held);
    return model(
            data,
            scorer,
            true,
            classPriors,
            run.diagnostics(objective),
            workers,
            schema,
            table,
            row,
            null,
            accuracy)
        .onUnpersist(() -> destroy(held));
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
