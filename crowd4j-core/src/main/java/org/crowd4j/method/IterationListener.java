package org.crowd4j.method;

/**
 * Called after every iteration of an iterative method; progress bars, logs and early stopping plug
 * in here.
 */
@FunctionalInterface
public interface IterationListener {
  /** Does nothing. */
  IterationListener NONE = (method, iteration, maxIterations, objective) -> true;

  /**
   * Reports one finished iteration.
   *
   * @param method method name
   * @param iteration 1-based iteration just finished
   * @param maxIterations the iteration limit
   * @param objective objective after this iteration ({@code NaN} when the method has none)
   * @return {@code false} to stop the method early (reported as not converged)
   */
  boolean onIteration(String method, int iteration, int maxIterations, double objective);
}
