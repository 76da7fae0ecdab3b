package org.crowd4j.aggregate;

/**
 * Common plus individual confusion (Chu et al. 2021, appendix B): one shared row-stochastic matrix
 * {@code common[k][l]}, one individual matrix per worker, and per answer the probability {@code
 * omega[a]} that it came from the common matrix.
 *
 * @param common shared confusion, flat {@code K × K}
 * @param individual per-worker confusions
 * @param omega P(common source) per answer, in the dataset's answer order
 */
public record CommonConfusionModel(double[] common, ConfusionMatrices individual, double[] omega)
    implements WorkerModel {
  /** Copies the arrays. */
  public CommonConfusionModel {
    common = common.clone();
    omega = omega.clone();
  }

  @Override
  public double[] common() {
    return common.clone();
  }

  @Override
  public double[] omega() {
    return omega.clone();
  }

  @Override
  public int numWorkers() {
    return individual.numWorkers();
  }

  @Override
  public double skill(int w) {
    return individual.skill(w);
  }
}
