package org.crowd4j.nn;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The neural learners' reference experiments, a {@link ServiceLoader} service: {@code
 * crowd4j-experiments} provides it, and {@code crowd4j reproduce} finds it on the class path
 * without compiling against that module.
 */
public interface ReferenceExperiments {
  /**
   * The usage line: the experiment names joined by {@code |}, then the settings.
   *
   * @return the usage line
   */
  String usage();

  /**
   * Runs one experiment, printing its runs and summary table on standard output.
   *
   * @param args the experiment's name, then {@code key=value} settings
   * @throws Exception when the experiment fails
   */
  void run(String... args) throws Exception;

  /**
   * The provider on the class path of this interface.
   *
   * @return the first provider found, or empty when none is
   */
  static Optional<ReferenceExperiments> find() {
    return ServiceLoader.load(
            ReferenceExperiments.class, ReferenceExperiments.class.getClassLoader())
        .findFirst();
  }
}
