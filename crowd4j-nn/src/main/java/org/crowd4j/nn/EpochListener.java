package org.crowd4j.nn;

/** Called after every epoch; progress output, logging and early stopping plug in here. */
@FunctionalInterface
public interface EpochListener {
  /** Does nothing. */
  EpochListener NONE = s -> true;

  /**
   * Reports one finished epoch.
   *
   * @param stats the epoch's numbers
   * @return {@code false} to stop training (the best epoch so far is kept)
   */
  boolean onEpoch(EpochStats stats);
}
