package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.Arrays;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;

/**
 * The training data in the layout the trainer needs: features aligned to the dataset's task ids
 * (optionally standardised), the answers grouped by task (CSR), and optional per-item target
 * distributions for learners that train on aggregated labels.
 */
public final class TrainingSet {
  public final CrowdDataset data;
  public final int n;
  public final int d;
  public final int k;
  public final int r;
  public final float[] x;
  public final float[] mean;
  public final float[] std;
  public final int[] taskStart;
  public final int[] worker;
  public final int[] label;
  public final float[] targets;

  private TrainingSet(
      CrowdDataset data, float[] x, int d, float[] mean, float[] std, float[] targets) {
    this.data = data;
    this.n = data.numTasks();
    this.d = d;
    this.k = data.numLabels();
    this.r = data.numWorkers();
    this.x = x;
    this.mean = mean;
    this.std = std;
    this.taskStart = data.taskOffsets();
    this.worker = data.workerColumn();
    this.label = data.labelColumn();
    this.targets = targets;
  }

  /**
   * Aligns {@code features} to {@code data}'s tasks (every task needs a row) and standardises them
   * with the training mean and standard deviation when asked.
   */
  public static TrainingSet of(
      CrowdDataset data, TaskFeatures features, boolean standardize, double[] targets) {
    TaskFeatures aligned = features.alignedTo(data.tasks());
    int d = aligned.dim();
    float[] x = aligned.toArray();
    float[] mean = null;
    float[] std = null;
    if (standardize) {
      int n = data.numTasks();
      mean = new float[d];
      std = new float[d];
      for (int j = 0; j < d; j++) {
        double s = 0;
        for (int i = 0; i < n; i++) {
          s += x[i * d + j];
        }
        double m = s / n;
        double v = 0;
        for (int i = 0; i < n; i++) {
          double t = x[i * d + j] - m;
          v += t * t;
        }
        double sd = Math.sqrt(v / n);
        mean[j] = (float) m;
        std[j] = (float) (sd > 1e-12 ? sd : 1.0);
      }
      applyStandardization(x, d, mean, std);
    }
    float[] t = null;
    if (targets != null) {
      if (targets.length != data.numTasks() * data.numLabels()) {
        throw new IllegalArgumentException("targets must have n × K entries");
      }
      t = new float[targets.length];
      for (int i = 0; i < t.length; i++) {
        t[i] = (float) targets[i];
      }
    }
    return new TrainingSet(data, x, d, mean, std, t);
  }

  public static void applyStandardization(float[] x, int d, float[] mean, float[] std) {
    if (mean == null) {
      return;
    }
    for (int i = 0; i < x.length; i++) {
      int j = i % d;
      x[i] = (x[i] - mean[j]) / std[j];
    }
  }

  /** Whether item {@code i} can be trained on (has answers, or a target when targets are used). */
  boolean usable(int i) {
    if (targets != null) {
      float s = 0;
      for (int c = 0; c < k; c++) {
        s += targets[i * k + c];
      }
      return s > 0;
    }
    return taskStart[i + 1] > taskStart[i];
  }

  /** Number of answers on items {@code items}. */
  int pairs(int[] items, int from, int to) {
    int p = 0;
    for (int j = from; j < to; j++) {
      p += taskStart[items[j] + 1] - taskStart[items[j]];
    }
    return p;
  }

  /** The minibatch of items {@code items[from..to)} in {@code m}. */
  MiniBatch batch(NDManager m, int[] items, int from, int to) {
    int b = to - from;
    float[] xb = new float[b * d];
    for (int j = 0; j < b; j++) {
      System.arraycopy(x, items[from + j] * d, xb, j * d, d);
    }
    int p = pairs(items, from, to);
    long[] pi = new long[p];
    long[] pw = new long[p];
    long[] pl = new long[p];
    int q = 0;
    for (int j = 0; j < b; j++) {
      int i = items[from + j];
      for (int a = taskStart[i]; a < taskStart[i + 1]; a++) {
        pi[q] = j;
        pw[q] = worker[a];
        pl[q] = label[a];
        q++;
      }
    }
    NDArray tb = null;
    if (targets != null) {
      float[] t = new float[b * k];
      for (int j = 0; j < b; j++) {
        System.arraycopy(targets, items[from + j] * k, t, j * k, k);
      }
      tb = m.create(t, new Shape(b, k));
    }
    return new MiniBatch(
        m.create(xb, new Shape(b, d)),
        m.create(pi),
        m.create(pw),
        m.create(pl),
        tb,
        b,
        p,
        Arrays.copyOfRange(items, from, to));
  }

  /** Item indices {@code 0..n-1} that {@link #usable}. */
  int[] usableItems() {
    int[] out = new int[n];
    int c = 0;
    for (int i = 0; i < n; i++) {
      if (usable(i)) {
        out[c++] = i;
      }
    }
    return Arrays.copyOf(out, c);
  }
}
