package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/** Dawid–Skene under Dirichlet priors on the confusion rows (MAP). */
class DawidSkenePriorTest {
  /** One worker on three gold tasks: truth (a, a, b), answers (a, b, b). */
  private static CrowdDataset data() {
    return CrowdDataset.builder()
        .labels(List.of("a", "b"))
        .add("t1", "w", "a")
        .add("t2", "w", "b")
        .add("t3", "w", "b")
        .build();
  }

  private static ConfusionMatrices fit(double strength, DawidSkene.PriorShape shape) {
    CrowdDataset d = data();
    Gold gold = Gold.of(d, Map.of("t1", "a", "t2", "a", "t3", "b"));
    DawidSkene ds =
        new DawidSkene(DawidSkene.Options.defaults().withConfusionPrior(strength, shape));
    return (ConfusionMatrices) ds.fit(d, FitContext.withGold(gold)).workers();
  }

  @Test
  void uniformPriorAddsEqualPseudoCounts() {
    // row a: counts (1, 1) + (1, 1) → (1/2, 1/2); row b: (0, 1) + (1, 1) → (1/3, 2/3)
    ConfusionMatrices cm = fit(2, DawidSkene.PriorShape.UNIFORM);
    assertEquals(0.5, cm.get(0, 0, 0), 1e-9);
    assertEquals(1.0 / 3, cm.get(0, 1, 0), 1e-9);
    assertEquals(2.0 / 3, cm.get(0, 1, 1), 1e-9);
  }

  @Test
  void diagonalPriorLeansTowardsCorrectAnswers() {
    // strength 2: 1 on the diagonal + 0.5 on each cell → row a: (1 + 1.5, 1 + 0.5) / 4
    ConfusionMatrices cm = fit(2, DawidSkene.PriorShape.DIAGONAL);
    assertEquals(2.5 / 4, cm.get(0, 0, 0), 1e-9);
    assertEquals(0.5 / 3, cm.get(0, 1, 0), 1e-9);
  }

  @Test
  void pooledPriorFollowsTheCrowdsConfusion() {
    // one worker: her pooled confusion is her own, (1/2, 1/2) and (0, 1); strength 4
    // row a: (1, 1) + (2, 2) → 1/2; row b: (0, 1) + (0, 4) → (0, 1) up to the floor
    ConfusionMatrices cm = fit(4, DawidSkene.PriorShape.POOLED);
    assertEquals(0.5, cm.get(0, 0, 0), 1e-9);
    assertEquals(1.0, cm.get(0, 1, 1), 1e-9);
  }

  @Test
  void theLogPosteriorNeverFalls() {
    CrowdDataset d = AutoTest.classConfusingCrowd().data();
    for (DawidSkene.PriorShape shape : DawidSkene.PriorShape.values()) {
      AggregationResult r =
          new DawidSkene(
                  new DawidSkene.Options(200, 0, 1e-10, DawidSkene.Stopping.LIKELIHOOD, 3, shape))
              .fit(d);
      double[] o = r.diagnostics().objective();
      assertEquals("log-posterior per answer", r.diagnostics().objectiveName());
      for (int i = 1; i < o.length; i++) {
        assertTrue(
            o[i] >= o[i - 1] - 1e-12, shape + " iteration " + i + ": " + o[i - 1] + " → " + o[i]);
      }
    }
  }

  /**
   * The objective is the log-posterior of the parameters each E-step used (their likelihood and
   * their prior); pairing one step's likelihood with the next step's prior made it fall by 1e-6 on
   * snow-rte with 4 and 8 pseudo-counts, and those fits stopped unconverged.
   */
  @Test
  void strongPooledPriorsConvergeOnARealCrowd() throws Exception {
    CrowdDataset d =
        org.crowd4j.io.CrowdReader.readAnswers(
            org.crowd4j.testing.SharedData.dataset("snow-rte").resolve("answers.csv"));
    for (double strength : new double[] {4, 8}) {
      AggregationResult r = new DawidSkeneMap().withStrength(strength).fit(d);
      double[] o = r.diagnostics().objective();
      for (int i = 1; i < o.length; i++) {
        assertTrue(o[i] >= o[i - 1] - 1e-12, strength + ": " + o[i - 1] + " → " + o[i]);
      }
      assertTrue(r.diagnostics().converged(), strength + ": " + r.diagnostics().stopReason());
    }
  }

  @Test
  void noPriorIsPlainDawidSkene() {
    CrowdDataset d = AutoTest.oneCoinCrowd().data();
    assertEquals(
        java.util.Arrays.toString(new DawidSkene().fit(d).posteriors()),
        java.util.Arrays.toString(
            new DawidSkene(
                    DawidSkene.Options.defaults()
                        .withConfusionPrior(0, DawidSkene.PriorShape.POOLED))
                .fit(d)
                .posteriors()));
    assertThrows(
        IllegalArgumentException.class,
        () -> DawidSkene.Options.defaults().withConfusionPrior(-1, DawidSkene.PriorShape.UNIFORM));
  }
}
