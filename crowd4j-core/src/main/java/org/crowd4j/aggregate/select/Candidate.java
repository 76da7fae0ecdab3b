package org.crowd4j.aggregate.select;

import java.util.Objects;
import org.crowd4j.aggregate.Aggregator;

/**
 * One method a gold-free choice may take, under the name its scores are reported by.
 *
 * @param name the candidate's name (a method name, or a method with a setting, e.g. {@code
 *     ds-map:2})
 * @param method the configured method
 */
public record Candidate(String name, Aggregator method) {
  /** Validates. */
  public Candidate {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(method, "method");
  }

  /** A candidate named after its method. */
  public static Candidate of(Aggregator method) {
    return new Candidate(method.name(), method);
  }
}
