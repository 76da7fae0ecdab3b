package org.crowd4j.aggregate;

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
}
