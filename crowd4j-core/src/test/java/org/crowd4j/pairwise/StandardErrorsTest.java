package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.crowd4j.method.OptionsBinder;
import org.junit.jupiter.api.Test;

/**
 * The three kinds of standard errors: the diagonal bound by hand on a path a – b – c, exact errors
 * as they were before the choice existed (values recorded from that computation), the bound below
 * the exact errors and close to them on a dense design, and no errors at all.
 */
class StandardErrorsTest {
  private static Ranking bt(Comparisons data, double prior, StandardErrors errors) {
    return new BradleyTerry(
            BradleyTerry.Options.defaults()
                .withPrior(prior)
                .withIterations(10_000, 1e-14)
                .withStandardErrors(errors))
        .fit(data);
  }

  /**
   * a – b and b – c, each won once by either side: equal scores, pair weights 2 · ½ · ½ = ½, so
   * I_aa = I_cc = ½ and I_bb = 1 on the diagonal. Diagonal errors (1 − 1/3)/√I_ii: (2/3)√2 for a
   * and c, 2/3 for b; the exact ones, from the path's pseudo-inverse 2 · (1/9)[[5, −1, −4], [−1, 2,
   * −1], [−4, −1, 5]]: √(10/9) and 2/3.
   */
  @Test
  void pathByHand() {
    Comparisons data = path();
    Ranking diagonal = bt(data, 0, StandardErrors.DIAGONAL);
    Ranking exact = bt(data, 0, StandardErrors.EXACT);
    int a = data.items().id("a");
    int b = data.items().id("b");
    int c = data.items().id("c");
    assertEquals(2.0 / 3 * Math.sqrt(2), diagonal.stderr(a), 1e-9);
    assertEquals(2.0 / 3, diagonal.stderr(b), 1e-9);
    assertEquals(2.0 / 3 * Math.sqrt(2), diagonal.stderr(c), 1e-9);
    assertEquals(Math.sqrt(10.0 / 9), exact.stderr(a), 1e-9);
    assertEquals(2.0 / 3, exact.stderr(b), 1e-9);
    assertEquals(Math.sqrt(10.0 / 9), exact.stderr(c), 1e-9);
    assertArrayEquals(exact.scores(), diagonal.scores());
  }

  /**
   * The same path with prior 1: every strength is 1 (the reference), each item gains 2 · 1 · ¼ = ½
   * of information (D = 3/2 in all), so v'Iv = I_ii − 2 · ½/3 + (3/2)/9: 5/6 for a and c, 4/3 for
   * b.
   */
  @Test
  void pathWithAPriorByHand() {
    Comparisons data = path();
    Ranking r = bt(data, 1, StandardErrors.DIAGONAL);
    int a = data.items().id("a");
    int b = data.items().id("b");
    assertEquals(1.0 / 3, r.score(a), 1e-9);
    assertEquals(0, r.logScore(a), 1e-9);
    assertEquals(2.0 / 3 / Math.sqrt(5.0 / 6), r.stderr(a), 1e-9);
    assertEquals(2.0 / 3 / Math.sqrt(4.0 / 3), r.stderr(b), 1e-9);
  }

  private static Comparisons path() {
    Comparisons.Builder b = Comparisons.builder();
    b.add("w", "a", "b", "a").add("w", "a", "b", "b");
    b.add("w", "b", "c", "b").add("w", "b", "c", "c");
    return b.build();
  }

  private static PairwiseSimulator.Simulated simulated() {
    return PairwiseSimulator.simulate(
        new PairwiseSimulator.Spec(40, 3000, 12, 0.2, 0.1, 1.0, PairwiseSimulator.Model.BT), 7);
  }

  /** Exact errors of items 0–5 as computed before the diagonal ones became the default. */
  @Test
  void exactErrorsAreThePreviousOnes() {
    Comparisons data = simulated().data();
    double[][] previous = {
      {
        0.1662818865044095,
        0.17744916605545985,
        0.17013953760352657,
        0.1735223634538664,
        0.17529057406640178,
        0.1722104289505482
      },
      {
        0.1648992311345348,
        0.17582443815843485,
        0.16863902091757974,
        0.17197881572730803,
        0.17369868019302087,
        0.17058994188251364
      },
      {
        0.276099484910835,
        0.2991635712427332,
        0.2972259243283895,
        0.31161423732855215,
        0.2927486739344572,
        0.3649280872457723
      }
    };
    Ranking[] fits = {
      new BradleyTerry(BradleyTerry.Options.defaults().withStandardErrors(StandardErrors.EXACT))
          .fit(data),
      new BradleyTerry(
              BradleyTerry.Options.defaults().withPrior(1).withStandardErrors(StandardErrors.EXACT))
          .fit(data),
      new NoisyBradleyTerry(
              NoisyBradleyTerry.Options.defaults().withStandardErrors(StandardErrors.EXACT))
          .fit(data)
    };
    for (int f = 0; f < fits.length; f++) {
      for (int i = 0; i < previous[f].length; i++) {
        assertEquals(previous[f][i], fits[f].stderr(i), 1e-9, "fit " + f + " item " + i);
      }
    }
  }

  /**
   * On 40 items compared 3,000 times the bound stays below the exact errors: within 1 % for
   * Bradley–Terry, within 15 % for NoisyBT, whose pair weights vary with the workers' skills.
   */
  @Test
  void diagonalIsACloseLowerBound() {
    Comparisons data = simulated().data();
    for (double prior : new double[] {0, 1}) {
      Ranking exact = bt(data, prior, StandardErrors.EXACT);
      Ranking diagonal = bt(data, prior, StandardErrors.DIAGONAL);
      Ranking noisyExact =
          new NoisyBradleyTerry(
                  NoisyBradleyTerry.Options.defaults()
                      .withPrior(prior)
                      .withStandardErrors(StandardErrors.EXACT))
              .fit(data);
      Ranking noisyDiagonal =
          new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(prior)).fit(data);
      for (int i = 0; i < data.numItems(); i++) {
        for (Ranking[] r : new Ranking[][] {{exact, diagonal}, {noisyExact, noisyDiagonal}}) {
          assertEquals(r[0].score(i), r[1].score(i));
          String what =
              "prior " + prior + " item " + i + ": " + r[1].stderr(i) + " vs " + r[0].stderr(i);
          assertTrue(r[1].stderr(i) <= r[0].stderr(i) * (1 + 1e-12), what);
          double within = r[0] == exact ? 0.99 : 0.85;
          assertTrue(r[1].stderr(i) >= within * r[0].stderr(i), what);
        }
      }
      assertNotEquals(exact.stderrMethod(), diagonal.stderrMethod());
    }
  }

  @Test
  void noneLeavesEveryErrorUndefined() {
    Comparisons data = simulated().data();
    Ranking none = bt(data, 0, StandardErrors.NONE);
    Ranking diagonal = bt(data, 0, StandardErrors.DIAGONAL);
    for (int i = 0; i < data.numItems(); i++) {
      assertTrue(Double.isNaN(none.stderr(i)));
    }
    assertArrayEquals(diagonal.scores(), none.scores());
    Ranking noisy =
        new NoisyBradleyTerry(
                NoisyBradleyTerry.Options.defaults().withStandardErrors(StandardErrors.NONE))
            .fit(data);
    assertTrue(Double.isNaN(noisy.stderr(0)));
    assertTrue(none.stderrMethod().startsWith("none"));
  }

  @Test
  void theOptionBindsByName() {
    BradleyTerry.Options o =
        OptionsBinder.bind(BradleyTerry.Options.defaults(), Map.of("standardErrors", "exact"));
    assertEquals(StandardErrors.EXACT, o.standardErrors());
    assertEquals(StandardErrors.DIAGONAL, BradleyTerry.Options.defaults().standardErrors());
    assertEquals(
        StandardErrors.DIAGONAL,
        new NoisyBradleyTerry.Options(100, 1e-5, 0, 2000).standardErrors());
  }
}
