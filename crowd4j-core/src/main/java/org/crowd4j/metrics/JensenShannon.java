package org.crowd4j.metrics;

/**
 * Jensen–Shannon divergences between confusion matrices as Mena &amp; Ñanculef 2019 define them:
 * entries clipped to [1e-7, 1], per-row JS(p, q) = ½KL(p‖m) + ½KL(q‖m) with m = ½(p+q), natural log
 * divided by ln 2 (so in [0, 1]), averaged over the {@code K} rows.
 */
public final class JensenShannon {
  private static final double CLIP = 1e-7;
  private static final double LN2 = Math.log(2);

  private JensenShannon() {}

  /** JS divergence in bits between two distributions of equal length. */
  public static double divergence(double[] p, int pOff, double[] q, int qOff, int k) {
    double js = 0;
    for (int c = 0; c < k; c++) {
      double a = clip(p[pOff + c]);
      double b = clip(q[qOff + c]);
      double m = 0.5 * (a + b);
      js += 0.5 * a * Math.log(a / m) + 0.5 * b * Math.log(b / m);
    }
    return Math.max(0.0, js / LN2);
  }

  /** Mean row JS between two {@code K × K} matrices starting at the given offsets. */
  public static double matrix(double[] a, int aOff, double[] b, int bOff, int k) {
    double sum = 0;
    for (int r = 0; r < k; r++) {
      sum += divergence(a, aOff + r * k, b, bOff + r * k, k);
    }
    return sum / k;
  }

  /** Mean row JS between two {@code K × K} matrices. */
  public static double matrix(double[] a, double[] b, int k) {
    Checks.matrix("a", a, k, k);
    Checks.matrix("b", b, k, k);
    return matrix(a, 0, b, 0, k);
  }

  /**
   * I-JS: the unweighted mean over annotators of the matrix JS between true and estimated
   * confusions (both flat {@code R × K × K}).
   */
  public static double individual(double[] truth, double[] estimate, int k) {
    Checks.sameLength("truth", truth.length, "estimate", estimate.length);
    int r = truth.length / (k * k);
    if (r == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (int m = 0; m < r; m++) {
      sum += matrix(truth, m * k * k, estimate, m * k * k, k);
    }
    return sum / r;
  }

  /** G-JS: the matrix JS between the true global confusion and the method's global matrix. */
  public static double global(double[] trueGlobal, double[] estimatedGlobal, int k) {
    return matrix(trueGlobal, estimatedGlobal, k);
  }

  /** I_sim(Π) = 1 − JS(Π, I): how close a matrix is to the identity. */
  public static double identitySimilarity(double[] matrix, int k) {
    double[] id = new double[k * k];
    for (int c = 0; c < k; c++) {
      id[c * k + c] = 1;
    }
    return 1 - matrix(matrix, id, k);
  }

  /** Mean row entropy in nats (ln K at most). */
  public static double meanRowEntropy(double[] matrix, int k) {
    Checks.matrix("matrix", matrix, k, k);
    double h = 0;
    for (double p : matrix) {
      if (p > 0) {
        h -= p * Math.log(p);
      }
    }
    return h / k;
  }

  private static double clip(double v) {
    return Math.min(1.0, Math.max(CLIP, v));
  }
}
