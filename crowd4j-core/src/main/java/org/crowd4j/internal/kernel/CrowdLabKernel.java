package org.crowd4j.internal.kernel;

import org.crowd4j.aggregate.Posteriors;

/**
 * The per-task maths of the CROWDLAB ensemble ({@code org.crowd4j.aggregate.classifier.CrowdLab})
 * over primitive arrays, shared by the single-machine and the Spark implementations: the tally of
 * every annotator's and the classifier's disagreement with majority vote ({@link #tally}), the
 * weights from the summed tallies ({@link #weights}) and the posteriors under them ({@link
 * #posteriors}). The classifier's probabilities are one row of {@code K} per task, used where
 * {@code has[i]}.
 */
public final class CrowdLabKernel {
  private CrowdLabKernel() {}

  /** The smallest weight. */
  public static final double MIN_WEIGHT = 1e-6;

  /** Entries of a tally's head after the {@code K} class counts. */
  private static final int MULTI = 0;

  private static final int AGREE_SUM = 1;
  private static final int AGREE_ANSWERS = 2;
  private static final int MODEL_SEEN = 3;
  private static final int MODEL_WRONG = 4;

  /** Length of a tally's head for {@code k} classes. */
  public static int headLength(int k) {
    return k + 5;
  }

  /**
   * Adds tasks {@code [fromTask, toTask)} with at least two answers to the tally: against majority
   * vote (ties to the classifier's most probable tied class), {@code head} gets the count of each
   * consensus class, the number of such tasks, Σ over their answers of the share of the task's
   * other answers that agree, the number of those answers, and the tasks the classifier predicts
   * and gets wrong; {@code perWorker} gets {@code [seen, wrong]} per worker.
   */
  public static void tally(
      int[] off,
      int[] worker,
      int[] label,
      int fromTask,
      int toTask,
      int k,
      double[] prediction,
      boolean[] has,
      double[] head,
      double[] perWorker) {
    double[] counts = new double[k];
    for (int i = fromTask; i < toTask; i++) {
      int size = off[i + 1] - off[i];
      if (size < 2) {
        continue;
      }
      java.util.Arrays.fill(counts, 0);
      for (int a = off[i]; a < off[i + 1]; a++) {
        counts[label[a]] += 1;
      }
      int best = 0;
      for (int z = 1; z < k; z++) {
        boolean higher = counts[z] > counts[best];
        boolean tieWon =
            counts[z] == counts[best] && has[i] && prediction[i * k + z] > prediction[i * k + best];
        if (higher || tieWon) {
          best = z;
        }
      }
      head[best]++;
      head[k + MULTI]++;
      for (int a = off[i]; a < off[i + 1]; a++) {
        head[k + AGREE_SUM] += (counts[label[a]] - 1) / (size - 1);
        head[k + AGREE_ANSWERS]++;
        perWorker[2 * worker[a]]++;
        if (label[a] != best) {
          perWorker[2 * worker[a] + 1]++;
        }
      }
      if (has[i]) {
        head[k + MODEL_SEEN]++;
        if (Posteriors.argmaxRow(prediction, i * k, k) != best) {
          head[k + MODEL_WRONG]++;
        }
      }
    }
  }

  /**
   * The weights from a summed tally ({@link #tally}) of {@code numAnswers} answers on {@code
   * numTasks} tasks: {@code [0]} w_w per worker, {@code [1]} {w_M, P}.
   */
  public static double[][] weights(
      double[] head, double[] perWorker, int k, long numAnswers, long numTasks) {
    double agreement =
        head[k + AGREE_ANSWERS] == 0 ? 1.0 : head[k + AGREE_SUM] / head[k + AGREE_ANSWERS];
    if (k > 1) {
      // a vote no better than chance carries no information; keep the answer's own class on top
      agreement = Math.max(agreement, 1.0 / k + 1e-6);
    }
    double mostCommon = 0;
    for (int z = 0; z < k; z++) {
      mostCommon = Math.max(mostCommon, head[z]);
    }
    double multi = head[k + MULTI];
    double baseline = multi == 0 ? 0 : 1 - mostCommon / multi;
    int workers = perWorker.length / 2;
    double[] annotator = new double[workers];
    double sum = 0;
    int rated = 0;
    for (int w = 0; w < workers; w++) {
      if (perWorker[2 * w] > 0) {
        annotator[w] = weight(perWorker[2 * w + 1] / perWorker[2 * w], baseline);
        sum += annotator[w];
        rated++;
      }
    }
    double mean = rated == 0 ? 1.0 : sum / rated;
    for (int w = 0; w < workers; w++) {
      if (perWorker[2 * w] == 0) {
        annotator[w] = mean;
      }
    }
    double modelSeen = head[k + MODEL_SEEN];
    double model =
        modelSeen == 0
            ? mean
            : weight(head[k + MODEL_WRONG] / modelSeen, baseline)
                * Math.sqrt((double) numAnswers / Math.max(1, numTasks));
    return new double[][] {annotator, {model, agreement}};
  }

  /**
   * 1 − error / baseline error, at least {@link #MIN_WEIGHT}; 1 when the baseline makes no error
   * (one class: nothing to tell the voters apart by).
   */
  private static double weight(double error, double baseline) {
    return baseline == 0 ? 1.0 : Math.max(1 - error / baseline, MIN_WEIGHT);
  }

  /**
   * The posteriors of tasks {@code [fromTask, toTask)} into {@code post}: q_i ∝ w_M p_i (when it
   * has a prediction) + Σ_a w_{w(a)} L(l_a), L(l) being P on l and (1 − P)/(K − 1) elsewhere;
   * uniform with neither answers nor a prediction; a gold label {@code gold[i] >= 0} clamped.
   */
  public static void posteriors(
      int[] off,
      int[] worker,
      int[] label,
      int fromTask,
      int toTask,
      int k,
      double[] prediction,
      boolean[] has,
      double[] annotatorWeight,
      double model,
      double agreement,
      int[] gold,
      double[] post) {
    double other = k == 1 ? 0 : (1 - agreement) / (k - 1);
    for (int i = fromTask; i < toTask; i++) {
      int row = i * k;
      java.util.Arrays.fill(post, row, row + k, 0.0);
      if (has[i]) {
        for (int z = 0; z < k; z++) {
          post[row + z] = model * prediction[row + z];
        }
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        double w = annotatorWeight[worker[a]];
        for (int z = 0; z < k; z++) {
          post[row + z] += w * other;
        }
        post[row + label[a]] += w * (agreement - other);
      }
      Posteriors.normalizeInPlace(post, row, k);
      if (gold != null && gold[i] >= 0) {
        java.util.Arrays.fill(post, row, row + k, 0.0);
        post[row + gold[i]] = 1;
      }
    }
  }
}
