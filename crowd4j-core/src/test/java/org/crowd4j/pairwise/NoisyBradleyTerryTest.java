package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NoisyBradleyTerryTest {
  private static PairwiseSimulator.Simulated crowd(int comparisons, long seed) {
    return PairwiseSimulator.simulate(
        new PairwiseSimulator.Spec(50, comparisons, 20, 0.2, 0.3, 1.5, PairwiseSimulator.Model.BT),
        seed);
  }

  /** The analytic gradient agrees with central differences of the objective. */
  @Test
  void gradientMatchesFiniteDifferences() {
    Comparisons data = crowd(300, 5).data();
    NoisyBtObjective f = new NoisyBtObjective(data, 0.3);
    SplittableRandom rng = new SplittableRandom(1);
    double[] x = new double[f.dimension()];
    for (int j = 0; j < x.length; j++) {
      x[j] = rng.nextDouble(-2, 2);
    }
    double[] g = new double[x.length];
    f.evaluate(x, g);
    double[] scratch = new double[x.length];
    double h = 1e-6;
    for (int j = 0; j < x.length; j++) {
      double keep = x[j];
      x[j] = keep + h;
      double up = f.evaluate(x, scratch);
      x[j] = keep - h;
      double down = f.evaluate(x, scratch);
      x[j] = keep;
      assertEquals((up - down) / (2 * h), g[j], 1e-5 * Math.max(1, Math.abs(g[j])), "x" + j);
    }
  }

  /** Far out, where both branches of P underflow, the objective and gradient stay finite. */
  @Test
  void extremeParametersStayFinite() {
    Comparisons data = Comparisons.builder().add("w", "a", "b", "b").build();
    NoisyBtObjective f = new NoisyBtObjective(data, 0);
    // θ_a − θ_b = 900 against the judgement, a fully skilled worker (γ = 800): log P ≈ −900
    double[] g = new double[4];
    double v = f.evaluate(new double[] {450, -450, 900, 800}, g);
    assertEquals(900, v, 1e-6);
    for (double x : g) {
      assertTrue(Double.isFinite(x));
    }
    assertEquals(1, g[0], 1e-9);
    assertEquals(-1, g[1], 1e-9);
  }

  /** One comparison a ≻ b by one worker: the objective equals its value computed by hand. */
  @Test
  void objectiveHandChecked() {
    Comparisons data = Comparisons.builder().add("w", "a", "b", "a").build();
    NoisyBtObjective f = new NoisyBtObjective(data, 0.5);
    double[] x = {0.4, -0.2, 0.3, 1.0};
    double skill = 1 / (1 + Math.exp(-1.0));
    double p = skill / (1 + Math.exp(-0.6)) + (1 - skill) / (1 + Math.exp(-0.3));
    double prior = 0;
    for (double t : new double[] {0.4, -0.2}) {
      prior += 0.5 * (Math.log(1 / (1 + Math.exp(-t))) + Math.log(1 / (1 + Math.exp(t))));
    }
    assertEquals(-(Math.log(p) + prior), f.evaluate(x, new double[4]), 1e-14);
  }

  @Test
  void objectiveNeverDecreasesAndIsDeterministic() {
    Comparisons data = crowd(2000, 2).data();
    NoisyBradleyTerry m = new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults());
    Ranking a = m.fit(data);
    double[] h = a.diagnostics().objective();
    assertTrue(h.length > 1);
    for (int t = 1; t < h.length; t++) {
      assertTrue(h[t] > h[t - 1], "step " + t);
    }
    Ranking b = m.fit(data);
    assertArrayEquals(a.scores(), b.scores(), 0.0);
    assertArrayEquals(a.annotators().skills(), b.annotators().skills(), 0.0);
  }

  /** An item never compared has no score without a prior and the reference's with one. */
  @Test
  void uncomparedItem() {
    Comparisons data =
        Comparisons.of(
            org.crowd4j.data.Vocabulary.of("a", "b", "c"),
            org.crowd4j.data.Vocabulary.of("w"),
            new int[] {0, 1},
            new int[] {1, 0},
            new int[] {0, 0},
            new boolean[] {true, true});
    Ranking none =
        new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(0)).fit(data);
    assertTrue(Double.isNaN(none.score(2)));
    assertEquals(3, none.rank(2));
    Ranking prior =
        new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(1)).fit(data);
    assertEquals(0.5, prior.score(2), 1e-9);
  }

  /** A cycle a ≻ b ≻ c ≻ a is symmetric: equal scores, at the prior's centre σ(0) = ½. */
  @Test
  void cycleGivesEqualScores() {
    Comparisons.Builder b = Comparisons.builder();
    b.add("w1", "a", "b", "a").add("w1", "b", "c", "b").add("w1", "c", "a", "c");
    Ranking r =
        new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(1)).fit(b.build());
    for (int i = 0; i < 3; i++) {
      assertEquals(0.5, r.score(i), 1e-6);
    }
  }

  /**
   * With 30 % adversarial and 20 % random workers, NoisyBT ranks closer to the truth than BT on
   * every seed, and gives adversarial workers lower skill than good ones.
   */
  @Test
  void beatsBradleyTerryWithBadWorkers() {
    for (long seed = 1; seed <= 3; seed++) {
      PairwiseSimulator.Simulated s = crowd(4000, seed);
      Ranking bt = new BradleyTerry(BradleyTerry.Options.defaults()).fit(s.data());
      Ranking noisy = new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults()).fit(s.data());
      double tauBt = KendallTau.of(bt.logScores(), s.trueLogScores());
      double tauNoisy = KendallTau.of(noisy.logScores(), s.trueLogScores());
      assertTrue(tauNoisy > tauBt + 0.02, "seed " + seed + ": " + tauNoisy + " vs " + tauBt);
      double good = 0;
      double bad = 0;
      int goods = 0;
      int bads = 0;
      for (int w = 0; w < s.kinds().length; w++) {
        double skill = noisy.annotators().skill(w);
        if (s.kinds()[w] == PairwiseSimulator.Kind.GOOD) {
          good += skill;
          goods++;
        } else if (s.kinds()[w] == PairwiseSimulator.Kind.ADVERSARIAL) {
          bad += skill;
          bads++;
        }
      }
      assertTrue(good / goods > 0.7 && bad / bads < 0.3, good / goods + " vs " + bad / bads);
    }
  }
}
