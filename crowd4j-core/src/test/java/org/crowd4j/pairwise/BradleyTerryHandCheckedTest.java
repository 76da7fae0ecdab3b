package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.method.Diagnostics;
import org.junit.jupiter.api.Test;

/**
 * Bradley–Terry's scores, objective and standard errors against values worked out by hand or from
 * the stationarity conditions and the information matrix, computed here independently.
 */
class BradleyTerryHandCheckedTest {
  private static final String[] NAMES = {"a", "b", "c"};

  /** Comparisons of a, b and c: {@code n[i][j]} wins of item i over item j. */
  private static Comparisons wins(int[][] n) {
    Comparisons.Builder b = Comparisons.builder();
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        add(b, NAMES[i], NAMES[j], n[i][j]);
      }
    }
    return b.build();
  }

  private static void add(Comparisons.Builder b, String winner, String loser, int times) {
    for (int k = 0; k < times; k++) {
      b.add("w" + k, winner, loser, winner);
    }
  }

  private static Ranking fit(Comparisons data, double prior) {
    return fit(data, prior, StandardErrors.EXACT);
  }

  private static Ranking fit(Comparisons data, double prior, StandardErrors errors) {
    return new BradleyTerry(
            BradleyTerry.Options.defaults()
                .withPrior(prior)
                .withIterations(10_000, 1e-14)
                .withStandardErrors(errors))
        .fit(data);
  }

  /** Two items, 3–1: scores 3/4 and 1/4, log-likelihood 3 ln 3/4 + ln 1/4, errors √(1/3). */
  @Test
  void twoItemsByHand() {
    Comparisons.Builder b = Comparisons.builder();
    add(b, "a", "b", 3);
    add(b, "b", "a", 1);
    Ranking r = fit(b.build(), 0);
    int a = r.items().id("a");
    int bb = r.items().id("b");
    assertEquals(0.75, r.score(a), 1e-9);
    assertEquals(0.25, r.score(bb), 1e-9);
    assertEquals(Math.log(3), r.logScore(a) - r.logScore(bb), 1e-9);
    // information n π (1 − π) = 4 · 3/16 for the difference; each side of the mean carries half
    assertEquals(Math.sqrt(1.0 / 3), r.stderr(a), 1e-7);
    assertEquals(Math.sqrt(1.0 / 3), r.stderr(bb), 1e-7);
    // two items are a complete balanced design: the diagonal (1 − 1/2)/√(3/4) is exact
    Ranking diagonal = fit(b.build(), 0, StandardErrors.DIAGONAL);
    assertEquals(0.5 / Math.sqrt(0.75), diagonal.stderr(a), 1e-7);
    assertEquals(Math.sqrt(1.0 / 3), diagonal.stderr(bb), 1e-7);
    Ranking none = fit(b.build(), 0, StandardErrors.NONE);
    assertTrue(Double.isNaN(none.stderr(a)) && Double.isNaN(none.stderr(bb)));
    assertEquals(r.score(a), none.score(a));
    Diagnostics d = r.diagnostics();
    assertTrue(d.converged());
    assertEquals(3 * Math.log(0.75) + Math.log(0.25), d.objective()[d.iterations() - 1], 1e-9);
    assertEquals("log-likelihood", d.objectiveName());
    for (int t = 1; t < d.iterations(); t++) {
      assertTrue(d.objective()[t] >= d.objective()[t - 1] - 1e-12, "MM never decreases, step " + t);
    }
  }

  @Test
  void threeItemsWithoutAPriorSatisfyTheLikelihoodEquationsAndTheLaplacianErrors() {
    check(new int[][] {{0, 5, 6}, {2, 0, 4}, {1, 3, 0}}, 0);
  }

  @Test
  void threeItemsWithAPriorSatisfyThePosteriorEquationsAndTheirErrors() {
    check(new int[][] {{0, 5, 6}, {2, 0, 4}, {1, 3, 0}}, 0.7);
    // a total order: finite only through the prior
    check(new int[][] {{0, 5, 6}, {0, 0, 4}, {0, 0, 0}}, 1.5);
  }

  /**
   * Holds the fit to the stationarity of log-likelihood plus λ Σ [log σ(θ) + log σ(−θ)], its
   * objective to that sum, its exact errors to the diagonal of the constrained inverse of the
   * information matrix I (a Laplacian plus the prior's 2λσ(1−σ) on the diagonal) and its diagonal
   * errors to (vᵀv)/√(vᵀIv), v = e_i − 1/3, never above the exact ones.
   */
  private static void check(int[][] n, double lambda) {
    Ranking r = fit(wins(n), lambda);
    String[] names = NAMES;
    int[] id = new int[3];
    double[] theta = new double[3];
    for (int i = 0; i < 3; i++) {
      id[i] = r.items().id(names[i]);
      theta[i] = r.logScore(id[i]);
    }
    double objective = 0;
    double[][] info = new double[3][3];
    for (int i = 0; i < 3; i++) {
      double gradient = 0;
      for (int j = 0; j < 3; j++) {
        if (i == j) {
          continue;
        }
        double pij = 1 / (1 + Math.exp(theta[j] - theta[i]));
        gradient += n[i][j] - (n[i][j] + n[j][i]) * pij;
        objective += n[i][j] * Math.log(pij);
        double w = (n[i][j] + n[j][i]) * pij * (1 - pij);
        info[i][i] += w;
        info[i][j] -= w;
      }
      double s = 1 / (1 + Math.exp(-theta[i]));
      if (lambda > 0) {
        gradient += lambda * (1 - 2 * s);
        objective += lambda * (Math.log(s) + Math.log(1 - s));
        info[i][i] += 2 * lambda * s * (1 - s);
      }
      assertEquals(0, gradient, 1e-6, "stationary in " + names[i]);
    }
    Diagnostics d = r.diagnostics();
    assertEquals(objective, d.objective()[d.iterations() - 1], 1e-8);
    // variance of θ_i − mean θ: A⁻¹ − u uᵀ / 1ᵀu with A = info + J (J·1 pins the mean)
    double[][] a = new double[3][3];
    double scale = (info[0][0] + info[1][1] + info[2][2]) / 3;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        a[i][j] = info[i][j] + scale;
      }
    }
    double[][] inv = inverse(a);
    double[] u = new double[3];
    double total = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        u[i] += inv[i][j];
      }
      total += u[i];
    }
    Ranking diagonal = fit(wins(n), lambda, StandardErrors.DIAGONAL);
    for (int i = 0; i < 3; i++) {
      double variance = inv[i][i] - u[i] * u[i] / total;
      assertEquals(Math.sqrt(variance), r.stderr(id[i]), 1e-6, "stderr of " + names[i]);
      double[] v = {-1.0 / 3, -1.0 / 3, -1.0 / 3};
      v[i] += 1;
      double vIv = 0;
      for (int x = 0; x < 3; x++) {
        for (int y = 0; y < 3; y++) {
          vIv += v[x] * info[x][y] * v[y];
        }
      }
      double bound = (2.0 / 3) / Math.sqrt(vIv);
      assertEquals(bound, diagonal.stderr(id[i]), 1e-6, "diagonal stderr of " + names[i]);
      assertTrue(bound <= Math.sqrt(variance) + 1e-9, "a lower bound for " + names[i]);
    }
  }

  private static double[][] inverse(double[][] m) {
    double det =
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    double[][] c = new double[3][3];
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        int r0 = (j + 1) % 3;
        int r1 = (j + 2) % 3;
        int c0 = (i + 1) % 3;
        int c1 = (i + 2) % 3;
        c[i][j] = (m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]) / det;
      }
    }
    return c;
  }
}
