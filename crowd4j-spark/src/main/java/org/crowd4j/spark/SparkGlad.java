package org.crowd4j.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.internal.kernel.GladKernel;
import org.crowd4j.internal.kernel.GladSolver;
import org.crowd4j.method.Diagnostics;

/**
 * {@link Glad} (Whitehill et al. 2009) on Spark: worker abilities α on the driver, each task's log
 * inverse difficulty β_i with its task, and the core's iteration ({@link GladSolver}: quasi-Newton
 * step on α, rescaling, stopping rule) on the driver over sweeps that run on the blocks.
 *
 * <p><b>Per sweep</b> one job: the driver broadcasts α (W numbers) and the shift of β; every block
 * runs the core's {@link GladKernel#sweep} over its tasks from the β of its tasks (Newton steps on
 * each β_i, E-step, per-worker derivatives in α at the new β) and returns the new β of its tasks as
 * the next state of its partition, plus its sums: four numbers and two per worker of the block. The
 * driver adds them in partition order, so a fit gives the same bits every time. The states are
 * cached and checkpointed (the lineage stays one step long whatever the number of iterations): into
 * the checkpoint directory when the context has one ({@code SparkContext.setCheckpointDir}), so
 * that a fit survives the loss of an executor, else locally on the executors (faster, but a lost
 * executor fails the fit); a sweep whose α step is halved away is dropped and the next one starts
 * again from the last accepted state. An iteration is one sweep, or more when the α step is halved.
 * No answer or β reaches the driver.
 *
 * <p>Same options, start, kernel and solver as the core, so the posteriors agree with the
 * single-machine method to rounding (the sums are added in another order). The posteriors are the
 * E-step at the final (α, β), recomputed from the final state when used. The fitted β are in {@link
 * SparkGladModel#tasks()} ({@code task, beta}), and {@link CrowdModel#localWorkerModel()} is a
 * {@link org.crowd4j.aggregate.GladModel} with α and no β. {@link CrowdModel#transform} scores a
 * known task at its fitted β and a new task at the prior mean of β.
 */
public final class SparkGlad extends SparkEmAggregator<SparkGladModel, SparkGlad> {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SparkGlad.class);
  private static final Glad.Options DEFAULTS = Glad.Options.defaults();

  private final DoubleParam alphaPriorMean;
  private final DoubleParam betaPriorMean;
  private final IntParam betaSteps;
  private final IntParam memory;

  /** GLAD with default options. */
  public SparkGlad() {
    this(newUid("glad"));
  }

  /** GLAD with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkGlad(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    alphaPriorMean =
        new DoubleParam(this, "alphaPriorMean", "mean of the normal prior of every ability alpha");
    betaPriorMean =
        new DoubleParam(
            this, "betaPriorMean", "mean of the normal prior of every log inverse difficulty beta");
    betaSteps = new IntParam(this, "betaSteps", "Newton steps per beta and sweep (>= 1)");
    memory = new IntParam(this, "memory", "L-BFGS memory of the step on alpha (>= 0)");
    setDefault(alphaPriorMean, DEFAULTS.alphaPriorMean());
    setDefault(betaPriorMean, DEFAULTS.betaPriorMean());
    setDefault(betaSteps, DEFAULTS.betaSteps());
    setDefault(memory, DEFAULTS.memory());
  }

  /** GLAD with {@code options}. */
  public SparkGlad(Glad.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkGlad> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkGlad load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "glad";
  }

  /** The prior mean of α (the core's {@code alphaPriorMean}). */
  public DoubleParam alphaPriorMean() {
    return alphaPriorMean;
  }

  /** The value of {@link #alphaPriorMean()}. */
  public double getAlphaPriorMean() {
    return (Double) $(alphaPriorMean);
  }

  /** Sets {@link #alphaPriorMean()}, checked by the core's options record. */
  public SparkGlad setAlphaPriorMean(double value) {
    return setOption(alphaPriorMean, "alphaPriorMean", value);
  }

  /** The prior mean of β (the core's {@code betaPriorMean}). */
  public DoubleParam betaPriorMean() {
    return betaPriorMean;
  }

  /** The value of {@link #betaPriorMean()}. */
  public double getBetaPriorMean() {
    return (Double) $(betaPriorMean);
  }

  /** Sets {@link #betaPriorMean()}, checked by the core's options record. */
  public SparkGlad setBetaPriorMean(double value) {
    return setOption(betaPriorMean, "betaPriorMean", value);
  }

  /** Newton steps per β and sweep (the core's {@code betaSteps}). */
  public IntParam betaSteps() {
    return betaSteps;
  }

  /** The value of {@link #betaSteps()}. */
  public int getBetaSteps() {
    return (Integer) $(betaSteps);
  }

  /** Sets {@link #betaSteps()}, checked by the core's options record. */
  public SparkGlad setBetaSteps(int value) {
    return setOption(betaSteps, "betaSteps", value);
  }

  /** L-BFGS memory (the core's {@code memory}). */
  public IntParam memory() {
    return memory;
  }

  /** The value of {@link #memory()}. */
  public int getMemory() {
    return (Integer) $(memory);
  }

  /** Sets {@link #memory()}, checked by the core's options record. */
  public SparkGlad setMemory(int value) {
    return setOption(memory, "memory", value);
  }

  @Override
  public Glad.Options options() {
    return new Glad.Options(
        getMaxIter(),
        getTol(),
        getAlphaPriorMean(),
        getBetaPriorMean(),
        getBetaSteps(),
        getMemory());
  }

  /** Sets every option from a {@link Glad.Options}. */
  @Override
  public SparkGlad setOptions(Record options) {
    Glad.Options o = expect(options, Glad.Options.class);
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkGladModel newModel(String uid, ModelState state) {
    return new SparkGladModel(uid, state);
  }

  /** A partition's β after a sweep, and the sums of that sweep. */
  private record State(double[] beta, PartialSums sums) implements Serializable {}

  /** The state of every partition before the first sweep: β = 1. */
  private static final State START = new State(null, null);

  /** What a block's sweep needs besides its β. */
  private record Sweep(double[] alpha, double shift, int steps, boolean workerSums, double betaMean)
      implements Serializable {}

  @Override
  ModelState fit(PreparedAnswers data) {
    Glad.Options options = options();
    Tasks tasks = new Tasks(data, options);
    GladSolver solver =
        new GladSolver(
            data.numWorkers, data.numTasks, options.alphaPriorMean(), options.memory(), tasks);
    GladSolver.Run run;
    try {
      run = solver.run(options.maxIterations(), options.tol(), data.numAnswers, listener(), name());
    } catch (RuntimeException | Error e) {
      tasks.drop(tasks.pending);
      tasks.drop(tasks.current);
      throw e;
    }
    tasks.drop(tasks.current);
    JavaRDD<State> last = tasks.pending;
    int k = Math.max(1, data.numLabels());
    double[] alpha = solver.alpha().clone();
    double betaMean = options.betaPriorMean();
    Broadcast<double[][]> alphaB = broadcast(data, new double[][] {alpha});
    String[] labels = data.labels.toArray(new String[0]);
    JavaRDD<Row> fitted =
        data.blocks.zipPartitions(
            last,
            (bs, ss) -> {
              AnswerBlock b = bs.next();
              return Blocks.rows(
                  b, score(b, alphaB.value()[0], ss.next().beta(), betaMean), labels);
            });
    JavaRDD<Row> betaRows =
        data.blocks.zipPartitions(
            last,
            (bs, ss) -> {
              AnswerBlock b = bs.next();
              double[] beta = ss.next().beta();
              List<Row> out = new ArrayList<>(b.numTasks());
              for (int i = 0; i < b.numTasks(); i++) {
                out.add(RowFactory.create(b.tasks()[i], beta[i]));
              }
              return out.iterator();
            });
    Dataset<Row> betaTable =
        data.spark.createDataFrame(
            betaRows,
            new StructType()
                .add("task", DataTypes.StringType, false)
                .add("beta", DataTypes.DoubleType, false));
    double[] prior = new double[k];
    Arrays.fill(prior, 1.0 / k);
    return new ModelState.Builder(data, name())
        .eStep(alphaB, 1)
        .classPriors(prior)
        .diagnostics(
            new Diagnostics(
                run.iterations(),
                run.converged(),
                run.history(),
                "log posterior of (alpha, beta) per answer"))
        .array(SparkGladModel.BETA_PRIOR_MEAN, betaMean)
        .column(WorkerColumn.number("alpha", alpha))
        .fittedRows(fitted)
        .accuracy(() -> meanAccuracy(data, last, alphaB))
        .taskTable(betaTable)
        .onUnpersist(() -> tasks.drop(last))
        .build();
  }

  /**
   * The E-step under broadcast {@code [α]}: each task at its β from the model's task table, a task
   * not in it at the prior mean {@code betaMean}.
   */
  static BlockScorer scorer(Broadcast<double[][]> alpha, double betaMean) {
    return b -> {
      double[] values = b.taskValue();
      double[] beta = new double[b.numTasks()];
      for (int i = 0; i < beta.length; i++) {
        beta[i] = values == null || Double.isNaN(values[i]) ? betaMean : values[i];
      }
      return score(b, alpha.value()[0], beta, betaMean);
    };
  }

  /** The core's kernel over the tasks of {@code b}. */
  private static GladKernel kernel(AnswerBlock b, double betaMean) {
    int k = Math.max(1, b.numLabels());
    double[] logPrior = new double[k];
    Arrays.fill(logPrior, -Math.log(k));
    return new GladKernel(
        b.off(), b.worker(), b.label(), k, logPrior, b.gold(), betaMean, GladSolver.MAX_STEP);
  }

  /**
   * Every worker's mean probability of a right answer over the tasks she answered, σ(α_w e^{β_i})
   * (Whitehill et al. 2009, eq. 1), at the fitted α and β; 1/2 for a worker without answers.
   */
  private static double[] meanAccuracy(
      PreparedAnswers data, JavaRDD<State> states, Broadcast<double[][]> alphaB) {
    JavaRDD<PartialSums> sums =
        data.blocks.zipPartitions(
            states,
            (bs, ss) -> {
              AnswerBlock b = bs.next();
              double[] beta = ss.next().beta();
              double[] alpha = b.gather(alphaB.value()[0], 1);
              int[] off = b.off();
              int[] worker = b.worker();
              double[] right = new double[b.numLocalWorkers()];
              for (int i = 0; i < b.numTasks(); i++) {
                double difficulty = Math.exp(beta[i]);
                for (int a = off[i]; a < off[i + 1]; a++) {
                  double x = alpha[worker[a]] * difficulty;
                  right[worker[a]] +=
                      x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
                }
              }
              return List.of(new PartialSums(new double[0], b.workerIds(), right, 1)).iterator();
            });
    double[] right = PartialSums.total(BlockSums.collect(data, sums), 0, data.numWorkers, 1)[1];
    for (int w = 0; w < right.length; w++) {
      int n = data.workerSizes[w];
      right[w] = n == 0 ? 0.5 : right[w] / n;
    }
    return right;
  }

  /** The sweep of block {@code b} from {@code beta} (all 1 when null). */
  private static State sweepBlock(AnswerBlock b, double[] beta, Sweep s) {
    int n = b.numTasks();
    int k = Math.max(1, b.numLabels());
    if (beta == null) {
      beta = new double[n];
      Arrays.fill(beta, 1.0);
    }
    GladKernel kernel = kernel(b, s.betaMean());
    GladKernel.Workspace ws = kernel.workspace(b.numLocalWorkers());
    double[] next = new double[n];
    kernel.sweep(
        0,
        n,
        b.gather(s.alpha(), 1),
        beta,
        s.shift(),
        s.steps(),
        s.workerSums(),
        Scratch.doubles(0, n * k),
        next,
        ws);
    return new State(
        next, new PartialSums(ws.sums.clone(), b.workerIds(), ws.workerAcc, GladKernel.STRIDE));
  }

  /** The E-step of the tasks of {@code b} at α and {@code beta}: a sweep without steps. */
  private static double[] score(AnswerBlock b, double[] alpha, double[] beta, double betaMean) {
    int n = b.numTasks();
    GladKernel kernel = kernel(b, betaMean);
    double[] post = new double[n * Math.max(1, b.numLabels())];
    kernel.sweep(
        0,
        n,
        b.gather(alpha, 1),
        beta,
        0.0,
        0,
        false,
        post,
        new double[n],
        kernel.workspace(b.numLocalWorkers()));
    return post;
  }

  /**
   * The tasks' side of the fit: the cached per-partition states, the β the sweeps start from
   * ({@link #current}, null for the start β = 1) and the β the last sweep ended at ({@link
   * #pending}).
   */
  private static final class Tasks implements GladSolver.Sweeper {
    final PreparedAnswers data;
    final int betaSteps;
    final double betaMean;
    JavaRDD<State> current;
    JavaRDD<State> pending;

    Tasks(PreparedAnswers data, Glad.Options options) {
      this.data = data;
      this.betaSteps = options.betaSteps();
      this.betaMean = options.betaPriorMean();
    }

    @Override
    public void sweep(
        double[] alpha,
        double shift,
        boolean improve,
        double[] gradient,
        double[] curvature,
        double[] sums) {
      Broadcast<Sweep> b =
          broadcast(
              data, new Sweep(alpha.clone(), shift, improve ? betaSteps : 0, improve, betaMean));
      // a zip, not a map: a checkpointed zip drops its function (and the broadcast it holds)
      JavaRDD<State> from = current != null ? current : data.blocks.map(block -> START);
      JavaRDD<State> next =
          data.blocks.zipPartitions(
              from,
              (bs, ss) ->
                  Collections.singletonList(sweepBlock(bs.next(), ss.next().beta(), b.value()))
                      .iterator());
      next.setName("crowd4j GLAD task state").persist(StorageLevel.MEMORY_AND_DISK());
      if (data.spark.sparkContext().getCheckpointDir().isDefined()) {
        // written to the checkpoint directory: survives the loss of the executor that holds it
        next.rdd().checkpoint();
      } else {
        next.rdd().localCheckpoint();
      }
      List<PartialSums> parts;
      try {
        parts = BlockSums.collect(data, next.map(State::sums));
      } catch (RuntimeException | Error e) {
        drop(next);
        throw e;
      } finally {
        destroy(b);
      }
      drop(pending);
      pending = next;
      double[][] total = PartialSums.total(parts, sums.length, data.numWorkers, GladKernel.STRIDE);
      for (int j = 0; j < sums.length; j++) {
        sums[j] += total[0][j];
      }
      double[] perWorker = total[1];
      for (int w = 0, at = 0; w < gradient.length; w++, at += GladKernel.STRIDE) {
        gradient[w] += perWorker[at + GladKernel.GRADIENT];
        curvature[w] += perWorker[at + GladKernel.CURVATURE];
      }
    }

    @Override
    public void commit() {
      drop(current);
      current = pending;
      pending = null;
    }

    /**
     * Removes the cached blocks of a state no sweep needs any more (its lineage was cut by the
     * checkpoint), through the call Spark's own context cleaner makes, which does not log {@code
     * unpersist}'s warning that a locally checkpointed RDD cannot be recomputed (falls back to
     * {@code unpersist}), and deletes its files in the checkpoint directory, if any.
     */
    void drop(JavaRDD<?> rdd) {
      if (rdd == null || rdd.getStorageLevel().equals(StorageLevel.NONE())) {
        return;
      }
      try {
        data.spark.sparkContext().unpersistRDD(rdd.id(), false);
      } catch (LinkageError e) {
        rdd.unpersist(false);
      }
      scala.Option<String> file = rdd.rdd().getCheckpointFile();
      if (file.isDefined()) {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.get());
        try {
          path.getFileSystem(data.spark.sparkContext().hadoopConfiguration()).delete(path, true);
        } catch (java.io.IOException e) {
          LOG.warn(
              "cannot delete the checkpoint {} of a finished GLAD sweep: {}", path, e.toString());
        }
      }
    }
  }
}
