package org.crowd4j.aggregate;

/**
 * How a fit went: iterations run, whether the stopping rule was met (non-convergence is reported
 * here, never thrown), and the objective after each iteration.
 *
 * @param iterations iterations run
 * @param converged whether the stopping rule fired before the iteration limit
 * @param objective objective value after each iteration (empty for non-iterative methods)
 * @param objectiveName what {@code objective} measures, e.g. "log-likelihood per answer"
 */
public record Diagnostics(
    int iterations, boolean converged, double[] objective, String objectiveName) {
  /** Copies the history. */
  public Diagnostics {
    objective = objective.clone();
  }

  @Override
  public double[] objective() {
    return objective.clone();
  }

  /** Diagnostics of a closed-form method. */
  public static Diagnostics closedForm() {
    return new Diagnostics(0, true, new double[0], "none");
  }
}
