package org.crowd4j.aggregate.select;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;

/**
 * A seeded split of the workers into {@code K} folds for held-out-annotator scoring: fold {@code f}
 * hides every answer of its workers while a method is fitted on the others.
 *
 * <p>Workers are sorted by their number of answers (most first, ties in random order) and dealt to
 * the folds in blocks of {@code K}, each block in a random order, so every fold gets about the same
 * number of workers and of answers even when a few workers give most of them (stratified by
 * volume). Workers without answers stay in no fold. The same data and seed give the same folds.
 */
public final class WorkerFolds {
  /** Marks a worker in no fold. */
  public static final int NONE = -1;

  private final int[] fold;
  private final int numFolds;

  private WorkerFolds(int[] fold, int numFolds) {
    this.fold = fold;
    this.numFolds = numFolds;
  }

  /** Splits the workers of {@code data} into {@code folds} folds with {@code seed}. */
  public static WorkerFolds of(CrowdDataset data, int folds, long seed) {
    if (folds < 2) {
      throw new IllegalArgumentException("folds must be >= 2: " + folds);
    }
    int workers = data.numWorkers();
    SplittableRandom rng = new SplittableRandom(seed);
    // most answers first; a random 31-bit tie-breaker in the low bits of the key
    long[] keys = new long[workers];
    int active = 0;
    for (int w = 0; w < workers; w++) {
      int size = data.workerSize(w);
      if (size > 0) {
        long tie = rng.nextInt() & 0x7fffffffL;
        keys[active++] = ((long) (Integer.MAX_VALUE - size) << 32 | tie);
      }
    }
    Integer[] order = new Integer[active];
    int[] ids = new int[active];
    for (int w = 0, j = 0; w < workers; w++) {
      if (data.workerSize(w) > 0) {
        ids[j] = w;
        order[j] = j;
        j++;
      }
    }
    final long[] k = keys;
    Arrays.sort(order, (a, b) -> Long.compare(k[a], k[b]));
    int[] fold = new int[workers];
    Arrays.fill(fold, NONE);
    int[] block = new int[folds];
    for (int b = 0; b < active; b += folds) {
      int len = Math.min(folds, active - b);
      for (int j = 0; j < folds; j++) {
        block[j] = j;
      }
      for (int j = folds - 1; j > 0; j--) {
        int r = rng.nextInt(j + 1);
        int tmp = block[j];
        block[j] = block[r];
        block[r] = tmp;
      }
      for (int j = 0; j < len; j++) {
        fold[ids[order[b + j]]] = block[j];
      }
    }
    return new WorkerFolds(fold, folds);
  }

  /** Number of folds {@code K}. */
  public int numFolds() {
    return numFolds;
  }

  /** The fold of worker {@code w}, or {@link #NONE}. */
  public int fold(int w) {
    return fold[w];
  }

  /** {@code keep[a]} = answer {@code a} is not by a worker of fold {@code f}, for fitting. */
  public boolean[] trainMask(CrowdDataset data, int f) {
    boolean[] keep = new boolean[data.numAnswers()];
    for (int a = 0; a < keep.length; a++) {
      keep[a] = fold[data.worker(a)] != f;
    }
    return keep;
  }
}
