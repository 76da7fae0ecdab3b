package org.crowd4j.spark;

import java.util.List;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.NoiseModels;
import org.crowd4j.aggregate.WorkerModel;

/**
 * Every worker's answer model as one confusion matrix, P(answer l | true z), flat {@code
 * [w][z][l]}: the {@code answerConfusion} of the single-machine model file ({@link NoiseModels}
 * gives the model each method implies).
 *
 * <ul>
 *   <li>Confusion matrices (Dawid–Skene): the matrices themselves.
 *   <li>Common plus individual confusion (one ω per worker on Spark): ω_w π^g + (1 − ω_w) π^w.
 *   <li>Crowd mixture: the pooled Σ_m α_m β^(m), the same for every worker.
 *   <li>Per-answer accuracies (GLAD's σ(α_w e^{β_i}), or the one-coin fit to the posteriors for
 *       skills that are weights): the worker's mean accuracy a_w on the diagonal and (1 − a_w) / (K
 *       − 1) elsewhere.
 * </ul>
 */
final class AnswerConfusions {
  private AnswerConfusions() {}

  /**
   * The answer confusions of {@code workers}, or, for models without a matrix of their own, the
   * one-coin model of the per-worker accuracies {@code accuracy} supplies.
   */
  static double[] of(
      int numWorkers, int k, WorkerModel workers, java.util.function.Supplier<double[]> accuracy) {
    if (workers instanceof ConfusionMatrices cm) {
      return cm.toArray();
    }
    int k2 = k * k;
    double[] out = new double[numWorkers * k2];
    if (workers instanceof CommonConfusionModel cc) {
      double[] common = cc.common();
      double[] individual = cc.individual().toArray();
      double[] omega = cc.omega();
      for (int w = 0; w < numWorkers; w++) {
        for (int c = 0; c < k2; c++) {
          out[w * k2 + c] = omega[w] * common[c] + (1 - omega[w]) * individual[w * k2 + c];
        }
      }
    } else if (workers instanceof GroupMixtureModel gm) {
      double[] pooled = gm.pooledConfusion();
      for (int w = 0; w < numWorkers; w++) {
        System.arraycopy(pooled, 0, out, w * k2, k2);
      }
    } else {
      double[] a = accuracy.get();
      for (int w = 0; w < numWorkers; w++) {
        for (int z = 0; z < k; z++) {
          for (int l = 0; l < k; l++) {
            out[w * k2 + z * k + l] = k == 1 ? 1.0 : z == l ? a[w] : (1 - a[w]) / (k - 1);
          }
        }
      }
    }
    return out;
  }

  /**
   * The one-coin accuracy that explains the posteriors of {@code scorer} best, as the
   * single-machine {@code OneCoinNoise.fit}: s_w = (Σ_{answers a of w} q_{i(a)}(l_a) + 1) / (n_w +
   * 2); 1 with one class. One pass over the cached blocks.
   */
  static double[] oneCoinFit(PreparedAnswers data, BlockScorer scorer) {
    int k = data.numLabels();
    List<PartialSums> parts =
        SparkAggregator.run(
            data,
            b -> {
              double[] post = scorer.score(b);
              int[] off = b.off();
              int[] worker = b.worker();
              int[] label = b.label();
              double[] correct = new double[b.numLocalWorkers()];
              for (int i = 0; i < b.numTasks(); i++) {
                for (int a = off[i]; a < off[i + 1]; a++) {
                  correct[worker[a]] += post[i * k + label[a]];
                }
              }
              return new PartialSums(new double[0], b.workerIds(), correct, 1);
            });
    double[] correct = PartialSums.total(parts, 0, data.numWorkers, 1)[1];
    double[] s = new double[data.numWorkers];
    for (int w = 0; w < s.length; w++) {
      s[w] = k == 1 ? 1.0 : (correct[w] + 1) / (data.workerSizes[w] + 2.0);
    }
    return s;
  }
}
