package org.crowd4j.pairwise;

import org.crowd4j.aggregate.kernel.Lbfgs;

/**
 * Negative log-posterior of the noisy Bradley–Terry model and its gradient, over the flat vector
 * {@code [θ_0..θ_{n-1}, q_0..q_{W-1}, γ_0..γ_{W-1}]}. A judgement {@code y = ±1} (left won / lost)
 * of worker {@code w} on items {@code (l, r)} has the likelihood
 *
 * <pre>
 *   P(y) = σ(γ_w) σ(y(θ_l − θ_r)) + (1 − σ(γ_w)) σ(y q_w)
 * </pre>
 *
 * evaluated in log space ({@code log P} by log-sum-exp of the two branches), plus the prior {@code
 * λ Σ_i [log σ(θ_i) + log σ(−θ_i)]}. One pass over the comparisons per evaluation, no allocation.
 */
final class NoisyBtObjective implements Lbfgs.Function {
  private final Comparisons data;
  private final int items;
  private final int workers;
  private final double lambda;
  private final double[] slope;

  NoisyBtObjective(Comparisons data, double lambda) {
    this.data = data;
    this.items = data.numItems();
    this.workers = data.numWorkers();
    this.lambda = lambda;
    this.slope = new double[data.size()];
  }

  /** Length of the parameter vector. */
  int dimension() {
    return items + 2 * workers;
  }

  /** Offset of the biases q. */
  int biasOffset() {
    return items;
  }

  /** Offset of the skills γ. */
  int skillOffset() {
    return items + workers;
  }

  /**
   * ∂ log P / ∂(θ_l − θ_r) of each comparison at the last evaluated point (for the standard
   * errors).
   */
  double[] slopes() {
    return slope;
  }

  @Override
  public double evaluate(double[] x, double[] gradient) {
    java.util.Arrays.fill(gradient, 0);
    int qOff = items;
    int gOff = items + workers;
    double ll = 0;
    int m = data.size();
    for (int c = 0; c < m; c++) {
      int l = data.left(c);
      int r = data.right(c);
      int w = data.worker(c);
      double y = data.leftWon(c) ? 1 : -1;
      double d = y * (x[l] - x[r]);
      double bias = y * x[qOff + w];
      double gamma = x[gOff + w];
      double logA = logSigmoid(d);
      double logB = logSigmoid(bias);
      double logSkill = logSigmoid(gamma);
      double logNoSkill = logSigmoid(-gamma);
      double u = logSkill + logA;
      double v = logNoSkill + logB;
      double logP = u > v ? u + Math.log1p(Math.exp(v - u)) : v + Math.log1p(Math.exp(u - v));
      ll += logP;
      double rA = Math.exp(u - logP);
      double rB = Math.exp(v - logP);
      double dd = rA * Math.exp(logSigmoid(-d)) * y;
      slope[c] = dd;
      gradient[l] -= dd;
      gradient[r] += dd;
      gradient[qOff + w] -= rB * Math.exp(logSigmoid(-bias)) * y;
      gradient[gOff + w] -= Math.exp(logNoSkill) * rA - Math.exp(logSkill) * rB;
    }
    if (lambda > 0) {
      for (int i = 0; i < items; i++) {
        ll += lambda * (logSigmoid(x[i]) + logSigmoid(-x[i]));
        gradient[i] -= lambda * (1 - 2 * sigmoid(x[i]));
      }
    }
    return -ll;
  }

  /** log σ(z), stable for large |z|. */
  static double logSigmoid(double z) {
    return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
  }

  /** σ(z). */
  static double sigmoid(double z) {
    if (z >= 0) {
      return 1 / (1 + Math.exp(-z));
    }
    double e = Math.exp(z);
    return e / (1 + e);
  }
}
