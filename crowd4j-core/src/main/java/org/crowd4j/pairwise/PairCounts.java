package org.crowd4j.pairwise;

import java.util.Arrays;

/**
 * The comparisons folded into distinct unordered pairs {@code (a < b)}: how often each pair was
 * compared and how often {@code a} won, the wins of every item, which pair each comparison belongs
 * to, the connected components of the comparison graph and the strongly connected components of the
 * win graph (an edge from each item to every item it beat at least once). Built once in O(m log m)
 * for m comparisons by sorting one {@code long} pair key per comparison; every fitting iteration
 * then costs O(pairs) ≤ O(m). Also built from pair totals counted elsewhere ({@link #fold}, for
 * {@link PairWins}).
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

  /**
   * Strongly connected components of the win graph. Maximum-likelihood Bradley–Terry scores exist
   * (Zermelo; Ford 1957) only when this equals {@link #components}: otherwise some group of items
   * beats another without ever losing to it, and the gap between their scores grows without bound.
   */
  final int winGroups;

  private PairCounts(int n, int[] a, int[] b, int[] count, int[] winsA, int[] pairOf) {
    items = n;
    this.a = a;
    this.b = b;
    this.count = count;
    this.winsA = winsA;
    this.pairOf = pairOf;
    wins = new int[n];
    compared = new int[n];
    long[] winTotals = new long[n];
    long[] comparedTotals = new long[n];
    for (int p = 0; p < a.length; p++) {
      winTotals[a[p]] += winsA[p];
      winTotals[b[p]] += count[p] - winsA[p];
      comparedTotals[a[p]] += count[p];
      comparedTotals[b[p]] += count[p];
    }
    for (int i = 0; i < n; i++) {
      wins[i] = Math.toIntExact(winTotals[i]);
      compared[i] = Math.toIntExact(comparedTotals[i]);
    }
    component = new int[n];
    components = label(n, a, b, component);
    winGroups = stronglyConnected(n, a, b, count, winsA);
  }

  /** The pair counts of {@code data}. */
  static PairCounts of(Comparisons data) {
    int n = data.numItems();
    int m = data.size();
    long[] keys = new long[m];
    for (int c = 0; c < m; c++) {
      keys[c] = key(data.left(c), data.right(c));
    }
    long[] unique = distinct(keys);
    int pairs = unique.length;
    int[] a = new int[pairs];
    int[] b = new int[pairs];
    int[] count = new int[pairs];
    int[] winsA = new int[pairs];
    int[] pairOf = new int[m];
    for (int p = 0; p < pairs; p++) {
      a[p] = (int) (unique[p] >>> 32);
      b[p] = (int) unique[p];
    }
    for (int c = 0; c < m; c++) {
      int p = Arrays.binarySearch(unique, keys[c]);
      pairOf[c] = p;
      count[p]++;
      if (data.winner(c) == a[p]) {
        winsA[p]++;
      }
    }
    return new PairCounts(n, a, b, count, winsA, pairOf);
  }

  /**
   * The pair counts of {@code n} items from entries {@code (first[e], second[e])} with the wins of
   * each side, in any order and with repeated pairs (in either orientation), which are added up;
   * entries without comparisons are dropped. No comparison-to-pair map ({@code pairOf} is null).
   *
   * @throws IllegalArgumentException for an id outside {@code [0, n)}, an item paired with itself,
   *     negative wins or columns of different lengths
   * @throws ArithmeticException when a pair's or an item's comparisons exceed {@code int}
   */
  static PairCounts fold(int n, int[] first, int[] second, int[] firstWins, int[] secondWins) {
    int e = first.length;
    if (second.length != e || firstWins.length != e || secondWins.length != e) {
      throw new IllegalArgumentException("pair columns differ in length");
    }
    long[] keys = new long[e];
    for (int t = 0; t < e; t++) {
      int i = first[t];
      int j = second[t];
      if (i < 0 || i >= n || j < 0 || j >= n || i == j) {
        throw new IllegalArgumentException(
            "bad item pair (" + i + ", " + j + ") at entry " + t + " of " + n + " items");
      }
      if (firstWins[t] < 0 || secondWins[t] < 0) {
        throw new IllegalArgumentException("negative wins at entry " + t);
      }
      keys[t] = key(i, j);
    }
    long[] unique = distinct(keys);
    long[] count = new long[unique.length];
    long[] winsA = new long[unique.length];
    for (int t = 0; t < e; t++) {
      int p = Arrays.binarySearch(unique, keys[t]);
      count[p] += (long) firstWins[t] + secondWins[t];
      winsA[p] += first[t] < second[t] ? firstWins[t] : secondWins[t];
    }
    int pairs = 0;
    for (int p = 0; p < unique.length; p++) {
      if (count[p] > 0) {
        pairs++;
      }
    }
    int[] a = new int[pairs];
    int[] b = new int[pairs];
    int[] total = new int[pairs];
    int[] wonA = new int[pairs];
    int q = 0;
    for (int p = 0; p < unique.length; p++) {
      if (count[p] > 0) {
        a[q] = (int) (unique[p] >>> 32);
        b[q] = (int) unique[p];
        total[q] = Math.toIntExact(count[p]);
        wonA[q] = (int) winsA[p];
        q++;
      }
    }
    return new PairCounts(n, a, b, total, wonA, null);
  }

  /** The sorted distinct values of {@code keys}. */
  private static long[] distinct(long[] keys) {
    long[] sorted = keys.clone();
    Arrays.sort(sorted);
    int pairs = 0;
    for (int k = 0; k < sorted.length; k++) {
      if (k == 0 || sorted[k] != sorted[k - 1]) {
        sorted[pairs++] = sorted[k];
      }
    }
    return Arrays.copyOf(sorted, pairs);
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

  /**
   * Counts the strongly connected components of the win graph in O(items + pairs) (Kosaraju, with
   * explicit stacks: no recursion on long chains).
   */
  private static int stronglyConnected(int n, int[] a, int[] b, int[] count, int[] winsA) {
    int[][] forward = winEdges(n, a, b, count, winsA, false);
    int[][] backward = winEdges(n, a, b, count, winsA, true);
    int[] order = new int[n];
    int done = 0;
    boolean[] seen = new boolean[n];
    int[] stack = new int[n];
    int[] next = new int[n];
    for (int s = 0; s < n; s++) {
      if (seen[s]) {
        continue;
      }
      int top = 0;
      stack[top++] = s;
      seen[s] = true;
      next[s] = forward[0][s];
      while (top > 0) {
        int v = stack[top - 1];
        if (next[v] < forward[0][v + 1]) {
          int w = forward[1][next[v]++];
          if (!seen[w]) {
            seen[w] = true;
            next[w] = forward[0][w];
            stack[top++] = w;
          }
        } else {
          order[done++] = v;
          top--;
        }
      }
    }
    boolean[] assigned = new boolean[n];
    int groups = 0;
    for (int k = n - 1; k >= 0; k--) {
      int s = order[k];
      if (assigned[s]) {
        continue;
      }
      groups++;
      int top = 0;
      stack[top++] = s;
      assigned[s] = true;
      while (top > 0) {
        int v = stack[--top];
        for (int e = backward[0][v]; e < backward[0][v + 1]; e++) {
          int w = backward[1][e];
          if (!assigned[w]) {
            assigned[w] = true;
            stack[top++] = w;
          }
        }
      }
    }
    return groups;
  }

  /**
   * The win graph in compressed rows: {@code [offsets (n + 1), targets]}, an edge from winner to
   * loser of every pair where that side won at least once; {@code reversed} gives loser to winner.
   */
  private static int[][] winEdges(
      int n, int[] a, int[] b, int[] count, int[] winsA, boolean reversed) {
    int[] offsets = new int[n + 1];
    for (int p = 0; p < a.length; p++) {
      if (winsA[p] > 0) {
        offsets[(reversed ? b[p] : a[p]) + 1]++;
      }
      if (count[p] - winsA[p] > 0) {
        offsets[(reversed ? a[p] : b[p]) + 1]++;
      }
    }
    for (int i = 0; i < n; i++) {
      offsets[i + 1] += offsets[i];
    }
    int[] targets = new int[offsets[n]];
    int[] fill = Arrays.copyOf(offsets, n);
    for (int p = 0; p < a.length; p++) {
      if (winsA[p] > 0) {
        targets[fill[reversed ? b[p] : a[p]]++] = reversed ? a[p] : b[p];
      }
      if (count[p] - winsA[p] > 0) {
        targets[fill[reversed ? a[p] : b[p]]++] = reversed ? b[p] : a[p];
      }
    }
    return new int[][] {offsets, targets};
  }

  private static int root(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
