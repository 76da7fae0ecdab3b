package org.crowd4j.experiments;

import org.crowd4j.nn.ReferenceExperiments;

/**
 * {@link Reproduce} as the {@link ReferenceExperiments} service, which {@code crowd4j reproduce}
 * loads (declared in {@code META-INF/services}).
 */
public final class ReproduceExperiments implements ReferenceExperiments {
  /** The provider; {@link java.util.ServiceLoader} calls this. */
  public ReproduceExperiments() {}

  @Override
  public String usage() {
    return Reproduce.USAGE;
  }

  @Override
  public void run(String... args) throws Exception {
    Reproduce.run(args);
  }
}
