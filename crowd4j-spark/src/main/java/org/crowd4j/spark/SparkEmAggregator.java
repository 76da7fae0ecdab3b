package org.crowd4j.spark;

/**
 * An iterative aggregation method: the params {@code maxIter} (the core's {@code maxIterations},
 * {@link HasMaxIter}) and {@code tol} ({@link HasTol}) besides the columns and layout of {@link
 * SparkAggregator}.
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself
 */
public abstract class SparkEmAggregator<M extends CrowdModel<M>, E extends SparkEmAggregator<M, E>>
    extends SparkAggregator<M, E> implements HasMaxIter<E>, HasTol<E> {
  private static final long serialVersionUID = 1L;

  SparkEmAggregator(String uid, int maxIterations, double tolerance) {
    super(uid);
    HasMaxIter.declare(
        this,
        "maximum number of iterations, the core's maxIterations (>= 0; 0 gives the start)",
        maxIterations);
    HasTol.declare(
        this,
        "stop when the objective per answer gains less than this (>= 0), the core's tol",
        tolerance);
  }
}
