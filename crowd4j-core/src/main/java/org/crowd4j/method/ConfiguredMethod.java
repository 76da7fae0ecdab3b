package org.crowd4j.method;

import java.util.Objects;

/**
 * A {@link Method} configured by an options record: holds its name and options, and writes the
 * {@link Provenance} of its fits.
 *
 * @param <D> the answers
 * @param <G> known truth of some tasks
 * @param <R> the result
 * @param <O> the options
 */
public abstract class ConfiguredMethod<D, G, R extends FitResult, O extends Record>
    implements Method<D, G, R> {
  private final String name;
  private final O options;

  /**
   * The method {@code name} with {@code options}.
   *
   * @throws NullPointerException when {@code options} is null
   */
  protected ConfiguredMethod(String name, O options) {
    this.name = name;
    this.options = Objects.requireNonNull(options, "options");
  }

  /** The options. */
  public final O options() {
    return options;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The provenance of a fit of data digested as {@code dataDigest}, started at {@code start}. */
  protected final Provenance provenance(String dataDigest, long start) {
    return Provenance.of(name, options, dataDigest, start);
  }

  /** As {@link #provenance(String, long)}, the digest computed when first asked for. */
  protected final Provenance provenance(
      java.util.function.Supplier<String> dataDigest, long start) {
    return Provenance.of(name, options, dataDigest, start);
  }
}
