package org.crowd4j.aggregate.kernel;

/**
 * The per-task maths of Dawid–Skene EM over primitive arrays, shared by the single-machine and the
 * Spark implementations so both give the same numbers.
 *
 * <p>Worker parameters are held as log confusion entries laid out {@code [w][observed l][true k]}
 * so the {@code K} values an answer contributes are contiguous.
 */
public final class DawidSkeneKernel {
  private DawidSkeneKernel() {}

  /**
   * E-step for answers {@code [from, to)} of one task: writes the posterior into {@code
   * post[postOff .. postOff+K)} and returns the task's log marginal likelihood log Σ_k ρ_k Π_a
   * e_{w(a)}[l(a), k]. When {@code goldLabel >= 0} the posterior is clamped to that label (floored)
   * and the complete-data log-likelihood is returned.
   */
  public static double posterior(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] logPrior,
      double[] logError,
      int k,
      int goldLabel,
      double floor,
      double[] post,
      int postOff) {
    for (int c = 0; c < k; c++) {
      post[postOff + c] = logPrior[c];
    }
    for (int a = from; a < to; a++) {
      int base = (worker[a] * k + label[a]) * k;
      for (int c = 0; c < k; c++) {
        post[postOff + c] += logError[base + c];
      }
    }
    double logZ;
    if (goldLabel >= 0) {
      logZ = post[postOff + goldLabel];
      for (int c = 0; c < k; c++) {
        post[postOff + c] = c == goldLabel ? 1.0 : 0.0;
      }
    } else {
      logZ = softmax(post, postOff, k);
    }
    applyFloor(post, postOff, k, floor);
    return logZ;
  }

  /**
   * M-step sufficient statistics of one task: adds its posterior to {@code errorCounts[w][l][k]}
   * for each of its answers and to {@code priorCounts[k]}.
   */
  public static void accumulate(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] post,
      int postOff,
      int k,
      double[] errorCounts,
      double[] priorCounts) {
    for (int c = 0; c < k; c++) {
      priorCounts[c] += post[postOff + c];
    }
    for (int a = from; a < to; a++) {
      int base = (worker[a] * k + label[a]) * k;
      for (int c = 0; c < k; c++) {
        errorCounts[base + c] += post[postOff + c];
      }
    }
  }

  /**
   * M-step: turns counts {@code [w][l][k]} into log confusion entries, each count floored at {@code
   * floor} and normalised over {@code l} for every (w, k), as crowd-kit does.
   */
  public static void logErrorsFromCounts(
      double[] counts, int numWorkers, int k, double floor, double[] logError) {
    double[] colSum = new double[k];
    for (int w = 0; w < numWorkers; w++) {
      int wb = w * k * k;
      java.util.Arrays.fill(colSum, 0.0);
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          colSum[c] += Math.max(counts[wb + l * k + c], floor);
        }
      }
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          logError[wb + l * k + c] = Math.log(Math.max(counts[wb + l * k + c], floor) / colSum[c]);
        }
      }
    }
  }

  /** Log of the normalised prior counts, each floored at {@code floor}. */
  public static void logPriorFromCounts(double[] priorCounts, int k, double floor, double[] out) {
    double z = 0;
    for (int c = 0; c < k; c++) {
      z += priorCounts[c];
    }
    for (int c = 0; c < k; c++) {
      double p = z > 0 ? priorCounts[c] / z : 1.0 / k;
      out[c] = Math.log(Math.max(p, floor));
    }
  }

  /** In-place softmax of log-scores; returns log Σ exp. */
  public static double softmax(double[] s, int off, int k) {
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      max = Math.max(max, s[off + c]);
    }
    double z = 0;
    for (int c = 0; c < k; c++) {
      double e = Math.exp(s[off + c] - max);
      s[off + c] = e;
      z += e;
    }
    double inv = 1.0 / z;
    for (int c = 0; c < k; c++) {
      s[off + c] *= inv;
    }
    return max + Math.log(z);
  }

  /** Raises every entry below {@code floor} to it and renormalises the row. */
  public static void applyFloor(double[] p, int off, int k, double floor) {
    if (floor <= 0) {
      return;
    }
    boolean raised = false;
    for (int c = 0; c < k; c++) {
      if (p[off + c] < floor) {
        p[off + c] = floor;
        raised = true;
      }
    }
    if (raised) {
      double z = 0;
      for (int c = 0; c < k; c++) {
        z += p[off + c];
      }
      for (int c = 0; c < k; c++) {
        p[off + c] /= z;
      }
    }
  }
}
