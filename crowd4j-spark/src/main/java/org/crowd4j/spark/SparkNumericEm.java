package org.crowd4j.spark;

/**
 * An iterative numeric method: the params {@code maxIter} (the core's {@code maxIterations}, {@link
 * HasMaxIter}) and {@code tol} ({@link HasTol}), documented by the core's options record, besides
 * the columns and layout of {@link SparkNumericAggregator}.
 *
 * @param <E> the estimator itself
 */
public abstract class SparkNumericEm<E extends SparkNumericEm<E>> extends SparkNumericAggregator<E>
    implements HasMaxIter<E>, HasTol<E> {
  private static final long serialVersionUID = 1L;

  SparkNumericEm(String uid, Class<? extends Record> options, int maxIterations, double tol) {
    super(uid);
    HasMaxIter.declare(this, OptionSetter.describe(options, "maxIterations"), maxIterations);
    HasTol.declare(this, OptionSetter.describe(options, "tol"), tol);
  }
}
