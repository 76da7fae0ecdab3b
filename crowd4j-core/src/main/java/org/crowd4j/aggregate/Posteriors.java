package org.crowd4j.aggregate;

/** Small numeric helpers over flat {@code n × K} posterior matrices. */
public final class Posteriors {
  private Posteriors() {}

  /** Most probable label per row; ties go to the lowest label id (crowd-kit's sorted order). */
  public static int[] argmax(double[] p, int n, int k) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = argmaxRow(p, i * k, k);
    }
    return out;
  }

  /** Index (relative to {@code offset}) of the first maximum of {@code p[offset .. offset+k)}. */
  public static int argmaxRow(double[] p, int offset, int k) {
    int best = 0;
    double max = p[offset];
    for (int c = 1; c < k; c++) {
      if (p[offset + c] > max) {
        max = p[offset + c];
        best = c;
      }
    }
    return best;
  }

  /**
   * The hard vote of a row of vote counts or shares {@code p[offset .. offset+k)}, in place: the
   * labels tied for the most get an equal share of 1, the others 0.
   */
  public static void topVoteInPlace(double[] p, int offset, int k) {
    double top = p[offset + argmaxRow(p, offset, k)];
    int tied = 0;
    for (int c = 0; c < k; c++) {
      tied += p[offset + c] == top ? 1 : 0;
    }
    for (int c = 0; c < k; c++) {
      p[offset + c] = p[offset + c] == top ? 1.0 / tied : 0;
    }
  }

  /**
   * Turns log-scores {@code s[offset .. offset+k)} into probabilities in place (log-sum-exp shifted
   * by the maximum); returns the log normaliser.
   */
  public static double softmaxInPlace(double[] s, int offset, int k) {
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      max = Math.max(max, s[offset + c]);
    }
    if (max == Double.NEGATIVE_INFINITY) {
      double u = 1.0 / k;
      for (int c = 0; c < k; c++) {
        s[offset + c] = u;
      }
      return Double.NEGATIVE_INFINITY;
    }
    double z = 0;
    for (int c = 0; c < k; c++) {
      double e = Math.exp(s[offset + c] - max);
      s[offset + c] = e;
      z += e;
    }
    for (int c = 0; c < k; c++) {
      s[offset + c] /= z;
    }
    return max + Math.log(z);
  }

  /** Divides {@code p[offset .. offset+k)} by its sum; a zero row becomes uniform. */
  public static void normalizeInPlace(double[] p, int offset, int k) {
    double z = 0;
    for (int c = 0; c < k; c++) {
      z += p[offset + c];
    }
    if (!(z > 0) || Double.isInfinite(z)) {
      double u = 1.0 / k;
      for (int c = 0; c < k; c++) {
        p[offset + c] = u;
      }
      return;
    }
    for (int c = 0; c < k; c++) {
      p[offset + c] /= z;
    }
  }
}
