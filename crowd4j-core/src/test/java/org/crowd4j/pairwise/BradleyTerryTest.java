package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

class BradleyTerryTest {
  private static Map<String, Double> observed(String name) throws IOException {
    Map<String, Double> out = new HashMap<>();
    List<String> lines = Files.readAllLines(SharedData.suite("observed").resolve(name));
    assertEquals("label,agg_score", lines.get(0));
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",");
      out.put(f[0], Double.parseDouble(f[1]));
    }
    return out;
  }

  private static Comparisons fixture(String name) throws CrowdFormatException {
    return PairwiseReader.read(SharedData.suite("data").resolve(name));
  }

  private static Ranking fit(Comparisons data, int iterations, double tol) {
    return new BradleyTerry(BradleyTerry.Options.defaults().withIterations(iterations, tol))
        .fit(data);
  }

  private static void assertScores(Map<String, Double> expected, Ranking r, double atol) {
    assertEquals(expected.size(), r.size());
    for (int i = 0; i < r.size(); i++) {
      String item = r.items().name(i);
      assertEquals(expected.get(item), r.score(i), atol, item);
    }
  }

  /** crowd-kit's n_iter variants with tol = 0 run exactly n_iter MM updates: equal to 1e-9. */
  @Test
  void matchesCrowdKitWithoutTolerance() throws Exception {
    for (String data : List.of("bt_abc", "bt_equal")) {
      for (int n : new int[] {10, 1000}) {
        Map<String, Double> expected =
            observed("BradleyTerry__" + data + "__n_iter" + n + "_tol0.0__scores.csv");
        assertScores(expected, fit(fixture(data + ".csv"), n, 0.0), 1e-9);
      }
    }
  }

  /**
   * crowd-kit 1.4.1 with tol &gt; 0 stops after two MM updates whatever the data: it keeps {@code
   * p_old = p_new}, the same array it then overwrites, so the change it measures at the second
   * update is 0. Evidence: its n_iter=100, tol=1e-5 output on bt_abc equals two updates to 1e-9
   * (0.7619… = 16/21), while the scores are still moving by far more than 1e-5 (ten updates give
   * 0.9349). This implementation measures the change properly and goes on.
   */
  @Test
  void crowdKitToleranceStopsAfterTwoUpdates() throws Exception {
    for (String data : List.of("bt_abc", "bt_equal")) {
      Map<String, Double> expected =
          observed("BradleyTerry__" + data + "__n_iter100_tol1e-05__scores.csv");
      assertScores(expected, fit(fixture(data + ".csv"), 2, 0.0), 1e-9);
    }
    assertEquals(
        16.0 / 21,
        observed("BradleyTerry__bt_abc__n_iter100_tol1e-05__scores.csv").get("a"),
        1e-15);
    Ranking proper = fit(fixture("bt_abc.csv"), 100, 1e-5);
    Ranking two = fit(fixture("bt_abc.csv"), 2, 0.0);
    assertTrue(proper.diagnostics().iterations() > 2);
    double[] ll = proper.diagnostics().objective();
    assertTrue(ll[ll.length - 1] > two.diagnostics().objective()[1]);
    assertTrue(proper.score(proper.items().id("a")) > 0.99);
  }

  /** crowd-kit's suite: n_iter = 0 gives uniform scores; an item that never won scores 0. */
  @Test
  void suiteExpectations() throws Exception {
    Ranking zero = fit(fixture("bt_abc.csv"), 0, 0.0);
    for (int i = 0; i < 3; i++) {
      assertEquals(1.0 / 3, zero.score(i), 1e-12);
    }
    Ranking ten = fit(fixture("bt_abc.csv"), 10, 0.0);
    assertEquals(0.934, ten.score(ten.items().id("a")), 0.005);
    assertEquals(0.065, ten.score(ten.items().id("b")), 0.005);
    assertEquals(0.0, ten.score(ten.items().id("c")), 0.0);
    assertEquals(Double.NEGATIVE_INFINITY, ten.logScore(ten.items().id("c")));
    assertTrue(Double.isNaN(ten.stderr(ten.items().id("c"))));
    assertEquals(3, ten.rank(ten.items().id("c")));
    assertTrue(ten.notes().stream().anyMatch(s -> s.contains("never won")));
  }

  /**
   * Two items, a beats b three times in four: the MLE is p_a/p_b = 3 (scores 3/4, 1/4); the
   * information of θ_a − θ_b is 4·¾·¼ = ¾, so each centred log-score has variance 1/(4·¾) = 1/3.
   */
  @Test
  void handCheckedTwoItems() {
    Comparisons.Builder b = Comparisons.builder();
    b.add("w1", "a", "b", "a").add("w2", "b", "a", "a").add("w3", "a", "b", "a");
    b.add("w1", "a", "b", "b");
    Ranking r = fit(b.build(), 1000, 1e-14);
    assertTrue(r.diagnostics().converged());
    assertEquals(0.75, r.score(0), 1e-12);
    assertEquals(0.25, r.score(1), 1e-12);
    assertEquals(Math.sqrt(1.0 / 3), r.stderr(0), 1e-9);
    assertEquals(Math.sqrt(1.0 / 3), r.stderr(1), 1e-9);
    assertEquals(1, r.rank(0));
    assertEquals(
        4 * (0.75 * Math.log(0.75) + 0.25 * Math.log(0.25)),
        r.diagnostics().objective()[r.diagnostics().iterations() - 1],
        1e-12);
  }

  /** A cycle a ≻ b ≻ c ≻ a: equal scores; K3 with weights ¼ gives variance 2/(9·¼) = 8/9. */
  @Test
  void cycleHasEqualScoresAndKnownErrors() throws Exception {
    Comparisons.Builder b = Comparisons.builder();
    b.add("w", "a", "b", "a").add("w", "b", "c", "b").add("w", "c", "a", "c");
    Ranking r = fit(b.build(), 100, 1e-5);
    assertTrue(r.diagnostics().converged());
    for (int i = 0; i < 3; i++) {
      assertEquals(1.0 / 3, r.score(i), 1e-15);
      assertEquals(Math.sqrt(8.0 / 9), r.stderr(i), 1e-9);
    }
    // equal scores rank by item name
    assertEquals("a", r.items().name(r.itemAtRank(1)));
    assertEquals("c", r.items().name(r.itemAtRank(3)));
  }

  @Test
  void logLikelihoodNeverDecreases() {
    for (double prior : new double[] {0, 1}) {
      PairwiseSimulator.Simulated s =
          PairwiseSimulator.simulate(
              new PairwiseSimulator.Spec(40, 400, 10, 0.2, 0.1, 1.0, PairwiseSimulator.Model.BT),
              7);
      Ranking r = new BradleyTerry(new BradleyTerry.Options(200, 0, prior, 2000)).fit(s.data());
      double[] ll = r.diagnostics().objective();
      assertEquals(200, ll.length);
      for (int t = 1; t < ll.length; t++) {
        assertTrue(ll[t] >= ll[t - 1] - 1e-9 * Math.abs(ll[t]), "iteration " + t);
      }
    }
  }

  /** The prior keeps every score finite and the order of the data. */
  @Test
  void priorKeepsScoresFinite() throws Exception {
    Ranking r =
        new BradleyTerry(BradleyTerry.Options.defaults().withPrior(1).withIterations(1000, 1e-12))
            .fit(fixture("bt_abc.csv"));
    assertTrue(r.diagnostics().converged());
    Vocabulary v = r.items();
    assertTrue(r.score(v.id("a")) > r.score(v.id("b")));
    assertTrue(r.score(v.id("b")) > r.score(v.id("c")));
    assertTrue(r.score(v.id("c")) > 0);
    for (int i = 0; i < 3; i++) {
      assertTrue(Double.isFinite(r.stderr(i)) && r.stderr(i) > 0);
    }
    assertTrue(r.notes().stream().noneMatch(s -> s.contains("does not exist")));
    // the prior's fixed point: with the reference at 1, b (one win, one loss) ties with it
    assertEquals(0.0, r.logScore(v.id("b")), 1e-9);
  }

  @Test
  void disconnectedAndUncomparedItems() {
    Vocabulary items = Vocabulary.of("a", "b", "c", "d", "e");
    Comparisons data =
        Comparisons.of(
            items,
            Vocabulary.of("w"),
            new int[] {0, 0, 2, 3},
            new int[] {1, 1, 3, 2},
            new int[] {0, 0, 0, 0},
            new boolean[] {true, false, true, false});
    Ranking r = fit(data, 100, 1e-9);
    assertEquals(3, r.components());
    assertEquals(r.component(0), r.component(1));
    assertFalse(r.component(0) == r.component(2));
    assertTrue(Double.isNaN(r.score(4)));
    assertEquals(5, r.rank(4));
    assertTrue(r.notes().stream().anyMatch(s -> s.contains("3 connected components")));
    assertTrue(r.notes().stream().anyMatch(s -> s.contains("never compared")));
    Ranking withPrior = new BradleyTerry(new BradleyTerry.Options(500, 1e-12, 1, 2000)).fit(data);
    assertEquals(0.0, withPrior.logScore(4), 1e-9);
  }

  /** The order of the rows does not matter: the same scores to the last bit. */
  @Test
  void rowOrderDoesNotMatter() {
    PairwiseSimulator.Simulated s =
        PairwiseSimulator.simulate(
            new PairwiseSimulator.Spec(30, 300, 5, 0, 0, 1.0, PairwiseSimulator.Model.BT), 3);
    Comparisons d = s.data();
    int m = d.size();
    int[] l = new int[m];
    int[] r = new int[m];
    int[] w = new int[m];
    boolean[] won = new boolean[m];
    for (int c = 0; c < m; c++) {
      int from = m - 1 - c;
      l[c] = d.right(from);
      r[c] = d.left(from);
      w[c] = d.worker(from);
      won[c] = !d.leftWon(from);
    }
    Comparisons reversed = Comparisons.of(d.items(), d.workers(), l, r, w, won);
    Ranking a = fit(d, 50, 0);
    Ranking b = fit(reversed, 50, 0);
    for (int i = 0; i < d.numItems(); i++) {
      assertEquals(a.score(i), b.score(i), 0.0);
      assertEquals(a.stderr(i), b.stderr(i), 1e-12);
    }
  }

  @Test
  void priorsBeyondAMillionVirtualComparisonsAreRefused() {
    // rank --prior 1e308 once overflowed to NaN scores, written with exit 0
    for (double prior : new double[] {1e308, 1e7, -1, Double.NaN}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> BradleyTerry.Options.defaults().withPrior(prior));
      assertTrue(e.getMessage().startsWith("prior must be in [0, 1000000.0]"), e.getMessage());
      assertThrows(
          IllegalArgumentException.class,
          () -> new NoisyBradleyTerry.Options(100, 1e-5, prior, 2000));
    }
    assertEquals(1e6, BradleyTerry.Options.defaults().withPrior(1e6).prior());
  }
}
