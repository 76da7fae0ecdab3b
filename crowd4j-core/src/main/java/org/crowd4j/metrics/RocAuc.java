package org.crowd4j.metrics;

/**
 * Area under the ROC curve via the Mann–Whitney statistic with mid-ranks, so tied scores count one
 * half (scikit-learn's {@code roc_auc_score}). Returns {@code NaN} when only one class is present.
 */
public final class RocAuc {
  private RocAuc() {}

  /** AUC of {@code scores} for the items whose {@code positive} flag is set. */
  public static double binary(double[] scores, boolean[] positive) {
    Checks.sameLength("scores", scores.length, "positive", positive.length);
    int n = scores.length;
    int[] order = sortedIndex(scores);
    long pos = 0;
    double rankSum = 0;
    int i = 0;
    while (i < n) {
      int j = i;
      while (j + 1 < n && scores[order[j + 1]] == scores[order[i]]) {
        j++;
      }
      double midRank = (i + j) / 2.0 + 1.0;
      for (int t = i; t <= j; t++) {
        if (positive[order[t]]) {
          pos++;
          rankSum += midRank;
        }
      }
      i = j + 1;
    }
    long neg = n - pos;
    if (pos == 0 || neg == 0) {
      return Double.NaN;
    }
    return (rankSum - pos * (pos + 1) / 2.0) / ((double) pos * neg);
  }

  /**
   * One-vs-rest AUC of every class from {@code probs} ({@code n × k}); items with truth below 0 are
   * skipped; a class absent from the truth (or present everywhere) gets {@code NaN}.
   */
  public static double[] perClass(int[] truth, double[] probs, int k) {
    Checks.matrix("probs", probs, truth.length, k);
    int n = 0;
    for (int t : truth) {
      if (t >= 0) {
        n++;
      }
    }
    double[] out = new double[k];
    double[] s = new double[n];
    boolean[] pos = new boolean[n];
    for (int c = 0; c < k; c++) {
      int j = 0;
      for (int i = 0; i < truth.length; i++) {
        if (truth[i] >= 0) {
          s[j] = probs[i * k + c];
          pos[j] = truth[i] == c;
          j++;
        }
      }
      out[c] = binary(s, pos);
    }
    return out;
  }

  /**
   * Per-label AUC for multi-label data: {@code scores} and {@code truth} are {@code n × labels}
   * row-major; {@code truth} entries are 1 (positive), 0 (negative) or −1 (unknown, skipped).
   */
  public static double[] perLabel(double[] scores, int[] truth, int labels) {
    Checks.sameLength("scores", scores.length, "truth", truth.length);
    Checks.positive("labels", labels);
    int n = scores.length / labels;
    double[] out = new double[labels];
    for (int l = 0; l < labels; l++) {
      int m = 0;
      for (int i = 0; i < n; i++) {
        if (truth[i * labels + l] >= 0) {
          m++;
        }
      }
      double[] s = new double[m];
      boolean[] pos = new boolean[m];
      int j = 0;
      for (int i = 0; i < n; i++) {
        int t = truth[i * labels + l];
        if (t >= 0) {
          s[j] = scores[i * labels + l];
          pos[j] = t == 1;
          j++;
        }
      }
      out[l] = binary(s, pos);
    }
    return out;
  }

  /** The mean of the non-NaN entries ({@code NaN} when there are none). */
  public static double mean(double[] values) {
    double sum = 0;
    int n = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** Indices of {@code v} in ascending order of value (stable merge sort, no boxing). */
  private static int[] sortedIndex(double[] v) {
    double[] copy = v.clone();
    int[] idx = new int[v.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    mergeSort(copy, idx, new double[v.length], new int[v.length], 0, v.length);
    return idx;
  }

  private static void mergeSort(double[] v, int[] idx, double[] tv, int[] ti, int lo, int hi) {
    if (hi - lo < 2) {
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(v, idx, tv, ti, lo, mid);
    mergeSort(v, idx, tv, ti, mid, hi);
    int i = lo;
    int j = mid;
    int k = lo;
    while (i < mid && j < hi) {
      if (v[j] < v[i]) {
        tv[k] = v[j];
        ti[k++] = idx[j++];
      } else {
        tv[k] = v[i];
        ti[k++] = idx[i++];
      }
    }
    while (i < mid) {
      tv[k] = v[i];
      ti[k++] = idx[i++];
    }
    while (j < hi) {
      tv[k] = v[j];
      ti[k++] = idx[j++];
    }
    System.arraycopy(tv, lo, v, lo, hi - lo);
    System.arraycopy(ti, lo, idx, lo, hi - lo);
  }
}
