package org.crowd4j.aggregate;

import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;

/** Weighted vote counting shared by the voting methods (MV, WMV, Wawa, ZBS, gold MV). */
final class Votes {
  private Votes() {}

  /**
   * Per task, the sum of {@code weight[worker]} over its answers for each label, flat {@code n ×
   * K}; {@code weight == null} counts 1 per answer.
   */
  static double[] weightedCounts(CrowdDataset data, double[] weight) {
    int k = data.numLabels();
    double[] counts = new double[data.numTasks() * k];
    for (int i = 0; i < data.numTasks(); i++) {
      int row = i * k;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        counts[row + data.label(a)] += weight == null ? 1.0 : weight[data.worker(a)];
      }
    }
    return counts;
  }

  /** The winning label per task under {@code tieBreak}. */
  static int[] winners(double[] counts, int n, int k, TieBreak tieBreak, long seed) {
    if (tieBreak == TieBreak.LOWEST) {
      return Posteriors.argmax(counts, n, k);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      int row = i * k;
      double max = Double.NEGATIVE_INFINITY;
      int ties = 0;
      for (int c = 0; c < k; c++) {
        double v = counts[row + c];
        if (v > max) {
          max = v;
          ties = 1;
          out[i] = c;
        } else if (v == max && rng.nextInt(++ties) == 0) {
          out[i] = c;
        }
      }
    }
    return out;
  }

  /**
   * Hard-vote posteriors from vote counts ({@code n × k}): each task's labels with the most votes
   * share probability 1 evenly, the others 0.
   */
  static double[] splitTopVotes(double[] counts, int n, int k) {
    double[] out = counts.clone();
    for (int i = 0; i < n; i++) {
      Posteriors.topVoteInPlace(out, i * k, k);
    }
    return out;
  }

  /**
   * Fraction of each worker's answers that agree with {@code labels} (crowd-kit's {@code skills_}
   * of the voting methods); a worker without answers gets {@code NaN}.
   */
  static double[] agreement(CrowdDataset data, int[] labels) {
    double[] hits = new double[data.numWorkers()];
    for (int w = 0; w < data.numWorkers(); w++) {
      int n = data.workerSize(w);
      int h = 0;
      for (int p = data.workerStart(w); p < data.workerEnd(w); p++) {
        int a = data.workerAnswer(p);
        if (data.label(a) == labels[data.task(a)]) {
          h++;
        }
      }
      hits[w] = n == 0 ? Double.NaN : (double) h / n;
    }
    return hits;
  }

  /**
   * The EM start shared by Dawid–Skene and its relatives: soft majority-vote posteriors ({@code n ×
   * K}) with every task that has a gold label ({@code gold[i] >= 0}) clamped to it.
   */
  static double[] softStart(CrowdDataset data, int[] gold) {
    int n = data.numTasks();
    int k = data.numLabels();
    double[] post = weightedCounts(data, null);
    normalizeRows(post, n, k);
    clampToGold(post, gold, k);
    return post;
  }

  /** Sets the row of every task with a gold label ({@code gold[i] >= 0}) to its one-hot vector. */
  static void clampToGold(double[] post, int[] gold, int k) {
    for (int i = 0; i < gold.length; i++) {
      if (gold[i] >= 0) {
        java.util.Arrays.fill(post, i * k, (i + 1) * k, 0.0);
        post[i * k + gold[i]] = 1.0;
      }
    }
  }

  /** Normalises every row of {@code counts} in place. */
  static void normalizeRows(double[] counts, int n, int k) {
    for (int i = 0; i < n; i++) {
      Posteriors.normalizeInPlace(counts, i * k, k);
    }
  }
}
