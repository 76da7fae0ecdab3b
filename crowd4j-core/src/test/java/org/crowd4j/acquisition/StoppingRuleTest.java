package org.crowd4j.acquisition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;

/** {@link StoppingRule} on hand-checked cases. */
class StoppingRuleTest {
  /** (0.99, 0.01) at T = 2: √0.99 / (√0.99 + √0.01) = 0.994987 / 1.094987 = 0.908675. */
  @Test
  void temperingFlattensAPosterior() {
    double[] t = StoppingRule.temper(new double[] {0.99, 0.01}, 2);
    assertEquals(0.908675, t[0], 1e-6);
    assertEquals(1, t[0] + t[1], 1e-12);
    assertArrayEquals(
        new double[] {0.7, 0.3}, StoppingRule.temper(new double[] {0.7, 0.3}, 1), 1e-12);
    // a sure posterior stays sure
    assertArrayEquals(new double[] {1, 0}, StoppingRule.temper(new double[] {1, 0}, 4), 1e-12);
  }

  /**
   * Two held-out answers on tasks the fits were 0.9 sure of, from annotators right 0.8 of the time:
   * one agrees (likelihood 0.8 / 0.2 under the two truths), one does not (0.2 / 0.8). At T = 1 they
   * are predicted with 0.74 and 0.26 (log-likelihood −1.6482); at T = 2 the posterior is (0.75,
   * 0.25) and they get 0.65 and 0.35 (−1.4806): half the answers disagreeing is more than a
   * 0.9-sure consensus bears out, so T = 2. With three agreeing and one not (3/4 against the 0.74
   * predicted) T = 1 wins (−2.2504 against −2.3422).
   */
  @Test
  void theTemperatureFitsHowOftenHeldOutAnswersDisagree() {
    double[] q = {0.9, 0.1};
    double[] agree = {0.8, 0.2};
    double[] disagree = {0.2, 0.8};
    double[] grid = {1, 2};
    assertEquals(
        2.0,
        StoppingRule.bestTemperature(
            new double[][] {q, q}, new double[][] {agree, disagree}, grid));
    assertEquals(
        1.0,
        StoppingRule.bestTemperature(
            new double[][] {q, q, q, q}, new double[][] {agree, agree, agree, disagree}, grid));
    // only disagreement: the flattest posterior tried
    assertEquals(
        8.0,
        StoppingRule.bestTemperature(
            new double[][] {q}, new double[][] {disagree}, StoppingRule.TEMPERATURES));
  }

  /**
   * Soft majority vote, fixed rule 0.9 with 3 answers: 3 of 3 settles; 2 of 3 (0.667) does not; 2
   * of 2 is sure but has too few answers.
   */
  @Test
  void theFixedRuleSettlesSureTasksWithEnoughAnswers() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (String w : new String[] {"a", "b", "c"}) {
      b.add("sure", w, "x");
    }
    b.add("split", "a", "x");
    b.add("split", "b", "x");
    b.add("split", "c", "y");
    b.add("few", "a", "y");
    b.add("few", "b", "y");
    CrowdDataset data = b.build();
    MajorityVote mv = new MajorityVote(MajorityVote.Options.softDefaults());
    AggregationResult fit = mv.fit(data);
    StoppingRule.Decision d = StoppingRule.fixed(0.9, 3).decide(data, mv, fit);
    assertTrue(d.settled()[data.tasks().id("sure")]);
    assertFalse(d.settled()[data.tasks().id("split")]);
    assertFalse(d.settled()[data.tasks().id("few")]);
    assertEquals(1, d.numSettled());
    assertEquals(1.0, d.temperature());
    assertEquals(1.0, d.estimatedAccuracy(), 1e-12);
    // with a lower bar the split task settles too; the estimate is the mean top posterior
    StoppingRule.Decision low = StoppingRule.fixed(0.6, 3).decide(data, mv, fit);
    assertEquals(2, low.numSettled());
    assertEquals((1 + 2.0 / 3) / 2, low.estimatedAccuracy(), 1e-12);
  }

  /** Calibration only ever tempers (T ≥ 1), so it settles a subset of what the raw rule settles. */
  @Test
  void theCalibratedRuleSettlesNoMoreThanTheRawOne() {
    CrowdDataset data = ReplayTest.crowd().data();
    DawidSkene ds = new DawidSkene();
    AggregationResult fit = ds.fit(data);
    StoppingRule.Decision raw = StoppingRule.fixed(0.95, 3).decide(data, ds, fit);
    StoppingRule.Decision cal =
        StoppingRule.calibrated(0.95, 3).withModel(null).decide(data, ds, fit);
    assertTrue(cal.temperature() >= 1);
    for (int i = 0; i < data.numTasks(); i++) {
      assertTrue(!cal.settled()[i] || raw.settled()[i]);
    }
    StoppingRule.Decision again =
        StoppingRule.calibrated(0.95, 3).withModel(null).decide(data, ds, fit);
    assertEquals(cal.temperature(), again.temperature());
  }

  @Test
  void optionsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> StoppingRule.fixed(0, 3));
    assertThrows(IllegalArgumentException.class, () -> StoppingRule.fixed(0.9, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new StoppingRule(0.9, 3, 1, StoppingRule.TEMPERATURES, 0, null));
    assertThrows(
        IllegalArgumentException.class,
        () -> new StoppingRule(0.9, 3, 5, new double[] {0.5}, 0, null));
  }
}
