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

  /**
   * q = (0.8, 0.2), annotators right 0.7 of the time: one answer cannot overturn the consensus
   * (gain 0); two answers are right with 0.392 + 2·0.168 + 0.098 = 0.826 (gain 0.026, 0.013 per
   * answer); three with 0.2744 + 3·0.1176 + 3·0.0504 + 0.0686 = 0.847 (gain 0.047, 0.015667 per
   * answer), the best per answer within three.
   */
  @Test
  void lookingAheadSeesWhatSeveralAnswersCanDo() {
    double[] q = {0.8, 0.2};
    double[][] c = {{0.7, 0.3}, {0.3, 0.7}};
    assertEquals(0.0, AnswerGain.lookahead(q, c, 1), 1e-12);
    assertEquals(0.013, AnswerGain.lookahead(q, c, 2), 1e-12);
    assertEquals(0.047 / 3, AnswerGain.lookahead(q, c, 3), 1e-12);
    // the horizon 1 is the one-answer gain
    assertEquals(
        AnswerGain.gain(new double[] {0.6, 0.4}, C),
        AnswerGain.lookahead(new double[] {0.6, 0.4}, C, 1),
        1e-12);
    // three classes: the counts are enumerated with their multinomial weights
    double[] q3 = {0.5, 0.3, 0.2};
    double[][] c3 = {{0.8, 0.1, 0.1}, {0.1, 0.8, 0.1}, {0.1, 0.1, 0.8}};
    double[][] perfect = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    assertEquals(0.5, AnswerGain.lookahead(q3, perfect, 2), 1e-12);
    double after2 = 0;
    for (int l1 = 0; l1 < 3; l1++) {
      for (int l2 = 0; l2 < 3; l2++) {
        double best = 0;
        for (int z = 0; z < 3; z++) {
          best = Math.max(best, q3[z] * c3[z][l1] * c3[z][l2]);
        }
        after2 += best;
      }
    }
    double expected = Math.max(AnswerGain.gain(q3, c3), (after2 - 0.5) / 2);
    assertEquals(expected, AnswerGain.lookahead(q3, c3, 2), 1e-12);
  }

  /** An annotator's model is mixed with the crowd's as if the prior were more answers. */
  @Test
  void annotatorModelsShrinkTowardsTheCrowd() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int t = 0; t < 8; t++) {
      b.add("t" + t, "a", t % 2 == 0 ? "x" : "y");
      b.add("t" + t, "b", t % 2 == 0 ? "x" : "y");
      b.add("t" + t, "c", t < 4 ? "x" : "y");
    }
    CrowdDataset data = b.build();
    AggregationResult fit = new DawidSkene().fit(data);
    double[][] mean = AnswerGain.meanAnswerModel(fit, data);
    int c = data.workers().id("c");
    double[][] own = AnswerGain.annotatorModel(fit, 0, c, 8, 0, mean);
    double[][] half = AnswerGain.annotatorModel(fit, 0, c, 8, 8, mean);
    double[][] unseen = AnswerGain.annotatorModel(fit, 0, c, 0, 4, mean);
    for (int z = 0; z < 2; z++) {
      for (int l = 0; l < 2; l++) {
        assertEquals(fit.noise().probability(0, c, z, l), own[z][l], 1e-12);
        assertEquals((own[z][l] + mean[z][l]) / 2, half[z][l], 1e-12);
        assertEquals(mean[z][l], unseen[z][l], 1e-12);
      }
    }
  }
}
