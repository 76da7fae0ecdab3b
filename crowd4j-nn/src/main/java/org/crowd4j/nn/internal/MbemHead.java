package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.nn.Mbem;

/**
 * One MBEM round: cross-entropy of the classifier to the round's per-item targets; after training,
 * the selected classifier's hard predictions on the training items give the confusion matrices, the
 * class prior and the next round's posteriors ({@link #confusions}, {@link #posteriors}).
 */
public final class MbemHead extends Head {
  private final Mbem.Options o;
  private ConfusionMatrices confusions;
  private double[] posteriors;

  public MbemHead(Mbem.Options o) {
    this.o = o;
  }

  @Override
  void initialize(NDManager m, TrainingSet set) {}

  @Override
  boolean usesTargets() {
    return true;
  }

  @Override
  NDArray dataLoss(MiniBatch b, NDArray logits) {
    return b.targets().mul(logits.logSoftmax(1)).sum(new int[] {1}).mean().neg();
  }

  @Override
  boolean wantsFinalLogits() {
    return true;
  }

  @Override
  void afterTraining(NDManager m, TrainingSet set, float[] logits) {
    int k = set.k;
    int[] t = TrainingLoop.argmax(logits, k);
    double[] pi = confusions(set.data, t, o.smoothing());
    double[] prior =
        switch (o.prior()) {
          case PREDICTED -> classPrior(t, k);
          case UNIFORM -> uniform(k);
          case MODEL -> softmax(logits, k);
        };
    confusions = new ConfusionMatrices(set.r, k, pi);
    posteriors = posteriors(set.data, pi, prior, o.prior() == Mbem.Prior.MODEL);
  }

  private static double[] uniform(int k) {
    double[] u = new double[k];
    java.util.Arrays.fill(u, 1.0 / k);
    return u;
  }

  private static double[] softmax(float[] logits, int k) {
    double[] out = new double[logits.length];
    double[] row = new double[k];
    for (int i = 0; i < logits.length / k; i++) {
      for (int c = 0; c < k; c++) {
        row[c] = logits[i * k + c];
      }
      DoctorHead.softmaxInPlace(row);
      System.arraycopy(row, 0, out, i * k, k);
    }
    return out;
  }

  /** The next round's targets ({@code n × K}), available after training. */
  public double[] posteriors() {
    return posteriors;
  }

  @Override
  WorkerModel annotatorModel(TrainingSet set, NDManager scope) {
    return confusions;
  }

  /** Normalised label histogram of every task ({@code n × K}; rows of unanswered tasks are 0). */
  public static double[] softMajority(CrowdDataset data) {
    int k = data.numLabels();
    double[] t = new double[data.numTasks() * k];
    for (int i = 0; i < data.numTasks(); i++) {
      int from = data.taskStart(i);
      int to = data.taskEnd(i);
      for (int a = from; a < to; a++) {
        t[i * k + data.label(a)] += 1.0 / (to - from);
      }
    }
    return t;
  }

  /**
   * Per-annotator confusion matrices ({@code R × K × K}, row-major, rows = true class) estimated
   * with {@code truth[i]} as the true label of task i: counts of (truth, answer) plus {@code
   * smoothing} per cell, rows normalised; a row with no count is uniform; without smoothing, zero
   * cells become 1e-10 before normalising.
   */
  public static double[] confusions(CrowdDataset data, int[] truth, double smoothing) {
    int k = data.numLabels();
    int r = data.numWorkers();
    double[] c = new double[r * k * k];
    for (int a = 0; a < data.numAnswers(); a++) {
      c[(data.worker(a) * k + truth[data.task(a)]) * k + data.label(a)] += 1;
    }
    for (int row = 0; row < r * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        c[row * k + l] += smoothing;
        s += c[row * k + l];
      }
      if (s == 0) {
        for (int l = 0; l < k; l++) {
          c[row * k + l] = 1.0 / k;
        }
        continue;
      }
      s = 0;
      for (int l = 0; l < k; l++) {
        c[row * k + l] = Math.max(c[row * k + l], 1e-10);
        s += c[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        c[row * k + l] /= s;
      }
    }
    return c;
  }

  /**
   * Fraction of {@code labels} equal to each class (zero shares floored at 1e-10, renormalised).
   */
  public static double[] classPrior(int[] labels, int k) {
    double[] q = new double[k];
    for (int t : labels) {
      q[t] += 1;
    }
    double s = 0;
    for (int c = 0; c < k; c++) {
      q[c] = Math.max(q[c] / Math.max(labels.length, 1), 1e-10);
      s += q[c];
    }
    for (int c = 0; c < k; c++) {
      q[c] /= s;
    }
    return q;
  }

  /**
   * Posteriors P(y_i = k) ∝ prior_k Π_{answers (r, l) of i} Π_r[k, l] in log space ({@code n × K};
   * unanswered tasks get a zero row, i.e. are left out of training); {@code prior} is one K-vector
   * or, if {@code perItem}, an {@code n × K} matrix.
   */
  public static double[] posteriors(
      CrowdDataset data, double[] pi, double[] prior, boolean perItem) {
    int k = data.numLabels();
    int n = data.numTasks();
    double[] out = new double[n * k];
    double[] row = new double[k];
    for (int i = 0; i < n; i++) {
      int from = data.taskStart(i);
      int to = data.taskEnd(i);
      if (to == from) {
        continue;
      }
      for (int c = 0; c < k; c++) {
        row[c] = Math.log(Math.max(prior[(perItem ? i * k : 0) + c], 1e-300));
      }
      for (int a = from; a < to; a++) {
        int base = data.worker(a) * k * k + data.label(a);
        for (int c = 0; c < k; c++) {
          row[c] += Math.log(Math.max(pi[base + c * k], 1e-300));
        }
      }
      DoctorHead.softmaxInPlace(row);
      System.arraycopy(row, 0, out, i * k, k);
    }
    return out;
  }
}
