package org.crowd4j.spark;

import org.apache.spark.ml.param.DoubleParam;

/**
 * The param {@code tol}: the stopping tolerance of a fit, the core's {@code tol} (Spark ML's {@code
 * HasTol}), set through the core's options record.
 *
 * @param <T> the stage itself, returned by the setter
 */
public interface HasTol<T> extends HasOptions<T> {
  /** The stopping tolerance (the core's {@code tol}). */
  default DoubleParam tol() {
    return declaredParams().get("tol");
  }

  /** The value of {@link #tol()}. */
  default double getTol() {
    return (Double) getOrDefault(tol());
  }

  /** Sets {@link #tol()}, checked by the core's options record. */
  default T setTol(double tolerance) {
    return OptionSetter.set(this, tol(), "tol", tolerance);
  }

  /** Declares {@link #tol()} of {@code stage}: documentation {@code doc}, default {@code value}. */
  static void declare(HasTol<?> stage, String doc, double value) {
    DeclaredParams.declare(stage, new DoubleParam(stage, "tol", doc), value);
  }
}
