package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NumericAnswersTest {
  @Test
  void answersAreGroupedByTaskKeepingInputOrderAndViewedByWorker() {
    NumericAnswers d =
        NumericAnswers.builder()
            .add("x", "w1", 1.5)
            .add("y", "w2", -2)
            .add("x", "w2", 3)
            .add("y", "w1", 4)
            .add("x", "w1", 5) // a repeated (task, worker) answer is kept
            .build();
    assertEquals(2, d.numTasks());
    assertEquals(2, d.numWorkers());
    assertEquals(5, d.numAnswers());
    int x = d.tasks().id("x");
    assertEquals(3, d.taskSize(x));
    double[] values = new double[3];
    for (int a = d.taskStart(x); a < d.taskEnd(x); a++) {
      values[a - d.taskStart(x)] = d.value(a);
    }
    assertArrayEquals(new double[] {1.5, 3, 5}, values, 0);
    int w1 = d.workers().id("w1");
    assertEquals(3, d.workerSize(w1));
    for (int k = d.workerStart(w1); k < d.workerEnd(w1); k++) {
      assertEquals(w1, d.worker(d.workerAnswer(k)));
    }
    assertArrayEquals(new int[] {0, 3, 5}, d.taskOffsets());
  }

  @Test
  void theDigestFollowsTheContent() {
    NumericAnswers a = NumericCrowds.tiny();
    assertEquals(a.digest(), NumericCrowds.tiny().digest());
    NumericAnswers b =
        NumericAnswers.builder()
            .add("t1", "a", 1)
            .add("t1", "b", 3)
            .add("t1", "c", 5)
            .add("t2", "a", 2)
            .add("t2", "b", 6)
            .add("t3", "a", 4)
            .add("t3", "c", 8.000000001)
            .build();
    assertNotEquals(a.digest(), b.digest());
    assertEquals(16, a.digest().length());
  }

  @Test
  void aValueThatIsNotFiniteIsRefusedNamingTaskAndWorker() {
    for (double bad :
        new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> NumericAnswers.builder().add("t", "w", bad));
      assertTrue(e.getMessage().contains("worker 'w' to task 't'"), e.getMessage());
      assertTrue(e.getMessage().contains("must be finite"), e.getMessage());
    }
  }

  @Test
  void restrictingKeepsIdsAndATaskLeftWithoutAnswersIsRefusedByEveryMethod() {
    NumericAnswers d = NumericCrowds.tiny();
    boolean[] keep = new boolean[d.numAnswers()];
    java.util.Arrays.fill(keep, true);
    int t2 = d.tasks().id("t2");
    for (int a = d.taskStart(t2); a < d.taskEnd(t2); a++) {
      keep[a] = false;
    }
    NumericAnswers r = d.restrictedTo(keep);
    assertEquals(d.tasks(), r.tasks());
    assertEquals(0, r.taskSize(t2));
    assertEquals(5, r.numAnswers());
    for (String name : NumericAuto.Options.defaults().candidateNames()) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> NumericAuto.candidate(name).fit(r));
      assertTrue(e.getMessage().contains("task 't2' has no answers"), name + ": " + e.getMessage());
    }
    NumericAnswers declared =
        NumericAnswers.builder().add("t1", "a", 1).declareTask("nobody").build();
    assertThrows(IllegalArgumentException.class, () -> new NumericAuto().fit(declared));
  }

  @Test
  void goldIsAlignedAndUnknownIdsAreReportedNotDropped() {
    NumericAnswers d = NumericCrowds.tiny();
    Map<String, Double> g = new LinkedHashMap<>();
    g.put("t2", 4.5);
    g.put("zz", 1.0);
    g.put("t1", -1.0);
    NumericGold gold = NumericGold.of(d, g);
    assertEquals(2, gold.count());
    assertEquals(List.of("zz"), gold.unmatchedTasks());
    assertEquals(4.5, gold.value(d.tasks().id("t2")));
    assertTrue(Double.isNaN(gold.value(d.tasks().id("t3"))));
    assertThrows(IllegalArgumentException.class, () -> NumericGold.of(d, Map.of("t1", Double.NaN)));
  }
}
