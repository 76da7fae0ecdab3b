package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** K-fold out-of-sample predictions: the split, the rows, and that no row saw its own answers. */
class OutOfFoldTest {
  static GaussianCrowd crowd;

  @BeforeAll
  static void data() {
    crowd = GaussianCrowd.flippers(150, 3, 5, 4, 0.7, true, 3);
  }

  private static Learner learner(String name, Map<String, String> options) {
    return Learners.create(name, options, GaussianCrowd.quick(6, 5), GaussianCrowd.smallMlp());
  }

  @Test
  void foldsCoverEveryItemOnceInEqualSizesAndRepeatForTheSeed() {
    int[] f = OutOfFold.assign(103, 5, 7);
    assertEquals(103, f.length);
    int[] sizes = new int[5];
    for (int v : f) {
      assertTrue(v >= 0 && v < 5, "fold " + v);
      sizes[v]++;
    }
    for (int s : sizes) {
      assertTrue(s == 20 || s == 21, Arrays.toString(sizes));
    }
    assertArrayEquals(f, OutOfFold.assign(103, 5, 7), "the same seed, the same folds");
    assertFalse(Arrays.equals(f, OutOfFold.assign(103, 5, 8)), "another seed, other folds");
    // leave-one-out is the most folds
    int[] loo = OutOfFold.assign(4, 4, 1);
    int[] sorted = loo.clone();
    Arrays.sort(sorted);
    assertArrayEquals(new int[] {0, 1, 2, 3}, sorted);
    assertThrows(IllegalArgumentException.class, () -> OutOfFold.assign(10, 1, 0));
    assertThrows(IllegalArgumentException.class, () -> OutOfFold.assign(10, 11, 0));
  }

  @Test
  void rowsAreDistributionsAlignedWithTheTasks() {
    OutOfFold.Result r =
        OutOfFold.predict(learner(TwoStage.NAME, Map.of()), crowd.data(), crowd.features(), 3, 2);
    CrowdDataset d = crowd.data();
    assertEquals(d.tasks().names(), r.tasks().names());
    assertEquals(d.labels().names(), r.labels().names());
    assertEquals(3, r.folds());
    assertArrayEquals(OutOfFold.assign(d.numTasks(), 3, 2), r.fold());
    int k = d.numLabels();
    for (int i = 0; i < d.numTasks(); i++) {
      double sum = 0;
      for (int c = 0; c < k; c++) {
        double p = r.probabilities()[i * k + c];
        assertTrue(p >= 0 && p <= 1, "p = " + p);
        sum += p;
      }
      assertEquals(1.0, sum, 1e-5, "row " + i);
    }
    // out of sample, yet far better than chance on separable classes
    assertTrue(crowd.gold().accuracy(r.predictedLabels()) > 0.6);
  }

  @Test
  void anItemsPredictionDoesNotDependOnItsOwnAnswers() {
    CrowdDataset d = crowd.data();
    int item = 17;
    int k = d.numLabels();
    // every answer on the item turned to another class
    CrowdDataset.Builder b = CrowdDataset.builder().labels(d.labels().names());
    for (int a = 0; a < d.numAnswers(); a++) {
      int l = d.task(a) == item ? (d.label(a) + 1) % k : d.label(a);
      b.add(d.tasks().name(d.task(a)), d.workers().name(d.worker(a)), d.labels().name(l));
    }
    CrowdDataset changed = b.build();
    assertEquals(d.tasks().names(), changed.tasks().names());
    for (String name : List.of(TwoStage.NAME, CrowdLayer.NAME)) {
      Learner l = learner(name, Map.of());
      OutOfFold.Result before = OutOfFold.predict(l, d, crowd.features(), 4, 9);
      OutOfFold.Result after = OutOfFold.predict(l, changed, crowd.features(), 4, 9);
      assertArrayEquals(
          Arrays.copyOfRange(before.probabilities(), item * k, item * k + k),
          Arrays.copyOfRange(after.probabilities(), item * k, item * k + k),
          name + ": the item's own answers changed its prediction");
      // the items of the other folds were predicted by models that trained on the item's answers
      boolean othersMoved = false;
      for (int i = 0; i < d.numTasks(); i++) {
        if (before.fold()[i] != before.fold()[item]) {
          for (int c = 0; c < k; c++) {
            othersMoved |= before.probabilities()[i * k + c] != after.probabilities()[i * k + c];
          }
        }
      }
      assertTrue(othersMoved, name + ": the answers changed nothing at all");
    }
  }

  @Test
  void keepsEveryClassWhenAFoldsAnswersLackOne() {
    CrowdDataset d = crowd.data();
    // a fourth class answered on one item only: the other folds' models never see it
    List<String> classes = new java.util.ArrayList<>(d.labels().names());
    classes.add("rare");
    CrowdDataset.Builder b = CrowdDataset.builder().labels(classes);
    String rareItem = d.tasks().name(d.task(0));
    for (int a = 0; a < d.numAnswers(); a++) {
      String task = d.tasks().name(d.task(a));
      String label = a == 0 ? "rare" : d.labels().name(d.label(a));
      b.add(task, d.workers().name(d.worker(a)), label);
    }
    CrowdDataset rare = b.build();
    assertEquals(4, rare.numLabels());
    for (String[] spec : new String[][] {{TwoStage.NAME, "aggregator", "ds"}, {CrowdLayer.NAME}}) {
      Map<String, String> options = spec.length > 1 ? Map.of(spec[1], spec[2]) : Map.of();
      OutOfFold.Result r =
          OutOfFold.predict(learner(spec[0], options), rare, crowd.features(), 3, 4);
      assertEquals(rare.labels().names(), r.labels().names());
      assertEquals(rare.numTasks() * 4, r.probabilities().length);
      for (int i = 0; i < rare.numTasks(); i++) {
        double sum = 0;
        for (int c = 0; c < 4; c++) {
          double p = r.probabilities()[i * 4 + c];
          assertTrue(p >= 0 && p <= 1, spec[0] + ": p = " + p);
          sum += p;
        }
        assertEquals(1.0, sum, 1e-5, spec[0] + " row " + i);
      }
      assertTrue(rare.tasks().id(rareItem) >= 0);
    }
  }

  @Test
  void aFoldTrainsOnItsItemsOnlyWithTheWholeLabelSet() {
    CrowdDataset d = crowd.data();
    boolean[] keep = new boolean[d.numTasks()];
    for (int i = 0; i < keep.length; i += 2) {
      keep[i] = true;
    }
    CrowdDataset part = OutOfFold.itemsOnly(d, keep);
    assertEquals((d.numTasks() + 1) / 2, part.numTasks());
    assertEquals(d.labels().names(), part.labels().names());
    int answers = 0;
    for (int i = 0; i < keep.length; i += 2) {
      answers += d.taskSize(i);
    }
    assertEquals(answers, part.numAnswers());
    TaskFeatures x = crowd.features();
    // a learner fits on the part with the whole features file (rows matched by task name)
    try (LearnedModel m = learner(TwoStage.NAME, Map.of()).fit(part, x)) {
      assertEquals(d.labels().names(), m.labels().names());
    }
  }
}
