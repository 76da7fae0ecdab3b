package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Locale;

/**
 * The loop control the EM-style aggregators share: records each iteration's objective, reports it
 * to the {@link IterationListener}, and says whether to run another iteration.
 *
 * <p>A fit stops as converged when the objective rose by less than {@code tol} since the previous
 * iteration. It stops as <em>not</em> converged when the objective is not finite (NaN or infinite),
 * when it fell by more than rounding (exact EM never lowers its objective, so a fall means the
 * objective is not what the updates climb, as crowd-kit's ELBO), when the listener asks to stop, or
 * after {@code maxIterations}; {@link Diagnostics#stopReason()} says which.
 */
final class EmProgress {
  /** A fall larger than this, relative to the objective's size, is reported as a fall. */
  private static final double ROUNDING = 1e-9;

  private final String method;
  private final int maxIterations;
  private final double tol;
  private final IterationListener listener;
  private double[] history;
  private int iterations;
  private boolean converged;
  private String reason;
  private double previous = Double.NEGATIVE_INFINITY;

  EmProgress(String method, int maxIterations, double tol, IterationListener listener) {
    this.method = method;
    this.maxIterations = maxIterations;
    this.tol = tol;
    this.listener = listener;
    this.history = new double[Math.min(maxIterations, 256)];
    this.converged = maxIterations == 0;
    this.reason = maxIterations == 0 ? "no iterations asked for" : null;
  }

  /** Records the objective of the next iteration; {@code true} to run another one. */
  boolean record(double objective) {
    if (iterations == history.length) {
      history = Arrays.copyOf(history, Math.min(maxIterations, 2 * history.length));
    }
    history[iterations++] = objective;
    boolean keepGoing = listener.onIteration(method, iterations, maxIterations, objective);
    if (!Double.isFinite(objective)) {
      return stop(false, "objective is " + objective + " at iteration " + iterations);
    }
    double gain = objective - previous;
    if (gain < -ROUNDING * Math.max(1, Math.abs(objective))) {
      return stop(
          false,
          String.format(Locale.ROOT, "objective fell by %.3g at iteration %d", -gain, iterations));
    }
    if (gain < tol) {
      return stop(true, "objective gained less than " + tol);
    }
    previous = objective;
    if (!keepGoing) {
      return stop(false, "stopped by the listener at iteration " + iterations);
    }
    if (iterations >= maxIterations) {
      return stop(false, "iteration limit " + maxIterations + " reached");
    }
    return true;
  }

  private boolean stop(boolean converged, String why) {
    this.converged = converged;
    this.reason = why;
    return false;
  }

  /** Iterations recorded so far. */
  int iterations() {
    return iterations;
  }

  /** The diagnostics of the iterations so far, the objective called {@code objectiveName}. */
  Diagnostics diagnostics(String objectiveName) {
    return new Diagnostics(
        iterations,
        converged,
        Arrays.copyOf(history, iterations),
        objectiveName,
        reason != null ? reason : "iteration limit " + maxIterations + " reached");
  }
}
