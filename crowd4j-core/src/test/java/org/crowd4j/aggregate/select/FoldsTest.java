package org.crowd4j.aggregate.select;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.junit.jupiter.api.Test;

/** Answer and worker folds: coverage, stratification, determinism. */
class FoldsTest {
  /** A long-tailed crowd: many workers with one or two answers, a few with hundreds. */
  static CrowdDataset crowd(long seed) {
    int k = 4;
    int[] truth = new int[500];
    for (int i = 0; i < truth.length; i++) {
      truth[i] = (int) ((i * 7L + seed) % k);
    }
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int w = 0; w < 60; w++) {
      b.add(Confusions.symmetric(k, 0.4 + 0.01 * w), "w" + w);
    }
    return CrowdSimulator.simulate(truth, b.build(), Assignment.longTail(3, 1.2), seed).data();
  }

  @Test
  void everyFoldLeavesEveryTaskWorkerAndLabelAnAnswer() {
    CrowdDataset d = crowd(1);
    AnswerFolds folds = AnswerFolds.of(d, 5, 42);
    for (int f = 0; f < 5; f++) {
      CrowdDataset train = d.restrictedTo(folds.trainMask(f));
      for (int i = 0; i < d.numTasks(); i++) {
        assertTrue(train.taskSize(i) > 0, "task " + i + " lost all answers in fold " + f);
      }
      for (int w = 0; w < d.numWorkers(); w++) {
        assertTrue(train.workerSize(w) > 0, "worker " + w + " lost all answers in fold " + f);
      }
      boolean[] seen = new boolean[d.numLabels()];
      for (int a = 0; a < train.numAnswers(); a++) {
        seen[train.label(a)] = true;
      }
      for (boolean s : seen) {
        assertTrue(s);
      }
      assertEquals(d.numAnswers() - folds.hiddenCount(f), train.numAnswers());
    }
  }

  @Test
  void foldsAreDisjointAndStratifiedByTask() {
    CrowdDataset d = crowd(2);
    int k = 5;
    AnswerFolds folds = AnswerFolds.of(d, k, 7);
    int total = 0;
    for (int f = 0; f < k; f++) {
      total += folds.hiddenCount(f);
      for (int a : folds.hidden(f)) {
        assertEquals(f, folds.fold(a));
      }
    }
    assertEquals(total, folds.hiddenTotal());
    for (int i = 0; i < d.numTasks(); i++) {
      int[] perFold = new int[k];
      int free = 0;
      for (int a = d.taskStart(i); a < d.taskEnd(i); a++) {
        if (folds.fold(a) >= 0) {
          perFold[folds.fold(a)]++;
          free++;
        }
      }
      int max = Arrays.stream(perFold).max().orElse(0);
      int min = Arrays.stream(perFold).min().orElse(0);
      assertTrue(max - min <= 1, "task " + i + " unevenly split: " + Arrays.toString(perFold));
      assertTrue(free <= d.taskSize(i) - 1, "task " + i + " can lose its last answer");
    }
    // every answer but the protected ones is hidden once
    assertTrue(folds.hiddenTotal() >= d.numAnswers() - d.numTasks() - d.numWorkers());
  }

  /**
   * Workers with one answer each and a label given once, as the first answer: the worker rule and
   * the label rule must keep what the task rule leaves, in every fold and for any seed.
   */
  @Test
  void singleAnswerWorkersAndAOnceGivenLabelAreNeverHidden() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    b.add("a0", "heavy", "rare");
    for (int t = 0; t < 10; t++) {
      for (int j = 0; j < 15; j++) {
        b.add("a" + t, "once" + t + "-" + j, j % 3 == 0 ? "x" : "y");
      }
      b.add("a" + t, "heavy", "y");
    }
    CrowdDataset d = b.build();
    int rare = d.labels().id("rare");
    for (long seed = 0; seed < 20; seed++) {
      for (int k : new int[] {2, 5}) {
        AnswerFolds folds = AnswerFolds.of(d, k, seed);
        for (int a = 0; a < d.numAnswers(); a++) {
          String worker = d.workers().name(d.worker(a));
          if (worker.startsWith("once") || d.label(a) == rare) {
            assertEquals(AnswerFolds.KEPT, folds.fold(a), "seed " + seed + ": " + worker);
          }
        }
        // only "heavy"'s answers can be hidden, and never all of them
        assertTrue(folds.hiddenTotal() < 11, "seed " + seed + ": " + folds.hiddenTotal());
        assertTrue(folds.hiddenTotal() > 0, "seed " + seed);
      }
    }
    assertThrows(IllegalArgumentException.class, () -> AnswerFolds.of(d, 1, 0));
  }

  @Test
  void sameSeedSameFoldsOtherSeedOtherFolds() {
    CrowdDataset d = crowd(3);
    AnswerFolds a = AnswerFolds.of(d, 5, 11);
    AnswerFolds b = AnswerFolds.of(d, 5, 11);
    AnswerFolds c = AnswerFolds.of(d, 5, 12);
    int[] fa = new int[d.numAnswers()];
    int[] fb = new int[d.numAnswers()];
    int[] fc = new int[d.numAnswers()];
    for (int x = 0; x < fa.length; x++) {
      fa[x] = a.fold(x);
      fb[x] = b.fold(x);
      fc[x] = c.fold(x);
    }
    assertArrayEquals(fa, fb);
    assertFalse(Arrays.equals(fa, fc));
    WorkerFolds w1 = WorkerFolds.of(d, 5, 11);
    WorkerFolds w2 = WorkerFolds.of(d, 5, 11);
    for (int w = 0; w < d.numWorkers(); w++) {
      assertEquals(w1.fold(w), w2.fold(w));
    }
  }

  @Test
  void workerFoldsBalanceWorkersAndAnswers() {
    CrowdDataset d = crowd(4);
    int k = 5;
    WorkerFolds folds = WorkerFolds.of(d, k, 5);
    int[] workers = new int[k];
    int[] answers = new int[k];
    for (int w = 0; w < d.numWorkers(); w++) {
      int f = folds.fold(w);
      assertTrue(f >= 0 && f < k);
      workers[f]++;
      answers[f] += d.workerSize(w);
    }
    int maxW = Arrays.stream(workers).max().orElse(0);
    int minW = Arrays.stream(workers).min().orElse(0);
    assertTrue(maxW - minW <= 1, Arrays.toString(workers));
    // dealt by volume in blocks of k: the spread is at most the largest worker's volume
    int largest = 0;
    for (int w = 0; w < d.numWorkers(); w++) {
      largest = Math.max(largest, d.workerSize(w));
    }
    int maxA = Arrays.stream(answers).max().orElse(0);
    int minA = Arrays.stream(answers).min().orElse(0);
    assertTrue(maxA - minA <= largest, Arrays.toString(answers) + " largest " + largest);
    boolean[] keep = folds.trainMask(d, 0);
    for (int a = 0; a < keep.length; a++) {
      assertEquals(folds.fold(d.worker(a)) != 0, keep[a]);
    }
  }
}
