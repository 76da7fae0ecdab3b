package org.crowd4j.spark;

import org.apache.spark.ml.param.IntParam;

/**
 * The param {@code maxIter}: the iterations (updates) of a fit at most, the core's {@code
 * maxIterations} (Spark ML's {@code HasMaxIter}), set through the core's options record.
 *
 * @param <T> the stage itself, returned by the setter
 */
public interface HasMaxIter<T> extends HasOptions<T> {
  /** Maximum number of iterations (the core's {@code maxIterations}). */
  default IntParam maxIter() {
    return declaredParams().get("maxIter");
  }

  /** The value of {@link #maxIter()}. */
  default int getMaxIter() {
    return (Integer) getOrDefault(maxIter());
  }

  /** Sets {@link #maxIter()}, checked by the core's options record. */
  default T setMaxIter(int iterations) {
    return OptionSetter.set(this, maxIter(), "maxIterations", iterations);
  }

  /** Declares {@link #maxIter()} of {@code stage}: documentation {@code doc}, default {@code n}. */
  static void declare(HasMaxIter<?> stage, String doc, int n) {
    DeclaredParams.declare(stage, new IntParam(stage, "maxIter", doc), n);
  }
}
