package org.crowd4j.internal.kernel;

/**
 * The per-task maths of one-coin Dawid–Skene EM over primitive arrays, shared by the single-machine
 * and the Spark implementations. The E-step is {@link DawidSkeneKernel#posterior} with the one-coin
 * log error entries that {@link #mStep} writes (layout {@code [w][observed l][true k]}).
 */
public final class OneCoinKernel {
  private OneCoinKernel() {}

  /**
   * M-step statistics of one task with answers {@code [from, to)} and posterior {@code post[postOff
   * .. postOff+K)}: adds the posterior to {@code priorCounts} and, for every answer, the posterior
   * of its label to {@code skillSum[worker]}.
   */
  public static void accumulate(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] post,
      int postOff,
      int k,
      double[] priorCounts,
      double[] skillSum) {
    for (int c = 0; c < k; c++) {
      priorCounts[c] += post[postOff + c];
    }
    for (int a = from; a < to; a++) {
      skillSum[worker[a]] += post[postOff + label[a]];
    }
  }

  /**
   * M-step from the summed statistics: log prior from the prior counts, s_w = {@code skillSum[w] /
   * count[w]} (1/K for a worker without answers) into {@code skills}, and the log error entries
   * {@code [w][observed l][true c]} of the one-coin matrices, s_w and (1 − s_w)/(K − 1) clipped to
   * [{@code floor}, 1 − {@code floor}].
   */
  public static void mStep(
      double[] priorCounts,
      double[] skillSum,
      int[] count,
      int k,
      double floor,
      double[] logPrior,
      double[] skills,
      double[] logError) {
    DawidSkeneKernel.logPriorFromCounts(priorCounts, k, floor, logPrior);
    for (int w = 0; w < skills.length; w++) {
      double s = count[w] > 0 ? skillSum[w] / count[w] : 1.0 / Math.max(1, k);
      skills[w] = s;
      double logRight = Math.log(clip(s, floor));
      double logWrong = k > 1 ? Math.log(clip((1 - s) / (k - 1), floor)) : 0.0;
      int b = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          logError[b + l * k + c] = l == c ? logRight : logWrong;
        }
      }
    }
  }

  private static double clip(double p, double floor) {
    return Math.min(Math.max(p, floor), 1 - floor);
  }

  /**
   * crowd-kit 1.4.1's ELBO over tasks {@code [fromTask, toTask)} ({@code post} indexed {@code i *
   * K}): Σ_a Σ_k q_i(k) (log e_w[l, k] + log ρ_k) + Σ_i H(q_i), the log prior counted once per
   * answer, zero posteriors skipped.
   */
  public static double crowdKitElbo(
      int[] worker,
      int[] label,
      int[] off,
      int fromTask,
      int toTask,
      double[] post,
      double[] logPrior,
      double[] logError,
      int k) {
    double elbo = 0;
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      for (int a = off[i]; a < off[i + 1]; a++) {
        int base = (worker[a] * k + label[a]) * k;
        for (int c = 0; c < k; c++) {
          double q = post[row + c];
          if (q > 0) {
            elbo += q * (logError[base + c] + logPrior[c]);
          }
        }
      }
      for (int c = 0; c < k; c++) {
        double q = post[row + c];
        if (q > 0) {
          elbo -= q * Math.log(q);
        }
      }
    }
    return elbo;
  }
}
