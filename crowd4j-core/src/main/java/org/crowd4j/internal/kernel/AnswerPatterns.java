package org.crowd4j.internal.kernel;

import java.util.Arrays;
import java.util.HashMap;
import org.crowd4j.aggregate.Posteriors;

/**
 * Tasks grouped by the multiset of their answer labels. Under a model whose E-step sees a task only
 * through the counts of its answer labels — one confusion matrix shared by every answer (the crowd
 * mixture's pooled P, the common-confusion model) — all tasks with the same counts have the same
 * posterior, so one E-step per distinct pattern, weighted by its number of tasks, is the E-step
 * over all tasks. With few answers per task the patterns are far fewer than the tasks (3 answers
 * over 6 classes: at most 56).
 */
public final class AnswerPatterns {
  private final int[] patternOf;
  private final int[] offsets;
  private final int[] labels;
  private final int[] counts;
  private final int[] weights;

  private AnswerPatterns(
      int[] patternOf, int[] offsets, int[] labels, int[] counts, int[] weights) {
    this.patternOf = patternOf;
    this.offsets = offsets;
    this.labels = labels;
    this.counts = counts;
    this.weights = weights;
  }

  /**
   * The patterns of the tasks with answers {@code [off[i], off[i+1])} over {@code k} classes,
   * numbered in order of first appearance; tasks with {@code skip[i] >= 0} (e.g. gold tasks, whose
   * posterior is clamped) belong to none.
   */
  public static AnswerPatterns of(int[] off, int[] label, int k, int[] skip) {
    int n = off.length - 1;
    int[] patternOf = new int[n];
    HashMap<Key, Integer> index = new HashMap<>();
    int[] scratch = new int[k];
    int[] offsets = new int[n + 1];
    int[] labels = new int[off[n]];
    int[] counts = new int[off[n]];
    int[] weights = new int[n];
    int patterns = 0;
    int entries = 0;
    for (int i = 0; i < n; i++) {
      if (skip[i] >= 0) {
        patternOf[i] = -1;
        continue;
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        scratch[label[a]]++;
      }
      int distinct = 0;
      for (int c = 0; c < k; c++) {
        distinct += scratch[c] > 0 ? 1 : 0;
      }
      int[] key = new int[2 * distinct];
      int e = 0;
      for (int c = 0; c < k; c++) {
        if (scratch[c] > 0) {
          key[e++] = c;
          key[e++] = scratch[c];
          scratch[c] = 0;
        }
      }
      Integer p = index.putIfAbsent(new Key(key), patterns);
      if (p == null) {
        p = patterns++;
        for (int j = 0; j < key.length; j += 2) {
          labels[entries] = key[j];
          counts[entries++] = key[j + 1];
        }
        offsets[patterns] = entries;
      }
      patternOf[i] = p;
      weights[p]++;
    }
    return new AnswerPatterns(
        patternOf,
        Arrays.copyOf(offsets, patterns + 1),
        Arrays.copyOf(labels, entries),
        Arrays.copyOf(counts, entries),
        Arrays.copyOf(weights, patterns));
  }

  /** Number of distinct patterns. */
  public int size() {
    return weights.length;
  }

  /** The pattern of task {@code i}, or −1 for a skipped task. */
  public int patternOf(int i) {
    return patternOf[i];
  }

  /**
   * E-step of pattern {@code p} for all its tasks at once: writes q(z) ∝ exp(logRho_z + Σ_l n_l
   * logP[z, l]) into {@code post[row .. row+K)}, adds weight × q to {@code rhoCounts} and weight ×
   * n_l × q(z) to {@code counts[z][l]}; returns weight × the task's log marginal likelihood.
   */
  public double sweep(
      int p,
      double[] logRho,
      double[] logP,
      int k,
      double[] post,
      int row,
      double[] rhoCounts,
      double[] counts) {
    int from = offsets[p];
    int to = offsets[p + 1];
    for (int c = 0; c < k; c++) {
      double s = logRho[c];
      for (int e = from; e < to; e++) {
        s += this.counts[e] * logP[c * k + labels[e]];
      }
      post[row + c] = s;
    }
    double w = weights[p];
    double logLik = Posteriors.softmaxInPlace(post, row, k);
    for (int c = 0; c < k; c++) {
      double q = w * post[row + c];
      rhoCounts[c] += q;
      for (int e = from; e < to; e++) {
        counts[c * k + labels[e]] += this.counts[e] * q;
      }
    }
    return w * logLik;
  }

  private record Key(int[] entries) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key other && Arrays.equals(entries, other.entries);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(entries);
    }
  }
}
