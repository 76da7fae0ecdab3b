package org.crowd4j.acquisition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.Test;

/** {@link Replay}: seeded, buys every answer once, and the policies' bookkeeping. */
class ReplayTest {
  /** 40 tasks, 7 answers each, from annotators of accuracy 0.55-0.88 over 3 classes. */
  static SimulatedCrowd crowd() {
    int k = 3;
    int[] truth = new int[40];
    for (int i = 0; i < truth.length; i++) {
      truth[i] = i % k;
    }
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int w = 0; w < 12; w++) {
      b.add(Confusions.symmetric(k, 0.45 - 0.03 * w), "w" + w);
    }
    return CrowdSimulator.simulate(truth, b.build(), Assignment.perItem(7), 3);
  }

  static Gold gold(SimulatedCrowd c) {
    return c.gold();
  }

  @Test
  void withoutAStopEveryAnswerIsBoughtOnce() {
    SimulatedCrowd c = crowd();
    CrowdDataset d = c.data();
    for (Policy p : Policy.values()) {
      Replay.Curve curve = Replay.run(d, gold(c), new MajorityVote(), Replay.Options.of(p, 5, 1));
      assertEquals(d.numTasks(), curve.bought()[0], p.name());
      assertEquals(d.numAnswers(), curve.spent(), p.name());
      for (int r = 1; r < curve.bought().length; r++) {
        assertTrue(curve.bought()[r] > curve.bought()[r - 1]);
      }
      // with every answer the consensus is the full majority vote
      double full = gold(c).accuracy(new MajorityVote().fit(d).labels());
      assertEquals(full, curve.accuracy()[curve.accuracy().length - 1], 1e-12, p.name());
    }
  }

  @Test
  void roundRobinGivesEveryTaskItsSecondAnswerFirst() {
    SimulatedCrowd c = crowd();
    Replay.Curve curve =
        Replay.run(
            c.data(), gold(c), new MajorityVote(), Replay.Options.of(Policy.ROUND_ROBIN, 40, 2));
    assertEquals(40, curve.bought()[0]);
    assertEquals(80, curve.bought()[1]);
    assertEquals(120, curve.bought()[2]);
  }

  @Test
  void sameSeedSameCurveAndAFixedReplay() {
    SimulatedCrowd c = crowd();
    Replay.Options o =
        Replay.Options.of(Policy.EXPECTED_GAIN, 10, 7).withStop(StoppingRule.fixed(0.95, 3));
    Replay.Curve a = Replay.run(c.data(), gold(c), new MajorityVote(), o);
    Replay.Curve b = Replay.run(c.data(), gold(c), new MajorityVote(), o);
    assertArrayEquals(a.bought(), b.bought());
    assertArrayEquals(a.accuracy(), b.accuracy());
    assertArrayEquals(a.settled(), b.settled());
    assertTrue(a.spent() <= c.data().numAnswers());
    assertEquals(a.accuracy()[a.accuracy().length - 1], a.accuracyAt(a.spent()), 0);
    assertTrue(Double.isNaN(a.accuracyAt(a.bought()[0] - 1)));
  }

  @Test
  void optionsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> StoppingRule.fixed(1.5, 1));
    assertThrows(IllegalArgumentException.class, () -> Replay.Options.of(Policy.UNCERTAINTY, 0, 0));
  }

  /**
   * Below the floor the policy is round robin: the same draws, the same curve up to 3 answers a
   * task, with or without a stop.
   */
  @Test
  void underTheFloorThePolicyIsRoundRobin() {
    SimulatedCrowd c = crowd();
    Replay.Curve rr =
        Replay.run(
            c.data(), gold(c), new DawidSkene(), Replay.Options.of(Policy.ROUND_ROBIN, 8, 4));
    Replay.Curve gain =
        Replay.run(
            c.data(),
            gold(c),
            new DawidSkene(),
            Replay.Options.of(Policy.EXPECTED_GAIN, 8, 4).withFloor(3).withHorizon(3));
    Replay.Curve stopped =
        Replay.run(
            c.data(),
            gold(c),
            new DawidSkene(),
            Replay.Options.of(Policy.EXPECTED_GAIN, 8, 4)
                .withFloor(3)
                .withHorizon(3)
                .withStop(StoppingRule.fixed(0.9, 3)));
    for (int r = 0; rr.bought()[r] <= 120; r++) {
      assertEquals(rr.bought()[r], gain.bought()[r]);
      assertEquals(rr.accuracy()[r], gain.accuracy()[r], 0, "round " + r);
    }
    // with a stop, tasks at 3 answers may settle while others are still under the floor: the
    // same tasks are served as long as the tasks under the floor fill the round (up to 3·40 − 8)
    for (int r = 0; rr.bought()[r] <= 112; r++) {
      assertEquals(rr.accuracy()[r], stopped.accuracy()[r], 0, "round " + r);
    }
  }

  /**
   * A seeded replay whose result is fixed: crowd4j's policy (floor 2, three answers ahead), the
   * annotator chosen, the calibrated stopping rule (target 0.95, at least 3 answers), Dawid–Skene,
   * 8 answers a round, seed 11, on the 40-task crowd above.
   */
  @Test
  void aSeededReplayIsFixed() {
    SimulatedCrowd c = crowd();
    Replay.Options o =
        Replay.Options.of(Policy.EXPECTED_GAIN, 8, 11)
            .withFloor(2)
            .withHorizon(3)
            .choosingAnnotator(4)
            .withStop(StoppingRule.calibrated(0.95, 3));
    Replay.Curve curve = Replay.run(c.data(), gold(c), new DawidSkene(), o);
    assertArrayEquals(
        new int[] {40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 138, 140},
        curve.bought());
    assertArrayEquals(
        new double[] {
          0.575, 0.7, 0.575, 0.55, 0.7, 0.75, 0.825, 0.825, 0.85, 0.9, 0.825, 0.9, 0.9, 0.9, 0.9
        },
        curve.accuracy(),
        1e-12);
    assertArrayEquals(
        new int[] {0, 0, 0, 0, 0, 0, 1, 8, 21, 25, 30, 24, 38, 38, 40}, curve.settled());
    // every task settled with 140 of the 280 answers bought
    assertEquals(140, curve.spent());
    assertEquals(0.9, curve.accuracyAt(115), 1e-12);
    assertEquals(0.825, curve.accuracyAt(120), 1e-12);
    assertEquals(0.9, curve.accuracyAt(200), 1e-12);
    assertArrayEquals(
        new double[] {1, 8, 8, 4, 3, 2, 2, 1.5, 1, 1, 1, 1.5, 1, 1, 1}, curve.temperature(), 0);
  }

  /**
   * Who answers: on a task with one answer bought, the unbought answers are from an annotator who
   * agreed with the consensus on all 8 other tasks and from one who agreed on half; the first is
   * chosen, whatever the random order.
   */
  @Test
  void theAnnotatorWhoGainsMostAnswers() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int t = 0; t < 8; t++) {
      String truth = t % 2 == 0 ? "x" : "y";
      String other = t % 2 == 0 ? "y" : "x";
      b.add("t" + t, "a", truth);
      b.add("t" + t, "b", truth);
      b.add("t" + t, "good", truth);
      b.add("t" + t, "coin", t % 4 < 2 ? truth : other);
    }
    b.add("open", "a", "x");
    b.add("open", "coin", "y");
    b.add("open", "good", "x");
    CrowdDataset data = b.build();
    int open = data.tasks().id("open");
    int from = data.taskStart(open);
    int[] order = new int[data.numAnswers()];
    for (int a = 0; a < order.length; a++) {
      order[a] = a;
    }
    // put a's answer first (bought), the other two after it in both orders
    int byA = -1;
    int byCoin = -1;
    int byGood = -1;
    for (int a = from; a < data.taskEnd(open); a++) {
      String w = data.workers().name(data.worker(a));
      if (w.equals("a")) {
        byA = a;
      } else if (w.equals("coin")) {
        byCoin = a;
      } else {
        byGood = a;
      }
    }
    boolean[] keep = new boolean[data.numAnswers()];
    java.util.Arrays.fill(keep, true);
    keep[byCoin] = false;
    keep[byGood] = false;
    CrowdDataset now = data.restrictedTo(keep);
    AggregationResult fit = new DawidSkene().fit(now);
    double[][] mean = AnswerGain.meanAnswerModel(fit, now);
    int[] byWorker = new int[data.numWorkers()];
    for (int a = 0; a < now.numAnswers(); a++) {
      byWorker[now.worker(a)]++;
    }
    Replay.Options o = Replay.Options.of(Policy.EXPECTED_GAIN, 1, 0).choosingAnnotator(4);
    for (int[] rest : new int[][] {{byCoin, byGood}, {byGood, byCoin}}) {
      order[from] = byA;
      order[from + 1] = rest[0];
      order[from + 2] = rest[1];
      int pick = Replay.bestAnnotator(data, fit, mean, byWorker, order, open, 1, o);
      assertEquals(byGood, order[pick]);
    }
  }
}
