package org.crowd4j.method;

import java.util.Objects;

/**
 * What a fit may use beside the answers: known truth of some tasks (of the kind's gold type {@code
 * G}: class labels, tag sets, reference embeddings, numbers), clamped by the methods that support
 * it and required by those that need it, and an iteration listener.
 *
 * @param gold known truth aligned to the data, or {@code null}
 * @param listener progress callback
 * @param <G> the kind's gold type
 */
public record FitContext<G>(G gold, IterationListener listener) {
  /** Checks the listener. */
  public FitContext {
    Objects.requireNonNull(listener, "listener");
  }

  /** No gold, no listener. */
  public static <G> FitContext<G> none() {
    return new FitContext<>(null, IterationListener.NONE);
  }

  /** A context with known truth {@code gold} and no listener. */
  public static <G> FitContext<G> withGold(G gold) {
    return new FitContext<>(gold, IterationListener.NONE);
  }

  /** This context with another listener. */
  public FitContext<G> listener(IterationListener l) {
    return new FitContext<>(gold, l);
  }
}
