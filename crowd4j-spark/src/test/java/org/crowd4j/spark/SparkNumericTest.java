package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.Row;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.numeric.Catd;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.numeric.Pm;
import org.crowd4j.numeric.Raykar;
import org.crowd4j.numeric.TaskStatistic;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * Acceptance of the numeric estimators: on a generated crowd and on the shared crowd {@code
 * emotion}, with and without gold, every Spark fit agrees with the core's {@code fit} to 1e-9
 * (relative to the size of the number): estimates, every worker's bias, variance and weight, the
 * objective history, and the same iterations and stop.
 */
class SparkNumericTest extends SparkTestBase {
  private static final double TOLERANCE = 1e-9;

  /** A core method and its Spark estimator with the same options. */
  private record Pair(
      Method<NumericAnswers, NumericGold, NumericResult> core,
      Supplier<SparkNumericAggregator<?>> spark) {}

  private static List<Pair> methods() {
    return List.of(
        new Pair(TaskStatistic.mean(), SparkTaskStatistic::new),
        new Pair(TaskStatistic.median(), () -> new SparkTaskStatistic().setStatistic("median")),
        new Pair(new Catd(), SparkCatd::new),
        new Pair(new Pm(), SparkPm::new),
        new Pair(new Raykar(), SparkRaykar::new),
        new Pair(
            new Raykar(new Raykar.Options(12, 0, 1e-3, false)),
            () -> new SparkRaykar(new Raykar.Options(12, 0, 1e-3, false))),
        new Pair(
            new Catd(new Catd.Options(0, 1e-6, 0.05, 1e-6)),
            () -> new SparkCatd(new Catd.Options(0, 1e-6, 0.05, 1e-6))));
  }

  /** The methods that use gold. */
  private static List<Pair> withGold() {
    return List.of(
        new Pair(new Catd(), SparkCatd::new),
        new Pair(new Pm(), SparkPm::new),
        new Pair(new Raykar(), () -> new SparkRaykar().setNumPartitions(3)));
  }

  @Test
  void agreesWithTheCoreOnAGeneratedCrowd() {
    NumericCrowd c = NumericCrowd.generated(spark(), 400, 11);
    for (Pair p : methods()) {
      assertAgrees(c, p, false);
    }
    for (Pair p : withGold()) {
      assertAgrees(c, p, true);
    }
  }

  @Test
  void agreesWithTheCoreOnEmotion() throws Exception {
    NumericCrowd c = NumericCrowd.emotion(spark(), SharedData.dataset("emotion"));
    assertEquals(700, c.core().numTasks());
    for (Pair p : methods()) {
      assertAgrees(c, p, false);
    }
    for (Pair p : withGold()) {
      assertAgrees(c, p, true);
    }
  }

  /** Fits both and compares everything the core's result holds. */
  private static void assertAgrees(NumericCrowd c, Pair p, boolean gold) {
    NumericResult local =
        gold ? p.core().fit(c.core(), FitContext.withGold(c.gold())) : p.core().fit(c.core());
    SparkNumericAggregator<?> e = p.spark().get();
    if (gold) {
      e.setGoldCol("gold");
    }
    SparkNumericModel model = e.fit(gold ? c.withGold() : c.frame());
    String what = p.core().name() + (gold ? " with gold" : "") + " " + p.core();
    try {
      assertEquals(local.method(), model.method(), what);
      Diagnostics ld = local.diagnostics();
      Diagnostics sd = model.diagnostics();
      assertEquals(ld.iterations(), sd.iterations(), what + ": " + sd.stopReason());
      assertEquals(ld.converged(), sd.converged(), what);
      assertEquals(ld.objectiveName(), sd.objectiveName(), what);
      assertClose(ld.objective(), sd.objective(), what + " objective");
      Map<String, Double> estimates = new HashMap<>();
      for (Row r : model.estimates().collectAsList()) {
        estimates.put(r.getString(0), r.getDouble(1));
      }
      assertEquals(local.tasks().size(), estimates.size(), what);
      double[] spark = new double[local.tasks().size()];
      for (int i = 0; i < spark.length; i++) {
        spark[i] = estimates.get(local.tasks().name(i));
      }
      assertClose(local.estimates(), spark, what + " estimates");
      List<Row> workers = model.workers().collectAsList();
      assertEquals(local.workers().size(), workers.size(), what);
      double[][] byWorker = new double[3][workers.size()];
      for (Row r : workers) {
        int w = local.workers().id(r.getString(0));
        assertTrue(w >= 0, what + " worker " + r.getString(0));
        for (int j = 0; j < 3; j++) {
          byWorker[j][w] = r.getDouble(2 + j);
        }
      }
      assertClose(local.bias(), byWorker[0], what + " bias");
      assertClose(local.variance(), byWorker[1], what + " variance");
      assertClose(local.weights(), byWorker[2], what + " weights");
    } finally {
      model.unpersist();
    }
  }

  /** Every entry within {@link #TOLERANCE} of the expected one, relative above 1. */
  static void assertClose(double[] expected, double[] actual, String what) {
    assertEquals(expected.length, actual.length, what);
    List<String> off = new ArrayList<>();
    for (int i = 0; i < expected.length; i++) {
      double d = Math.abs(expected[i] - actual[i]);
      boolean same = Double.compare(expected[i], actual[i]) == 0;
      if (!same && !(d <= TOLERANCE * Math.max(1, Math.abs(expected[i])))) {
        off.add(i + ": " + expected[i] + " vs " + actual[i]);
      }
    }
    assertTrue(off.isEmpty(), what + " differs at " + off.subList(0, Math.min(5, off.size())));
  }
}
