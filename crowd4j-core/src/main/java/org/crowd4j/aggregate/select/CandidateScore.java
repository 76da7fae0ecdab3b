package org.crowd4j.aggregate.select;

/**
 * The held-out score of one candidate method.
 *
 * @param name the candidate's name
 * @param score mean log-likelihood per scored answer (higher is better); {@code NaN} if it failed
 * @param standardError standard error of {@code score} from the spread of the fold means
 * @param scored number of answers scored
 * @param foldScores mean log-likelihood per answer of each fold
 * @param weight the candidate's weight in the final result (1 for a sole winner, its stacking
 *     weight in a mixture, 0 when not used)
 * @param failure why the candidate could not be scored, or {@code null}
 */
public record CandidateScore(
    String name,
    double score,
    double standardError,
    long scored,
    double[] foldScores,
    double weight,
    String failure) {
  /** Copies the array. */
  public CandidateScore {
    foldScores = foldScores.clone();
  }

  @Override
  public double[] foldScores() {
    return foldScores.clone();
  }

  /**
   * A candidate that has no held-out score, with weight {@code weight} and why ({@code failure}).
   */
  public static CandidateScore unscored(String name, double weight, String failure) {
    return new CandidateScore(name, Double.NaN, Double.NaN, 0, new double[0], weight, failure);
  }

  /** This score with {@code w} as the weight. */
  public CandidateScore withWeight(double w) {
    return new CandidateScore(name, score, standardError, scored, foldScores, w, failure);
  }

  /** Whether the candidate was scored. */
  public boolean ok() {
    return failure == null;
  }
}
