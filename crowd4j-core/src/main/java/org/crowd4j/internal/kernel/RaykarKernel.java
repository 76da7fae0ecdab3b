package org.crowd4j.internal.kernel;

/**
 * The EM of Raykar et al.'s regression model ("Learning from crowds", JMLR 11, 2010, section 3; no
 * features, a bias per annotator) over primitive arrays, shared by the single-machine method
 * ({@code org.crowd4j.numeric.Raykar}) and crowd4j-spark. Answers are in task order as in {@link
 * NumericKernel}; truth t_i ~ N(μ, s²), answer x_ij = t_i + b_j + N(0, σ_j²).
 *
 * <p>One iteration: {@link #expect} (E-step, closed form); then the exact M-step in two passes,
 * since the variances are taken about the new biases: {@link NumericKernel#addResiduals} and Σ m_i
 * give the biases ({@link #biases}) and μ; {@link #addSquares} and {@link #priorSquares} give the
 * variances; {@link #maximise} finishes.
 */
public final class RaykarKernel {
  private static final double LOG_2PI = Math.log(2 * Math.PI);

  private RaykarKernel() {}

  /**
   * E-step of every task: writes the posterior mean {@code postMean[i]} and variance {@code
   * postVar[i]} of t_i (precision P_i = 1/s² + Σ_j 1/σ_j², mean (μ/s² + Σ_j (x_ij − b_j)/σ_j²) /
   * P_i; a task whose {@code gold} is not NaN has t_i fixed at it) and returns the marginal
   * log-likelihood of all answers (and of the gold values), the tasks' terms added in task order.
   */
  public static double expect(
      int[] off,
      int[] worker,
      double[] value,
      double[] gold,
      double priorMean,
      double priorVariance,
      double[] bias,
      double[] variance,
      double[] postMean,
      double[] postVar) {
    double ll = 0;
    double logPrior = Math.log(priorVariance);
    for (int i = 0; i < postMean.length; i++) {
      int from = off[i];
      int to = off[i + 1];
      double logDet = 0;
      for (int a = from; a < to; a++) {
        logDet += Math.log(variance[worker[a]]);
      }
      if (!Double.isNaN(gold[i])) {
        double g = gold[i];
        double q = sq(g - priorMean) / priorVariance;
        for (int a = from; a < to; a++) {
          int w = worker[a];
          q += sq(value[a] - bias[w] - g) / variance[w];
        }
        ll += -0.5 * ((to - from + 1) * LOG_2PI + logPrior + logDet + q);
        postMean[i] = g;
        postVar[i] = 0;
        continue;
      }
      double precision = 1 / priorVariance;
      double num = priorMean / priorVariance;
      for (int a = from; a < to; a++) {
        int w = worker[a];
        precision += 1 / variance[w];
        num += (value[a] - bias[w]) / variance[w];
      }
      double t = num / precision;
      double q = sq(priorMean - t) / priorVariance;
      for (int a = from; a < to; a++) {
        int w = worker[a];
        q += sq(value[a] - bias[w] - t) / variance[w];
      }
      ll += -0.5 * ((to - from) * LOG_2PI + logPrior + logDet + Math.log(precision) + q);
      postMean[i] = t;
      postVar[i] = 1 / precision;
    }
    return ll;
  }

  /**
   * The biases of the M-step into {@code bias}: b_j = mean_i(x_ij − m_i), {@code residualSum[j] /
   * count[j]} ({@link NumericKernel#addResiduals} at the posterior means); 0 without biases and for
   * a worker without answers.
   */
  public static void biases(double[] residualSum, int[] count, boolean withBias, double[] bias) {
    for (int w = 0; w < bias.length; w++) {
      bias[w] = count[w] > 0 && withBias ? residualSum[w] / count[w] : 0;
    }
  }

  /** Σ_i (m_i − μ)² + v_i over the tasks, added in order: the prior variance's M-step sum. */
  public static double priorSquares(double[] postMean, double[] postVar, double mu) {
    double s2 = 0;
    for (int i = 0; i < postMean.length; i++) {
      s2 += sq(postMean[i] - mu) + postVar[i];
    }
    return s2;
  }

  /** Adds (x_ij − b_j − m_i)² + v_i of every answer to {@code sum[worker]}. */
  public static void addSquares(
      int[] off,
      int[] worker,
      double[] value,
      double[] postMean,
      double[] postVar,
      double[] bias,
      double[] sum) {
    for (int i = 0; i < postMean.length; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        int w = worker[a];
        sum[w] += sq(value[a] - bias[w] - postMean[i]) + postVar[i];
      }
    }
  }

  /**
   * Finishes the exact M-step: σ_j² = max({@code squareSum[j]} / n_j, {@code floor}) (1 and bias 0
   * for a worker without answers); with {@code centre}, the shift (μ + c, b_j − c), c the
   * answer-weighted mean bias, that makes Σ_j n_j b_j = 0 and leaves the likelihood unchanged.
   *
   * @param mu the mean of the posterior means
   * @param s2 {@link #priorSquares} at {@code mu}
   * @param n the number of tasks
   * @param bias the biases of {@link #biases}, centred in place
   * @param variance receives σ_j²
   * @return the prior's mean and variance, {@code max(s2 / n, floor)}
   */
  public static double[] maximise(
      double mu,
      double s2,
      long n,
      double[] squareSum,
      int[] count,
      double floor,
      boolean centre,
      double[] bias,
      double[] variance) {
    double shift = 0;
    long answered = 0;
    for (int w = 0; w < bias.length; w++) {
      int c = count[w];
      if (c == 0) {
        bias[w] = 0;
        variance[w] = 1;
        continue;
      }
      variance[w] = Math.max(squareSum[w] / c, floor);
      shift += c * bias[w];
      answered += c;
    }
    double mean = mu;
    if (centre && answered > 0) {
      shift /= answered;
      for (int w = 0; w < bias.length; w++) {
        if (count[w] > 0) {
          bias[w] -= shift;
        }
      }
      mean += shift;
    }
    return new double[] {mean, Math.max(s2 / n, floor)};
  }

  private static double sq(double x) {
    return x * x;
  }
}
