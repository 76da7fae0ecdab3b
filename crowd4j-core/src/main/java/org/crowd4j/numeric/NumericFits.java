package org.crowd4j.numeric;

import java.util.Arrays;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/** The steps the numeric methods share: checks, per-task statistics, worker residuals, results. */
final class NumericFits {
  private NumericFits() {}

  /**
   * Checks the loop options every numeric method has.
   *
   * @throws IllegalArgumentException when {@code maxIterations} is negative or {@code tol} is
   *     negative, NaN or infinite
   */
  static void requireLoopOptions(int maxIterations, double tol) {
    if (maxIterations < 0) {
      throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
    }
    if (!(tol >= 0) || Double.isInfinite(tol)) {
      throw new IllegalArgumentException("tol must be >= 0 and finite: " + tol);
    }
  }

  /**
   * Refuses data that no method can fit: no answers at all, or a task without answers (its estimate
   * would be undefined), naming the first such task.
   */
  static void requireAnswers(NumericAnswers data) {
    if (data.numAnswers() == 0) {
      throw new IllegalArgumentException("the data holds no answers");
    }
    for (int i = 0; i < data.numTasks(); i++) {
      if (data.taskSize(i) == 0) {
        throw new IllegalArgumentException(
            "task '"
                + data.tasks().name(i)
                + "' has no answers; numeric methods need at least one answer per task");
      }
    }
  }

  /** The gold values aligned to the tasks ({@code NaN} = unknown); all NaN without gold. */
  static double[] gold(NumericGold gold, int n) {
    if (gold == null) {
      double[] none = new double[n];
      Arrays.fill(none, Double.NaN);
      return none;
    }
    if (gold.numTasks() != n) {
      throw new IllegalArgumentException(
          "gold is aligned to " + gold.numTasks() + " tasks, the data has " + n);
    }
    return gold.values();
  }

  /** Sets every task with a known value to that value. */
  static void clamp(double[] estimates, double[] gold) {
    NumericKernel.clamp(estimates, gold);
  }

  /** The mean answer of every task. */
  static double[] means(NumericAnswers data) {
    return NumericKernel.means(data.offsetArray(), data.valueArray());
  }

  /** The median answer of every task (the mean of the two middle answers of an even count). */
  static double[] medians(NumericAnswers data) {
    return NumericKernel.medians(data.offsetArray(), data.valueArray());
  }

  /**
   * The crowd's scale, the unit of the relative floors: the mean squared deviation of the answers
   * from their task's mean (the pooled within-task variance); where that is 0 (every task
   * unanimous) the variance of all answers; where that is 0 too, 1.
   */
  static double pooledVariance(NumericAnswers data) {
    double[] value = data.valueArray();
    int m = data.numAnswers();
    double within = NumericKernel.withinSquares(data.offsetArray(), value, means(data));
    return NumericKernel.pooledVariance(
        within,
        m,
        () ->
            NumericKernel.addSquaredDeviations(
                value, 0, m, NumericKernel.addValues(value, 0, m, 0) / m, 0));
  }

  /**
   * Every worker's bias (mean of {@code x − t}) and variance (mean of {@code (x − t − bias)²})
   * against {@code estimates}; {@code NaN} for a worker without answers.
   */
  static void residuals(NumericAnswers data, double[] estimates, double[] bias, double[] variance) {
    int[] off = data.offsetArray();
    int[] worker = data.workerArray();
    double[] value = data.valueArray();
    int[] count = data.workerSizes();
    double[] sum = new double[count.length];
    NumericKernel.addResiduals(off, worker, value, estimates, sum);
    double[] b = NumericKernel.perAnswer(sum, count);
    double[] squares = new double[count.length];
    NumericKernel.addCentredSquares(off, worker, value, estimates, b, squares);
    System.arraycopy(b, 0, bias, 0, b.length);
    System.arraycopy(NumericKernel.perAnswer(squares, count), 0, variance, 0, b.length);
  }

  /**
   * The weighted mean of every task's answers with worker weights {@code weight}; the plain mean
   * where the task's weights sum to 0. Tasks with a known value keep it.
   */
  static void weightedMeans(NumericAnswers data, double[] weight, double[] gold, double[] out) {
    NumericKernel.weightedMeans(
        data.offsetArray(), data.workerArray(), data.valueArray(), weight, gold, out);
  }

  /** {@code weight} scaled to sum to 1 over the workers with answers; 0 for the others. */
  static double[] normalised(NumericAnswers data, double[] weight) {
    return NumericKernel.normalised(weight, data.workerSizes());
  }

  /** Equal weights over the workers with answers. */
  static double[] equalWeights(NumericAnswers data) {
    return NumericKernel.equalWeights(data.workerSizes());
  }

  /** A result whose worker bias and variance are measured against {@code estimates}. */
  static NumericResult measured(
      String method,
      NumericAnswers data,
      double[] estimates,
      double[] weights,
      Diagnostics diagnostics,
      Provenance provenance) {
    double[] bias = new double[data.numWorkers()];
    double[] variance = new double[data.numWorkers()];
    residuals(data, estimates, bias, variance);
    return new NumericResult(
        method,
        data.tasks(),
        data.workers(),
        estimates,
        bias,
        variance,
        normalised(data, weights),
        diagnostics,
        provenance,
        null);
  }
}
