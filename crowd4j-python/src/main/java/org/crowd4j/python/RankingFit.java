package org.crowd4j.python;

import org.crowd4j.pairwise.AnnotatorReliability;
import org.crowd4j.pairwise.Ranking;

/**
 * A pairwise fit as primitive arrays; item {@code i} and worker {@code w} are the caller's codes.
 */
public final class RankingFit {
  private final Ranking ranking;

  RankingFit(Ranking ranking) {
    this.ranking = ranking;
  }

  /** Each item's score (Bradley–Terry: the probabilities, summing to 1 over a component). */
  public double[] scores() {
    return ranking.scores();
  }

  /** Each item's standard error of the log score ({@code NaN} where not computed). */
  public double[] stderrs() {
    double[] out = new double[ranking.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ranking.stderr(i);
    }
    return out;
  }

  /** Per-worker skills (NoisyBT), else {@code null}. */
  public double[] skills() {
    AnnotatorReliability a = ranking.annotators();
    return a == null ? null : a.skills();
  }

  /** Per-worker position biases (NoisyBT), else {@code null}. */
  public double[] biases() {
    AnnotatorReliability a = ranking.annotators();
    return a == null ? null : a.biases();
  }

  /** The objective after each iteration. */
  public double[] objective() {
    return ranking.diagnostics().objective();
  }

  /** Whether the stopping rule fired before the iteration limit. */
  public boolean converged() {
    return ranking.diagnostics().converged();
  }

  /** Why the iterations ended, in words. */
  public String stopReason() {
    return ranking.diagnostics().stopReason();
  }

  /** What the fit noted (separated wins, loose scores), one line each. */
  public String[] notes() {
    return ranking.notes().toArray(new String[0]);
  }

  /** The ranking itself, for Java callers. */
  public Ranking result() {
    return ranking;
  }
}
