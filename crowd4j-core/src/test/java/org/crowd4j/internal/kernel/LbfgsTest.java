package org.crowd4j.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LbfgsTest {
  /** Rosenbrock in n dimensions: Σ 100 (x_{j+1} − x_j²)² + (1 − x_j)², minimum 0 at all ones. */
  private static double rosenbrock(double[] x, double[] g) {
    Arrays.fill(g, 0.0);
    double f = 0;
    for (int j = 0; j + 1 < x.length; j++) {
      double a = x[j + 1] - x[j] * x[j];
      double b = 1 - x[j];
      f += 100 * a * a + b * b;
      g[j] += -400 * a * x[j] - 2 * b;
      g[j + 1] += 200 * a;
    }
    return f;
  }

  @Test
  void minimisesRosenbrockWithMonotoneSteps() {
    int n = 10;
    double[] x = new double[n];
    Arrays.fill(x, -1.2);
    double[] g = new double[n];
    double[] diag = new double[n];
    Arrays.fill(diag, 1e-3);
    List<Double> values = new ArrayList<>();
    Lbfgs.Function f =
        (p, grad) -> {
          double v = rosenbrock(p, grad);
          values.add(v);
          return v;
        };
    double f0 = rosenbrock(x, g);
    Lbfgs.Result r = new Lbfgs(n, 7).minimize(f, x, f0, g, diag, 2000, 0.0, 10.0, false);
    assertTrue(r.value() < 1e-12, "value " + r.value());
    for (double v : x) {
      assertEquals(1.0, v, 1e-6);
    }
    assertTrue(r.value() <= f0);
    assertEquals(values.size(), r.evaluations());
  }

  @Test
  void preconditionedQuadraticConvergesInOneStepAndKeepsMemory() {
    double[] scale = {1, 100, 1e4};
    Lbfgs.Function f =
        (p, grad) -> {
          double v = 0;
          for (int j = 0; j < p.length; j++) {
            grad[j] = scale[j] * (p[j] - j);
            v += 0.5 * scale[j] * (p[j] - j) * (p[j] - j);
          }
          return v;
        };
    double[] x = {5, 5, 5};
    double[] g = new double[3];
    double f0 = f.evaluate(x, g);
    double[] diag = {1, 1e-2, 1e-4};
    Lbfgs lbfgs = new Lbfgs(3, 3);
    Lbfgs.Result r = lbfgs.minimize(f, x, f0, g, diag, 5, 1e-20, 100, false);
    assertEquals(0.0, r.value(), 1e-20);
    assertEquals(1, r.steps());
    // A second call from the optimum has nothing to do.
    Lbfgs.Result again = lbfgs.minimize(f, x, r.value(), g, diag, 5, 1e-20, 100, true);
    assertEquals(0, again.steps());
    assertTrue(again.converged());
  }

  @Test
  void shortensStepsThatLeaveTheDomain() {
    // f(x) = x − log x on x > 0, NaN outside; from x = 0.01 a unit gradient step would go negative.
    Lbfgs.Function f =
        (p, grad) -> {
          grad[0] = 1 - 1 / p[0];
          return p[0] > 0 ? p[0] - Math.log(p[0]) : Double.NaN;
        };
    double[] x = {0.01};
    double[] g = new double[1];
    double f0 = f.evaluate(x, g);
    Lbfgs.Result r = new Lbfgs(1, 3).minimize(f, x, f0, g, new double[] {1}, 200, 0, 1000, false);
    assertEquals(1.0, x[0], 1e-6);
    assertEquals(1.0, r.value(), 1e-12);
  }

  /**
   * For callers driving their own iteration: with no pair the direction is −diag·g; a pair with
   * positive curvature is kept and the direction then satisfies the secant condition (−H y = −s); a
   * pair without is refused.
   */
  @Test
  void pairsAndDirectionsForExternalIterations() {
    Lbfgs lbfgs = new Lbfgs(3, 2);
    double[] diag = {0.5, 2, 1};
    double[] g = {1, -2, 4};
    double[] d = new double[3];
    double gd = lbfgs.direction(g, diag, d);
    assertArrayEquals(new double[] {-0.5, 4, -4}, d, 0);
    assertEquals(-0.5 - 8 - 16, gd, 1e-15);
    assertFalse(lbfgs.addPair(new double[] {1, 0, 0}, new double[] {-1, 0, 0}));
    double[] s = {0.3, -0.1, 0.2};
    double[] y = {0.9, -0.2, 0.1};
    assertTrue(lbfgs.addPair(s, y));
    lbfgs.direction(y, diag, d);
    for (int j = 0; j < 3; j++) {
      assertEquals(-s[j], d[j], 1e-15);
    }
    lbfgs.reset();
    lbfgs.direction(g, diag, d);
    assertArrayEquals(new double[] {-0.5, 4, -4}, d, 0);
  }
}
