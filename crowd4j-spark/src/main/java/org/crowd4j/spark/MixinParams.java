package org.crowd4j.spark;

import org.apache.spark.ml.param.Params;

/**
 * A Spark ML stage whose params come from mixin interfaces, as Spark's shared params ({@code
 * HasMaxIter}, {@code HasTol}) do in Scala: every mixin declares its params once and gives them
 * default getters and setters; the stage keeps the instances in its {@link DeclaredParams}.
 */
public interface MixinParams extends Params {
  /** The params this stage's mixins declared, read by the mixins' accessors (no other use). */
  DeclaredParams declaredParams();

  /** The stage's uid, which its {@link #declaredParams()} hold. */
  @Override
  default String uid() {
    return declaredParams().uid();
  }
}
