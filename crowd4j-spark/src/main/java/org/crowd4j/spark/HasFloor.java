package org.crowd4j.spark;

import org.apache.spark.ml.param.DoubleParam;

/**
 * The param {@code floor}: the probability floor of a confusion-model EM, the core's {@code floor}
 * (Dawid–Skene, one-coin Dawid–Skene), set through the core's options record.
 *
 * @param <T> the stage itself, returned by the setter
 */
public interface HasFloor<T> extends HasOptions<T> {
  /** The probability floor (the core's {@code floor}). */
  default DoubleParam floor() {
    return declaredParams().get("floor");
  }

  /** The value of {@link #floor()}. */
  default double getFloor() {
    return (Double) getOrDefault(floor());
  }

  /** Sets {@link #floor()}, checked by the core's options record. */
  default T setFloor(double value) {
    return OptionSetter.set(this, floor(), "floor", value);
  }

  /**
   * Declares {@link #floor()} of {@code stage}, the floor of {@code floored} (what the method
   * floors, in its documentation), with the default {@code value}.
   */
  static void declare(HasFloor<?> stage, String floored, double value) {
    DeclaredParams.declare(
        stage,
        new DoubleParam(stage, "floor", "probability floor of " + floored + ", in (0, 0.01)"),
        value);
  }
}
