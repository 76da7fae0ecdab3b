package org.crowd4j.aggregate;

import java.util.Objects;
import org.crowd4j.data.Gold;

/**
 * What a fit may use beside the answers: known gold labels (clamped by methods that support it,
 * required by {@link GoldMajorityVote}) and an iteration listener.
 *
 * @param gold gold labels aligned to the dataset, or {@code null}
 * @param listener progress callback
 */
public record FitContext(Gold gold, IterationListener listener) {
  /** No gold, no listener. */
  public static final FitContext DEFAULT = new FitContext(null, IterationListener.NONE);

  /** Checks the listener. */
  public FitContext {
    Objects.requireNonNull(listener, "listener");
  }

  /** A context with gold labels. */
  public static FitContext withGold(Gold gold) {
    return new FitContext(gold, IterationListener.NONE);
  }

  /** This context with another listener. */
  public FitContext listener(IterationListener l) {
    return new FitContext(gold, l);
  }
}
