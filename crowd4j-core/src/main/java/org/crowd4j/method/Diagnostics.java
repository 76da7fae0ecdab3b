package org.crowd4j.method;

/**
 * How a fit went: iterations run, whether the stopping rule was met (non-convergence is reported
 * here, never thrown), the objective after each iteration, and why the fit stopped.
 *
 * @param iterations iterations run
 * @param converged whether the stopping rule fired before the iteration limit
 * @param objective objective value after each iteration (empty for non-iterative methods)
 * @param objectiveName what {@code objective} measures, e.g. "log-likelihood per answer"
 * @param stopReason why the iterations ended, in words (e.g. "objective gained less than 1e-05",
 *     "iteration limit 100 reached", "objective is NaN at iteration 7")
 */
public record Diagnostics(
    int iterations,
    boolean converged,
    double[] objective,
    String objectiveName,
    String stopReason) {
  /** Copies the history. */
  public Diagnostics {
    objective = objective.clone();
    java.util.Objects.requireNonNull(objectiveName, "objectiveName");
    stopReason = stopReason == null ? (converged ? "converged" : "not converged") : stopReason;
  }

  /** Diagnostics without a stated reason ("converged" or "not converged"). */
  public Diagnostics(int iterations, boolean converged, double[] objective, String objectiveName) {
    this(iterations, converged, objective, objectiveName, null);
  }

  @Override
  public double[] objective() {
    return objective.clone();
  }

  /** Diagnostics of a closed-form method. */
  public static Diagnostics closedForm() {
    return new Diagnostics(0, true, new double[0], "none", "closed form");
  }
}
