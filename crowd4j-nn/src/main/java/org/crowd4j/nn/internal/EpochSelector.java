package org.crowd4j.nn;

/**
 * Which epoch a training run returns: the one with the best selection score so far (the highest
 * validation accuracy, the lowest held-out loss; the first of equals) or, for {@link
 * TrainOptions.Selection#LAST_EPOCH}, the last one.
 */
final class EpochSelector {
  private final TrainOptions.Selection selection;
  private double bestScore = Double.NaN;
  private int bestEpoch;

  EpochSelector(TrainOptions.Selection selection) {
    this.selection = selection;
  }

  /** Records the score of {@code epoch}; {@code true} when that epoch becomes the returned one. */
  boolean offer(int epoch, double score) {
    boolean improved =
        switch (selection) {
          case VALIDATION_GOLD -> bestEpoch == 0 || score > bestScore;
          case HELD_OUT_ANSWERS, HELD_OUT_REFERENCE ->
              bestEpoch == 0 || score < bestScore || Double.isNaN(bestScore);
          default -> true;
        };
    if (improved) {
      bestScore = score;
      bestEpoch = epoch;
    }
    return improved;
  }

  /** The returned epoch so far (1-based; 0 before any). */
  int bestEpoch() {
    return bestEpoch;
  }

  /** Its selection score ({@code NaN} for the last epoch). */
  double bestScore() {
    return bestScore;
  }
}
