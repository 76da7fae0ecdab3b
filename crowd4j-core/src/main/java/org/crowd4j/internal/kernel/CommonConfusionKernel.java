package org.crowd4j.internal.kernel;

import org.crowd4j.aggregate.Posteriors;

/**
 * The per-task maths of the common-plus-individual confusion EM (Chu et al. 2021, appendix B) over
 * primitive arrays, shared by the single-machine and the Spark implementations.
 *
 * <p>Parameters: class prior ρ ({@code K}), the common matrix π^g ({@code [k][l]}), the individual
 * matrices π^r ({@code [w][k][l]}) and ω, per worker or per answer. The per-answer source shares
 * q(z = c, s = 1) live in a scratch array {@code common}, answer {@code a} at {@code (a - shift) *
 * K}, so a caller may keep them for all answers ({@code shift = 0}) or for one task only ({@code
 * shift = from}).
 */
public final class CommonConfusionKernel {
  private CommonConfusionKernel() {}

  /**
   * E-step of one task with answers {@code [from, to)}: writes q(z) into {@code post[row .. row+K)}
   * (clamped to {@code goldLabel} when it is {@code >= 0}) and q(z = c, s = 1) of every answer into
   * {@code common}; returns the task's log marginal likelihood (for a gold task the complete-data
   * term of its label).
   *
   * @param omega ω per answer ({@code perAnswer}, indexed by {@code a}) or per worker
   */
  public static double eStep(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] logRho,
      double[] omega,
      boolean perAnswer,
      double[] piG,
      double[] piR,
      int k,
      int goldLabel,
      double[] post,
      int row,
      double[] common,
      int shift) {
    int k2 = k * k;
    System.arraycopy(logRho, 0, post, row, k);
    for (int a = from; a < to; a++) {
      double w = omega[perAnswer ? a : worker[a]];
      int l = label[a];
      int rb = worker[a] * k2;
      int cb = (a - shift) * k;
      for (int c = 0; c < k; c++) {
        double g = w * piG[c * k + l];
        double mix = g + (1 - w) * piR[rb + c * k + l];
        // the share of the common source given z = c, kept until q(z) is known
        common[cb + c] = mix > 0 ? g / mix : w;
        post[row + c] += Math.log(mix);
      }
    }
    double logLik;
    if (goldLabel >= 0) {
      logLik = post[row + goldLabel];
      java.util.Arrays.fill(post, row, row + k, 0.0);
      post[row + goldLabel] = 1.0;
    } else {
      logLik = Posteriors.softmaxInPlace(post, row, k);
    }
    for (int a = from; a < to; a++) {
      int cb = (a - shift) * k;
      for (int c = 0; c < k; c++) {
        common[cb + c] *= post[row + c];
      }
    }
    return logLik;
  }

  /**
   * M-step statistics of one task: adds q(z) to {@code rho}, q(z = c, s = 1) to {@code piG[c][l]},
   * max(0, q(z = c) − q(z = c, s = 1)) to {@code piR[w][c][l]}, and each answer's q(s = 1) (clipped
   * to [0, 1]) to {@code omegaSum[worker]} or, {@code perAnswer}, into {@code omegaSum[a]}.
   */
  public static void accumulate(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] post,
      int row,
      double[] common,
      int shift,
      int k,
      boolean perAnswer,
      double[] rho,
      double[] piG,
      double[] piR,
      double[] omegaSum) {
    int k2 = k * k;
    for (int c = 0; c < k; c++) {
      rho[c] += post[row + c];
    }
    for (int a = from; a < to; a++) {
      int l = label[a];
      int rb = worker[a] * k2;
      int cb = (a - shift) * k;
      double s1 = 0;
      for (int c = 0; c < k; c++) {
        double g = common[cb + c];
        s1 += g;
        piG[c * k + l] += g;
        piR[rb + c * k + l] += Math.max(0.0, post[row + c] - g);
      }
      s1 = Math.min(1.0, Math.max(0.0, s1));
      if (perAnswer) {
        omegaSum[a] = s1;
      } else {
        omegaSum[worker[a]] += s1;
      }
    }
  }

  /** Normalises the summed counts (pseudo-counts included) into ρ, π^g and π^r in place. */
  public static void normalize(double[] rho, double[] piG, double[] piR, int k) {
    Posteriors.normalizeInPlace(rho, 0, k);
    for (int c = 0; c < k; c++) {
      Posteriors.normalizeInPlace(piG, c * k, k);
    }
    for (int r = 0; r < piR.length / k; r++) {
      Posteriors.normalizeInPlace(piR, r * k, k);
    }
  }

  /** λ Σ log θ over ρ, π^g, π^r: the Dirichlet(1 + λ) log prior up to a constant. */
  public static double logPrior(double lambda, double[] rho, double[] piG, double[] piR) {
    if (lambda == 0) {
      return 0;
    }
    double s = 0;
    for (double v : rho) {
      s += Math.log(v);
    }
    for (double v : piG) {
      s += Math.log(v);
    }
    for (double v : piR) {
      s += Math.log(v);
    }
    return lambda * s;
  }
}
