package org.crowd4j.spark;

import java.util.List;
import java.util.Objects;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.CommonConfusionEm.OmegaMode;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.kernel.CommonConfusionKernel;

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
public final class SparkCommonConfusionEm extends SparkAggregator {
  private final CommonConfusionEm.Options options;

  /** The EM with {@code options} (ω per worker). */
  public SparkCommonConfusionEm(CommonConfusionEm.Options options) {
    this.options = Objects.requireNonNull(options, "options");
    if (options.omegaMode() != OmegaMode.PER_WORKER) {
      throw new IllegalArgumentException(
          "omegaMode "
              + options.omegaMode()
              + " is not supported on Spark (one parameter per answer); use PER_WORKER");
    }
  }

  /** The EM with default options. */
  public SparkCommonConfusionEm() {
    this(CommonConfusionEm.Options.defaults());
  }

  @Override
  public String name() {
    return "common-confusion-em";
  }

  @Override
  CrowdModel fit(PreparedAnswers data) {
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers;
    long m = data.numAnswers;
    double lambda = options.smoothing();
    double omega0 = options.initialOmega();

    List<PartialSums> start =
        run(
            data,
            b -> {
              double[] post = Scratch.doubles(0, b.numTasks() * k);
              Blocks.softMajority(b, post, true);
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
    Params[] p = {mStep(PartialSums.total(start, k + k2, numWorkers, k2 + 1), data)};

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
              p[0] = mStep(sums, data);
              return objective;
            });

    StructType schema =
        new StructType()
            .add("omega", DataTypes.DoubleType, false)
            .add("skill", DataTypes.DoubleType, false)
            .add("confusion", CONFUSION, false);
    Params last = p[0];
    ConfusionMatrices individual = new ConfusionMatrices(numWorkers, k, last.piR);
    return emModel(
        data,
        run,
        SparkCommonConfusionEm::scorer,
        last.rho.clone(),
        lambda > 0 ? "log-posterior per answer" : "log-likelihood per answer",
        new CommonConfusionModel(last.piG, individual, last.omega),
        schema,
        new double[][] {last.omega, individual.skills(), last.piR},
        (w, q) -> new Object[] {q[0][w], q[1][w], matrix(q[2], w * k * k, k)},
        null);
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
  private Params mStep(double[][] sums, PreparedAnswers data) {
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
