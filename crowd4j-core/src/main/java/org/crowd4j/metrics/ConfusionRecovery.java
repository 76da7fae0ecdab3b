package org.crowd4j.metrics;

/**
 * How far estimated annotator confusion matrices are from the true ones. Matrices are flat
 * row-major {@code K × K}; a list of {@code R} matrices is flat {@code R × K × K}.
 */
public final class ConfusionRecovery {
  private ConfusionRecovery() {}

  /**
   * Tanno et al. 2019's printed CM error: (1/R)(1/K) Σ_r Σ_{i,j} (a_ij − â_ij)², i.e. the mean over
   * annotators of the squared Frobenius distance divided by {@code K}.
   */
  public static double tannoError(double[] truth, double[] estimate, int k) {
    Checks.sameLength("truth", truth.length, "estimate", estimate.length);
    int r = count(truth, k);
    double sum = 0;
    for (int j = 0; j < truth.length; j++) {
      double d = truth[j] - estimate[j];
      sum += d * d;
    }
    return sum / ((double) r * k);
  }

  /**
   * The un-squared normalised Frobenius distance: (1/R) Σ_r ‖A_r − Â_r‖_F / K (Mena &amp;
   * Ñanculef's {@code NormF}).
   */
  public static double normalizedFrobenius(double[] truth, double[] estimate, int k) {
    Checks.sameLength("truth", truth.length, "estimate", estimate.length);
    int r = count(truth, k);
    double total = 0;
    for (int m = 0; m < r; m++) {
      double sum = 0;
      for (int j = m * k * k; j < (m + 1) * k * k; j++) {
        double d = truth[j] - estimate[j];
        sum += d * d;
      }
      total += Math.sqrt(sum) / k;
    }
    return total / r;
  }

  /** Each annotator's skill: the mean of her matrix's diagonal. */
  public static double[] skills(double[] matrices, int k) {
    int r = count(matrices, k);
    double[] out = new double[r];
    for (int m = 0; m < r; m++) {
      double d = 0;
      for (int c = 0; c < k; c++) {
        d += matrices[(m * k + c) * k + c];
      }
      out[m] = d / k;
    }
    return out;
  }

  /**
   * Whether the matrix (e.g. a group's mean confusion) is diagonally dominant in every row: the
   * diagonal entry strictly exceeds every other entry of its row (Tanno et al.'s condition).
   */
  public static boolean diagonallyDominant(double[] matrix, int k) {
    Checks.matrix("matrix", matrix, k, k);
    for (int c = 0; c < k; c++) {
      for (int l = 0; l < k; l++) {
        if (l != c && matrix[c * k + l] >= matrix[c * k + c]) {
          return false;
        }
      }
    }
    return true;
  }

  /** The entry-wise mean of {@code R} matrices. */
  public static double[] mean(double[] matrices, int k) {
    int r = count(matrices, k);
    double[] out = new double[k * k];
    for (int j = 0; j < matrices.length; j++) {
      out[j % (k * k)] += matrices[j] / r;
    }
    return out;
  }

  private static int count(double[] matrices, int k) {
    Checks.positive("k", k);
    if (matrices.length == 0 || matrices.length % (k * k) != 0) {
      throw new IllegalArgumentException(
          "expected a multiple of " + k + "×" + k + " values, got " + matrices.length);
    }
    return matrices.length / (k * k);
  }
}
