package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wins that separate groups of items (the win graph not strongly connected) have no finite
 * maximum-likelihood scores; the fits say so instead of printing runaway scores without a word.
 */
class SeparatedWinsTest {
  private static Comparisons of(String... triples) {
    Comparisons.Builder b = Comparisons.builder();
    for (String t : triples) {
      String[] f = t.split(">");
      b.add("w", f[0], f[1], f[0]);
    }
    return b.build();
  }

  /** A total order over ten items, each pair compared both ways round by one of three workers. */
  private static Comparisons totalOrder() {
    Comparisons.Builder b = Comparisons.builder();
    for (int w = 0; w < 3; w++) {
      for (int i = 0; i < 10; i++) {
        for (int j = i + 1; j < 10; j++) {
          b.add("w" + w, "i" + i, "i" + j, "i" + i);
          b.add("w" + w, "i" + j, "i" + i, "i" + i);
        }
      }
    }
    return b.build();
  }

  @Test
  void groupsCountedByHand() {
    assertEquals(1, PairCounts.of(of("a>b", "b>c", "c>a")).winGroups, "a cycle");
    assertEquals(3, PairCounts.of(of("a>b", "b>c")).winGroups, "a chain");
    // {a, b, c} a cycle that beats {d, e}, itself a cycle: two groups
    assertEquals(2, PairCounts.of(of("a>b", "b>c", "c>a", "c>d", "d>e", "e>d")).winGroups);
    // two components, each a cycle
    PairCounts two = PairCounts.of(of("a>b", "b>a", "c>d", "d>c"));
    assertEquals(2, two.components);
    assertEquals(2, two.winGroups);
  }

  @Test
  void noisyBradleyTerryNotesSeparatedWins() {
    Ranking r = new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults()).fit(totalOrder());
    List<String> notes = r.notes();
    assertTrue(
        notes.stream().anyMatch(s -> s.contains("separate the items into 10 groups")),
        notes.toString());
    assertTrue(notes.stream().anyMatch(s -> s.contains("prior (1.0E-5)")), notes.toString());
  }

  @Test
  void bradleyTerryNotesSeparatedWinsAndWithoutAPriorSaysScoresDrift() {
    Ranking r = new BradleyTerry(BradleyTerry.Options.defaults()).fit(totalOrder());
    assertTrue(
        r.notes().stream().anyMatch(s -> s.contains("drift towards 0")), r.notes().toString());
  }

  /** One item that never won is its own group, noted once as such. */
  @Test
  void anItemThatNeverWonIsNotASecondNote() {
    Ranking r =
        new BradleyTerry(BradleyTerry.Options.defaults())
            .fit(of("a>b", "b>c", "c>a", "a>d", "b>d"));
    assertTrue(r.notes().stream().anyMatch(s -> s.contains("1 item(s) never won")));
    assertFalse(r.notes().stream().anyMatch(s -> s.contains("separate")), r.notes().toString());
  }

  @Test
  void simulatedCrowdsWithNoisyWorkersAreNotSeparated() {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(50, 2000, 20, 0.2, 0.3, 1.5, PairwiseSimulator.Model.BT),
                5)
            .data();
    assertEquals(1, PairCounts.of(data).winGroups);
    assertFalse(
        new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults())
            .fit(data).notes().stream().anyMatch(s -> s.contains("separate")));
  }

  /**
   * crowd-kit's prior lets an item whose few losses can be blamed on bad workers run off (the
   * example of docs/cli.md): the note names it; a prior of 1 keeps every score in check.
   */
  @Test
  void scoresTheComparisonsHardlyPinDownAreNoted() {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(
                    200, 10_000, 50, 0.2, 0.1, 1.0, PairwiseSimulator.Model.BT),
                1)
            .data();
    Ranking loose = new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults()).fit(data);
    double worst = 0;
    for (int i = 0; i < data.numItems(); i++) {
      worst = Math.max(worst, loose.stderr(i));
    }
    assertTrue(worst > 40, "the run-off of docs/cli.md's example: " + worst);
    assertTrue(
        loose.notes().stream()
            .anyMatch(s -> s.contains("3 item(s) have log-score standard errors")),
        loose.notes().toString());
    Ranking firm =
        new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(1)).fit(data);
    for (int i = 0; i < data.numItems(); i++) {
      assertTrue(firm.stderr(i) <= Fits.LOOSE_STDERR, "item " + i + ": " + firm.stderr(i));
    }
    assertFalse(firm.notes().stream().anyMatch(s -> s.contains("standard errors")));
  }

  @Test
  void theLooseScoreNoteCountsAndNamesTheLoosest() {
    PairCounts counts = PairCounts.of(of("a>b", "b>a", "b>c", "c>b"));
    List<String> notes =
        Fits.notes(
            counts,
            1e-5,
            org.crowd4j.data.Vocabulary.of(List.of("a", "b", "c")),
            new double[] {6, 1, 40});
    assertTrue(
        notes.contains(
            "2 item(s) have log-score standard errors above 5.0 (largest: c, 40.00): the"
                + " comparisons hardly pin their scores down and the fit lets them run off; a"
                + " larger prior (--prior, e.g. 1) keeps them in check"),
        notes.toString());
  }

  @Test
  void itemsThatNeverWonOrLostAreCountedExactly() {
    PairCounts counts = PairCounts.of(of("a>b", "a>c", "d>e", "e>d"));
    org.crowd4j.data.Vocabulary items =
        org.crowd4j.data.Vocabulary.of(List.of("a", "b", "c", "d", "e"));
    double[] errors = {1, 1, 1, 1, 1};
    assertEquals(
        List.of(
            "2 item(s) never won (its maximum-likelihood score does not exist; a prior keeps it"
                + " finite)",
            "1 item(s) never lost (its maximum-likelihood score does not exist; a prior keeps it"
                + " finite)",
            "the comparison graph has 2 connected components: scores are comparable within a"
                + " component only"),
        Fits.notes(counts, 0, items, errors));
    assertEquals(
        List.of(
            "2 item(s) never won",
            "1 item(s) never lost",
            "the comparison graph has 2 connected components: scores are comparable within a"
                + " component only (across components only through the prior)"),
        Fits.notes(counts, 0.5, items, errors));
  }
}
