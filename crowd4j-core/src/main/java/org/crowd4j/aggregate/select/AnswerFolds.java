package org.crowd4j.aggregate.select;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;

/**
 * A seeded split of the answers into {@code K} folds for held-out scoring: fold {@code f} is hidden
 * while a method is fitted on the other answers, then the fitted model predicts it.
 *
 * <p>Some answers are never hidden, so that every fit sees every task, every worker and every
 * label: one answer per task, one per worker (unless the answers are anonymous) and one per label,
 * each drawn at random. The other answers of a task are dealt to the folds in a random order
 * starting at a random fold, so each fold hides about 1/K of every task's answers (stratified by
 * task) and never a task's, a worker's or a label's last answer. The same data and seed give the
 * same folds.
 */
public final class AnswerFolds {
  /** Marks an answer that no fold hides. */
  public static final int KEPT = -1;

  private final int[] fold;
  private final int numFolds;
  private final int[] hiddenCount;

  private AnswerFolds(int[] fold, int numFolds) {
    this.fold = fold;
    this.numFolds = numFolds;
    this.hiddenCount = new int[numFolds];
    for (int f : fold) {
      if (f >= 0) {
        hiddenCount[f]++;
      }
    }
  }

  /** Splits the answers of {@code data} into {@code folds} folds with {@code seed}. */
  public static AnswerFolds of(CrowdDataset data, int folds, long seed) {
    if (folds < 2) {
      throw new IllegalArgumentException("folds must be >= 2: " + folds);
    }
    int m = data.numAnswers();
    SplittableRandom rng = new SplittableRandom(seed);
    boolean[] kept = new boolean[m];
    for (int i = 0; i < data.numTasks(); i++) {
      int size = data.taskSize(i);
      if (size > 0) {
        kept[data.taskStart(i) + rng.nextInt(size)] = true;
      }
    }
    if (!data.anonymous()) {
      for (int w = 0; w < data.numWorkers(); w++) {
        int from = data.workerStart(w);
        int size = data.workerEnd(w) - from;
        if (size > 0 && !anyKept(data, kept, from, from + size)) {
          kept[data.workerAnswer(from + rng.nextInt(size))] = true;
        }
      }
    }
    keepOnePerLabel(data, kept, rng);

    int[] fold = new int[m];
    Arrays.fill(fold, KEPT);
    int[] order = new int[0];
    for (int i = 0; i < data.numTasks(); i++) {
      int from = data.taskStart(i);
      int size = data.taskSize(i);
      if (order.length < size) {
        order = new int[size];
      }
      int free = 0;
      for (int a = from; a < from + size; a++) {
        if (!kept[a]) {
          order[free++] = a;
        }
      }
      for (int j = free - 1; j > 0; j--) {
        int r = rng.nextInt(j + 1);
        int tmp = order[j];
        order[j] = order[r];
        order[r] = tmp;
      }
      int start = rng.nextInt(folds);
      for (int j = 0; j < free; j++) {
        fold[order[j]] = (start + j) % folds;
      }
    }
    return new AnswerFolds(fold, folds);
  }

  private static boolean anyKept(CrowdDataset data, boolean[] kept, int from, int to) {
    for (int k = from; k < to; k++) {
      if (kept[data.workerAnswer(k)]) {
        return true;
      }
    }
    return false;
  }

  private static void keepOnePerLabel(CrowdDataset data, boolean[] kept, SplittableRandom rng) {
    int k = data.numLabels();
    boolean[] covered = new boolean[k];
    int[] seen = new int[k];
    for (int a = 0; a < kept.length; a++) {
      if (kept[a]) {
        covered[data.label(a)] = true;
      }
    }
    // reservoir sampling of one answer per uncovered label
    int[] pick = new int[k];
    Arrays.fill(pick, -1);
    for (int a = 0; a < kept.length; a++) {
      int l = data.label(a);
      if (!covered[l] && rng.nextInt(++seen[l]) == 0) {
        pick[l] = a;
      }
    }
    for (int l = 0; l < k; l++) {
      if (pick[l] >= 0) {
        kept[pick[l]] = true;
      }
    }
  }

  /** Number of folds {@code K}. */
  public int numFolds() {
    return numFolds;
  }

  /** The fold that hides answer {@code a}, or {@link #KEPT}. */
  public int fold(int a) {
    return fold[a];
  }

  /** Number of answers fold {@code f} hides. */
  public int hiddenCount(int f) {
    return hiddenCount[f];
  }

  /** Number of answers some fold hides. */
  public int hiddenTotal() {
    int s = 0;
    for (int c : hiddenCount) {
      s += c;
    }
    return s;
  }

  /** {@code keep[a]} = answer {@code a} is not hidden by fold {@code f}, for fitting. */
  public boolean[] trainMask(int f) {
    boolean[] keep = new boolean[fold.length];
    for (int a = 0; a < fold.length; a++) {
      keep[a] = fold[a] != f;
    }
    return keep;
  }

  /** The answers fold {@code f} hides, in answer order. */
  public int[] hidden(int f) {
    int[] out = new int[hiddenCount[f]];
    int j = 0;
    for (int a = 0; a < fold.length; a++) {
      if (fold[a] == f) {
        out[j++] = a;
      }
    }
    return out;
  }
}
