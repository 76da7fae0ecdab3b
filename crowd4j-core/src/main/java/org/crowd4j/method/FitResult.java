package org.crowd4j.method;

/** What every fit of every kind reports beside its estimates: how it ran and what produced it. */
public interface FitResult {
  /** Iterations, convergence, objective history and why the fit stopped. */
  Diagnostics diagnostics();

  /** Method, options, data digest, versions, time. */
  Provenance provenance();
}
