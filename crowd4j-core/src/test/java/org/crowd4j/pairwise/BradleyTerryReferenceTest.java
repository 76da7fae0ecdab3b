package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.crowd4j.method.Diagnostics;
import org.junit.jupiter.api.Test;

/**
 * The MM fit over pairs, with its log-likelihood summed per item and per pair, equals the
 * straightforward MM update over the comparisons themselves, with the log-likelihood summed per
 * comparison, to 1e-9: same iterations, scores, log-scores and objective history.
 */
class BradleyTerryReferenceTest {
  @Test
  void pairsFitLikeComparisons() {
    int[][] shapes = {{3, 10}, {40, 3000}, {200, 5000}, {500, 1500}};
    for (int[] shape : shapes) {
      Comparisons data =
          PairwiseSimulator.simulate(
                  new PairwiseSimulator.Spec(
                      shape[0], shape[1], 15, 0.1, 0.05, 1.0, PairwiseSimulator.Model.BT),
                  shape[1])
              .data();
      for (double prior : new double[] {0, 1}) {
        for (double tol : new double[] {1e-5, 0}) {
          BradleyTerry.Options o =
              BradleyTerry.Options.defaults().withPrior(prior).withIterations(60, tol);
          Ranking r = new BradleyTerry(o).fit(data);
          Reference ref = reference(data, o);
          String what = Arrays.toString(shape) + " prior " + prior + " tol " + tol;
          Diagnostics d = r.diagnostics();
          assertEquals(ref.iterations, d.iterations(), what);
          for (int t = 0; t < ref.iterations; t++) {
            assertEquals(ref.history[t], d.objective()[t], 1e-9 * Math.abs(ref.history[t]), what);
          }
          for (int i = 0; i < data.numItems(); i++) {
            assertEquals(ref.scores[i], r.score(i), 1e-9, what + " score " + i);
            assertEquals(ref.logScores[i], r.logScore(i), 1e-9, what + " log-score " + i);
          }
        }
      }
    }
  }

  /** An item that never won gets 0 (log-score −∞) without a prior, in both computations. */
  @Test
  void neverWonItemsAgree() {
    Comparisons.Builder b = Comparisons.builder();
    b.add("w", "a", "b", "a").add("w", "b", "c", "b").add("w", "c", "a", "a");
    b.add("w", "b", "d", "b").add("w", "a", "d", "a").add("w", "c", "b", "c");
    Comparisons data = b.build();
    BradleyTerry.Options o = BradleyTerry.Options.defaults().withIterations(40, 0);
    Ranking r = new BradleyTerry(o).fit(data);
    Reference ref = reference(data, o);
    for (int i = 0; i < data.numItems(); i++) {
      assertEquals(ref.scores[i], r.score(i), 1e-12);
      if (Double.isInfinite(ref.logScores[i])) {
        assertEquals(ref.logScores[i], r.logScore(i));
      } else {
        assertEquals(ref.logScores[i], r.logScore(i), 1e-12);
      }
    }
    for (int t = 0; t < ref.iterations; t++) {
      assertEquals(ref.history[t], r.diagnostics().objective()[t], 1e-9);
    }
  }

  /**
   * The denominators and the sum of logs by the running product, with and without the range check
   * per pair, equal the direct sums, also for strengths far outside the product's safe range.
   */
  @Test
  void productOfSumsEqualsTheSumOfLogs() {
    Comparisons data =
        PairwiseSimulator.simulate(
                new PairwiseSimulator.Spec(
                    60, 20_000, 15, 0.1, 0.05, 1.0, PairwiseSimulator.Model.BT),
                5)
            .data();
    PairCounts counts = PairCounts.of(data);
    java.util.SplittableRandom rng = new java.util.SplittableRandom(11);
    for (double spread : new double[] {1, 20, 300}) {
      double[] p = new double[counts.items];
      for (int i = 0; i < p.length; i++) {
        p[i] = Math.exp(spread * (rng.nextDouble() - 0.5));
      }
      double[] expected = new double[counts.items];
      double logSums = 0;
      for (int q = 0; q < counts.pairs(); q++) {
        double s = p[counts.a[q]] + p[counts.b[q]];
        expected[counts.a[q]] += counts.count[q] / s;
        expected[counts.b[q]] += counts.count[q] / s;
        logSums += counts.count[q] * Math.log(s);
      }
      double[] fast = new double[counts.items];
      double[] guarded = new double[counts.items];
      double tolerance = 1e-12 * Math.max(1, Math.abs(logSums));
      assertEquals(
          logSums, BradleyTerry.denominators(counts, p, fast), tolerance, "spread " + spread);
      assertEquals(
          logSums, BradleyTerry.guardedDenominators(counts, p, guarded), tolerance, "" + spread);
      for (int i = 0; i < p.length; i++) {
        assertEquals(expected[i], fast[i], 1e-12 * expected[i]);
        assertEquals(expected[i], guarded[i], 1e-12 * expected[i]);
      }
    }
  }

  private record Reference(double[] scores, double[] logScores, double[] history, int iterations) {}

  /** Hunter's simultaneous MM update, one term per comparison. */
  private static Reference reference(Comparisons data, BradleyTerry.Options o) {
    int n = data.numItems();
    double lambda = o.prior();
    int[] wins = new int[n];
    int[] compared = new int[n];
    for (int c = 0; c < data.size(); c++) {
      wins[data.winner(c)]++;
      compared[data.left(c)]++;
      compared[data.right(c)]++;
    }
    double[] p = new double[n];
    for (int i = 0; i < n; i++) {
      p[i] = lambda == 0 && compared[i] == 0 ? 0 : 1;
    }
    double[] normalised = scaled(p);
    double[] history = new double[o.maxIterations()];
    int iterations = 0;
    while (iterations < o.maxIterations()) {
      double[] denominator = new double[n];
      for (int c = 0; c < data.size(); c++) {
        double s = p[data.left(c)] + p[data.right(c)];
        denominator[data.left(c)] += 1 / s;
        denominator[data.right(c)] += 1 / s;
      }
      double[] next = new double[n];
      for (int i = 0; i < n; i++) {
        next[i] =
            lambda > 0
                ? (wins[i] + lambda) / (denominator[i] + 2 * lambda / (p[i] + 1))
                : compared[i] == 0 ? 0 : wins[i] / denominator[i];
      }
      if (lambda == 0) {
        next = scaled(next);
      }
      double[] v = scaled(next);
      double change = 0;
      for (int i = 0; i < n; i++) {
        change += Math.abs(v[i] - normalised[i]);
      }
      normalised = v;
      p = next;
      double ll = 0;
      for (int c = 0; c < data.size(); c++) {
        ll += Math.log(p[data.winner(c)]) - Math.log(p[data.left(c)] + p[data.right(c)]);
      }
      if (lambda > 0) {
        for (double x : p) {
          ll += lambda * (Math.log(x) - 2 * Math.log1p(x));
        }
      }
      history[iterations++] = ll;
      if (change <= o.tol()) {
        break;
      }
    }
    double[] scores = new double[n];
    double[] logScores = new double[n];
    for (int i = 0; i < n; i++) {
      boolean never = compared[i] == 0 && lambda == 0;
      scores[i] = never ? Double.NaN : normalised[i];
      logScores[i] = never ? Double.NaN : Math.log(lambda > 0 ? p[i] : normalised[i]);
    }
    return new Reference(scores, logScores, Arrays.copyOf(history, iterations), iterations);
  }

  private static double[] scaled(double[] v) {
    double total = 0;
    for (double x : v) {
      total += x;
    }
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] / total;
    }
    return out;
  }
}
