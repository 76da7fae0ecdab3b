package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.numeric.NumericMetrics;
import org.crowd4j.numeric.NumericReader;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aggregate-numeric --engine spark}: the estimates, worker table and scores of the core. */
class SparkNumericAggregationTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void sameEstimatesWorkersAndScoresAsTheCoreOnEmotion() throws Exception {
    spark();
    Path data = SharedData.dataset("emotion");
    Path answers = data.resolve("answers.csv");
    NumericAnswers local = NumericReader.read(answers);
    Map<String, Double> gold = NumericReader.readGold(data.resolve("gold.csv"));
    for (String method : SparkNumericAggregation.METHODS) {
      Record options = OptionsBinder.bind(NumericMethods.LIST.spec(method).defaults(), Map.of());
      NumericResult core = NumericMethods.LIST.create(method, Map.of()).fit(local);
      NumericGold g = NumericGold.of(local, gold);
      Path out = dir.resolve(method + "-estimates.csv");
      Path workers = dir.resolve(method + "-workers.csv");
      SparkNumericAggregation.Outcome o =
          SparkNumericAggregation.run(
              new SparkNumericAggregation.Request(
                  answers.toString(),
                  null,
                  "task",
                  "worker",
                  "label",
                  method,
                  options,
                  gold,
                  out.toString(),
                  workers.toString(),
                  null,
                  0),
              IterationListener.NONE);
      assertEquals(local.numTasks(), o.tasks(), method);
      assertEquals(local.numWorkers(), o.workers(), method);
      assertEquals(local.numAnswers(), o.numAnswers(), method);
      assertEquals(core.diagnostics().iterations(), o.diagnostics().iterations(), method);
      assertEquals(700, o.goldTasks(), method);
      assertEquals(NumericMetrics.pearson(core.estimates(), g), o.pearson(), 1e-9, method);
      assertEquals(NumericMetrics.rmse(core.estimates(), g), o.rmse(), 1e-9, method);
      assertEquals(NumericMetrics.mae(core.estimates(), g), o.mae(), 1e-9, method);
      Map<String, Double> estimates = table(out);
      for (int i = 0; i < local.numTasks(); i++) {
        double e = core.estimate(i);
        assertEquals(e, estimates.get(core.tasks().name(i)), 1e-9 * Math.max(1, Math.abs(e)));
      }
      List<String> rows = Files.readAllLines(workers);
      assertEquals("worker,bias,variance,weight", rows.get(0), method);
      assertEquals(local.numWorkers() + 1, rows.size(), method);
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> SparkNumericAggregation.create("auto", new org.crowd4j.method.NoOptions()));
  }

  private static Map<String, Double> table(Path csv) throws Exception {
    Map<String, Double> out = new HashMap<>();
    List<String> rows = Files.readAllLines(csv);
    assertEquals("task,estimate", rows.get(0));
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      out.put(f[0], Double.parseDouble(f[1]));
    }
    return out;
  }
}
