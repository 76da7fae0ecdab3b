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
 * evaluation without a transcendental function: the worker terms and {@code e^(θ_i − max θ)} are
 * computed once per evaluation, {@code σ(θ_l − θ_r) = e_l / (e_l + e_r)}, and {@code Σ log P} is
 * the log of a running product of the P whose binary exponent is split off (exactly) every {@link
 * #BLOCK} comparisons; no allocation. A P below 2⁻⁵⁰ takes its own {@code log}, log-scores spread
 * wider than {@link #MAX_SPREAD} take one {@code exp} per comparison, and where both branches of
 * {@code P} underflow (below 1e-250) the comparison is evaluated in log space by log-sum-exp.
 */
final class NoisyBtObjective implements Lbfgs.Function {
  private final Comparisons data;
  private final int items;
  private final int workers;
  private final double lambda;
  private double[] slope;
  private final double[] skill;
  private final double[] noSkill;
  private final double[] leftBias;
  private final double[] rightBias;
  private final double[] strength;
  private boolean keepSlopes;

  /**
   * Widest spread of the log-scores for which σ(θ_l − θ_r) is taken from per-item {@code e^(θ − max
   * θ)}, all then at least e⁻⁶⁰⁰, far from underflow; beyond it each comparison takes its own
   * {@code exp}.
   */
  private static final double MAX_SPREAD = 600;

  /** Comparisons between two splits of the likelihood product's exponent. */
  private static final int BLOCK = 16;

  private static final double LN2 = Math.log(2);

  NoisyBtObjective(Comparisons data, double lambda) {
    this.data = data;
    this.items = data.numItems();
    this.workers = data.numWorkers();
    this.lambda = lambda;
    this.skill = new double[workers];
    this.noSkill = new double[workers];
    this.leftBias = new double[workers];
    this.rightBias = new double[workers];
    this.strength = new double[items];
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
   * ∂ log P / ∂(θ_l − θ_r) of each comparison at the last point evaluated with {@link #keepSlopes}
   * on (for the standard errors).
   */
  double[] slopes() {
    return slope;
  }

  /** Whether the next evaluations keep each comparison's slope for {@link #slopes()}. */
  void keepSlopes(boolean keep) {
    keepSlopes = keep;
    if (keep && slope == null) {
      slope = new double[data.size()];
    }
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
    // per-item terms once: e^(θ − max θ), so σ(θ_l − θ_r) = e_l / (e_l + e_r)
    double top = Double.NEGATIVE_INFINITY;
    double bottom = Double.POSITIVE_INFINITY;
    for (int i = 0; i < items; i++) {
      top = Math.max(top, x[i]);
      bottom = Math.min(bottom, x[i]);
    }
    boolean viaItems = top - bottom <= MAX_SPREAD;
    if (viaItems) {
      for (int i = 0; i < items; i++) {
        strength[i] = Math.exp(x[i] - top);
      }
    }
    double ll = 0;
    double product = 1;
    long exponent = 0;
    int m = data.size();
    for (int c = 0; c < m; ) {
      for (int end = Math.min(c + BLOCK, m); c < end; c++) {
        int l = data.left(c);
        int r = data.right(c);
        int w = data.worker(c);
        boolean leftWon = data.leftWon(c);
        double y = leftWon ? 1 : -1;
        double agree;
        double disagree;
        if (viaItems) {
          double el = strength[l];
          double er = strength[r];
          double scale = 1 / (el + er);
          agree = (leftWon ? el : er) * scale;
          disagree = (leftWon ? er : el) * scale;
        } else {
          double d = y * (x[l] - x[r]);
          double e = Math.exp(-Math.abs(d));
          agree = d >= 0 ? 1 / (1 + e) : e / (1 + e);
          disagree = d >= 0 ? e / (1 + e) : 1 / (1 + e);
        }
        double bias = leftWon ? leftBias[w] : rightBias[w];
        double notBias = leftWon ? rightBias[w] : leftBias[w];
        double a = skill[w];
        double na = noSkill[w];
        double u = a * agree;
        double v = na * bias;
        double p = u + v;
        double rA;
        double rB;
        if (p >= 0x1p-50) {
          product *= p;
          double shares = 1 / p;
          rA = u * shares;
          rB = v * shares;
        } else if (p > 1e-250) {
          ll += Math.log(p);
          rA = u / p;
          rB = v / p;
        } else {
          // both branches underflow: the same quantities in log space
          double d = y * (x[l] - x[r]);
          double lu = logSigmoid(x[gOff + w]) + logSigmoid(d);
          double lv = logSigmoid(-x[gOff + w]) + logSigmoid(y * x[qOff + w]);
          double logP =
              lu > lv ? lu + Math.log1p(Math.exp(lv - lu)) : lv + Math.log1p(Math.exp(lu - lv));
          ll += logP;
          rA = Math.exp(lu - logP);
          rB = Math.exp(lv - logP);
        }
        double dd = rA * disagree * y;
        if (keepSlopes) {
          slope[c] = dd;
        }
        gradient[l] -= dd;
        gradient[r] += dd;
        gradient[qOff + w] -= rB * notBias * y;
        gradient[gOff + w] -= na * rA - a * rB;
      }
      long bits = Double.doubleToRawLongBits(product);
      exponent += ((bits >>> 52) & 0x7ff) - 1023;
      product = Double.longBitsToDouble((bits & 0x800fffffffffffffL) | 0x3ff0000000000000L);
    }
    ll += Math.log(product) + exponent * LN2;
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
