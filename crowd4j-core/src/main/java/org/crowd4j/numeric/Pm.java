package org.crowd4j.numeric;

import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.TruthDiscoveryKernel;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitProgress;

/**
 * PM, also called CRH ({@code pm}; Li, Li, Gao, Zhao, Fan, Han, "Resolving conflicts in
 * heterogeneous data by truth discovery and source reliability estimation", SIGMOD 2014), for
 * continuous answers.
 *
 * <p><b>Model.</b> Minimise f(w, t) = Σ_k w_k Σ_{i ∈ N_k} d_ik subject to Σ_k exp(−w_k) = 1 (the
 * paper's eq. 1–2), with the normalised squared distance d_ik = (x_ik − t_i)² / std_i (eq. 12),
 * std_i the standard deviation of task i's answers. Block coordinate descent: given the truths the
 * optimal weights are w_k = −log(Σ_i d_ik / Σ_k' Σ_i d_ik') (eq. 5); given the weights the optimal
 * truth is the weighted mean t_i = Σ_k w_k x_ik / Σ_k w_k (eq. 13).
 *
 * <p><b>Updates.</b> Start from the per-task median (the authors' code), then alternate weights and
 * truths; tasks with gold keep their known value. A task whose answers all agree (or that has one
 * answer) has no spread of its own and is normalised by the crowd's pooled within-task standard
 * deviation instead. A worker's share of the total distance is floored at {@code shareFloor}, so a
 * worker who matches every estimate gets the finite weight −log(shareFloor).
 *
 * <p><b>Stopping.</b> The objective f per answer never rises under the two exact updates; the fit
 * converged when it fell by less than {@code tol} of its value. Time {@code O(m)} per iteration,
 * memory {@code O(n + W)}.
 */
public final class Pm extends NumericMethod<Pm.Options> {
  /**
   * Options of {@link Pm}.
   *
   * @param maxIterations iterations at most; 0 returns the median start
   * @param tol stop when the objective falls by less than this fraction of its value
   * @param shareFloor floor of a worker's share of the total distance
   */
  public record Options(
      @Describe("iterations at most; 0 returns the median start") int maxIterations,
      @Describe("stop when the objective falls by less than this fraction of its value") double tol,
      @Describe("floor of a worker's share of the total distance (caps the weight)")
          double shareFloor)
      implements LoopOptions {
    /** Validates. */
    public Options {
      NumericFits.requireLoopOptions(maxIterations, tol);
      if (!(shareFloor > 0 && shareFloor < 0.01)) {
        throw new IllegalArgumentException("shareFloor must be in (0, 0.01): " + shareFloor);
      }
    }

    /** 100 iterations, tol 1e-6, share floor 1e-10 (weights at most about 23). */
    public static Options defaults() {
      return new Options(100, 1e-6, 1e-10);
    }
  }

  /** PM with {@code options}. */
  public Pm(Options options) {
    super("pm", FitProgress.Mode.DESCENT, options);
  }

  /** PM with default options. */
  public Pm() {
    this(Options.defaults());
  }

  @Override
  NumericResult fit(NumericAnswers data, double[] gold, FitProgress progress, long start) {
    int n = data.numTasks();
    int numWorkers = data.numWorkers();
    double pooledSd = Math.sqrt(NumericFits.pooledVariance(data));
    double[] spread =
        TruthDiscoveryKernel.pmScales(data.offsetArray(), data.valueArray(), pooledSd);
    double[] truth = NumericFits.medians(data);
    NumericFits.clamp(truth, gold);
    double[] distance = new double[numWorkers];
    double[] weight = new double[numWorkers];
    int m = data.numAnswers();
    int[] count = data.workerSizes();
    for (int it = 1; it <= options().maxIterations(); it++) {
      distances(data, truth, spread, distance);
      TruthDiscoveryKernel.pmWeights(distance, count, options().shareFloor(), weight);
      NumericFits.weightedMeans(data, weight, gold, truth);
      distances(data, truth, spread, distance);
      if (!progress.record(TruthDiscoveryKernel.pmObjective(weight, distance) / m)) {
        break;
      }
    }
    distances(data, truth, spread, distance);
    TruthDiscoveryKernel.pmWeights(distance, count, options().shareFloor(), weight);
    return NumericFits.measured(
        name(),
        data,
        truth,
        weight,
        progress.diagnostics("weighted normalised squared distance per answer"),
        provenance(data::digest, start));
  }

  /** Σ_{i ∈ N_k} (x_ik − t_i)² / std_i of every worker (eq. 12). */
  private static void distances(
      NumericAnswers data, double[] truth, double[] spread, double[] out) {
    java.util.Arrays.fill(out, 0.0);
    NumericKernel.addSquaredResiduals(
        data.offsetArray(), data.workerArray(), data.valueArray(), truth, spread, out);
  }
}
