package org.crowd4j.pairwise;

import java.util.Arrays;

/**
 * Standard errors of log-scores from an information matrix of the form {@code I = Σ_pairs w_ab (e_a
 * − e_b)(e_a − e_b)ᵀ + diag(d)} (a weighted graph Laplacian, plus the information of the prior on
 * each item), as {@link StandardErrors} chooses:
 *
 * <p>Scores are identified only up to a shift within each connected component C of the comparison
 * graph (k items), so the error is that of the centred log-score {@code vᵀθ}, {@code v = e_i − 1/k}
 * on C, under the covariance Σ of θ restricted to {@code Σ_C θ = const}:
 *
 * <ul>
 *   <li>{@link StandardErrors#EXACT}: {@code Σ = A⁻¹ − A⁻¹11ᵀA⁻¹ / 1ᵀA⁻¹1} with {@code A = I_C +
 *       c·11ᵀ} (Cholesky, O(k³)); for the pure Laplacian this is its pseudo-inverse. Components
 *       larger than {@code maxDense} items get the diagonal errors;
 *   <li>{@link StandardErrors#DIAGONAL}: the Cauchy–Schwarz lower bound {@code vᵀΣv ≥ (vᵀv)² / vᵀIv
 *       = (1 − 1/k)² / (I_ii − 2d_i/k + Σ_C d / k²)}, from the diagonal of I alone in O(items +
 *       pairs); it equals the exact variance when every pair of the component carries the same
 *       weight and every item the same prior (a complete balanced design, e.g. two items);
 *   <li>{@link StandardErrors#NONE}: no errors.
 * </ul>
 *
 * Items excluded by the caller (a log-score of −∞) and components of one item get {@code NaN}.
 */
final class ScoreErrors {
  private ScoreErrors() {}

  /**
   * Computed errors, one per item, and the largest component that got the conditional errors (0
   * when none did).
   */
  record Result(double[] stderr, int largestDiagonal) {}

  /** No errors: every one {@code NaN}. */
  static Result none(int n) {
    double[] stderr = new double[n];
    Arrays.fill(stderr, Double.NaN);
    return new Result(stderr, 0);
  }

  /**
   * The errors.
   *
   * @param counts pairs and components
   * @param pairInfo information weight of each pair
   * @param itemInfo information of each item's prior (or {@code null})
   * @param usable whether each item takes part (a finite log-score)
   * @param mode which errors
   * @param maxDense largest component inverted densely for {@link StandardErrors#EXACT}
   */
  static Result of(
      PairCounts counts,
      double[] pairInfo,
      double[] itemInfo,
      boolean[] usable,
      StandardErrors mode,
      int maxDense) {
    int n = counts.items;
    if (mode == StandardErrors.NONE) {
      return none(n);
    }
    double[] diag = new double[n];
    for (int p = 0; p < counts.pairs(); p++) {
      if (usable[counts.a[p]] && usable[counts.b[p]]) {
        diag[counts.a[p]] += pairInfo[p];
        diag[counts.b[p]] += pairInfo[p];
      }
    }
    if (itemInfo != null) {
      for (int i = 0; i < n; i++) {
        diag[i] += itemInfo[i];
      }
    }
    // members of each component, usable ones only
    int k = counts.components;
    int[] size = new int[k + 1];
    for (int i = 0; i < n; i++) {
      if (usable[i]) {
        size[counts.component[i] + 1]++;
      }
    }
    // the prior's information of each component's usable items
    double[] priorTotal = new double[k];
    if (itemInfo != null) {
      for (int i = 0; i < n; i++) {
        if (usable[i]) {
          priorTotal[counts.component[i]] += itemInfo[i];
        }
      }
    }
    double[] stderr = new double[n];
    Arrays.fill(stderr, Double.NaN);
    if (mode == StandardErrors.DIAGONAL) {
      int largest = 0;
      for (int i = 0; i < n; i++) {
        int c = counts.component[i];
        int m = size[c + 1];
        if (usable[i] && m >= 2) {
          stderr[i] = diagonal(diag[i], itemInfo == null ? 0 : itemInfo[i], priorTotal[c], m);
          largest = Math.max(largest, m);
        }
      }
      return new Result(stderr, largest);
    }
    for (int c = 0; c < k; c++) {
      size[c + 1] += size[c];
    }
    int[] members = new int[size[k]];
    int[] fill = Arrays.copyOf(size, k);
    for (int i = 0; i < n; i++) {
      if (usable[i]) {
        members[fill[counts.component[i]]++] = i;
      }
    }
    // the pairs of each component
    int[] pairStart = new int[k + 1];
    for (int p = 0; p < counts.pairs(); p++) {
      pairStart[counts.component[counts.a[p]] + 1]++;
    }
    for (int c = 0; c < k; c++) {
      pairStart[c + 1] += pairStart[c];
    }
    int[] pairList = new int[counts.pairs()];
    int[] pairFill = Arrays.copyOf(pairStart, k);
    for (int p = 0; p < counts.pairs(); p++) {
      pairList[pairFill[counts.component[counts.a[p]]]++] = p;
    }
    int[] local = new int[n];
    int largestDiagonal = 0;
    for (int c = 0; c < k; c++) {
      int from = size[c];
      int m = size[c + 1] - from;
      if (m < 2) {
        continue;
      }
      if (m > maxDense) {
        largestDiagonal = Math.max(largestDiagonal, m);
        for (int t = from; t < from + m; t++) {
          int i = members[t];
          stderr[i] = diagonal(diag[i], itemInfo == null ? 0 : itemInfo[i], priorTotal[c], m);
        }
        continue;
      }
      for (int t = 0; t < m; t++) {
        local[members[from + t]] = t;
      }
      double[] a = new double[m * m];
      double scale = 0;
      for (int t = 0; t < m; t++) {
        scale += diag[members[from + t]] / m;
      }
      if (!(scale > 0)) {
        continue;
      }
      Arrays.fill(a, scale);
      for (int t = 0; t < m; t++) {
        a[t * m + t] += diag[members[from + t]];
      }
      for (int q = pairStart[c]; q < pairStart[c + 1]; q++) {
        int p = pairList[q];
        if (usable[counts.a[p]] && usable[counts.b[p]]) {
          int x = local[counts.a[p]];
          int y = local[counts.b[p]];
          a[x * m + y] -= pairInfo[p];
          a[y * m + x] -= pairInfo[p];
        }
      }
      double[] variance = constrainedVariance(a, m);
      if (variance != null) {
        for (int t = 0; t < m; t++) {
          double v = variance[t];
          stderr[members[from + t]] = v >= 0 ? Math.sqrt(v) : Double.NaN;
        }
      }
    }
    return new Result(stderr, largestDiagonal);
  }

  /**
   * The diagonal error {@code (1 − 1/k) / √(I_ii − 2d_i/k + D/k²)} of an item with information
   * {@code info} (its prior's {@code prior}) in a component of {@code k} items whose priors add up
   * to {@code priorTotal}; {@code NaN} without information.
   */
  static double diagonal(double info, double prior, double priorTotal, int k) {
    double q = info - 2 * prior / k + priorTotal / ((double) k * k);
    return info > 0 && q > 0 ? (1 - 1.0 / k) / Math.sqrt(q) : Double.NaN;
  }

  /**
   * Diagonal of {@code A⁻¹ − uuᵀ/1ᵀu} with {@code u = A⁻¹1} for the symmetric positive definite
   * {@code a} (row-major m × m, overwritten), or {@code null} when the Cholesky factorisation
   * fails.
   */
  static double[] constrainedVariance(double[] a, int m) {
    // Cholesky A = L Lᵀ, L in the lower triangle of a
    for (int j = 0; j < m; j++) {
      double d = a[j * m + j];
      for (int t = 0; t < j; t++) {
        d -= a[j * m + t] * a[j * m + t];
      }
      if (!(d > 0)) {
        return null;
      }
      double ljj = Math.sqrt(d);
      a[j * m + j] = ljj;
      for (int i = j + 1; i < m; i++) {
        double s = a[i * m + j];
        int ri = i * m;
        int rj = j * m;
        for (int t = 0; t < j; t++) {
          s -= a[ri + t] * a[rj + t];
        }
        a[ri + j] = s / ljj;
      }
    }
    // L⁻¹ column by column
    double[] invDiag = new double[m];
    double[] col = new double[m];
    for (int j = 0; j < m; j++) {
      Arrays.fill(col, 0, j, 0);
      col[j] = 1 / a[j * m + j];
      for (int i = j + 1; i < m; i++) {
        double s = 0;
        int ri = i * m;
        for (int t = j; t < i; t++) {
          s -= a[ri + t] * col[t];
        }
        col[i] = s / a[ri + i];
      }
      // col is column j of L⁻¹, so (A⁻¹)_jj = (L⁻ᵀL⁻¹)_jj = |col|²
      double sq = 0;
      for (int i = j; i < m; i++) {
        sq += col[i] * col[i];
      }
      invDiag[j] = sq;
    }
    // u = A⁻¹1 = L⁻ᵀ(L⁻¹1) by two triangular solves
    double[] y = new double[m];
    for (int i = 0; i < m; i++) {
      double s = 1;
      for (int t = 0; t < i; t++) {
        s -= a[i * m + t] * y[t];
      }
      y[i] = s / a[i * m + i];
    }
    double[] u = new double[m];
    for (int i = m - 1; i >= 0; i--) {
      double s = y[i];
      for (int t = i + 1; t < m; t++) {
        s -= a[t * m + i] * u[t];
      }
      u[i] = s / a[i * m + i];
    }
    double total = 0;
    for (int i = 0; i < m; i++) {
      total += u[i];
    }
    double[] out = new double[m];
    for (int i = 0; i < m; i++) {
      out[i] = invDiag[i] - u[i] * u[i] / total;
    }
    return out;
  }
}
