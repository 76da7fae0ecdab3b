package org.crowd4j.aggregate.select;

import java.util.Arrays;

/**
 * How two labellings of the same tasks correspond: the k × k table of co-occurrences and the
 * one-to-one class matching that maximises their agreement (the assignment problem, solved exactly
 * by the Hungarian method with potentials, O(k³)). A matching other than the identity means one
 * labelling is, up to noise, a renaming of the other's classes — the sign of a permuted solution.
 */
public final class LabelMatching {
  private final int k;
  private final long[] table;
  private final int[] match;

  private LabelMatching(int k, long[] table, int[] match) {
    this.k = k;
    this.table = table;
    this.match = match;
  }

  /**
   * Matches the classes of {@code a} to those of {@code b} ({@code a.length == b.length}, labels in
   * [0, k); a negative label leaves the task out).
   */
  public static LabelMatching of(int[] a, int[] b, int k) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "labellings of " + a.length + " and " + b.length + " tasks");
    }
    long[] table = new long[k * k];
    for (int i = 0; i < a.length; i++) {
      if (a[i] >= 0 && b[i] >= 0) {
        table[a[i] * k + b[i]]++;
      }
    }
    return new LabelMatching(k, table, assign(table, k));
  }

  /** Number of classes. */
  public int numLabels() {
    return k;
  }

  /** Tasks labelled {@code x} by the first labelling and {@code y} by the second. */
  public long count(int x, int y) {
    return table[x * k + y];
  }

  /** The class of the second labelling matched to class {@code x} of the first. */
  public int matched(int x) {
    return match[x];
  }

  /** Tasks on which the two labellings agree as they stand. */
  public long agreement() {
    long s = 0;
    for (int x = 0; x < k; x++) {
      s += table[x * k + x];
    }
    return s;
  }

  /** Tasks on which they agree once the first's classes are renamed by the best matching. */
  public long matchedAgreement() {
    long s = 0;
    for (int x = 0; x < k; x++) {
      s += table[x * k + match[x]];
    }
    return s;
  }

  /** Tasks counted (both labels present). */
  public long tasks() {
    long s = 0;
    for (long v : table) {
      s += v;
    }
    return s;
  }

  /**
   * Whether the best matching renames some class (and agrees on strictly more tasks than as is).
   */
  public boolean permuted() {
    return matchedAgreement() > agreement();
  }

  /** The best matching as an array: class x of the first ↦ {@code matching()[x]} of the second. */
  public int[] matching() {
    return match.clone();
  }

  /**
   * Maximum-weight perfect matching of a k × k table (rows to columns), by the Hungarian method on
   * the costs max − table with row and column potentials.
   */
  private static int[] assign(long[] table, int k) {
    long max = 0;
    for (long v : table) {
      max = Math.max(max, v);
    }
    // 1-based arrays: p[j] = row assigned to column j, u/v potentials, way[j] = previous column
    long[] u = new long[k + 1];
    long[] v = new long[k + 1];
    int[] p = new int[k + 1];
    int[] way = new int[k + 1];
    long[] minv = new long[k + 1];
    boolean[] used = new boolean[k + 1];
    for (int i = 1; i <= k; i++) {
      p[0] = i;
      int j0 = 0;
      Arrays.fill(minv, Long.MAX_VALUE);
      Arrays.fill(used, false);
      do {
        used[j0] = true;
        int i0 = p[j0];
        long delta = Long.MAX_VALUE;
        int j1 = 0;
        for (int j = 1; j <= k; j++) {
          if (!used[j]) {
            long cur = (max - table[(i0 - 1) * k + (j - 1)]) - u[i0] - v[j];
            if (cur < minv[j]) {
              minv[j] = cur;
              way[j] = j0;
            }
            if (minv[j] < delta) {
              delta = minv[j];
              j1 = j;
            }
          }
        }
        for (int j = 0; j <= k; j++) {
          if (used[j]) {
            u[p[j]] += delta;
            v[j] -= delta;
          } else {
            minv[j] -= delta;
          }
        }
        j0 = j1;
      } while (p[j0] != 0);
      do {
        int j1 = way[j0];
        p[j0] = p[j1];
        j0 = j1;
      } while (j0 != 0);
    }
    int[] match = new int[k];
    for (int j = 1; j <= k; j++) {
      match[p[j] - 1] = j - 1;
    }
    // prefer the identity among equally good matchings: keep a class in place when that costs
    // nothing
    for (int x = 0; x < k; x++) {
      int y = match[x];
      if (y != x) {
        int other = -1;
        for (int z = 0; z < k; z++) {
          if (match[z] == x) {
            other = z;
          }
        }
        long swapped = table[x * k + x] + table[other * k + y];
        long kept = table[x * k + y] + table[other * k + x];
        if (swapped >= kept) {
          match[x] = x;
          match[other] = y;
        }
      }
    }
    return match;
  }
}
