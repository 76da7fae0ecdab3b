package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.crowd4j.data.Vocabulary;
import org.junit.jupiter.api.Test;

/** Bradley–Terry fitted on counted pair wins equals the fit on the comparisons themselves. */
class PairWinsTest {
  private static PairwiseSimulator.Simulated simulated(int items, int comparisons) {
    return PairwiseSimulator.simulate(
        new PairwiseSimulator.Spec(
            items, comparisons, 20, 0.1, 0.05, 1.0, PairwiseSimulator.Model.BT),
        7);
  }

  /**
   * One entry per comparison (winner first or second at random), shuffled: the folded wins give the
   * same bits as the comparisons, for both priors.
   */
  @Test
  void foldedEntriesFitLikeTheComparisons() {
    Comparisons data = simulated(40, 3000).data();
    int m = data.size();
    int[] first = new int[m];
    int[] second = new int[m];
    int[] firstWins = new int[m];
    int[] secondWins = new int[m];
    SplittableRandom rng = new SplittableRandom(3);
    for (int c = 0; c < m; c++) {
      boolean swap = rng.nextBoolean();
      first[c] = swap ? data.right(c) : data.left(c);
      second[c] = swap ? data.left(c) : data.right(c);
      boolean firstWon = data.winner(c) == first[c];
      firstWins[c] = firstWon ? 1 : 0;
      secondWins[c] = firstWon ? 0 : 1;
    }
    for (int c = m - 1; c > 0; c--) {
      int j = rng.nextInt(c + 1);
      swap(first, c, j);
      swap(second, c, j);
      swap(firstWins, c, j);
      swap(secondWins, c, j);
    }
    PairWins wins = PairWins.of(data.items(), first, second, firstWins, secondWins);
    PairWins direct = PairWins.of(data);
    assertEquals(m, wins.comparisons());
    assertEquals(direct.pairs(), wins.pairs());
    assertEquals(direct.digest(), wins.digest());
    for (double prior : new double[] {0, 0.5}) {
      BradleyTerry bt =
          new BradleyTerry(BradleyTerry.Options.defaults().withPrior(prior).withIterations(50, 0));
      Ranking expected = bt.fit(data);
      Ranking actual = bt.fit(wins);
      assertArrayEquals(expected.scores(), actual.scores());
      assertArrayEquals(expected.logScores(), actual.logScores());
      for (int i = 0; i < data.numItems(); i++) {
        assertEquals(expected.stderr(i), actual.stderr(i));
        assertEquals(expected.rank(i), actual.rank(i));
      }
      assertEquals(expected.notes(), actual.notes());
      assertArrayEquals(expected.diagnostics().objective(), actual.diagnostics().objective(), 0.0);
    }
  }

  @Test
  void accessorsAndUncomparedItems() {
    PairWins w =
        PairWins.of(
            Vocabulary.of("a", "b", "c", "d"),
            new int[] {1, 0, 2},
            new int[] {0, 1, 3},
            new int[] {2, 1, 0},
            new int[] {1, 0, 0});
    assertEquals(1, w.pairs());
    assertEquals(4, w.comparisons());
    assertEquals(0, w.first(0));
    assertEquals(1, w.second(0));
    assertEquals(2, w.firstWins(0));
    assertEquals(2, w.secondWins(0));
    Ranking r = new BradleyTerry(BradleyTerry.Options.defaults()).fit(w);
    assertEquals(0.5, r.score(0), 1e-12);
    assertEquals(Double.NaN, r.score(2));
  }

  @Test
  void badEntries() {
    Vocabulary v = Vocabulary.of("a", "b");
    int[] one = {1};
    assertThrows(
        IllegalArgumentException.class,
        () -> PairWins.of(v, new int[] {0}, new int[] {0}, one, one));
    assertThrows(
        IllegalArgumentException.class,
        () -> PairWins.of(v, new int[] {0}, new int[] {2}, one, one));
    assertThrows(
        IllegalArgumentException.class,
        () -> PairWins.of(v, new int[] {0}, new int[] {1}, new int[] {-1}, one));
    assertThrows(
        IllegalArgumentException.class,
        () -> PairWins.of(v, new int[] {0}, new int[] {1}, new int[0], one));
  }

  private static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
