package org.crowd4j.aggregate;

/**
 * Crowd mixture parameters (Mena &amp; Ñanculef 2019): {@code M} groups with weights {@code
 * alpha[m]} and row-stochastic confusions {@code beta[m][k][l]}; {@code membership[w][m]} = p(g = m
 * | worker w) from her answers. A worker's confusion is Σ_m p(g=m|w) β^(m).
 *
 * @param groupWeights α, length M
 * @param groupConfusions β, flat {@code M × K × K}
 * @param membership p(group | worker), flat {@code numWorkers × M}
 * @param numLabels number of classes {@code K}
 */
public record GroupMixtureModel(
    double[] groupWeights, double[] groupConfusions, double[] membership, int numLabels)
    implements WorkerModel {
  /** Copies the arrays. */
  public GroupMixtureModel {
    groupWeights = groupWeights.clone();
    groupConfusions = groupConfusions.clone();
    membership = membership.clone();
  }

  @Override
  public double[] groupWeights() {
    return groupWeights.clone();
  }

  @Override
  public double[] groupConfusions() {
    return groupConfusions.clone();
  }

  @Override
  public double[] membership() {
    return membership.clone();
  }

  /** Number of groups {@code M}. */
  public int numGroups() {
    return groupWeights.length;
  }

  @Override
  public int numWorkers() {
    return membership.length / groupWeights.length;
  }

  /**
   * The confusion every answer follows when it draws its group from α: Σ_m α_m β^(m), flat {@code K
   * × K} (Mena &amp; Ñanculef 2019, eq. 3).
   */
  public double[] pooledConfusion() {
    int k2 = numLabels * numLabels;
    double[] pooled = new double[k2];
    for (int m = 0; m < groupWeights.length; m++) {
      for (int c = 0; c < k2; c++) {
        pooled[c] += groupWeights[m] * groupConfusions[m * k2 + c];
      }
    }
    return pooled;
  }

  /** Each worker's confusion Σ_m p(g=m|w) β^(m). */
  public ConfusionMatrices workerConfusions() {
    int groups = numGroups();
    int k2 = numLabels * numLabels;
    int workers = numWorkers();
    double[] out = new double[workers * k2];
    for (int w = 0; w < workers; w++) {
      for (int m = 0; m < groups; m++) {
        double p = membership[w * groups + m];
        for (int c = 0; c < k2; c++) {
          out[w * k2 + c] += p * groupConfusions[m * k2 + c];
        }
      }
    }
    return new ConfusionMatrices(workers, numLabels, out);
  }

  @Override
  public double skill(int w) {
    int groups = numGroups();
    double s = 0;
    for (int m = 0; m < groups; m++) {
      double diag = 0;
      for (int k = 0; k < numLabels; k++) {
        diag += groupConfusions[(m * numLabels + k) * numLabels + k];
      }
      s += membership[w * groups + m] * diag / numLabels;
    }
    return s;
  }
}
