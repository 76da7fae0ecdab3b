package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.method.Method;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * The shared numeric crowd {@code emotion} (700 tasks, 38 workers, 10 answers a task): floors on
 * Pearson r and RMSE against gold, at the default options, a little below what was measured
 * (docs/methods/numeric.md). Measured: mean r 0.7255 RMSE 17.835; median 0.6344 / 21.264; catd
 * 0.6981 / 18.872; pm 0.7212 / 17.903; raykar 0.7019 / 18.900; auto chooses raykar. Skips where
 * ../shared is absent, fails then under CI=true.
 */
class EmotionTest {
  private static final Map<String, double[]> FLOORS =
      Map.of(
          "mean", new double[] {0.725, 17.84},
          "median", new double[] {0.634, 21.27},
          "catd", new double[] {0.697, 18.88},
          "pm", new double[] {0.720, 17.91},
          "raykar", new double[] {0.701, 18.91});

  @Test
  void methodsReachTheirMeasuredAgreementWithGold() throws Exception {
    Path dir = SharedData.dataset("emotion");
    NumericAnswers data = NumericReader.read(dir.resolve("answers.csv"));
    NumericGold gold = NumericGold.of(data, NumericReader.readGold(dir.resolve("gold.csv")));
    assertEquals(700, data.numTasks());
    assertEquals(38, data.numWorkers());
    assertEquals(7000, data.numAnswers());
    assertEquals(700, gold.count());
    assertTrue(gold.unmatchedTasks().isEmpty());

    double[] mean = TaskStatistic.mean().fit(data).estimates();
    // SOURCE.md: per-task mean vs gold, Pearson r 0.7255, MAE 12.022
    assertEquals(0.7255, NumericMetrics.pearson(mean, gold), 5e-5);
    assertEquals(12.022, NumericMetrics.mae(mean, gold), 5e-4);

    for (Map.Entry<String, double[]> e : FLOORS.entrySet()) {
      Method<NumericAnswers, NumericGold, NumericResult> m = NumericAuto.candidate(e.getKey());
      NumericResult r = m.fit(data);
      double pearson = NumericMetrics.pearson(r.estimates(), gold);
      double rmse = NumericMetrics.rmse(r.estimates(), gold);
      assertTrue(pearson >= e.getValue()[0], m.name() + " r " + pearson);
      assertTrue(rmse <= e.getValue()[1], m.name() + " RMSE " + rmse);
      assertTrue(r.diagnostics().converged(), m.name() + ": " + r.diagnostics().stopReason());
    }

    NumericResult auto = new NumericAuto().fit(data);
    assertEquals("raykar", auto.selection().orElseThrow().chosen());
    double autoR = NumericMetrics.pearson(auto.estimates(), gold);
    double autoRmse = NumericMetrics.rmse(auto.estimates(), gold);
    assertTrue(autoR >= 0.701, "auto r " + autoR);
    assertTrue(autoRmse <= 18.91, "auto RMSE " + autoRmse);
    // measured: the held-out answers prefer raykar, which is 0.024 behind mean in r and 1.07 in
    // RMSE on emotion's gold; auto stays within these margins of mean
    double meanR = NumericMetrics.pearson(mean, gold);
    double meanRmse = NumericMetrics.rmse(mean, gold);
    assertTrue(autoR >= meanR - 0.03, "auto r " + autoR + " vs mean " + meanR);
    assertTrue(autoRmse <= meanRmse + 1.2, "auto RMSE " + autoRmse + " vs mean " + meanRmse);
  }
}
