package org.crowd4j.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/** The metric values crowd-kit's own tests assert ({@code suite/metrics_expectations.csv}). */
class CrowdKitMetricsTest {
  static CrowdDataset of(String... triples) {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (String t : triples) {
      String[] p = t.split(":");
      b.add(p[0], p[1], p[2]);
    }
    return b.build();
  }

  @Test
  void krippendorffAlpha() throws Exception {
    assertEquals(1.0, Agreement.krippendorffAlpha(of("X:A:Yes", "X:B:Yes", "Y:A:No", "Y:B:No")));
    assertEquals(
        0.4444444444444444,
        Agreement.krippendorffAlpha(
            of("X:A:Yes", "X:B:Yes", "Y:A:No", "Y:B:No", "Z:A:Yes", "Z:B:No")),
        1e-15);
    CrowdDataset toy = CrowdReader.readAnswers(SharedData.suite("data/toy_answers.csv"));
    assertEquals(0.14219114219114215, Agreement.krippendorffAlpha(toy), 1e-12);
  }

  @Test
  void uncertainty() throws Exception {
    assertEquals(0.0, Agreement.mean(Agreement.taskEntropy(of("X:A:Yes", "X:B:Yes"), null)));
    assertEquals(
        1.0986122886681096,
        Agreement.mean(Agreement.taskEntropy(of("X:A:Yes", "X:B:No", "X:C:Maybe"), null)),
        1e-15);
    CrowdDataset d = of("X:A:Yes", "X:B:No", "Y:A:Yes", "Y:B:Yes");
    double[] byTask = Agreement.taskEntropy(d, null);
    assertEquals(0.693147, byTask[d.tasks().id("X")], 1e-3);
    assertEquals(0.0, byTask[d.tasks().id("Y")], 1e-3);
    double[] byWorker = Agreement.workerEntropy(d);
    assertEquals(0.0, byWorker[d.workers().id("A")], 1e-3);
    assertEquals(0.693147, byWorker[d.workers().id("B")], 1e-3);
    CrowdDataset toy = CrowdReader.readAnswers(SharedData.suite("data/toy_answers.csv"));
    Map<String, Double> skill = Map.of("w1", 0.6, "w2", 0.8, "w3", 1.0, "w4", 0.4, "w5", 0.8);
    double[] skills = new double[toy.numWorkers()];
    for (var e : skill.entrySet()) {
      skills[toy.workers().id(e.getKey())] = e.getValue();
    }
    assertEquals(0.6308666201949331, Agreement.mean(Agreement.taskEntropy(toy, skills)), 1e-12);
  }

  @Test
  void consistencyAndAnswerAccuracy() throws Exception {
    CrowdDataset toy = CrowdReader.readAnswers(SharedData.suite("data/toy_answers.csv"));
    AggregationResult mv = new MajorityVote().fit(toy);
    double[] skills = mv.workers().skills();
    assertEquals(0.9384615384615385, Agreement.consistency(toy, mv.labels(), skills), 1e-12);
    assertEquals(0.7083333333333334, Agreement.answerAccuracy(toy, mv.labels()), 1e-15);
    double[] byWorker = Agreement.workerAnswerAccuracy(toy, mv.labels());
    String[] names = {"w1", "w2", "w3", "w4", "w5"};
    double[] expected = {0.6, 0.8, 1.0, 0.4, 0.8};
    for (int j = 0; j < names.length; j++) {
      assertEquals(expected[j], byWorker[toy.workers().id(names[j])], 1e-15, names[j]);
    }
    Gold gold = CrowdReader.readGold(SharedData.suite("data/toy_gold.csv"), toy);
    int[] ref = gold.labels();
    assertEquals(5.0 / 9, Agreement.answerAccuracy(toy, ref), 1e-15);
    double[] goldByWorker = Agreement.workerAnswerAccuracy(toy, ref);
    double[] expectedGold = {0.5, 1.0, 1.0, 0.5, 0.0};
    double[] ours = new double[names.length];
    for (int j = 0; j < names.length; j++) {
      ours[j] = goldByWorker[toy.workers().id(names[j])];
    }
    assertArrayEquals(expectedGold, ours, 1e-15);
  }
}
