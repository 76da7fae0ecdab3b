package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

class NumericAutoTest {
  @Test
  void theSplitHidesAFifthButNeverTheLastAnswerOfATaskOrWorker() {
    NumericAnswers d =
        NumericPropertiesTest.withLoners(
            NumericCrowds.gaussian(100, 3, new double[7], new double[] {1, 1, 1, 1, 1, 1, 1}, 2)
                .answers());
    boolean[] hidden = NumericAuto.split(d, 0.2, 17);
    int h = 0;
    int[] taskKept = new int[d.numTasks()];
    int[] workerKept = new int[d.numWorkers()];
    for (int a = 0; a < hidden.length; a++) {
      if (hidden[a]) {
        h++;
      } else {
        taskKept[d.task(a)]++;
        workerKept[d.worker(a)]++;
      }
    }
    assertEquals(Math.round(0.2 * d.numAnswers()), h);
    for (int k : taskKept) {
      assertTrue(k >= 1);
    }
    for (int k : workerKept) {
      assertTrue(k >= 1);
    }
    assertArrayEquals(hidden, NumericAuto.split(d, 0.2, 17));
  }

  @Test
  void biasedCrowdsOfUnequalSkillAreGivenToRaykar() {
    double[] bias = {-8, 0, 8, 4, -4, 0, 5, -5};
    double[] sd = {2, 4, 12, 3, 6, 8, 2, 15};
    NumericCrowds.Simulated s = NumericCrowds.gaussian(300, 5, bias, sd, 21);
    NumericResult auto = new NumericAuto().fit(s.answers());
    NumericSelection sel = auto.selection().orElseThrow();
    assertEquals("raykar", sel.chosen());
    assertEquals(
        List.of("mean", "median", "catd", "pm", "raykar"),
        sel.candidates().stream().map(NumericSelection.Score::name).toList());
    for (NumericSelection.Score c : sel.candidates()) {
      assertTrue(c.meanLogLikelihood() <= sel.chosenScore().meanLogLikelihood());
    }
    assertEquals(300, sel.heldOutAnswers());
    assertEquals("auto", auto.provenance().method());
    assertArrayEquals(new Raykar().fit(s.answers()).estimates(), auto.estimates(), 0);
    assertTrue(
        NumericMetrics.rmse(auto.estimates(), s.gold())
            < NumericMetrics.rmse(TaskStatistic.mean().fit(s.answers()).estimates(), s.gold()));
  }

  @Test
  void withNothingToHoldOutTheFirstCandidateIsTakenUnscored() {
    NumericAnswers d =
        NumericAnswers.builder().add("t1", "a", 1).add("t2", "a", 2).add("t3", "b", 5).build();
    NumericResult r =
        new NumericAuto(new NumericAuto.Options("median,raykar", 0.2, 0, 1e-3))
            .fit(d, FitContext.none());
    NumericSelection sel = r.selection().orElseThrow();
    assertEquals("median", sel.chosen());
    assertEquals(0, sel.heldOutAnswers());
    assertTrue(sel.candidates().isEmpty());
    assertTrue(sel.rule().startsWith("no answer could be held out"), sel.rule());
  }
}
