package org.crowd4j.numeric;

import java.util.Arrays;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/** The steps the numeric methods share: checks, per-task statistics, worker residuals, results. */
final class NumericFits {
  private NumericFits() {}

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
    for (int i = 0; i < estimates.length; i++) {
      if (!Double.isNaN(gold[i])) {
        estimates[i] = gold[i];
      }
    }
  }

  /** The mean answer of every task. */
  static double[] means(NumericAnswers data) {
    double[] out = new double[data.numTasks()];
    for (int i = 0; i < out.length; i++) {
      double s = 0;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        s += data.value(a);
      }
      out[i] = s / data.taskSize(i);
    }
    return out;
  }

  /** The median answer of every task (the mean of the two middle answers of an even count). */
  static double[] medians(NumericAnswers data) {
    double[] out = new double[data.numTasks()];
    double[] buf = new double[16];
    for (int i = 0; i < out.length; i++) {
      int n = data.taskSize(i);
      if (buf.length < n) {
        buf = new double[Math.max(n, 2 * buf.length)];
      }
      for (int k = 0; k < n; k++) {
        buf[k] = data.value(data.taskStart(i) + k);
      }
      Arrays.sort(buf, 0, n);
      out[i] = (n & 1) == 1 ? buf[n / 2] : 0.5 * (buf[n / 2 - 1] + buf[n / 2]);
    }
    return out;
  }

  /**
   * The population standard deviation of every task's answers (0 for a task with one answer or
   * unanimous answers).
   */
  static double[] taskSpread(NumericAnswers data, double[] means) {
    double[] out = new double[data.numTasks()];
    for (int i = 0; i < out.length; i++) {
      double s = 0;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        double d = data.value(a) - means[i];
        s += d * d;
      }
      out[i] = Math.sqrt(s / data.taskSize(i));
    }
    return out;
  }

  /**
   * The crowd's scale, the unit of the relative floors: the mean squared deviation of the answers
   * from their task's mean (the pooled within-task variance); where that is 0 (every task
   * unanimous) the variance of all answers; where that is 0 too, 1.
   */
  static double pooledVariance(NumericAnswers data) {
    double[] mean = means(data);
    double s = 0;
    double all = 0;
    for (int a = 0; a < data.numAnswers(); a++) {
      double d = data.value(a) - mean[data.task(a)];
      s += d * d;
      all += data.value(a);
    }
    int m = data.numAnswers();
    if (s > 0) {
      return s / m;
    }
    double grand = all / m;
    double t = 0;
    for (int a = 0; a < m; a++) {
      double d = data.value(a) - grand;
      t += d * d;
    }
    return t > 0 ? t / m : 1.0;
  }

  /**
   * Every worker's bias (mean of {@code x − t}) and variance (mean of {@code (x − t − bias)²})
   * against {@code estimates}; {@code NaN} for a worker without answers.
   */
  static void residuals(NumericAnswers data, double[] estimates, double[] bias, double[] variance) {
    for (int w = 0; w < data.numWorkers(); w++) {
      int n = data.workerSize(w);
      if (n == 0) {
        bias[w] = Double.NaN;
        variance[w] = Double.NaN;
        continue;
      }
      double s = 0;
      for (int k = data.workerStart(w); k < data.workerEnd(w); k++) {
        int a = data.workerAnswer(k);
        s += data.value(a) - estimates[data.task(a)];
      }
      double b = s / n;
      double v = 0;
      for (int k = data.workerStart(w); k < data.workerEnd(w); k++) {
        int a = data.workerAnswer(k);
        double r = data.value(a) - estimates[data.task(a)] - b;
        v += r * r;
      }
      bias[w] = b;
      variance[w] = v / n;
    }
  }

  /**
   * The weighted mean of every task's answers with worker weights {@code weight}; the plain mean
   * where the task's weights sum to 0. Tasks with a known value keep it.
   */
  static void weightedMeans(NumericAnswers data, double[] weight, double[] gold, double[] out) {
    for (int i = 0; i < out.length; i++) {
      if (!Double.isNaN(gold[i])) {
        out[i] = gold[i];
        continue;
      }
      double sw = 0;
      double sx = 0;
      double plain = 0;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        double w = weight[data.worker(a)];
        sw += w;
        sx += w * data.value(a);
        plain += data.value(a);
      }
      out[i] = sw > 0 ? sx / sw : plain / data.taskSize(i);
    }
  }

  /** {@code weight} scaled to sum to 1 over the workers with answers; 0 for the others. */
  static double[] normalised(NumericAnswers data, double[] weight) {
    double s = 0;
    for (int w = 0; w < weight.length; w++) {
      if (data.workerSize(w) > 0) {
        s += weight[w];
      }
    }
    double[] out = new double[weight.length];
    for (int w = 0; w < weight.length; w++) {
      out[w] = data.workerSize(w) > 0 && s > 0 ? weight[w] / s : 0;
    }
    return out;
  }

  /** Equal weights over the workers with answers. */
  static double[] equalWeights(NumericAnswers data) {
    double[] w = new double[data.numWorkers()];
    for (int k = 0; k < w.length; k++) {
      w[k] = data.workerSize(k) > 0 ? 1 : 0;
    }
    return normalised(data, w);
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
