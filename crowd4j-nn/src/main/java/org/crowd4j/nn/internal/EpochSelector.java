package org.crowd4j.nn.internal;

import org.crowd4j.nn.TrainOptions;

/**
 * Which epoch a training run returns: the one with the best selection score so far (the highest
 * validation accuracy, the lowest held-out loss; the first of equals) or, for {@link
 * TrainOptions.Selection#LAST_EPOCH}, the last one.
 */
public final class EpochSelector {
  private final TrainOptions.Selection selection;
  private double bestScore = Double.NaN;
  private int bestEpoch;

  public EpochSelector(TrainOptions.Selection selection) {
    this.selection = selection;
  }

  /** Records the score of {@code epoch}; {@code true} when that epoch becomes the returned one. */
  public boolean offer(int epoch, double score) {
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
  public int bestEpoch() {
    return bestEpoch;
  }

  /** Its selection score ({@code NaN} for the last epoch). */
  public double bestScore() {
    return bestScore;
  }
}
