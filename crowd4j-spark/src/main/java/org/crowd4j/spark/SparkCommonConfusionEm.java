package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.CommonConfusionEm.OmegaMode;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.internal.kernel.CommonConfusionKernel;

/**
 * {@link CommonConfusionEm} (Chu et al. 2021, common plus individual confusions) on Spark, with ω
 * per worker ({@link OmegaMode#PER_WORKER}, the default). Same start, options and stopping rule as
 * the core; per iteration one job in which every block runs the core's E-step ({@link
 * CommonConfusionKernel#eStep}) and M-step statistics ({@link CommonConfusionKernel#accumulate})
 * task by task, keeping the source shares of one task at a time, and returns ρ and π^g counts, its
 * log-likelihood and, per worker of the block, the π^r counts and the sum of q(s = 1).
 *
 * <p>{@link OmegaMode#PER_ANSWER} keeps one parameter per answer from one iteration to the next,
 * which this stateless pass design does not hold; it is refused.
 */
public final class SparkCommonConfusionEm
    extends SparkEmAggregator<SparkCommonConfusionEmModel, SparkCommonConfusionEm> {
  private static final long serialVersionUID = 1L;
  private static final CommonConfusionEm.Options DEFAULTS = CommonConfusionEm.Options.defaults();

  private final DoubleParam smoothing;
  private final DoubleParam initialOmega;

  /** The EM with default options. */
  public SparkCommonConfusionEm() {
    this(newUid("common-confusion-em"));
  }

  /** The EM with default options and the uid {@code uid} (for Spark ML's readers). */
  public SparkCommonConfusionEm(String uid) {
    super(uid, DEFAULTS.maxIterations(), DEFAULTS.tol());
    smoothing =
        new DoubleParam(
            this, "smoothing", "pseudo-count added to every count of rho, pi^g and pi^r (> 0)");
    initialOmega =
        new DoubleParam(this, "initialOmega", "omega before the first E-step, in (0, 1)");
    setDefault(smoothing, DEFAULTS.smoothing());
    setDefault(initialOmega, DEFAULTS.initialOmega());
  }

  /** The EM with {@code options} (ω per worker). */
  public SparkCommonConfusionEm(CommonConfusionEm.Options options) {
    this();
    setOptions(options);
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkCommonConfusionEm> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkCommonConfusionEm load(String path) {
    return read().load(path);
  }

  @Override
  public String name() {
    return "common-confusion-em";
  }

  /** The pseudo-count λ (the core's {@code smoothing}). */
  public DoubleParam smoothing() {
    return smoothing;
  }

  /** The value of {@link #smoothing()}. */
  public double getSmoothing() {
    return (Double) $(smoothing);
  }

  /** Sets {@link #smoothing()}, checked by the core's options record. */
  public SparkCommonConfusionEm setSmoothing(double value) {
    return setOption(smoothing, "smoothing", value);
  }

  /** ω before the first E-step (the core's {@code initialOmega}). */
  public DoubleParam initialOmega() {
    return initialOmega;
  }

  /** The value of {@link #initialOmega()}. */
  public double getInitialOmega() {
    return (Double) $(initialOmega);
  }

  /** Sets {@link #initialOmega()}, checked by the core's options record. */
  public SparkCommonConfusionEm setInitialOmega(double value) {
    return setOption(initialOmega, "initialOmega", value);
  }

  @Override
  public CommonConfusionEm.Options options() {
    return new CommonConfusionEm.Options(
        getMaxIter(), getTol(), getSmoothing(), OmegaMode.PER_WORKER, getInitialOmega());
  }

  /**
   * Sets every option from a {@link CommonConfusionEm.Options}.
   *
   * @throws IllegalArgumentException for ω per answer ({@link OmegaMode#PER_ANSWER})
   */
  @Override
  public SparkCommonConfusionEm setOptions(Record options) {
    CommonConfusionEm.Options o = expect(options, CommonConfusionEm.Options.class);
    if (o.omegaMode() != OmegaMode.PER_WORKER) {
      throw new IllegalArgumentException(
          "omegaMode "
              + o.omegaMode()
              + " is not supported on Spark (one parameter per answer); use PER_WORKER");
    }
    return OptionSetter.setAll(this, o);
  }

  @Override
  SparkCommonConfusionEmModel newModel(String uid, ModelState state) {
    return new SparkCommonConfusionEmModel(uid, state);
  }

  @Override
  ModelState fit(PreparedAnswers data) {
    CommonConfusionEm.Options options = options();
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    long m = data.numAnswers;
    double lambda = options.smoothing();
    double omega0 = options.initialOmega();

    List<PartialSums> start =
        fromMajorityStart(
            data,
            (b, post) -> {
              Stats s = new Stats(b, k, false);
              int[] off = b.off();
              for (int i = 0; i < b.numTasks(); i++) {
                double[] common = Scratch.doubles(1, (off[i + 1] - off[i]) * k);
                for (int a = off[i]; a < off[i + 1]; a++) {
                  for (int c = 0; c < k; c++) {
                    common[(a - off[i]) * k + c] = post[i * k + c] * omega0;
                  }
                }
                s.add(b, i, post, common);
              }
              return s.sums(b, 0);
            });
    // replaced (never changed in place) by every M-step
    Params[] p = {mStep(PartialSums.total(start, k + k2, numWorkers, k2 + 1), data, options)};

    EmRun run =
        em(
            data,
            options.maxIterations(),
            options.tol(),
            () -> p[0].forEStep(),
            params -> {
              List<PartialSums> parts =
                  run(
                      data,
                      b -> {
                        Local local = new Local(b, params.value());
                        double[] post = Scratch.doubles(0, b.numTasks() * k);
                        Stats s = new Stats(b, k, true);
                        int[] off = b.off();
                        for (int i = 0; i < b.numTasks(); i++) {
                          double[] common = Scratch.doubles(1, (off[i + 1] - off[i]) * k);
                          s.logLik += local.eStep(b, i, post, common);
                          s.add(b, i, post, common);
                        }
                        return s.sums(b, 1);
                      });
              double[][] sums = PartialSums.total(parts, k + k2 + 1, numWorkers, k2 + 1);
              double logLik = sums[0][k + k2];
              Params old = p[0];
              double objective =
                  (logLik + CommonConfusionKernel.logPrior(lambda, old.rho, old.piG, old.piR))
                      / Math.max(1, m);
              p[0] = mStep(sums, data, options);
              return objective;
            });

    Params last = p[0];
    ConfusionMatrices individual = new ConfusionMatrices(numWorkers, k, last.piR);
    return emState(
            data,
            run,
            lambda > 0 ? "log-posterior per answer" : "log-likelihood per answer",
            0,
            0,
            k2,
            1)
        .classPriors(last.rho)
        .array(SparkCommonConfusionEmModel.COMMON, last.piG)
        .column(WorkerColumn.number("omega", last.omega))
        .column(WorkerColumn.number("skill", individual.skills()))
        .column(WorkerColumn.matrix("confusion", k, last.piR))
        .build();
  }

  /** The parameters: ρ, π^g, π^r ({@code [w][k][l]}) and ω per worker. */
  private record Params(double[] rho, double[] piG, double[] piR, double[] omega) {
    double[][] forEStep() {
      double[] logRho = new double[rho.length];
      for (int c = 0; c < rho.length; c++) {
        logRho[c] = Math.log(rho[c]);
      }
      return new double[][] {logRho, piG, piR, omega};
    }
  }

  /** The core's M-step from the summed counts (pseudo-counts λ added here). */
  private static Params mStep(
      double[][] sums, PreparedAnswers data, CommonConfusionEm.Options options) {
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    double lambda = options.smoothing();
    double[] rho = new double[k];
    double[] piG = new double[k2];
    double[] piR = new double[numWorkers * k2];
    double[] omega = new double[numWorkers];
    for (int c = 0; c < k; c++) {
      rho[c] = lambda + sums[0][c];
    }
    for (int j = 0; j < k2; j++) {
      piG[j] = lambda + sums[0][k + j];
    }
    for (int w = 0; w < numWorkers; w++) {
      int src = w * (k2 + 1);
      for (int j = 0; j < k2; j++) {
        piR[w * k2 + j] = lambda + sums[1][src + j];
      }
      int size = data.workerSizes[w];
      omega[w] = size == 0 ? options.initialOmega() : sums[1][src + k2] / size;
    }
    CommonConfusionKernel.normalize(rho, piG, piR, k);
    return new Params(rho, piG, piR, omega);
  }

  /** The parameters a block needs, its workers' rows gathered. */
  private static final class Local {
    final double[] logRho;
    final double[] piG;
    final double[] piR;
    final double[] omega;

    Local(AnswerBlock b, double[][] p) {
      int k = b.numLabels();
      this.logRho = p[0];
      this.piG = p[1];
      this.piR = b.gather(p[2], k * k);
      this.omega = b.gather(p[3], 1);
    }

    double eStep(AnswerBlock b, int i, double[] post, double[] common) {
      int[] off = b.off();
      return CommonConfusionKernel.eStep(
          b.worker(),
          b.label(),
          off[i],
          off[i + 1],
          logRho,
          omega,
          false,
          piG,
          piR,
          b.numLabels(),
          b.gold()[i],
          post,
          i * b.numLabels(),
          common,
          off[i]);
    }
  }

  /** A block's M-step statistics. */
  private static final class Stats {
    final int k;
    final double[] rho;
    final double[] piG;
    final double[] piR;
    final double[] omegaSum;
    double logLik;

    Stats(AnswerBlock b, int k, boolean withLogLik) {
      this.k = k;
      this.rho = new double[k];
      this.piG = new double[k * k];
      this.piR = new double[b.numLocalWorkers() * k * k];
      this.omegaSum = new double[b.numLocalWorkers()];
    }

    void add(AnswerBlock b, int i, double[] post, double[] common) {
      int[] off = b.off();
      CommonConfusionKernel.accumulate(
          b.worker(),
          b.label(),
          off[i],
          off[i + 1],
          post,
          i * k,
          common,
          off[i],
          k,
          false,
          rho,
          piG,
          piR,
          omegaSum);
    }

    PartialSums sums(AnswerBlock b, int extra) {
      int k2 = k * k;
      double[] head = new double[k + k2 + extra];
      System.arraycopy(rho, 0, head, 0, k);
      System.arraycopy(piG, 0, head, k, k2);
      if (extra > 0) {
        head[k + k2] = logLik;
      }
      int lw = omegaSum.length;
      double[] per = new double[lw * (k2 + 1)];
      for (int j = 0; j < lw; j++) {
        System.arraycopy(piR, j * k2, per, j * (k2 + 1), k2);
        per[j * (k2 + 1) + k2] = omegaSum[j];
      }
      return new PartialSums(head, b.workerIds(), per, k2 + 1);
    }
  }

  /** The core's E-step under broadcast {@code [log ρ, π^g, π^r, ω]}. */
  static BlockScorer scorer(Broadcast<double[][]> params) {
    return b -> {
      Local local = new Local(b, params.value());
      int k = b.numLabels();
      double[] post = new double[b.numTasks() * k];
      int[] off = b.off();
      for (int i = 0; i < b.numTasks(); i++) {
        local.eStep(b, i, post, Scratch.doubles(1, (off[i + 1] - off[i]) * k));
      }
      return post;
    };
  }
}
