package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.crowd4j.aggregate.DawidSkene.Stopping;

/**
 * The param {@code stopping}: the objective whose gain stops a Dawid–Skene EM, the core's {@code
 * stopping} by its constant's name ({@code LIKELIHOOD}, the marginal log-likelihood per answer, or
 * {@code CROWDKIT_ELBO}, crowd-kit's ELBO), set through the core's options record.
 *
 * @param <T> the stage itself, returned by the setter
 */
public interface HasStopping<T> extends HasOptions<T> {
  /** The stopping objective (the core's {@code stopping}, by name). */
  default Param<String> stopping() {
    return declaredParams().get("stopping");
  }

  /** The value of {@link #stopping()}. */
  default String getStopping() {
    return getOrDefault(stopping());
  }

  /** Sets {@link #stopping()}: {@code likelihood} or {@code crowdkit-elbo}, any case. */
  @SuppressWarnings("unchecked")
  default T setStopping(String name) {
    Stopping s = (Stopping) OptionSetter.bound(options(), "stopping", name);
    set(stopping(), s.name());
    return (T) this;
  }

  /** Declares {@link #stopping()} of {@code stage} with the default {@code value}. */
  static void declare(HasStopping<?> stage, Stopping value) {
    DeclaredParams.declare(
        stage,
        new Param<>(
            stage,
            "stopping",
            "stopping objective: LIKELIHOOD (marginal log-likelihood per answer) or CROWDKIT_ELBO",
            ParamValidators.inArray(SharedParams.names(Stopping.values()))),
        value.name());
  }
}
