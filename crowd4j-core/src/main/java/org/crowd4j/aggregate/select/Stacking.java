package org.crowd4j.aggregate.select;

import java.util.Arrays;

/**
 * Stacking of predictive distributions (Wolpert 1992; for densities, Breiman 1996 and Smyth &amp;
 * Wolpert 1999): the mixture weights w (w_c ≥ 0, Σ w_c = 1) that maximise the held-out
 * log-likelihood Σ_j log Σ_c w_c p_c(j) of the candidates' predictions of answers they did not see.
 * The objective is concave in w and the EM update w_c ← w_c · mean_j [p_c(j) / Σ_c' w_c' p_c'(j)]
 * never decreases it; the iteration is accelerated by SQUAREM (Varadhan &amp; Roland 2008), falling
 * back to the plain double EM step whenever the extrapolation does worse, so the objective still
 * never decreases. It starts from equal weights and stops when an iteration gains less than {@code
 * tol} per answer.
 *
 * @param weights the weights, one per candidate (0 for unusable ones)
 * @param iterations EM iterations run
 * @param converged whether the gain fell below {@code tol} before the limit
 * @param objective mean held-out log-likelihood per answer after each iteration
 */
public record Stacking(double[] weights, int iterations, boolean converged, double[] objective) {
  /** Copies the arrays. */
  public Stacking {
    weights = weights.clone();
    objective = objective.clone();
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  @Override
  public double[] objective() {
    return objective.clone();
  }

  /** The final objective: the stacked mixture's held-out log-likelihood per answer. */
  public double score() {
    return objective.length == 0 ? Double.NaN : objective[objective.length - 1];
  }

  /**
   * Fits the weights of the scored candidates of {@code predictions} (failed ones get 0).
   *
   * @param maxIterations EM iterations at most
   * @param tol stop when the mean log-likelihood per answer gains less than this
   */
  public static Stacking fit(HeldOutPredictions predictions, int maxIterations, double tol) {
    int c = predictions.numCandidates();
    int n = predictions.numScored();
    double[] w = new double[c];
    int usable = 0;
    for (int i = 0; i < c; i++) {
      if (predictions.ok(i)) {
        usable++;
      }
    }
    if (usable == 0) {
      throw new IllegalArgumentException("no candidate could be scored");
    }
    for (int i = 0; i < c; i++) {
      w[i] = predictions.ok(i) ? 1.0 / usable : 0;
    }
    double[][] p = new double[c][];
    for (int i = 0; i < c; i++) {
      p[i] = predictions.ok(i) ? predictions.row(i) : null;
    }
    double[] mix = new double[n];
    double[] history = new double[maxIterations + 1];
    double previous = mixture(p, w, mix);
    history[0] = previous;
    int it = 0;
    boolean converged = n == 0 || usable == 1;
    double[] w1 = new double[c];
    double[] w2 = new double[c];
    double[] trial = new double[c];
    while (!converged && it < maxIterations) {
      // SQUAREM (Varadhan & Roland 2008): two EM steps, an extrapolated point along them, and a
      // stabilising EM step from it; the plain double step is kept if the jump does worse.
      emStep(p, w, mix, w1);
      fill(p, w1, mix);
      emStep(p, w1, mix, w2);
      double rr = 0;
      double vv = 0;
      for (int i = 0; i < c; i++) {
        double r = w1[i] - w[i];
        double v = w2[i] - 2 * w1[i] + w[i];
        rr += r * r;
        vv += v * v;
      }
      double current;
      if (vv > 0) {
        double alpha = -Math.sqrt(rr / vv);
        double norm = 0;
        for (int i = 0; i < c; i++) {
          double r = w1[i] - w[i];
          double v = w2[i] - 2 * w1[i] + w[i];
          trial[i] = p[i] == null ? 0 : Math.max(0, w[i] - 2 * alpha * r + alpha * alpha * v);
          norm += trial[i];
        }
        for (int i = 0; i < c; i++) {
          trial[i] /= norm;
        }
        fill(p, trial, mix);
        emStep(p, trial, mix, trial);
        double plain = mixture(p, w2, mix);
        current = mixture(p, trial, mix);
        if (current >= plain) {
          // mix holds the mixture at the trial point
          System.arraycopy(trial, 0, w, 0, c);
        } else {
          System.arraycopy(w2, 0, w, 0, c);
          fill(p, w, mix);
          current = plain;
        }
      } else {
        System.arraycopy(w2, 0, w, 0, c);
        current = mixture(p, w, mix);
      }
      it++;
      history[it] = current;
      converged = current - previous < tol;
      previous = current;
    }
    return new Stacking(w, it, converged, Arrays.copyOf(history, it + 1));
  }

  /**
   * One EM step: {@code out_c} = w_c · mean_j p_c(j) / mix_j, renormalised ({@code out} may be
   * {@code w}).
   */
  private static void emStep(double[][] p, double[] w, double[] mix, double[] out) {
    int n = mix.length;
    double[] inverse = new double[n];
    for (int j = 0; j < n; j++) {
      inverse[j] = 1 / mix[j];
    }
    double norm = 0;
    for (int i = 0; i < p.length; i++) {
      if (p[i] == null || w[i] == 0) {
        out[i] = 0;
        continue;
      }
      double[] pi = p[i];
      double s = 0;
      for (int j = 0; j < n; j++) {
        s += pi[j] * inverse[j];
      }
      out[i] = w[i] * s / n;
      norm += out[i];
    }
    for (int i = 0; i < p.length; i++) {
      out[i] /= norm;
    }
  }

  /** Fills {@code mix[j]} = Σ_c w_c p_c(j) (floored) and returns the mean log of it. */
  private static double mixture(double[][] p, double[] w, double[] mix) {
    fill(p, w, mix);
    int n = mix.length;
    double s = 0;
    for (int j = 0; j < n; j++) {
      s += Math.log(mix[j]);
    }
    return n > 0 ? s / n : 0;
  }

  /** Fills {@code mix[j]} = Σ_c w_c p_c(j), floored at the smallest normal double. */
  private static void fill(double[][] p, double[] w, double[] mix) {
    int n = mix.length;
    Arrays.fill(mix, 0.0);
    for (int i = 0; i < p.length; i++) {
      if (p[i] == null || w[i] == 0) {
        continue;
      }
      for (int j = 0; j < n; j++) {
        mix[j] += w[i] * p[i][j];
      }
    }
    for (int j = 0; j < n; j++) {
      mix[j] = Math.max(mix[j], Double.MIN_NORMAL);
    }
  }
}
