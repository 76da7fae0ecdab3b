package org.crowd4j.pairwise;

import org.crowd4j.internal.kernel.Lbfgs;

/**
 * Negative log-posterior of the noisy Bradley–Terry model and its gradient, over the flat vector
 * {@code [θ_0..θ_{n-1}, q_0..q_{W-1}, γ_0..γ_{W-1}]}. A judgement {@code y = ±1} (left won / lost)
 * of worker {@code w} on items {@code (l, r)} has the likelihood
 *
 * <pre>
 *   P(y) = σ(γ_w) σ(y(θ_l − θ_r)) + (1 − σ(γ_w)) σ(y q_w)
 * </pre>
 *
 * plus the prior {@code λ Σ_i [log σ(θ_i) + log σ(−θ_i)]}. One pass over the comparisons per
 * evaluation with one {@code exp} and one {@code log} each (the worker terms are computed once per
 * evaluation), no allocation; where both branches of {@code P} underflow (below 1e-250) the
 * comparison is evaluated in log space by log-sum-exp instead.
 */
final class NoisyBtObjective implements Lbfgs.Function {
  private final Comparisons data;
  private final int items;
  private final int workers;
  private final double lambda;
  private final double[] slope;
  private final double[] skill;
  private final double[] noSkill;
  private final double[] leftBias;
  private final double[] rightBias;

  NoisyBtObjective(Comparisons data, double lambda) {
    this.data = data;
    this.items = data.numItems();
    this.workers = data.numWorkers();
    this.lambda = lambda;
    this.slope = new double[data.size()];
    this.skill = new double[workers];
    this.noSkill = new double[workers];
    this.leftBias = new double[workers];
    this.rightBias = new double[workers];
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
    // per-worker terms once: skill a = σ(γ), 1 − a, and σ(±q)
    for (int w = 0; w < workers; w++) {
      skill[w] = sigmoid(x[gOff + w]);
      noSkill[w] = sigmoid(-x[gOff + w]);
      leftBias[w] = sigmoid(x[qOff + w]);
      rightBias[w] = sigmoid(-x[qOff + w]);
    }
    double ll = 0;
    int m = data.size();
    for (int c = 0; c < m; c++) {
      int l = data.left(c);
      int r = data.right(c);
      int w = data.worker(c);
      boolean leftWon = data.leftWon(c);
      double y = leftWon ? 1 : -1;
      double d = y * (x[l] - x[r]);
      double e = Math.exp(-Math.abs(d));
      double agree = d >= 0 ? 1 / (1 + e) : e / (1 + e);
      double disagree = d >= 0 ? e / (1 + e) : 1 / (1 + e);
      double bias = leftWon ? leftBias[w] : rightBias[w];
      double notBias = leftWon ? rightBias[w] : leftBias[w];
      double a = skill[w];
      double na = noSkill[w];
      double u = a * agree;
      double v = na * bias;
      double p = u + v;
      double logP;
      double rA;
      double rB;
      if (p > 1e-250) {
        logP = Math.log(p);
        rA = u / p;
        rB = v / p;
      } else {
        // both branches underflow: the same quantities in log space
        double lu = logSigmoid(x[gOff + w]) + logSigmoid(d);
        double lv = logSigmoid(-x[gOff + w]) + logSigmoid(y * x[qOff + w]);
        logP = lu > lv ? lu + Math.log1p(Math.exp(lv - lu)) : lv + Math.log1p(Math.exp(lu - lv));
        rA = Math.exp(lu - logP);
        rB = Math.exp(lv - logP);
      }
      ll += logP;
      double dd = rA * disagree * y;
      slope[c] = dd;
      gradient[l] -= dd;
      gradient[r] += dd;
      gradient[qOff + w] -= rB * notBias * y;
      gradient[gOff + w] -= na * rA - a * rB;
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
