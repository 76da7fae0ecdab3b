package org.crowd4j.pairwise;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.FitProgress;

/** What every pairwise fit shares: provenance and the notes on the comparison graph. */
final class Fits {
  private Fits() {}

  /** The largest prior: a million virtual comparisons per item keeps every term finite. */
  static final double MAX_PRIOR = 1e6;

  /**
   * Log-score standard errors above this mean the comparisons hardly pin a score down: its 95 %
   * interval spans more than a factor e<sup>±9.8</sup>.
   */
  static final double LOOSE_STDERR = 5;

  /**
   * Checks the options the Bradley-Terry fitters share.
   *
   * @throws IllegalArgumentException naming the first option out of range
   */
  static void requireOptions(
      int maxIterations, double tol, double prior, StandardErrors errors, int maxDenseErrors) {
    FitProgress.requireLimits(maxIterations, tol);
    if (errors == null) {
      throw new IllegalArgumentException("standardErrors must be none, diagonal or exact");
    }
    if (!(prior >= 0 && prior <= MAX_PRIOR)) {
      throw new IllegalArgumentException(
          "prior must be in [0, " + MAX_PRIOR + "] (virtual comparisons per item): " + prior);
    }
    if (maxDenseErrors < 0) {
      throw new IllegalArgumentException("maxDenseErrors must be >= 0: " + maxDenseErrors);
    }
  }

  /**
   * Warnings on items that never won, never lost or were never compared, on wins that separate
   * groups of items, on components, and on scores the comparisons hardly pin down ({@code stderr}
   * of the log-scores of {@code items} above {@link #LOOSE_STDERR}).
   */
  static List<String> notes(PairCounts counts, double lambda, Vocabulary items, double[] stderr) {
    boolean prior = lambda > 0;
    int neverWon = 0;
    int neverLost = 0;
    int never = 0;
    for (int i = 0; i < counts.items; i++) {
      if (counts.compared[i] == 0) {
        never++;
      } else if (counts.wins[i] == 0) {
        neverWon++;
      } else if (counts.wins[i] == counts.compared[i]) {
        neverLost++;
      }
    }
    List<String> notes = new ArrayList<>();
    String mle =
        prior ? "" : " (its maximum-likelihood score does not exist; a prior keeps it finite)";
    if (neverWon > 0) {
      notes.add(String.format(Locale.ROOT, "%d item(s) never won%s", neverWon, mle));
    }
    if (neverLost > 0) {
      notes.add(String.format(Locale.ROOT, "%d item(s) never lost%s", neverLost, mle));
    }
    if (never > 0) {
      notes.add(
          String.format(
              Locale.ROOT,
              "%d item(s) were never compared; their score %s",
              never,
              prior ? "is the prior's (the reference item's)" : "is NaN and they rank last"));
    }
    // every item that never won or never lost is a group of its own, noted above already
    if (counts.winGroups - counts.components > neverWon + neverLost) {
      notes.add(
          String.format(
              Locale.ROOT,
              "the wins separate the items into %d groups, some of which beat another group without"
                  + " ever losing to it: the maximum-likelihood gap between such groups is infinite,"
                  + " %s",
              counts.winGroups,
              prior
                  ? String.format(
                      Locale.ROOT,
                      "so the prior (%s) alone sets it and the standard errors are large; a larger"
                          + " prior (--prior) shrinks the scores towards each other",
                      lambda)
                  : "so the scores of the groups below drift towards 0; a prior (--prior) keeps"
                      + " them finite"));
    }
    if (counts.components > 1) {
      notes.add(
          String.format(
              Locale.ROOT,
              "the comparison graph has %d connected components: scores are comparable within a"
                  + " component only%s",
              counts.components,
              prior ? " (across components only through the prior)" : ""));
    }
    int loose = 0;
    int loosest = -1;
    for (int i = 0; i < stderr.length; i++) {
      if (stderr[i] > LOOSE_STDERR) {
        loose++;
        if (loosest < 0 || stderr[i] > stderr[loosest]) {
          loosest = i;
        }
      }
    }
    if (loose > 0) {
      notes.add(
          String.format(
              Locale.ROOT,
              "%d item(s) have log-score standard errors above %s (largest: %s, %.4g): the"
                  + " comparisons hardly pin their scores down and the fit lets them run off; %s",
              loose,
              LOOSE_STDERR,
              items.name(loosest),
              stderr[loosest],
              prior
                  ? "a larger prior (--prior, e.g. 1) keeps them in check"
                  : "a prior (--prior) keeps them finite"));
    }
    return notes;
  }
}
