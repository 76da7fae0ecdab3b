package org.crowd4j.numeric;

import java.util.List;
import java.util.Objects;

/**
 * How {@link NumericAuto} chose a method: every candidate's held-out score and the one chosen.
 *
 * @param seed seed of the held-out split
 * @param heldOutAnswers number of answers hidden from the candidates and scored
 * @param candidates every candidate's score, in the order tried
 * @param chosen name of the candidate refitted on all answers
 * @param rule how {@code chosen} follows from the scores, in words
 */
public record NumericSelection(
    long seed, int heldOutAnswers, List<Score> candidates, String chosen, String rule) {

  /**
   * One candidate's held-out score.
   *
   * @param name the candidate's method name
   * @param meanLogLikelihood mean log-density of the hidden answers under the candidate's
   *     predictive Gaussian N(estimate + bias, variance); higher is better
   * @param rmse root mean squared error of the predictions estimate + bias
   */
  public record Score(String name, double meanLogLikelihood, double rmse) {
    /** Validates. */
    public Score {
      Objects.requireNonNull(name, "name");
    }
  }

  /** Validates and copies. */
  public NumericSelection {
    candidates = List.copyOf(candidates);
    Objects.requireNonNull(chosen, "chosen");
    Objects.requireNonNull(rule, "rule");
  }

  /** The score of the chosen candidate. */
  public Score chosenScore() {
    for (Score s : candidates) {
      if (s.name().equals(chosen)) {
        return s;
      }
    }
    throw new IllegalStateException("chosen candidate " + chosen + " has no score");
  }
}
