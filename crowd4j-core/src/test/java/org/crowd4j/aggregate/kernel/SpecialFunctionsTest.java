package org.crowd4j.aggregate.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpecialFunctionsTest {
  private static final double EULER = 0.5772156649015329;

  @Test
  void logGammaKnownValues() {
    assertEquals(0.0, SpecialFunctions.logGamma(1), 1e-14);
    assertEquals(0.0, SpecialFunctions.logGamma(2), 1e-14);
    assertEquals(0.5 * Math.log(Math.PI), SpecialFunctions.logGamma(0.5), 1e-15);
    assertEquals(Math.log(362880), SpecialFunctions.logGamma(10), 1e-13);
    for (double x : new double[] {1e-8, 0.3, 2.5, 14.9, 15.1, 1e3, 1e7}) {
      double lhs = SpecialFunctions.logGamma(x + 1);
      double rhs = Math.log(x) + SpecialFunctions.logGamma(x);
      assertEquals(lhs, rhs, 1e-13 * Math.max(1, Math.abs(lhs)), "x=" + x);
    }
    assertEquals(-Math.log(1e-8) - EULER * 1e-8, SpecialFunctions.logGamma(1e-8), 1e-12);
    assertTrue(Double.isNaN(SpecialFunctions.logGamma(0)));
  }

  @Test
  void digammaKnownValues() {
    assertEquals(-EULER, SpecialFunctions.digamma(1), 1e-15);
    assertEquals(-EULER - 2 * Math.log(2), SpecialFunctions.digamma(0.5), 1e-14);
    assertEquals(1 - EULER, SpecialFunctions.digamma(2), 1e-15);
    for (double x : new double[] {1e-6, 0.7, 9.5, 15, 300, 1e6}) {
      double lhs = SpecialFunctions.digamma(x + 1);
      double rhs = SpecialFunctions.digamma(x) + 1 / x;
      assertEquals(lhs, rhs, 1e-13 * Math.max(1, 1 / x), "x=" + x);
      if (x < 0.5) {
        continue;
      }
      double h = 1e-5 * x;
      double numeric =
          (SpecialFunctions.logGamma(x + h) - SpecialFunctions.logGamma(x - h)) / (2 * h);
      assertEquals(numeric, SpecialFunctions.digamma(x), 1e-6 * Math.max(1, Math.abs(numeric)));
    }
  }

  @Test
  void dirichletKlIsZeroForEqualAndMatchesBetaByQuadrature() {
    double[] a = {2.5, 0.7, 4};
    assertEquals(0.0, SpecialFunctions.dirichletKl(a, 0, a, 0, 3), 1e-14);
    // KL(Beta(3, 2) || Beta(0.5, 0.5)) by the midpoint rule on the densities.
    double[] q = {3, 2};
    double[] p = {0.5, 0.5};
    double lbq =
        SpecialFunctions.logGamma(3) + SpecialFunctions.logGamma(2) - SpecialFunctions.logGamma(5);
    double lbp = 2 * SpecialFunctions.logGamma(0.5) - SpecialFunctions.logGamma(1);
    int steps = 2_000_000;
    double kl = 0;
    for (int s = 0; s < steps; s++) {
      double x = (s + 0.5) / steps;
      double logQ = 2 * Math.log(x) + Math.log(1 - x) - lbq;
      double logP = -0.5 * Math.log(x) - 0.5 * Math.log(1 - x) - lbp;
      kl += Math.exp(logQ) * (logQ - logP) / steps;
    }
    assertEquals(kl, SpecialFunctions.dirichletKl(q, 0, p, 0, 2), 1e-6);
  }
}
