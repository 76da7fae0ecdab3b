package org.crowd4j.aggregate.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;

/**
 * Checks that catch the ways a gold-free choice fails silently: worker ids that say nothing about
 * who answered (every answer its own id), a solution whose classes are a renaming of majority
 * vote's, and a result far from the vote. Each returns a message for the user, or {@code null}.
 */
public final class SolutionGuards {
  /** Share of answers from annotators with at most {@link #FEW_ANSWERS} answers that voids ids. */
  public static final double ID_FREE_SHARE = 0.5;

  /** An annotator with at most this many answers tells nothing about her own skill. */
  public static final int FEW_ANSWERS = 2;

  /** A renaming must gain at least this share of the tasks over the labels as they stand. */
  public static final double PERMUTATION_GAIN = 0.01;

  /**
   * A solution that agrees with majority vote on at most this share of the tasks overturns the vote
   * on most of them: the answers alone cannot tell it from a renaming of the classes.
   */
  public static final double LEAST_VOTE_AGREEMENT = 0.5;

  /**
   * When the candidates left out as overturning the vote held at least this share of an ensemble's
   * weight, the answers do not settle the classes and the result is majority vote.
   */
  public static final double LEFT_OUT_WEIGHT = 0.2;

  /** A result that differs from majority vote on more than this share of tasks is reported. */
  public static final double DISAGREEMENT_SHARE = 0.25;

  private SolutionGuards() {}

  /**
   * A message when candidates left out as overturning the vote held {@code leftOutShare} ≥ {@link
   * #LEFT_OUT_WEIGHT} of an ensemble's weight (the result is then majority vote); {@code null}
   * otherwise.
   */
  public static String overturned(double leftOutShare) {
    if (leftOutShare < LEFT_OUT_WEIGHT) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the models that overturn the vote hold %.0f %% of the ensemble's weight: the answers do"
            + " not settle the classes, so the result is majority vote",
        100 * leftOutShare);
  }

  /**
   * A message when most answers come from annotators with at most {@link #FEW_ANSWERS} answers
   * (e.g. vote counts released with one id per answer): per-annotator models then have nothing to
   * learn from; {@code null} otherwise.
   */
  public static String uninformativeIds(CrowdDataset data) {
    if (data.anonymous() || data.numAnswers() == 0) {
      return null;
    }
    long few = 0;
    for (int w = 0; w < data.numWorkers(); w++) {
      if (data.workerSize(w) <= FEW_ANSWERS) {
        few += data.workerSize(w);
      }
    }
    double share = (double) few / data.numAnswers();
    if (share <= ID_FREE_SHARE) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "%.1f %% of the answers come from annotators with at most %d answers (%d annotators for"
            + " %d answers): their ids tell nothing about skill, so only methods that use no"
            + " annotator ids were tried",
        100 * share,
        FEW_ANSWERS,
        data.numWorkers(),
        data.numAnswers());
  }

  /**
   * A message when {@code labels} are, up to noise, a renaming of the classes of {@code vote}
   * (majority vote's labels): the best one-to-one matching of classes agrees with the vote on more
   * than {@link #PERMUTATION_GAIN} of the tasks beyond the labels as they stand. Such a solution
   * fits the answers with the classes swapped, which no gold-free score can tell apart.
   */
  public static String permuted(
      String method, int[] labels, int[] vote, int[] weightedVote, Vocabulary names) {
    LabelMatching m = LabelMatching.of(labels, vote, names.size());
    long gain = m.matchedAgreement() - m.agreement();
    if (m.tasks() == 0) {
      return null;
    }
    if (gain <= PERMUTATION_GAIN * m.tasks()) {
      double withVote = (double) m.agreement() / m.tasks();
      double withWeighted = agreement(labels, weightedVote);
      if (Math.max(withVote, withWeighted) > LEAST_VOTE_AGREEMENT) {
        return null;
      }
      return String.format(
          Locale.ROOT,
          "%s overturns the vote on most tasks (agreement %.1f %% with majority vote, %.1f %% with"
              + " the skill-weighted vote), which the answers alone cannot tell from a renaming of"
              + " classes",
          method,
          100 * withVote,
          100 * withWeighted);
    }
    List<String> moves = new ArrayList<>();
    for (int x = 0; x < names.size(); x++) {
      int y = m.matched(x);
      if (y != x && m.count(x, y) > 0) {
        moves.add(
            String.format(
                Locale.ROOT,
                "its '%s' is the vote's '%s' on %d tasks",
                names.name(x),
                names.name(y),
                m.count(x, y)));
      }
    }
    return String.format(
        Locale.ROOT,
        "%s's classes look renamed against majority vote (%s; agreement %.1f %% as is, %.1f %%"
            + " renamed)",
        method,
        String.join(", ", moves.subList(0, Math.min(3, moves.size())))
            + (moves.size() > 3 ? ", …" : ""),
        100.0 * m.agreement() / m.tasks(),
        100.0 * m.matchedAgreement() / m.tasks());
  }

  private static double agreement(int[] a, int[] b) {
    int same = 0;
    for (int i = 0; i < a.length; i++) {
      same += a[i] == b[i] ? 1 : 0;
    }
    return a.length == 0 ? 1 : (double) same / a.length;
  }

  /**
   * A message when {@code labels} differ from majority vote's on more than {@link
   * #DISAGREEMENT_SHARE} of the tasks, with the largest moves between classes; {@code null}
   * otherwise.
   */
  public static String disagreement(int[] labels, int[] vote, Vocabulary names) {
    int k = names.size();
    LabelMatching m = LabelMatching.of(labels, vote, k);
    long tasks = m.tasks();
    long differ = tasks - m.agreement();
    if (tasks == 0 || differ <= DISAGREEMENT_SHARE * tasks) {
      return null;
    }
    long[][] moves = new long[k * k][];
    int n = 0;
    for (int x = 0; x < k; x++) {
      for (int y = 0; y < k; y++) {
        if (x != y && m.count(x, y) > 0) {
          moves[n++] = new long[] {m.count(x, y), y, x};
        }
      }
    }
    java.util.Arrays.sort(moves, 0, n, (a, b) -> Long.compare(b[0], a[0]));
    List<String> top = new ArrayList<>();
    for (int j = 0; j < Math.min(3, n); j++) {
      top.add(
          String.format(
              Locale.ROOT,
              "vote '%s' → '%s' on %d",
              names.name((int) moves[j][1]),
              names.name((int) moves[j][2]),
              moves[j][0]));
    }
    return String.format(
        Locale.ROOT,
        "the labels differ from majority vote's on %.1f %% of the tasks (%d of %d; %s)",
        100.0 * differ / tasks,
        differ,
        tasks,
        String.join(", ", top));
  }
}
