package org.crowd4j.method;

import java.util.Arrays;
import java.util.Locale;

/**
 * The loop control every iterative method shares: records each iteration's objective, reports it to
 * the {@link IterationListener} and says whether to run another iteration; {@link
 * #diagnostics(String)} tells how the fit ended.
 *
 * <p>{@link Mode#ASCENT}: converged when the objective rose by less than {@code tol}; a fall beyond
 * rounding stops the fit as not converged (the updates are meant to climb it). {@link
 * Mode#DESCENT}: converged when the objective fell by less than {@code tol} times its size; a rise
 * beyond rounding stops as not converged. {@link Mode#SETTLED}: the recorded value is a change
 * (e.g. of the estimates) and the fit converged when it is below {@code tol}. A non-finite value,
 * the listener asking to stop and the iteration limit stop as not converged.
 */
public final class FitProgress {
  /** A move the wrong way smaller than this, relative to the objective's size, is rounding. */
  private static final double ROUNDING = 1e-9;

  /** What the recorded value is and which way it should go. */
  public enum Mode {
    /** An objective the updates climb (EM's likelihood, a log-posterior). */
    ASCENT,
    /** An objective the updates lower (a loss). */
    DESCENT,
    /** Not an objective but a change, e.g. the largest move of an estimate. */
    SETTLED
  }

  private final String method;
  private final Mode mode;
  private final int maxIterations;
  private final double tol;
  private final IterationListener listener;
  private double[] history;
  private int iterations;
  private boolean converged;
  private String reason;
  private double previous = Double.NaN;

  /** Loop control of {@code method}: at most {@code maxIterations}, tolerance {@code tol}. */
  public FitProgress(
      String method, Mode mode, int maxIterations, double tol, IterationListener listener) {
    this.method = method;
    this.mode = mode;
    this.maxIterations = maxIterations;
    this.tol = tol;
    this.listener = listener;
    this.history = new double[Math.max(1, Math.min(maxIterations, 256))];
    this.converged = maxIterations == 0;
    this.reason = maxIterations == 0 ? "no iterations asked for" : null;
  }

  /** Loop control of an objective that {@code method}'s updates climb ({@link Mode#ASCENT}). */
  public static FitProgress ascent(
      String method, int maxIterations, double tol, IterationListener listener) {
    return new FitProgress(method, Mode.ASCENT, maxIterations, tol, listener);
  }

  /**
   * Checks the loop options of an iterative method's options record.
   *
   * @throws IllegalArgumentException when {@code maxIterations} is negative or {@code tol} is
   *     negative or NaN
   */
  public static void requireLimits(int maxIterations, double tol) {
    if (maxIterations < 0) {
      throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
    }
    if (!(tol >= 0)) {
      throw new IllegalArgumentException("tol must be >= 0: " + tol);
    }
  }

  /** Records the value of the next iteration; {@code true} to run another one. */
  public boolean record(double value) {
    if (iterations == history.length) {
      history = Arrays.copyOf(history, Math.min(maxIterations, 2 * history.length));
    }
    history[iterations++] = value;
    boolean keepGoing = listener.onIteration(method, iterations, maxIterations, value);
    if (!Double.isFinite(value)) {
      return stop(false, "objective is " + value + " at iteration " + iterations);
    }
    double before = previous;
    previous = value;
    switch (mode) {
      case SETTLED -> {
        if (value < tol) {
          return stop(true, "largest change fell below " + tol);
        }
      }
      case ASCENT -> {
        if (!Double.isNaN(before)) {
          double gain = value - before;
          if (gain < -ROUNDING * Math.max(1, Math.abs(value))) {
            return stop(false, fell("fell", -gain));
          }
          if (gain < tol) {
            return stop(true, "objective gained less than " + tol);
          }
        }
      }
      case DESCENT -> {
        if (!Double.isNaN(before)) {
          double drop = before - value;
          if (drop < -ROUNDING * Math.max(1e-300, Math.abs(value))) {
            return stop(false, fell("rose", -drop));
          }
          if (drop <= tol * Math.abs(before)) {
            return stop(true, "objective fell by less than " + tol + " of its value");
          }
        }
      }
    }
    if (!keepGoing) {
      return stop(false, "stopped by the listener at iteration " + iterations);
    }
    if (iterations >= maxIterations) {
      return stop(false, "iteration limit " + maxIterations + " reached");
    }
    return true;
  }

  /** Iterations recorded so far. */
  public int iterations() {
    return iterations;
  }

  private String fell(String how, double by) {
    return String.format(Locale.ROOT, "objective %s by %.3g at iteration %d", how, by, iterations);
  }

  private boolean stop(boolean converged, String why) {
    this.converged = converged;
    this.reason = why;
    return false;
  }

  /** The diagnostics of the iterations so far, the objective called {@code objectiveName}. */
  public Diagnostics diagnostics(String objectiveName) {
    return new Diagnostics(
        iterations,
        converged,
        Arrays.copyOf(history, iterations),
        objectiveName,
        reason != null ? reason : "iteration limit " + maxIterations + " reached");
  }
}
