package org.crowd4j.aggregate;

import java.util.Arrays;

/**
 * The loop control the EM-style aggregators share: records each iteration's objective, reports it
 * to the {@link IterationListener}, and says whether to run another iteration. A fit stops as
 * converged when the objective rose by less than {@code tol} since the previous iteration (it never
 * falls in exact EM, so a fall also stops it), and as not converged when the listener asks to stop
 * or after {@code maxIterations}.
 */
final class EmProgress {
  private final String method;
  private final int maxIterations;
  private final double tol;
  private final IterationListener listener;
  private double[] history;
  private int iterations;
  private boolean converged;
  private double previous = Double.NEGATIVE_INFINITY;

  EmProgress(String method, int maxIterations, double tol, IterationListener listener) {
    this.method = method;
    this.maxIterations = maxIterations;
    this.tol = tol;
    this.listener = listener;
    this.history = new double[Math.min(maxIterations, 256)];
    this.converged = maxIterations == 0;
  }

  /** Records the objective of the next iteration; {@code true} to run another one. */
  boolean record(double objective) {
    if (iterations == history.length) {
      history = Arrays.copyOf(history, Math.min(maxIterations, 2 * history.length));
    }
    history[iterations++] = objective;
    boolean keepGoing = listener.onIteration(method, iterations, maxIterations, objective);
    if (objective - previous < tol) {
      converged = true;
      return false;
    }
    previous = objective;
    return keepGoing;
  }

  /** Iterations recorded so far. */
  int iterations() {
    return iterations;
  }

  /** The diagnostics of the iterations so far, the objective called {@code objectiveName}. */
  Diagnostics diagnostics(String objectiveName) {
    return new Diagnostics(
        iterations, converged, Arrays.copyOf(history, iterations), objectiveName);
  }
}
