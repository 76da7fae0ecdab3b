package org.crowd4j.spark;

import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;

/**
 * An iterative aggregation method: the params {@code maxIter} (the core's {@code maxIterations})
 * and {@code tol} besides the columns and layout of {@link SparkAggregator}.
 *
 * @param <M> the fitted model
 * @param <E> the estimator itself
 */
public abstract class SparkEmAggregator<M extends CrowdModel<M>, E extends SparkEmAggregator<M, E>>
    extends SparkAggregator<M, E> {
  private static final long serialVersionUID = 1L;

  private final IntParam maxIter;
  private final DoubleParam tol;

  SparkEmAggregator(String uid, int maxIterations, double tolerance) {
    super(uid);
    maxIter =
        new IntParam(
            this,
            "maxIter",
            "maximum number of iterations, the core's maxIterations (>= 0; 0 gives the start)");
    tol =
        new DoubleParam(
            this,
            "tol",
            "stop when the objective per answer gains less than this (>= 0), the core's tol");
    setDefault(maxIter, maxIterations);
    setDefault(tol, tolerance);
  }

  /** Maximum number of iterations (the core's {@code maxIterations}). */
  public IntParam maxIter() {
    return maxIter;
  }

  /** The value of {@link #maxIter()}. */
  public int getMaxIter() {
    return (Integer) $(maxIter);
  }

  /** Sets {@link #maxIter()}, checked by the core's options record. */
  public E setMaxIter(int iterations) {
    return setOption(maxIter, "maxIterations", iterations);
  }

  /** The stopping tolerance on the gain of the objective per answer (the core's {@code tol}). */
  public DoubleParam tol() {
    return tol;
  }

  /** The value of {@link #tol()}. */
  public double getTol() {
    return (Double) $(tol);
  }

  /** Sets {@link #tol()}, checked by the core's options record. */
  public E setTol(double tolerance) {
    return setOption(tol, "tol", tolerance);
  }
}
