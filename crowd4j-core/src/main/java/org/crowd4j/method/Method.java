package org.crowd4j.method;

/**
 * One truth-inference method of one kind of answers: configuration only, immutable and thread-safe;
 * {@link #fit(Object, FitContext)} returns a new result and never changes the method. Every method
 * of every kind ({@code D} the answers, {@code G} their gold type, {@code R} the result) follows
 * this contract and is listed once in {@code org.crowd4j.catalogue.Catalogue}.
 *
 * @param <D> the answers
 * @param <G> known truth of some tasks
 * @param <R> the result
 */
public interface Method<D, G, R extends FitResult> {
  /**
   * The method's name in the catalogue and on the command line: lower case, words joined by '-'.
   */
  String name();

  /** Fits on {@code data} with no gold and no listener. */
  default R fit(D data) {
    return fit(data, FitContext.none());
  }

  /** Fits on {@code data}, using the gold and the listener of {@code context}. */
  R fit(D data, FitContext<G> context);
}
