package org.crowd4j.pairwise;

import java.util.Arrays;

/**
 * The comparisons folded into distinct unordered pairs {@code (a < b)}: how often each pair was
 * compared and how often {@code a} won, the wins of every item, which pair each comparison belongs
 * to, the connected components of the comparison graph and the strongly connected components of the
 * win graph (an edge from each item to every item it beat at least once). Built once in O(m + n)
 * for m comparisons of n items by two counting sorts over the item ids; every fitting iteration
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

  /** The pairs of item {@code i} as the smaller id: {@code start[i]} up to {@code start[i + 1]}. */
  final int[] start;

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
    start = new int[n + 1];
    for (int p = 0; p < a.length; p++) {
      start[a[p] + 1]++;
    }
    for (int i = 0; i < n; i++) {
      start[i + 1] += start[i];
    }
    component = new int[n];
    components = label(n, a, b, component);
    winGroups = stronglyConnected(n, a, b, count, winsA);
  }

  /**
   * The pair counts of {@code data}: the comparisons sorted by pair with two stable counting sorts
   * over the item ids (by the larger id, then by the smaller), each a sequential read and a
   * scattered write that carries the item ids and who won along, so no pass gathers at random.
   */
  static PairCounts of(Comparisons data) {
    int n = data.numItems();
    int m = data.size();
    int[] byHi = new int[n + 1];
    int[] byLo = new int[n + 1];
    for (int c = 0; c < m; c++) {
      int l = data.left(c);
      int r = data.right(c);
      byLo[Math.min(l, r) + 1]++;
      byHi[Math.max(l, r) + 1]++;
    }
    for (int i = 0; i < n; i++) {
      byHi[i + 1] += byHi[i];
      byLo[i + 1] += byLo[i];
    }
    // by the larger id: the smaller id (complemented when it lost) and the comparison
    int[] lo1 = new int[m];
    int[] of1 = new int[m];
    int[] next = Arrays.copyOf(byHi, n);
    for (int c = 0; c < m; c++) {
      int l = data.left(c);
      int r = data.right(c);
      boolean loWon = (l < r) == data.leftWon(c);
      int t = next[Math.max(l, r)]++;
      lo1[t] = loWon ? Math.min(l, r) : ~Math.min(l, r);
      of1[t] = c;
    }
    // stably by the smaller id: the larger id (complemented when the smaller lost)
    int[] hi2 = new int[m];
    int[] of2 = new int[m];
    next = Arrays.copyOf(byLo, n);
    for (int h = 0; h < n; h++) {
      for (int t = byHi[h]; t < byHi[h + 1]; t++) {
        int v = lo1[t];
        int u = next[v >= 0 ? v : ~v]++;
        hi2[u] = v >= 0 ? h : ~h;
        of2[u] = of1[t];
      }
    }
    int pairs = 0;
    for (int l = 0; l < n; l++) {
      int last = -1;
      for (int t = byLo[l]; t < byLo[l + 1]; t++) {
        int h = hi2[t] >= 0 ? hi2[t] : ~hi2[t];
        if (h != last) {
          pairs++;
          last = h;
        }
      }
    }
    int[] a = new int[pairs];
    int[] b = new int[pairs];
    int[] count = new int[pairs];
    int[] winsA = new int[pairs];
    int[] pairOf = new int[m];
    int p = -1;
    for (int l = 0; l < n; l++) {
      int last = -1;
      for (int t = byLo[l]; t < byLo[l + 1]; t++) {
        int v = hi2[t];
        int h = v >= 0 ? v : ~v;
        if (h != last) {
          p++;
          a[p] = l;
          b[p] = h;
          last = h;
        }
        count[p]++;
        if (v >= 0) {
          winsA[p]++;
        }
        pairOf[of2[t]] = p;
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
    int[] lo = new int[e];
    int[] hi = new int[e];
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
      lo[t] = Math.min(i, j);
      hi[t] = Math.max(i, j);
    }
    int[] order = pairOrder(n, lo, hi);
    int distinct = distinctPairs(order, lo, hi);
    int[] firstOf = new int[distinct];
    long[] count = new long[distinct];
    long[] winsA = new long[distinct];
    int u = -1;
    for (int k = 0; k < e; k++) {
      int t = order[k];
      if (u < 0 || lo[t] != lo[firstOf[u]] || hi[t] != hi[firstOf[u]]) {
        firstOf[++u] = t;
      }
      count[u] += (long) firstWins[t] + secondWins[t];
      winsA[u] += first[t] < second[t] ? firstWins[t] : secondWins[t];
    }
    int pairs = 0;
    for (int p = 0; p < distinct; p++) {
      if (count[p] > 0) {
        pairs++;
      }
    }
    int[] a = new int[pairs];
    int[] b = new int[pairs];
    int[] total = new int[pairs];
    int[] wonA = new int[pairs];
    int q = 0;
    for (int p = 0; p < distinct; p++) {
      if (count[p] > 0) {
        a[q] = lo[firstOf[p]];
        b[q] = hi[firstOf[p]];
        total[q] = Math.toIntExact(count[p]);
        wonA[q] = (int) winsA[p];
        q++;
      }
    }
    return new PairCounts(n, a, b, total, wonA, null);
  }

  /**
   * The entries {@code 0 … lo.length − 1} ordered by pair {@code (lo, hi)}, equal pairs in entry
   * order: two stable counting sorts over the item ids (by {@code hi}, then by {@code lo}), O(m +
   * n) for m entries of n items.
   */
  static int[] pairOrder(int n, int[] lo, int[] hi) {
    return countingSort(n, lo, countingSort(n, hi, null));
  }

  /** The entries of {@code within} (all entries in order when null) stably sorted by key. */
  private static int[] countingSort(int n, int[] key, int[] within) {
    int m = key.length;
    int[] next = new int[n + 1];
    for (int t = 0; t < m; t++) {
      next[key[t] + 1]++;
    }
    for (int i = 0; i < n; i++) {
      next[i + 1] += next[i];
    }
    int[] out = new int[m];
    for (int t = 0; t < m; t++) {
      int c = within == null ? t : within[t];
      out[next[key[c]]++] = c;
    }
    return out;
  }

  /** How many distinct pairs the entries in pair {@code order} hold. */
  private static int distinctPairs(int[] order, int[] lo, int[] hi) {
    int pairs = 0;
    int lastLo = -1;
    int lastHi = -1;
    for (int c : order) {
      if (lo[c] != lastLo || hi[c] != lastHi) {
        pairs++;
        lastLo = lo[c];
        lastHi = hi[c];
      }
    }
    return pairs;
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
   * Counts the strongly connected components of the win graph in O(items + pairs) (Tarjan, with
   * explicit stacks: no recursion on long chains).
   */
  private static int stronglyConnected(int n, int[] a, int[] b, int[] count, int[] winsA) {
    int[] offsets = new int[n + 1];
    for (int p = 0; p < a.length; p++) {
      if (winsA[p] > 0) {
        offsets[a[p] + 1]++;
      }
      if (count[p] - winsA[p] > 0) {
        offsets[b[p] + 1]++;
      }
    }
    for (int i = 0; i < n; i++) {
      offsets[i + 1] += offsets[i];
    }
    // an edge from winner to loser of every pair where that side won at least once
    int[] targets = new int[offsets[n]];
    int[] fill = Arrays.copyOf(offsets, n);
    for (int p = 0; p < a.length; p++) {
      if (winsA[p] > 0) {
        targets[fill[a[p]]++] = b[p];
      }
      if (count[p] - winsA[p] > 0) {
        targets[fill[b[p]]++] = a[p];
      }
    }
    int[] index = new int[n];
    Arrays.fill(index, -1);
    int[] low = new int[n];
    boolean[] onStack = new boolean[n];
    int[] stack = new int[n];
    int[] path = new int[n];
    int[] edge = fill;
    int counter = 0;
    int groups = 0;
    for (int s = 0; s < n; s++) {
      if (index[s] >= 0) {
        continue;
      }
      int top = 0;
      int depth = 0;
      index[s] = low[s] = counter++;
      stack[top++] = s;
      onStack[s] = true;
      edge[s] = offsets[s];
      path[depth++] = s;
      while (depth > 0) {
        int v = path[depth - 1];
        if (edge[v] < offsets[v + 1]) {
          int w = targets[edge[v]++];
          if (index[w] < 0) {
            index[w] = low[w] = counter++;
            stack[top++] = w;
            onStack[w] = true;
            edge[w] = offsets[w];
            path[depth++] = w;
          } else if (onStack[w]) {
            low[v] = Math.min(low[v], index[w]);
          }
        } else {
          depth--;
          if (low[v] == index[v]) {
            groups++;
            int w;
            do {
              w = stack[--top];
              onStack[w] = false;
            } while (w != v);
          }
          if (depth > 0) {
            int u = path[depth - 1];
            low[u] = Math.min(low[u], low[v]);
          }
        }
      }
    }
    return groups;
  }

  private static int root(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
