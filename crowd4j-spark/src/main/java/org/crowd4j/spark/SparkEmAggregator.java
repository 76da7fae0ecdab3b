package org.crowd4j.spark;

import java.io.Serializable;
import java.util.List;

/**
 * An iterative aggregation method: the params {@code maxIter} (the core's {@code maxIterations},
 * {@link HasMaxIter}) and {@code tol} ({@link HasTol}) besides the columns and layout of {@link
 * SparkAggregator}, and the soft-majority start that the EM of the confusion-model methods share.
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

  /** A block's sums under its start posteriors ({@code numTasks × K}, row-major). */
  @FunctionalInterface
  interface StartPass extends Serializable {
    PartialSums sums(AnswerBlock block, double[] post);
  }

  /**
   * One job: the sums of every block ({@code pass}) under the core's EM start, the soft majority
   * vote with gold tasks clamped ({@link Blocks#softMajority}); in partition order.
   */
  static List<PartialSums> fromMajorityStart(PreparedAnswers data, StartPass pass) {
    return run(
        data,
        b -> {
          double[] post = Scratch.doubles(0, b.numTasks() * b.numLabels());
          Blocks.softMajority(b, post, true);
          return pass.sums(b, post);
        });
  }
}
