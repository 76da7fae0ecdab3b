package org.crowd4j.spark;

import java.util.Arrays;
import java.util.List;
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
public final class SparkDawidSkene extends SparkEmAggregator<SparkDawidSkeneModel, SparkDawidSkene>
    implements HasFloor<SparkDawidSkene>, HasStopping<SparkDawidSkene> {
  private static final long serialVersionUID = 1L;

  /** Dawid–Skene with default options. */
  public SparkDawidSkene() {
    this(newUid("ds"));
  }

  /** Dawid–Skene with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkDawidSkene(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    HasFloor.declare(this, "the confusion entries and the prior", DEFAULTS.floor());
    HasStopping.declare(this, DEFAULTS.stopping());
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
    return new DawidSkene.Options(
        getMaxIter(), getTol(), getFloor(), DawidSkene.Stopping.valueOf(getStopping()));
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
    DawidSkene.Options options = options();
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    double floor = options.floor();
    long m = data.numAnswers;

    List<PartialSums> start =
        run(
            data,
            b -> {
              double[] post = Scratch.doubles(0, b.numTasks() * k);
              Blocks.softMajority(b, post, true);
              double[] ec = new double[b.numLocalWorkers() * k2];
              double[] pc = new double[k];
              DawidSkeneKernel.accumulateTasks(
                  b.cells(), b.off(), 0, b.numTasks(), post, k, ec, pc);
              return new PartialSums(pc, b.workerIds(), ec, k2);
            });
    double[][] sums = PartialSums.total(start, k, numWorkers, k2);
    // [log prior, log errors], replaced (never changed in place) by every M-step
    double[][] theta = {new double[k], new double[numWorkers * k2]};
    DawidSkeneKernel.logPriorFromCounts(sums[0], k, floor, theta[0]);
    DawidSkeneKernel.logErrorsFromCounts(sums[1], numWorkers, k, floor, theta[1]);

    EmRun run =
        em(
            data,
            options.maxIterations(),
            options.tol(),
            theta::clone,
            params -> {
              List<PartialSums> parts =
                  run(
                      data,
                      b -> {
                        double[][] p = params.value();
                        double[] le = b.gather(p[1], k2);
                        double[] post = Scratch.doubles(0, b.numTasks() * k);
                        double[] ec = new double[b.numLocalWorkers() * k2];
                        double[] pc = new double[k + 1];
                        double ll =
                            DawidSkeneKernel.sweep(
                                b.cells(),
                                b.off(),
                                0,
                                b.numTasks(),
                                p[0],
                                le,
                                k,
                                b.gold(),
                                floor,
                                post,
                                ec,
                                pc);
                        pc[k] = ll;
                        return new PartialSums(pc, b.workerIds(), ec, k2);
                      });
              double[][] total = PartialSums.total(parts, k + 1, numWorkers, k2);
              double[] logPrior = new double[k];
              double[] logError = new double[numWorkers * k2];
              DawidSkeneKernel.logPriorFromCounts(Arrays.copyOf(total[0], k), k, floor, logPrior);
              DawidSkeneKernel.logErrorsFromCounts(total[1], numWorkers, k, floor, logError);
              theta[0] = logPrior;
              theta[1] = logError;
              if (options.stopping() == DawidSkene.Stopping.CROWDKIT_ELBO) {
                return crowdKitElbo(data, params, logPrior, logError, floor) / Math.max(1, m);
              }
              return m == 0 ? 0 : total[0][k] / m;
            });

    double[] confusion = confusions(theta[1], numWorkers, k);
    ConfusionMatrices matrices = new ConfusionMatrices(numWorkers, k, confusion);
    return emState(data, run, options.stopping().objectiveName(), 0, k2)
        .classPriors(exp(theta[0]))
        .array(SparkDawidSkeneModel.FLOOR, floor)
        .column(WorkerColumn.number("skill", matrices.skills()))
        .column(WorkerColumn.matrix("confusion", k, confusion))
        .build();
  }

  /** crowd-kit's ELBO at the E-step posteriors of {@code eStep} and the new parameters. */
  private static double crowdKitElbo(
      PreparedAnswers data,
      Broadcast<double[][]> eStep,
      double[] logPrior,
      double[] logError,
      double floor) {
    int k = data.numLabels();
    int k2 = k * k;
    BlockScorer posteriors = scorer(eStep, floor);
    Broadcast<double[][]> next = broadcast(data, new double[][] {logPrior, logError});
    List<PartialSums> parts =
        run(
            data,
            b -> {
              double[] post = posteriors.score(b);
              double[][] q = next.value();
              return PartialSums.head(
                  DawidSkeneKernel.crowdKitElbo(
                      b.cells(), b.off(), 0, b.numTasks(), post, q[0], b.gather(q[1], k2), k));
            });
    destroy(next);
    return PartialSums.total(parts, 1, 0, 0)[0][0];
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
