package org.crowd4j.internal.kernel;

/**
 * The per-answer maths of MACE (Hovy et al. 2013) over primitive arrays.
 *
 * <p>Worker {@code w} knows the answer with probability κ_w and otherwise spams with probability
 * σ_w = 1 − κ_w, drawing label {@code l} from her strategy ξ_w. Given true label {@code k},
 * answering {@code l ≠ k} has probability σ_w ξ_{wl} and answering {@code k} has σ_w ξ_{wk} + κ_w.
 * With {@code logA[w,l] = log(σ_w ξ_{wl})} and {@code logD[w,l] = log(1 + κ_w / (σ_w ξ_{wl}))}, the
 * task's log joint is Σ_a logA + Σ_{a: l_a = k} logD: O(1) work per answer.
 *
 * <p>Expected counts: the probability that answer {@code a} (label {@code l}) was given knowingly
 * is q_i(l)·R[w,l] with {@code R[w,l] = κ_w / (σ_w ξ_{wl} + κ_w)}; everything else about the answer
 * is spamming with label {@code l}. Per-worker arrays are flat {@code [w][l]}.
 */
public final class MaceKernel {
  private MaceKernel() {}

  /**
   * E-step for tasks {@code [from, to)}: writes posteriors into {@code post} (gold tasks clamped),
   * adds q_i(l_a)·R[w, l_a] into the chunk-local {@code knowing[w·K + l]}, and returns Σ_i log Σ_k
   * (1/K) Π_a P(l_a | k) (for gold tasks, the complete-data term of the gold label).
   */
  public static double eStep(
      int[] off,
      int[] worker,
      int[] label,
      int from,
      int to,
      int k,
      double[] logA,
      double[] logD,
      double[] ratio,
      int[] gold,
      double[] post,
      double[] knowing) {
    double logUniform = -Math.log(k);
    double logLik = 0;
    for (int i = from; i < to; i++) {
      int row = i * k;
      for (int c = 0; c < k; c++) {
        post[row + c] = 0.0;
      }
      int start = off[i];
      int end = off[i + 1];
      double common = logUniform;
      for (int a = start; a < end; a++) {
        int l = label[a];
        int idx = worker[a] * k + l;
        common += logA[idx];
        post[row + l] += logD[idx];
      }
      int g = gold[i];
      if (g >= 0) {
        logLik += common + post[row + g];
        for (int c = 0; c < k; c++) {
          post[row + c] = c == g ? 1.0 : 0.0;
        }
      } else {
        logLik += common + DawidSkeneKernel.softmax(post, row, k);
      }
      for (int a = start; a < end; a++) {
        int l = label[a];
        int idx = worker[a] * k + l;
        knowing[idx] += post[row + l] * ratio[idx];
      }
    }
    return logLik;
  }

  /**
   * Fills {@code logA}, {@code logD} and {@code ratio} ({@code [w][l]}) from the spamming and
   * knowing probabilities per worker and the strategies {@code [w][l]} (which need not be
   * normalised, as in variational Bayes).
   */
  public static void answerTerms(
      double[] spam,
      double[] know,
      double[] strategy,
      int numWorkers,
      int k,
      double[] logA,
      double[] logD,
      double[] ratio) {
    for (int w = 0; w < numWorkers; w++) {
      double logSpam = Math.log(spam[w]);
      for (int l = 0; l < k; l++) {
        int idx = w * k + l;
        double spamming = spam[w] * strategy[idx];
        logA[idx] = logSpam + Math.log(strategy[idx]);
        logD[idx] = Math.log1p(know[w] / spamming);
        ratio[idx] = know[w] / (spamming + know[w]);
      }
    }
  }
}
