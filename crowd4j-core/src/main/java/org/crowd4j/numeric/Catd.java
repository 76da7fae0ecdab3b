package org.crowd4j.numeric;

import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.TruthDiscoveryKernel;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitProgress;

/**
 * CATD, confidence-aware truth discovery ({@code catd}; Li, Li, Gao, Su, Zhao, Demirbas, Fan, Han,
 * "A confidence-aware approach for truth discovery on long-tail data", PVLDB 8(4), 2014).
 *
 * <p><b>Model.</b> Worker k answers {@code x = t + N(0, σ_k²)}; its weight is the reciprocal of the
 * upper end of the (1 − α) confidence interval of σ_k², which penalises workers with few answers
 * (the long tail): w_k = χ²_{(α/2, |N_k|)} / Σ_{i ∈ N_k} (x_ik − t_i)² (the paper's eq. 9), with
 * χ²_{(α/2, n)} the lower α/2 quantile of the χ² distribution with n degrees of freedom and N_k the
 * tasks worker k answered. The truth is the weighted mean t_i = Σ_k w_k x_ik / Σ_k w_k (eq. 10).
 *
 * <p><b>Updates.</b> Start from the per-task median (the authors' code), then alternate weights and
 * weighted means; tasks with gold keep their known value. A worker's squared-residual sum is
 * floored at {@code residualFloor} × |N_k| × the crowd's pooled within-task variance, so a worker
 * who matches every estimate exactly gets a large, finite weight.
 *
 * <p><b>Lock-on.</b> The updates climb the joint likelihood of truths and worker variances, which
 * is unbounded: a worker whose weight dominates its tasks pulls their estimates onto its answers,
 * its residuals shrink and its weight grows until its residual sum sits on the floor. On simulated
 * Gaussian crowds the most precise worker ends with nearly all the weight; on the shared {@code
 * emotion} crowd (10 answers a task) it does not, but it does on 9 of 10 seeded splits that hide a
 * fifth of the answers. {@link Raykar}, which integrates the truths out, has no such fixed point.
 *
 * <p><b>Stopping.</b> CATD has no objective that its updates climb; the fit converged when the
 * largest change of an estimate in one iteration, in units of the pooled within-task standard
 * deviation, falls below {@code tol}. Time {@code O(m)} per iteration, memory {@code O(n + W)}.
 */
public final class Catd extends NumericMethod<Catd.Options> {
  /**
   * Options of {@link Catd}.
   *
   * @param maxIterations iterations at most; 0 returns the median start
   * @param tol stop when no estimate moves by more than this many pooled standard deviations
   * @param alpha significance level of the confidence interval of a worker's variance
   * @param residualFloor floor of a worker's mean squared residual, as a fraction of the pooled
   *     within-task variance
   */
  public record Options(
      @Describe("iterations at most; 0 returns the median start") int maxIterations,
      @Describe("stop when no estimate moves by more than this many pooled standard deviations")
          double tol,
      @Describe("significance level of the confidence interval of a worker's variance")
          double alpha,
      @Describe("floor of a worker's mean squared residual, as a fraction of the pooled variance")
          double residualFloor)
      implements LoopOptions {
    /** Validates. */
    public Options {
      NumericFits.requireLoopOptions(maxIterations, tol);
      if (!(alpha > 0 && alpha < 1)) {
        throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
      }
      if (!(residualFloor > 0 && residualFloor < 1)) {
        throw new IllegalArgumentException("residualFloor must be in (0, 1): " + residualFloor);
      }
    }

    /**
     * The paper's α = 0.05 and the authors' 100 iterations; tol 1e-6; floor 1e-6 (the authors' code
     * adds 1e-9 to the sum, which is not scale-free).
     */
    public static Options defaults() {
      return new Options(100, 1e-6, 0.05, 1e-6);
    }
  }

  /** CATD with {@code options}. */
  public Catd(Options options) {
    super("catd", FitProgress.Mode.SETTLED, options);
  }

  /** CATD with default options. */
  public Catd() {
    this(Options.defaults());
  }

  @Override
  NumericResult fit(NumericAnswers data, double[] gold, FitProgress progress, long start) {
    int n = data.numTasks();
    int numWorkers = data.numWorkers();
    double pooled = NumericFits.pooledVariance(data);
    double sd = Math.sqrt(pooled);
    int[] count = data.workerSizes();
    double[] chi = TruthDiscoveryKernel.catdQuantiles(count, options().alpha());
    double floor = options().residualFloor() * pooled;
    double[] truth = NumericFits.medians(data);
    NumericFits.clamp(truth, gold);
    double[] next = new double[n];
    double[] weight = new double[numWorkers];
    for (int it = 1; it <= options().maxIterations(); it++) {
      weights(data, truth, chi, floor, weight);
      NumericFits.weightedMeans(data, weight, gold, next);
      double change = NumericKernel.largestChange(next, truth);
      System.arraycopy(next, 0, truth, 0, n);
      if (!progress.record(change / sd)) {
        break;
      }
    }
    weights(data, truth, chi, floor, weight);
    return NumericFits.measured(
        name(),
        data,
        truth,
        weight,
        progress.diagnostics("largest change of an estimate, in pooled standard deviations"),
        provenance(data::digest, start));
  }

  /** w_k = χ²_k / max(Σ (x − t)², |N_k| · floor) (eq. 9). */
  private static void weights(
      NumericAnswers data, double[] truth, double[] chi, double floor, double[] out) {
    double[] squares = new double[out.length];
    NumericKernel.addSquaredResiduals(
        data.offsetArray(), data.workerArray(), data.valueArray(), truth, null, squares);
    TruthDiscoveryKernel.catdWeights(squares, data.workerSizes(), chi, floor, out);
  }
}
