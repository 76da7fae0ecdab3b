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
