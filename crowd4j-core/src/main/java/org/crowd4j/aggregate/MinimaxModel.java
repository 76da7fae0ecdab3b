package org.crowd4j.aggregate;

/**
 * Minimax conditional entropy parameters (Zhou et al. 2015): P(answer l | true k) for worker j on
 * item i = softmax_l(σ_j[k,l] + τ_i[k,l]). Worker matrices flat {@code [j][k][l]}, item matrices
 * flat {@code [i][k][l]}; {@link #workerConfusions()} gives each worker's confusion with τ = 0.
 *
 * @param workerMatrices σ, flat {@code numWorkers × K × K}
 * @param taskMatrices τ, flat {@code numTasks × K × K}
 * @param numLabels number of classes {@code K}
 */
public record MinimaxModel(double[] workerMatrices, double[] taskMatrices, int numLabels)
    implements WorkerModel {
  /** Copies the arrays. */
  public MinimaxModel {
    workerMatrices = workerMatrices.clone();
    taskMatrices = taskMatrices.clone();
  }

  @Override
  public double[] workerMatrices() {
    return workerMatrices.clone();
  }

  @Override
  public double[] taskMatrices() {
    return taskMatrices.clone();
  }

  @Override
  public int numWorkers() {
    return workerMatrices.length / (numLabels * numLabels);
  }

  /** Row-softmax of each worker's σ: her confusion on an item of average difficulty. */
  public ConfusionMatrices workerConfusions() {
    int k2 = numLabels * numLabels;
    double[] out = new double[workerMatrices.length];
    for (int base = 0; base < workerMatrices.length; base += numLabels) {
      double max = Double.NEGATIVE_INFINITY;
      for (int l = 0; l < numLabels; l++) {
        max = Math.max(max, workerMatrices[base + l]);
      }
      double z = 0;
      for (int l = 0; l < numLabels; l++) {
        out[base + l] = Math.exp(workerMatrices[base + l] - max);
        z += out[base + l];
      }
      for (int l = 0; l < numLabels; l++) {
        out[base + l] /= z;
      }
    }
    return new ConfusionMatrices(workerMatrices.length / k2, numLabels, out);
  }

  @Override
  public double skill(int w) {
    return workerConfusions().skill(w);
  }
}
