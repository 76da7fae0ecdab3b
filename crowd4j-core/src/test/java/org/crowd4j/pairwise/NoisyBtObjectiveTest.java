package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The objective without per-comparison transcendental functions equals the straightforward one (one
 * {@code exp} and one {@code log} per comparison) to 1e-12, value and gradient, on random points:
 * narrow and wide spreads of the log-scores, and extreme skills where P underflows.
 */
class NoisyBtObjectiveTest {
  @Test
  void equalsThePerComparisonFormula() {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(80, 5000, 25, 0.2, 0.2, 1.5, PairwiseSimulator.Model.BT),
                3)
            .data();
    SplittableRandom rng = new SplittableRandom(4);
    for (double spread : new double[] {0.5, 4, 40, 400, 2000}) {
      for (double lambda : new double[] {0, 0.7}) {
        NoisyBtObjective f = new NoisyBtObjective(data, lambda);
        double[] x = new double[f.dimension()];
        for (int j = 0; j < x.length; j++) {
          x[j] = j < data.numItems() ? spread * (rng.nextDouble() - 0.5) : rng.nextDouble(-3, 3);
        }
        if (spread > 100) {
          x[f.skillOffset()] = 60; // a worker who always follows the scores
        }
        double[] g = new double[x.length];
        double[] expected = new double[x.length];
        double value = f.evaluate(x, g);
        double reference = reference(data, lambda, x, expected);
        String what = "spread " + spread + " prior " + lambda;
        assertEquals(reference, value, 1e-12 * Math.abs(reference), what);
        for (int j = 0; j < x.length; j++) {
          assertEquals(
              expected[j], g[j], 1e-12 * Math.max(1, Math.abs(expected[j])), what + " x" + j);
        }
      }
    }
  }

  /** Negative log-posterior and its gradient, one term per comparison. */
  private static double reference(Comparisons data, double lambda, double[] x, double[] gradient) {
    int n = data.numItems();
    int workers = data.numWorkers();
    double ll = 0;
    for (int c = 0; c < data.size(); c++) {
      int l = data.left(c);
      int r = data.right(c);
      int w = data.worker(c);
      double y = data.leftWon(c) ? 1 : -1;
      double d = y * (x[l] - x[r]);
      double q = x[n + w];
      double gamma = x[n + workers + w];
      double lu = NoisyBtObjective.logSigmoid(gamma) + NoisyBtObjective.logSigmoid(d);
      double lv = NoisyBtObjective.logSigmoid(-gamma) + NoisyBtObjective.logSigmoid(y * q);
      double logP =
          lu > lv ? lu + Math.log1p(Math.exp(lv - lu)) : lv + Math.log1p(Math.exp(lu - lv));
      ll += logP;
      double rA = Math.exp(lu - logP);
      double rB = Math.exp(lv - logP);
      double dd = rA * NoisyBtObjective.sigmoid(-d) * y;
      gradient[l] -= dd;
      gradient[r] += dd;
      gradient[n + w] -= rB * NoisyBtObjective.sigmoid(-y * q) * y;
      gradient[n + workers + w] -=
          NoisyBtObjective.sigmoid(-gamma) * rA - NoisyBtObjective.sigmoid(gamma) * rB;
    }
    for (int i = 0; i < n; i++) {
      ll += lambda * (NoisyBtObjective.logSigmoid(x[i]) + NoisyBtObjective.logSigmoid(-x[i]));
      gradient[i] -= lambda * (1 - 2 * NoisyBtObjective.sigmoid(x[i]));
    }
    return -ll;
  }
}
