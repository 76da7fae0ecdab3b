package org.crowd4j.acquisition;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.NoiseModel;
import org.crowd4j.data.CrowdDataset;

/**
 * The expected gain in a task's chance of a correct consensus from one more answer.
 *
 * <p>With the task's posterior q(z) and the answer model C[z][l] = P(answer l | truth z) of the
 * annotator who would answer, the answer l arrives with P(l) = Σ_z q(z) C[z][l] and turns the
 * posterior into q(z | l) ∝ q(z) C[z][l]. The consensus is right with probability max_z q(z) now
 * and Σ_l P(l) max_z q(z | l) = Σ_l max_z q(z) C[z][l] after, so the gain is
 *
 * <pre>gain = Σ_l max_z q(z) C[z][l] − max_z q(z)  (≥ 0)</pre>
 *
 * (the value of information of one answer under the fitted model; 0 when no answer could change the
 * label). Unless a particular annotator is given, C is the crowd's mean answer model: the fitted
 * model's P(answer | truth) averaged over every answer of the data.
 */
public final class AnswerGain {
  private AnswerGain() {}

  /** The gain of one more answer from an annotator with answer model {@code c} ({@code [z][l]}). */
  public static double gain(double[] q, double[][] c) {
    int k = q.length;
    double now = 0;
    for (double p : q) {
      now = Math.max(now, p);
    }
    double after = 0;
    for (int l = 0; l < k; l++) {
      double best = 0;
      for (int z = 0; z < k; z++) {
        best = Math.max(best, q[z] * c[z][l]);
      }
      after += best;
    }
    return Math.max(0, after - now);
  }

  /**
   * The expected gain per answer of the best of up to {@code horizon} more answers from an
   * annotator with answer model {@code c}: max over h = 1..horizon of (E[max_z q(z | h answers)] −
   * max_z q(z)) / h. One answer often cannot overturn a fairly sure consensus (its one-answer gain
   * is 0) while two or three can; the look-ahead still ranks such a task by what its next few
   * answers are worth. With {@code horizon} 1 it is {@link #gain}. The h answers are independent
   * given the truth, so E[max_z q(z | answers)] = Σ over the label counts n (n_1 + … + n_K = h) of
   * multinomial(h; n) · max_z q(z) Π_l c[z][l]^{n_l}.
   */
  public static double lookahead(double[] q, double[][] c, int horizon) {
    if (horizon < 1) {
      throw new IllegalArgumentException("horizon must be >= 1: " + horizon);
    }
    double now = 0;
    for (double p : q) {
      now = Math.max(now, p);
    }
    double best = 0;
    int k = q.length;
    double[] weight = new double[k];
    for (int h = 1; h <= horizon; h++) {
      System.arraycopy(q, 0, weight, 0, k);
      double after = expectedMax(weight, c, 0, h, 1.0);
      best = Math.max(best, (after - now) / h);
    }
    return Math.max(0, best);
  }

  /**
   * Σ over the counts of labels {@code l..K-1} summing to {@code left} of coefficient × max_z
   * weight(z) Π c[z][l]^{n_l}, with {@code weight} already holding the factors of labels before
   * {@code l} and {@code coef} the multinomial coefficient so far.
   */
  private static double expectedMax(double[] weight, double[][] c, int l, int left, double coef) {
    int k = weight.length;
    if (l == k - 1) {
      double best = 0;
      for (int z = 0; z < k; z++) {
        best = Math.max(best, weight[z] * Math.pow(c[z][l], left));
      }
      return coef * best;
    }
    double sum = 0;
    double[] w = weight.clone();
    double choose = 1;
    for (int n = 0; n <= left; n++) {
      // coefficient of putting n of the remaining `left` answers on label l: C(left, n)
      sum += expectedMax(w, c, l + 1, left - n, coef * choose);
      for (int z = 0; z < k; z++) {
        w[z] *= c[z][l];
      }
      choose = choose * (left - n) / (n + 1);
    }
    return sum;
  }

  /** Every task's gain under the crowd's mean answer model ({@link #meanAnswerModel}). */
  public static double[] gains(AggregationResult result, CrowdDataset data) {
    double[][] c = meanAnswerModel(result, data);
    int k = data.numLabels();
    double[] q = new double[k];
    double[] out = new double[data.numTasks()];
    for (int i = 0; i < out.length; i++) {
      for (int z = 0; z < k; z++) {
        q[z] = result.posterior(i, z);
      }
      out[i] = gain(q, c);
    }
    return out;
  }

  /**
   * An annotator's answer model for choosing who answers: the fit's P(answer l | truth z) for
   * annotator {@code worker} on {@code task}, mixed with the crowd's {@code mean} model as if it
   * were {@code prior} more answers: (n · C_w + prior · C̄) / (n + prior), with {@code n} the
   * annotator's answers the fit saw. An annotator the fit has not seen gets C̄; one seen on a
   * handful of answers, all agreeing with the consensus, is not taken for a perfect one.
   */
  public static double[][] annotatorModel(
      AggregationResult fit, int task, int worker, int answers, double prior, double[][] mean) {
    int k = mean.length;
    double[][] c = new double[k][k];
    NoiseModel noise = fit.noise();
    double weight = answers + prior == 0 ? 0 : answers / (answers + prior);
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        double own = weight > 0 ? noise.probability(task, worker, z, l) : 0;
        c[z][l] = weight * own + (1 - weight) * mean[z][l];
      }
    }
    return c;
  }

  /**
   * The fitted model's P(answer l | truth z) averaged over the answers of {@code data} (uniform
   * rows of 1/K without answers); each row sums to 1.
   */
  public static double[][] meanAnswerModel(AggregationResult result, CrowdDataset data) {
    int k = data.numLabels();
    double[][] c = new double[k][k];
    NoiseModel noise = result.noise();
    int m = data.numAnswers();
    for (int a = 0; a < m; a++) {
      int task = data.task(a);
      int worker = data.worker(a);
      for (int z = 0; z < k; z++) {
        for (int l = 0; l < k; l++) {
          c[z][l] += noise.probability(task, worker, z, l);
        }
      }
    }
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        c[z][l] = m == 0 ? 1.0 / k : c[z][l] / m;
      }
    }
    return c;
  }
}
