package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;

/**
 * One row-stochastic {@code K × K} confusion matrix per worker: {@code get(w, k, l)} = P(worker
 * {@code w} answers {@code l} | true label {@code k}). Stored flat, {@code [w][k][l]}.
 */
public final class ConfusionMatrices implements WorkerModel {
  private final int numWorkers;
  private final int numLabels;
  private final double[] values;

  /** Wraps a copy of {@code values} laid out {@code [w][k][l]}. */
  public ConfusionMatrices(int numWorkers, int numLabels, double[] values) {
    if (values.length != numWorkers * numLabels * numLabels) {
      throw new IllegalArgumentException(
          "expected " + numWorkers + "×" + numLabels + "×" + numLabels + " values");
    }
    this.numWorkers = numWorkers;
    this.numLabels = numLabels;
    this.values = values.clone();
  }

  @Override
  public int numWorkers() {
    return numWorkers;
  }

  /** Number of classes {@code K}. */
  public int numLabels() {
    return numLabels;
  }

  /** P(answer {@code l} | true {@code k}) for worker {@code w}. */
  public double get(int w, int k, int l) {
    return values[(w * numLabels + k) * numLabels + l];
  }

  /** Worker {@code w}'s matrix as a new {@code K × K} array, rows = true label. */
  public double[][] matrix(int w) {
    double[][] m = new double[numLabels][numLabels];
    for (int k = 0; k < numLabels; k++) {
      for (int l = 0; l < numLabels; l++) {
        m[k][l] = get(w, k, l);
      }
    }
    return m;
  }

  /** A copy of all values, {@code [w][k][l]}. */
  public double[] toArray() {
    return values.clone();
  }

  @Override
  public double skill(int w) {
    double s = 0;
    for (int k = 0; k < numLabels; k++) {
      s += get(w, k, k);
    }
    return s / numLabels;
  }

  /** Pseudo-counts per row of {@link #against}'s prior, half on the diagonal. */
  public static final double PSEUDO_COUNTS = 2.0;

  /**
   * The confusion each worker shows against the posteriors {@code post} ({@code n × K}): Π_w[z, l]
   * ∝ Σ_{her answers with label l} q_i(z) + π0[z, l], with π0 {@link #PSEUDO_COUNTS} pseudo-counts
   * per row, half on the diagonal and half spread evenly (one Dawid–Skene M-step, MAP).
   */
  public static ConfusionMatrices against(CrowdDataset data, double[] post) {
    int k = data.numLabels();
    int workers = data.numWorkers();
    double[] alpha = pseudoCounts(k, PSEUDO_COUNTS);
    double[] c = new double[workers * k * k];
    for (int w = 0; w < workers; w++) {
      System.arraycopy(alpha, 0, c, w * k * k, k * k);
    }
    for (int a = 0; a < data.numAnswers(); a++) {
      int i = data.task(a);
      int w = data.worker(a);
      int l = data.label(a);
      for (int z = 0; z < k; z++) {
        c[(w * k + z) * k + l] += post[i * k + z];
      }
    }
    return ofCounts(workers, k, c);
  }

  /**
   * The matrices whose rows are those of {@code counts} ({@code [w][k][l]}, pseudo-counts included)
   * normalised; {@code counts} is normalised in place.
   */
  public static ConfusionMatrices ofCounts(int workers, int k, double[] counts) {
    for (int row = 0; row < workers * k; row++) {
      double s = 0;
      for (int l = 0; l < k; l++) {
        s += counts[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        counts[row * k + l] /= s;
      }
    }
    return new ConfusionMatrices(workers, k, counts);
  }

  /**
   * α[z, l], a Dirichlet prior on a confusion matrix: {@code total} pseudo-counts per row, half on
   * the diagonal, half spread evenly.
   */
  public static double[] pseudoCounts(int k, double total) {
    double[] a = new double[k * k];
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        a[z * k + l] = total * (0.5 / k + (z == l ? 0.5 : 0));
      }
    }
    return a;
  }
}
