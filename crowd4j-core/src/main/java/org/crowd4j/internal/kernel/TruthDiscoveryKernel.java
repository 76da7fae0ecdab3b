package org.crowd4j.internal.kernel;

import java.util.HashMap;
import java.util.Map;

/**
 * The worker weights of the truth-discovery methods CATD (Li et al., PVLDB 8(4), 2014) and PM/CRH
 * (Li et al., SIGMOD 2014) from per-worker sums ({@link NumericKernel#addSquaredResiduals}), shared
 * by the single-machine methods and crowd4j-spark. A worker without answers ({@code count} 0) gets
 * weight 0.
 */
public final class TruthDiscoveryKernel {
  private TruthDiscoveryKernel() {}

  /**
   * χ²_{(α/2, n_k)} of every worker with {@code count[k] = n_k} answers (0 for none): the lower α/2
   * quantile of χ² with n_k degrees of freedom, CATD's eq. 9 numerator.
   */
  public static double[] catdQuantiles(int[] count, double alpha) {
    double[] out = new double[count.length];
    Map<Integer, Double> byCount = new HashMap<>();
    for (int w = 0; w < out.length; w++) {
      int c = count[w];
      out[w] = c == 0 ? 0 : byCount.computeIfAbsent(c, k -> ChiSquared.lowerQuantile(alpha / 2, k));
    }
    return out;
  }

  /**
   * CATD's weights (eq. 9) into {@code out}: w_k = χ²_k / max(S_k, n_k · {@code floor}), with S_k
   * the sum of the worker's squared residuals {@code squares[k]} and χ²_k from {@link
   * #catdQuantiles}.
   */
  public static void catdWeights(
      double[] squares, int[] count, double[] quantile, double floor, double[] out) {
    for (int w = 0; w < out.length; w++) {
      int c = count[w];
      out[w] = c == 0 ? 0 : quantile[w] / Math.max(squares[w], c * floor);
    }
  }

  /**
   * PM's per-task scale std_i (eq. 12): the standard deviation of the task's answers about their
   * mean, or {@code fallback} (the crowd's pooled standard deviation) for a task whose answers all
   * agree.
   */
  public static double[] pmScales(int[] off, double[] value, double fallback) {
    double[] spread = NumericKernel.spreads(off, value, NumericKernel.means(off, value));
    for (int i = 0; i < spread.length; i++) {
      if (!(spread[i] > 0)) {
        spread[i] = fallback;
      }
    }
    return spread;
  }

  /**
   * PM's weights (eq. 5) into {@code out}: w_k = −log(max(D_k / Σ D, {@code floor})) with D_k the
   * worker's normalised distance {@code distance[k]}; 1 for every worker with answers when all
   * distances are 0.
   */
  public static void pmWeights(double[] distance, int[] count, double floor, double[] out) {
    double total = 0;
    for (double d : distance) {
      total += d;
    }
    for (int w = 0; w < out.length; w++) {
      if (count[w] == 0) {
        out[w] = 0;
      } else if (!(total > 0)) {
        out[w] = 1;
      } else {
        out[w] = -Math.log(Math.max(distance[w] / total, floor));
      }
    }
  }

  /** PM's objective (eq. 1), Σ_k w_k D_k, added in worker order. */
  public static double pmObjective(double[] weight, double[] distance) {
    double f = 0;
    for (int w = 0; w < weight.length; w++) {
      f += weight[w] * distance[w];
    }
    return f;
  }
}
