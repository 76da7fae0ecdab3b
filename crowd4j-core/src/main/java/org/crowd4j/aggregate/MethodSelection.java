package org.crowd4j.aggregate;

import java.util.List;
import java.util.Objects;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;

/**
 * How a gold-free method choice was made: the criterion, the folds, every candidate's held-out
 * score and the one chosen.
 *
 * @param criterion what the scores measure
 * @param folds number of folds
 * @param seed seed of the folds
 * @param scoredAnswers answers of the data the candidates were scored on (all, or a sample of the
 *     tasks for large data)
 * @param candidates every candidate's score, in the order tried
 * @param chosen name of the candidate refitted on all answers
 * @param rule how {@code chosen} follows from the scores, in words
 * @param notes what the guards found and did (ids ignored, candidates left out as permuted, a
 *     result far from majority vote), for the user to read
 */
public record MethodSelection(
    Criterion criterion,
    int folds,
    long seed,
    long scoredAnswers,
    List<CandidateScore> candidates,
    String chosen,
    String rule,
    List<String> notes) {
  /** Validates and copies. */
  public MethodSelection {
    Objects.requireNonNull(criterion, "criterion");
    candidates = List.copyOf(candidates);
    Objects.requireNonNull(chosen, "chosen");
    Objects.requireNonNull(rule, "rule");
    notes = List.copyOf(notes);
  }

  /** The score of the chosen candidate. */
  public CandidateScore chosenScore() {
    for (CandidateScore c : candidates) {
      if (c.name().equals(chosen)) {
        return c;
      }
    }
    throw new IllegalStateException("chosen candidate " + chosen + " has no score");
  }
}
