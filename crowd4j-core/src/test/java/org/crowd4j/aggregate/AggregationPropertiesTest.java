package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.simulate.SyntheticCrowd;

/** Properties every aggregation method must have, checked on generated crowds. */
class AggregationPropertiesTest {
  /** Methods whose recorded objective must never decrease (EM on a likelihood or bound). */
  static final List<String> MONOTONE =
      List.of("ds", "one-coin-ds", "crowd-mixture", "ibcc", "glad");

  /**
   * Methods whose seeded random start is drawn over the answers in id order, so renaming ids
   * changes the start (same seed and ids still give the same result).
   */
  static final java.util.Set<String> RANDOM_START =
      java.util.Set.of("mmsr", "kos", "crowd-mixture", "mace");

  /** Methods that score on seeded random folds: renamed ids draw other folds. */
  static final java.util.Set<String> RANDOM_FOLDS = java.util.Set.of("auto", "ds-map");

  static CrowdDataset crowd(int tasks, int classes, int workers, int perTask, long seed) {
    return SyntheticCrowd.generate(
            tasks,
            classes,
            workers,
            Math.min(perTask, workers),
            new double[] {0.3, 0.4, 0.15, 0.1, 0.05},
            seed)
        .data();
  }

  /**
   * Fits {@code method}, or returns null when the method does not apply: gold majority vote without
   * gold, weighted majority vote without a skills file, KOS on more than two classes. Those two
   * must then refuse with an {@link IllegalArgumentException}; any other method must fit, so an
   * error there fails the test.
   */
  /** Classes some answer uses (a declared class nobody answered is fitted as impossible). */
  static int observedLabels(CrowdDataset data) {
    boolean[] seen = new boolean[data.numLabels()];
    int n = 0;
    for (int a = 0; a < data.numAnswers(); a++) {
      if (!seen[data.label(a)]) {
        seen[data.label(a)] = true;
        n++;
      }
    }
    return n;
  }

  static AggregationResult fitOrSkip(
      MethodSpec<Aggregator> spec, CrowdDataset data, Map<String, String> o) {
    boolean notApplicable =
        spec.name().equals("gold-mv")
            || (spec.name().equals("wmv") && !o.containsKey("skillsFile"))
            || (spec.name().equals("kos") && observedLabels(data) > 2);
    if (notApplicable) {
      assertThrows(
          IllegalArgumentException.class,
          () -> spec.create(o).fit(data),
          spec.name() + " must refuse a crowd it does not apply to");
      return null;
    }
    return spec.create(o).fit(data);
  }

  @Property(tries = 25, seed = "20261125")
  void posteriorsAreDistributionsAndLabelsTheirArgmax(
      @ForAll @IntRange(min = 1, max = 120) int tasks,
      @ForAll @IntRange(min = 2, max = 5) int classes,
      @ForAll @IntRange(min = 1, max = 15) int workers,
      @ForAll @IntRange(min = 1, max = 6) int perTask,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    CrowdDataset data = crowd(tasks, classes, workers, perTask, seed);
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      AggregationResult r = fitOrSkip(spec, data, Map.of());
      if (r == null) {
        continue;
      }
      int k = data.numLabels();
      for (int i = 0; i < data.numTasks(); i++) {
        double sum = 0;
        for (int c = 0; c < k; c++) {
          double p = r.posterior(i, c);
          assertTrue(p >= 0 && p <= 1, spec.name() + ": posterior out of [0,1]: " + p);
          sum += p;
        }
        assertEquals(1.0, sum, 1e-9, spec.name() + ": row " + i + " sums to " + sum);
        double max = 0;
        for (int c = 0; c < k; c++) {
          max = Math.max(max, r.posterior(i, c));
        }
        assertEquals(
            max,
            r.posterior(i, r.label(i)),
            1e-12,
            spec.name() + ": task " + i + " is labelled " + r.label(i) + ", not its argmax");
      }
      for (double o : r.diagnostics().objective()) {
        assertTrue(Double.isFinite(o), spec.name() + ": objective not finite");
      }
      for (int w = 0; w < r.workers().numWorkers(); w++) {
        assertTrue(!Double.isInfinite(r.workers().skill(w)), spec.name() + ": infinite skill");
      }
    }
  }

  @Property(tries = 15, seed = "20261125")
  void invariantToRenamingAndPermutingIds(
      @ForAll @IntRange(min = 5, max = 80) int tasks,
      @ForAll @IntRange(min = 2, max = 4) int classes,
      @ForAll @IntRange(min = 3, max = 12) int workers,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    CrowdDataset data = crowd(tasks, classes, workers, 3, seed);
    CrowdDataset renamed = renameAndShuffle(data, seed);
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      AggregationResult a = fitOrSkip(spec, data, Map.of());
      AggregationResult b = fitOrSkip(spec, renamed, Map.of());
      if (a == null
          || b == null
          || RANDOM_START.contains(spec.name())
          || RANDOM_FOLDS.contains(spec.name())) {
        continue;
      }
      for (int i = 0; i < data.numTasks(); i++) {
        int j = renamed.tasks().id("task-" + data.tasks().name(i));
        for (int c = 0; c < data.numLabels(); c++) {
          assertEquals(
              a.posterior(i, c),
              b.posterior(j, c),
              1e-6,
              spec.name() + " task " + i + " class " + c);
        }
      }
    }
  }

  @org.junit.jupiter.api.Test
  void tinyCrowdsGiveFiniteResults() {
    // two tasks, three workers who all answer both: M-MSR's trimmed means once reached 0/0 here
    CrowdDataset data = crowd(2, 2, 3, 3, 0);
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      AggregationResult r = fitOrSkip(spec, data, Map.of());
      if (r == null) {
        continue;
      }
      for (double o : r.diagnostics().objective()) {
        assertTrue(Double.isFinite(o), spec.name() + ": objective " + o);
      }
      for (double p : r.posteriors()) {
        assertTrue(Double.isFinite(p), spec.name() + ": posterior " + p);
      }
    }
  }

  @Property(tries = 10, seed = "20261125")
  void sameSeedSameResult(
      @ForAll @IntRange(min = 5, max = 80) int tasks,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    CrowdDataset data = crowd(tasks, 3, 8, 3, seed);
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      AggregationResult a = fitOrSkip(spec, data, Map.of());
      AggregationResult b = fitOrSkip(spec, data, Map.of());
      if (a == null) {
        continue;
      }
      assertArrayEquals(a.posteriors(), b.posteriors(), 0.0, spec.name());
      assertArrayEquals(a.labels(), b.labels(), spec.name());
    }
  }

  @Property(tries = 20, seed = "20261125")
  void emObjectiveNeverDecreases(
      @ForAll @IntRange(min = 5, max = 150) int tasks,
      @ForAll @IntRange(min = 2, max = 5) int classes,
      @ForAll @IntRange(min = 2, max = 15) int workers,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    CrowdDataset data = crowd(tasks, classes, workers, 4, seed);
    for (String name : MONOTONE) {
      if (Methods.all().stream().noneMatch(s -> s.name().equals(name))) {
        continue;
      }
      AggregationResult r = fitOrSkip(Methods.spec(name), data, Map.of());
      if (r == null) {
        continue;
      }
      double[] h = r.diagnostics().objective();
      for (int t = 1; t < h.length; t++) {
        assertTrue(
            h[t] >= h[t - 1] - 1e-9 * Math.max(1, Math.abs(h[t - 1])),
            name + ": objective fell from " + h[t - 1] + " to " + h[t] + " at iteration " + t);
      }
    }
  }

  @Property(tries = 20, seed = "20261125")
  void dawidSkeneWithoutIterationsReturnsItsMajorityVoteStart(
      @ForAll @IntRange(min = 1, max = 100) int tasks,
      @ForAll @IntRange(min = 2, max = 5) int classes,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    CrowdDataset data = crowd(tasks, classes, 10, 3, seed);
    AggregationResult ds =
        new DawidSkene(new DawidSkene.Options(0, 1e-5, 1e-10, DawidSkene.Stopping.LIKELIHOOD))
            .fit(data);
    AggregationResult mv = new MajorityVote(MajorityVote.Options.softDefaults()).fit(data);
    assertArrayEquals(mv.posteriors(), ds.posteriors(), 1e-12);
    assertArrayEquals(mv.labels(), ds.labels());
    assertEquals(0, ds.diagnostics().iterations());
  }

  /** The same answers with new task/worker names, in a shuffled order. */
  static CrowdDataset renameAndShuffle(CrowdDataset d, long seed) {
    List<int[]> rows = new ArrayList<>();
    for (int a = 0; a < d.numAnswers(); a++) {
      rows.add(new int[] {d.task(a), d.worker(a), d.label(a)});
    }
    SplittableRandom rng = new SplittableRandom(seed ^ 0x5DEECE66DL);
    for (int i = rows.size() - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int[] t = rows.get(i);
      rows.set(i, rows.get(j));
      rows.set(j, t);
    }
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int[] r : rows) {
      b.add(
          "task-" + d.tasks().name(r[0]),
          "worker-" + d.workers().name(r[1]),
          d.labels().name(r[2]));
    }
    return b.build();
  }
}
