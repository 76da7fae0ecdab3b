package org.crowd4j.aggregate;

/**
 * GLAD parameters (Whitehill et al. 2009): worker ability {@code alpha[w]} and task log
 * inverse-difficulty {@code beta[i]}; P(correct) = σ(α_w · exp(β_i)).
 *
 * @param alpha ability per worker
 * @param beta log inverse difficulty per task
 */
public record GladModel(double[] alpha, double[] beta) implements WorkerModel {
  /** Copies the arrays. */
  public GladModel {
    alpha = alpha.clone();
    beta = beta.clone();
  }

  @Override
  public double[] alpha() {
    return alpha.clone();
  }

  @Override
  public double[] beta() {
    return beta.clone();
  }

  @Override
  public int numWorkers() {
    return alpha.length;
  }

  @Override
  public double skill(int w) {
    return alpha[w];
  }
}
