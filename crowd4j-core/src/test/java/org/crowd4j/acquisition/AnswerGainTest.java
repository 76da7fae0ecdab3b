package org.crowd4j.acquisition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;

/** {@link AnswerGain} on hand-checked cases. */
class AnswerGainTest {
  private static final double[][] C = {{0.8, 0.2}, {0.3, 0.7}};

  /**
   * q = (0.6, 0.4): answer 0 arrives with weight max(0.6·0.8, 0.4·0.3) = 0.48 on the right label,
   * answer 1 with max(0.6·0.2, 0.4·0.7) = 0.28, so the consensus is right with 0.76 after against
   * 0.6 now: a gain of 0.16.
   */
  @Test
  void oneAnswerOnAnOpenTask() {
    assertEquals(0.16, AnswerGain.gain(new double[] {0.6, 0.4}, C), 1e-12);
  }

  /** No answer can overturn a sure consensus, and an uninformative annotator never helps. */
  @Test
  void settledTasksAndSpammersGainNothing() {
    assertEquals(0.0, AnswerGain.gain(new double[] {0.99, 0.01}, C), 1e-12);
    double[][] coin = {{0.5, 0.5}, {0.5, 0.5}};
    assertEquals(0.0, AnswerGain.gain(new double[] {0.6, 0.4}, coin), 1e-12);
    double[][] perfect = {{1, 0}, {0, 1}};
    assertEquals(0.5, AnswerGain.gain(new double[] {0.5, 0.5}, perfect), 1e-12);
  }

  /** The crowd's mean answer model is a row-stochastic average; a tie gains most. */
  @Test
  void gainsOfAFit() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int t = 0; t < 6; t++) {
      b.add("t" + t, "a", "x");
      b.add("t" + t, "b", t < 3 ? "x" : "y");
      b.add("t" + t, "c", t < 5 ? "x" : "y");
    }
    b.add("tie", "a", "x");
    b.add("tie", "b", "y");
    CrowdDataset data = b.build();
    AggregationResult fit = new DawidSkene().fit(data);
    double[][] c = AnswerGain.meanAnswerModel(fit, data);
    for (double[] row : c) {
      assertEquals(1.0, row[0] + row[1], 1e-12);
    }
    double[] gains = AnswerGain.gains(fit, data);
    int tie = data.tasks().id("tie");
    for (int i = 0; i < gains.length; i++) {
      assertTrue(gains[i] >= 0);
      assertTrue(gains[tie] >= gains[i], "the tied task gains most");
    }
  }
}
