package org.crowd4j.acquisition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
  /** 40 tasks, 7 answers each, from annotators of accuracy 0.55-0.9 over 3 classes. */
  static SimulatedCrowd crowd() {
    int k = 3;
    int[] truth = new int[40];
    for (int i = 0; i < truth.length; i++) {
      truth[i] = i % k;
    }
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int w = 0; w < 12; w++) {
      b.add(Confusions.symmetric(k, 0.55 + 0.03 * w), "w" + w);
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
      Replay.Curve curve =
          Replay.run(d, gold(c), new MajorityVote(), new Replay.Options(p, Double.NaN, 1, 5, 1));
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
            c.data(),
            gold(c),
            new MajorityVote(),
            new Replay.Options(Policy.ROUND_ROBIN, Double.NaN, 1, 40, 2));
    assertEquals(40, curve.bought()[0]);
    assertEquals(80, curve.bought()[1]);
    assertEquals(120, curve.bought()[2]);
  }

  @Test
  void sameSeedSameCurveAndAFixedReplay() {
    SimulatedCrowd c = crowd();
    Replay.Options o = new Replay.Options(Policy.EXPECTED_GAIN, 0.95, 3, 10, 7);
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
    assertThrows(
        IllegalArgumentException.class, () -> new Replay.Options(Policy.UNCERTAINTY, 1.5, 1, 1, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Replay.Options(Policy.UNCERTAINTY, Double.NaN, 1, 0, 0));
  }
}
