package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.RaykarKernel;

/**
 * How a numeric method turns the answers of a block into one estimate per task, under fitted
 * parameters: the mean or the median of a task's answers, the weighted mean under worker weights
 * (CATD, PM), or the posterior mean of Raykar et al.'s model. A fitted model scores with the
 * parameters that gave its fitted estimates, so {@code transform} of the fitted answers equals
 * them.
 */
final class NumericScorer implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The kind of estimate. */
  enum Kind {
    /** The mean of the task's answers. */
    MEAN,
    /** The median of the task's answers. */
    MEDIAN,
    /** The weighted mean of the task's answers, {@link #tables} {@code [0]} the weights. */
    WEIGHTED,
    /**
     * The posterior mean of the truth under Raykar's model: {@link #scalars} the prior's mean and
     * variance, {@link #tables} the workers' biases and variances.
     */
    RAYKAR
  }

  final Kind kind;
  final boolean clampGold;
  final double[] scalars;
  final double[][] tables;

  NumericScorer(Kind kind, boolean clampGold, double[] scalars, double[][] tables) {
    this.kind = kind;
    this.clampGold = clampGold;
    this.scalars = scalars;
    this.tables = tables;
  }

  /** The mean of every task's answers (gold not used). */
  static NumericScorer mean() {
    return new NumericScorer(Kind.MEAN, false, new double[0], new double[0][]);
  }

  /** The median of every task's answers; with {@code clampGold}, known values kept. */
  static NumericScorer median(boolean clampGold) {
    return new NumericScorer(Kind.MEDIAN, clampGold, new double[0], new double[0][]);
  }

  /** The weighted mean under worker weights {@code weight} (by global id), known values kept. */
  static NumericScorer weighted(double[] weight) {
    return new NumericScorer(Kind.WEIGHTED, true, new double[0], new double[][] {weight});
  }

  /** Raykar's posterior mean, known values kept. */
  static NumericScorer raykar(
      double priorMean, double priorVariance, double[] bias, double[] variance) {
    return new NumericScorer(
        Kind.RAYKAR,
        true,
        new double[] {priorMean, priorVariance},
        new double[][] {bias, variance});
  }

  /** Whether the estimates depend on who answered (answers of unknown workers are left out). */
  boolean needsWorkers() {
    return kind == Kind.WEIGHTED || kind == Kind.RAYKAR;
  }

  /** The estimate of every task of {@code b}. */
  double[] score(NumericBlock b) {
    int[] off = b.off();
    double[] value = b.value();
    switch (kind) {
      case MEAN:
        return NumericKernel.means(off, value);
      case MEDIAN:
        double[] median = NumericKernel.medians(off, value);
        if (clampGold) {
          NumericKernel.clamp(median, b.gold());
        }
        return median;
      case WEIGHTED:
        double[] out = new double[b.numTasks()];
        NumericKernel.weightedMeans(off, b.worker(), value, b.gather(tables[0], 1), b.gold(), out);
        return out;
      default:
        return posterior(b)[0];
    }
  }

  /**
   * Raykar's E-step over the tasks of {@code b}: {@code [0]} the posterior means, {@code [1]} the
   * posterior variances, {@code [2][0]} the marginal log-likelihood of the block's answers.
   */
  double[][] posterior(NumericBlock b) {
    double[] mean = new double[b.numTasks()];
    double[] var = new double[b.numTasks()];
    double ll =
        RaykarKernel.expect(
            b.off(),
            b.worker(),
            b.value(),
            b.gold(),
            scalars[0],
            scalars[1],
            b.gather(tables[0], 1),
            b.gather(tables[1], 1),
            mean,
            var);
    return new double[][] {mean, var, {ll}};
  }

  @Override
  public String toString() {
    return "NumericScorer["
        + kind
        + ", clampGold="
        + clampGold
        + ", "
        + Arrays.toString(scalars)
        + "]";
  }
}
