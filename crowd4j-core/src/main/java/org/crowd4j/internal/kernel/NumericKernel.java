package org.crowd4j.internal.kernel;

import java.util.Arrays;
import java.util.function.DoubleSupplier;

/**
 * The per-task statistics and per-worker sums of the numeric methods over primitive arrays, shared
 * by the single-machine methods ({@code org.crowd4j.numeric}) and crowd4j-spark. Answers are in
 * task order: those of task {@code i} are {@code [off[i], off[i+1])} of {@code value} and {@code
 * worker} (whose ids index the per-worker arrays), and a task-indexed array has one entry per task,
 * {@code off.length - 1}. Sums over answers add them in array order, so every worker's terms are
 * added in the order of its answers.
 */
public final class NumericKernel {
  private NumericKernel() {}

  /** The mean answer of every task: the sum of its answers, in order, over their count. */
  public static double[] means(int[] off, double[] value) {
    double[] out = new double[off.length - 1];
    for (int i = 0; i < out.length; i++) {
      out[i] = addValues(value, off[i], off[i + 1], 0) / (off[i + 1] - off[i]);
    }
    return out;
  }

  /** The median answer of every task (the mean of the two middle answers of an even count). */
  public static double[] medians(int[] off, double[] value) {
    double[] out = new double[off.length - 1];
    double[] buf = new double[16];
    for (int i = 0; i < out.length; i++) {
      int n = off[i + 1] - off[i];
      if (buf.length < n) {
        buf = new double[Math.max(n, 2 * buf.length)];
      }
      System.arraycopy(value, off[i], buf, 0, n);
      Arrays.sort(buf, 0, n);
      out[i] = (n & 1) == 1 ? buf[n / 2] : 0.5 * (buf[n / 2 - 1] + buf[n / 2]);
    }
    return out;
  }

  /** {@code acc} plus the values {@code [from, to)}, added in order. */
  public static double addValues(double[] value, int from, int to, double acc) {
    for (int a = from; a < to; a++) {
      acc += value[a];
    }
    return acc;
  }

  /** Σ (x − mean_i)² over every answer, added in order: the squares of {@link #pooledVariance}. */
  public static double withinSquares(int[] off, double[] value, double[] mean) {
    double s = 0;
    for (int i = 0; i < mean.length; i++) {
      s = addSquaredDeviations(value, off[i], off[i + 1], mean[i], s);
    }
    return s;
  }

  /** {@code acc} plus Σ (x − centre)² over the values {@code [from, to)}, added in order. */
  public static double addSquaredDeviations(
      double[] value, int from, int to, double centre, double acc) {
    for (int a = from; a < to; a++) {
      double d = value[a] - centre;
      acc += d * d;
    }
    return acc;
  }

  /**
   * The crowd's scale, the unit of the numeric methods' relative floors, from the {@link
   * #withinSquares} {@code within} of {@code m} answers: {@code within / m} (the pooled within-task
   * variance); where that is 0 (every task unanimous) the variance of all answers, {@code
   * grandSquares} (Σ (x − grand mean)², asked for only then) over {@code m}; where that is 0 too,
   * 1.
   */
  public static double pooledVariance(double within, long m, DoubleSupplier grandSquares) {
    if (within > 0) {
      return within / m;
    }
    double t = grandSquares.getAsDouble();
    return t > 0 ? t / m : 1.0;
  }

  /**
   * The population standard deviation of every task's answers about its {@code mean} (0 for one
   * answer or unanimous answers).
   */
  public static double[] spreads(int[] off, double[] value, double[] mean) {
    double[] out = new double[mean.length];
    for (int i = 0; i < out.length; i++) {
      out[i] =
          Math.sqrt(
              addSquaredDeviations(value, off[i], off[i + 1], mean[i], 0) / (off[i + 1] - off[i]));
    }
    return out;
  }

  /**
   * Writes into {@code out} the weighted mean Σ w_k x_k / Σ w_k of every task's answers with worker
   * weights {@code weight} (the plain mean where the task's weights sum to 0, NaN for a task
   * without answers); a task whose {@code gold} is not NaN keeps that value.
   */
  public static void weightedMeans(
      int[] off, int[] worker, double[] value, double[] weight, double[] gold, double[] out) {
    for (int i = 0; i < out.length; i++) {
      if (!Double.isNaN(gold[i])) {
        out[i] = gold[i];
        continue;
      }
      double sw = 0;
      double sx = 0;
      double plain = 0;
      for (int a = off[i]; a < off[i + 1]; a++) {
        double w = weight[worker[a]];
        sw += w;
        sx += w * value[a];
        plain += value[a];
      }
      out[i] = sw > 0 ? sx / sw : plain / (off[i + 1] - off[i]);
    }
  }

  /** Adds x − truth_i of every answer to {@code sum[worker]}. */
  public static void addResiduals(
      int[] off, int[] worker, double[] value, double[] truth, double[] sum) {
    for (int i = 0; i < truth.length; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        sum[worker[a]] += value[a] - truth[i];
      }
    }
  }

  /**
   * Adds (x − truth_i)² of every answer to {@code sum[worker]}, divided by {@code divisor[i]} where
   * {@code divisor} is not null.
   */
  public static void addSquaredResiduals(
      int[] off, int[] worker, double[] value, double[] truth, double[] divisor, double[] sum) {
    for (int i = 0; i < truth.length; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        double r = value[a] - truth[i];
        sum[worker[a]] += divisor == null ? r * r : r * r / divisor[i];
      }
    }
  }

  /**
   * Adds (x − truth_i − bias_w)² of every answer to {@code sum[worker]}: the spread of a worker's
   * answers about the estimates shifted by its bias.
   */
  public static void addCentredSquares(
      int[] off, int[] worker, double[] value, double[] truth, double[] bias, double[] sum) {
    for (int i = 0; i < truth.length; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        int w = worker[a];
        double r = value[a] - truth[i] - bias[w];
        sum[w] += r * r;
      }
    }
  }

  /** Sets every task whose {@code gold} is not NaN to that value. */
  public static void clamp(double[] estimates, double[] gold) {
    for (int i = 0; i < estimates.length; i++) {
      if (!Double.isNaN(gold[i])) {
        estimates[i] = gold[i];
      }
    }
  }

  /** The largest |a_i − b_i| (0 for empty arrays): how far estimates moved. */
  public static double largestChange(double[] a, double[] b) {
    double change = 0;
    for (int i = 0; i < a.length; i++) {
      change = Math.max(change, Math.abs(a[i] - b[i]));
    }
    return change;
  }

  /** {@code sum[w] / count[w]} of every worker, NaN for a worker without answers. */
  public static double[] perAnswer(double[] sum, int[] count) {
    double[] out = new double[sum.length];
    for (int w = 0; w < out.length; w++) {
      out[w] = count[w] == 0 ? Double.NaN : sum[w] / count[w];
    }
    return out;
  }

  /** {@code weight} scaled to sum to 1 over the workers with answers; 0 for the others. */
  public static double[] normalised(double[] weight, int[] count) {
    double s = 0;
    for (int w = 0; w < weight.length; w++) {
      if (count[w] > 0) {
        s += weight[w];
      }
    }
    double[] out = new double[weight.length];
    for (int w = 0; w < weight.length; w++) {
      out[w] = count[w] > 0 && s > 0 ? weight[w] / s : 0;
    }
    return out;
  }

  /** Equal weights over the workers with answers, normalised. */
  public static double[] equalWeights(int[] count) {
    double[] w = new double[count.length];
    for (int k = 0; k < w.length; k++) {
      w[k] = count[k] > 0 ? 1 : 0;
    }
    return normalised(w, count);
  }
}
