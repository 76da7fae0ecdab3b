package org.crowd4j.pairwise;

import java.util.Arrays;

/**
 * The comparisons folded into distinct unordered pairs {@code (a < b)}: how often each pair was
 * compared and how often {@code a} won, the wins of every item, which pair each comparison belongs
 * to, and the connected components of the comparison graph. Built once in O(m log m) for m
 * comparisons by sorting one {@code long} pair key per comparison; every fitting iteration then
 * costs O(pairs) ≤ O(m).
 */
final class PairCounts {
  final int items;
  final int[] a;
  final int[] b;
  final int[] count;
  final int[] winsA;
  final int[] wins;
  final int[] compared;
  final int[] pairOf;
  final int[] component;
  final int components;

  private PairCounts(Comparisons data) {
    int n = data.numItems();
    int m = data.size();
    items = n;
    long[] keys = new long[m];
    for (int c = 0; c < m; c++) {
      keys[c] = key(data.left(c), data.right(c));
    }
    long[] sorted = keys.clone();
    Arrays.sort(sorted);
    int pairs = 0;
    for (int k = 0; k < m; k++) {
      if (k == 0 || sorted[k] != sorted[k - 1]) {
        sorted[pairs++] = sorted[k];
      }
    }
    long[] unique = Arrays.copyOf(sorted, pairs);
    a = new int[pairs];
    b = new int[pairs];
    count = new int[pairs];
    winsA = new int[pairs];
    wins = new int[n];
    compared = new int[n];
    pairOf = new int[m];
    for (int p = 0; p < pairs; p++) {
      a[p] = (int) (unique[p] >>> 32);
      b[p] = (int) unique[p];
    }
    for (int c = 0; c < m; c++) {
      int p = Arrays.binarySearch(unique, keys[c]);
      pairOf[c] = p;
      count[p]++;
      int winner = data.winner(c);
      if (winner == a[p]) {
        winsA[p]++;
      }
      wins[winner]++;
      compared[data.left(c)]++;
      compared[data.right(c)]++;
    }
    component = new int[n];
    components = label(n, a, b, component);
  }

  /** The pair counts of {@code data}. */
  static PairCounts of(Comparisons data) {
    return new PairCounts(data);
  }

  /** The key of the unordered pair {i, j}: the smaller id in the high half. */
  private static long key(int i, int j) {
    return (long) Math.min(i, j) << 32 | Math.max(i, j);
  }

  /** Number of distinct pairs. */
  int pairs() {
    return a.length;
  }

  /** Labels connected components 0, 1, … in order of their smallest item; returns their count. */
  private static int label(int n, int[] a, int[] b, int[] out) {
    int[] parent = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i;
    }
    for (int p = 0; p < a.length; p++) {
      int x = root(parent, a[p]);
      int y = root(parent, b[p]);
      if (x != y) {
        parent[Math.max(x, y)] = Math.min(x, y);
      }
    }
    Arrays.fill(out, -1);
    int next = 0;
    for (int i = 0; i < n; i++) {
      int r = root(parent, i);
      if (out[r] < 0) {
        out[r] = next++;
      }
      out[i] = out[r];
    }
    return next;
  }

  private static int root(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
