package org.crowd4j.spark;

import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.internal.kernel.DawidSkeneKernel;

/**
 * {@link DawidSkene} EM on Spark, with the same options, the same start (soft majority vote, gold
 * tasks clamped), the same kernel ({@link DawidSkeneKernel#sweep}: E-step and M-step counts in one
 * pass over a block) and the same M-step and stopping rule on the driver, so the posteriors agree
 * with the single-machine method to rounding (the sums are added in another order).
 *
 * <p>Per iteration: one job; each block gathers the log confusion entries of its own workers from
 * the broadcast table, sweeps its tasks and returns its prior counts, log-likelihood and confusion
 * counts ({@code K²} per worker of the block). With {@link DawidSkene.Stopping#CROWDKIT_ELBO} a
 * second job per iteration evaluates crowd-kit's ELBO. Gold labels come from the gold column.
 */
public final class SparkDawidSkene
    extends SparkDawidSkeneEm<SparkDawidSkeneModel, SparkDawidSkene> {
  private static final long serialVersionUID = 1L;

  /** Dawid–Skene with default options. */
  public SparkDawidSkene() {
    this(newUid("ds"));
  }

  /** Dawid–Skene with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkDawidSkene(String uid) {
    super(
        uid,
        DEFAULTS.maxIterations(),
        DEFAULTS.tol(),
        "the confusion entries and the prior",
        DEFAULTS.floor(),
        DEFAULTS.stopping());
  }

  /** Dawid–Skene with {@code options} (maximum likelihood: no confusion prior on Spark). */
  public SparkDawidSkene(DawidSkene.Options options) {
    this();
    setOptions(options);
  }

  private static final DawidSkene.Options DEFAULTS = DawidSkene.Options.defaults();

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkDawidSkene> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkDawidSkene load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "ds";
  }

  @Override
  public DawidSkene.Options options() {
    return new DawidSkene.Options(getMaxIter(), getTol(), getFloor(), getStoppingRule());
  }

  /**
   * Sets every option from a {@link DawidSkene.Options}.
   *
   * @throws IllegalArgumentException for a confusion prior (the Spark fit is maximum likelihood)
   */
  @Override
  public SparkDawidSkene setOptions(Record options) {
    DawidSkene.Options o = expect(options, DawidSkene.Options.class);
    if (o.confusionPrior() > 0) {
      throw new IllegalArgumentException(
          "the Spark engine fits Dawid-Skene by maximum likelihood; confusionPrior needs the local"
              + " engine");
    }
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkDawidSkeneModel newModel(String uid, ModelState state) {
    return new SparkDawidSkeneModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    double floor = getFloor();
    // [log prior, log errors]
    double[][] theta = new double[2][];
    EmRun run =
        em(
            data,
            k2,
            (b, post) -> {
              double[] ec = new double[b.numLocalWorkers() * k2];
              double[] pc = new double[k];
              DawidSkeneKernel.accumulateTasks(
                  b.cells(), b.off(), 0, b.numTasks(), post, k, ec, pc);
              return new PartialSums(pc, b.workerIds(), ec, k2);
            },
            (b, lp, le, post) -> {
              double[] ec = new double[b.numLocalWorkers() * k2];
              double[] pc = new double[k + 1];
              pc[k] =
                  DawidSkeneKernel.sweep(
                      b.cells(),
                      b.off(),
                      0,
                      b.numTasks(),
                      lp,
                      le,
                      k,
                      b.gold(),
                      floor,
                      post,
                      ec,
                      pc);
              return new PartialSums(pc, b.workerIds(), ec, k2);
            },
            (priorCounts, errorCounts) -> {
              double[] logPrior = new double[k];
              double[] logError = new double[numWorkers * k2];
              DawidSkeneKernel.logPriorFromCounts(priorCounts, k, floor, logPrior);
              DawidSkeneKernel.logErrorsFromCounts(errorCounts, numWorkers, k, floor, logError);
              return new double[][] {logPrior, logError};
            },
            SparkDawidSkene::scorer,
            theta);

    double[] confusion = confusions(theta[1], numWorkers, k);
    ConfusionMatrices matrices = new ConfusionMatrices(numWorkers, k, confusion);
    return state(data, run, theta[0])
        .column(WorkerColumn.number("skill", matrices.skills()))
        .column(WorkerColumn.matrix("confusion", k, confusion))
        .build();
  }

  @Override
  BlockElbo elbo() {
    return (b, post, logPrior, logError) ->
        DawidSkeneKernel.crowdKitElbo(
            b.cells(), b.off(), 0, b.numTasks(), post, logPrior, logError, b.numLabels());
  }

  /** The E-step under broadcast {@code [log prior, log errors]}. */
  static BlockScorer scorer(Broadcast<double[][]> params, double floor) {
    return b -> {
      int k = b.numLabels();
      double[][] p = params.value();
      double[] post = new double[b.numTasks() * k];
      DawidSkeneKernel.sweep(
          b.cells(),
          b.off(),
          0,
          b.numTasks(),
          p[0],
          b.gather(p[1], k * k),
          k,
          b.gold(),
          floor,
          post,
          null,
          null);
      return post;
    };
  }

  /** Log entries {@code [w][l][k]} to probabilities {@code [w][k][l]}. */
  static double[] confusions(double[] logError, int numWorkers, int k) {
    double[] out = new double[numWorkers * k * k];
    for (int w = 0; w < numWorkers; w++) {
      int b = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          out[b + c * k + l] = Math.exp(logError[b + l * k + c]);
        }
      }
    }
    return out;
  }
}
