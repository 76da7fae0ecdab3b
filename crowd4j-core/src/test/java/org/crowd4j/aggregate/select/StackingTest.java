package org.crowd4j.aggregate.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Stacking weights of held-out predictions. */
class StackingTest {
  private static HeldOutPredictions predictions(double[][] p, String... failures) {
    int n = p[0].length;
    int[] answers = new int[n];
    int[] folds = new int[n];
    for (int j = 0; j < n; j++) {
      answers[j] = j;
      folds[j] = j % 2;
    }
    String[] fail = new String[p.length];
    for (int i = 0; i < failures.length; i++) {
      fail[i] = failures[i];
    }
    List<String> names = new java.util.ArrayList<>();
    for (int i = 0; i < p.length; i++) {
      names.add("c" + i);
    }
    return new HeldOutPredictions(names, answers, folds, 2, p, fail);
  }

  @Test
  void aDominatingCandidateTakesTheWeight() {
    double[][] p = {{0.9, 0.8, 0.9, 0.7}, {0.5, 0.4, 0.5, 0.3}};
    Stacking s = Stacking.fit(predictions(p), 1000, 1e-12);
    assertTrue(s.weights()[0] > 0.999, "weight " + s.weights()[0]);
  }

  @Test
  void complementaryCandidatesShareAndTheObjectiveNeverFalls() {
    // each candidate is right on half of the answers: the best mixture is 50/50
    double[][] p = {{0.9, 0.1, 0.9, 0.1}, {0.1, 0.9, 0.1, 0.9}};
    Stacking s = Stacking.fit(predictions(p), 1000, 1e-12);
    assertEquals(0.5, s.weights()[0], 1e-9);
    double[] o = s.objective();
    for (int i = 1; i < o.length; i++) {
      assertTrue(o[i] >= o[i - 1] - 1e-15);
    }
    assertEquals(Math.log(0.5), s.score(), 1e-9);
  }

  @Test
  void unevenMixtureMatchesTheFirstOrderCondition() {
    double[][] p = {{0.9, 0.2, 0.6}, {0.3, 0.7, 0.5}};
    Stacking s = Stacking.fit(predictions(p), 10_000, 1e-15);
    double w = s.weights()[0];
    // d/dw Σ log(w p0 + (1 − w) p1) = 0 at an interior optimum
    double g = 0;
    for (int j = 0; j < 3; j++) {
      g += (p[0][j] - p[1][j]) / (w * p[0][j] + (1 - w) * p[1][j]);
    }
    assertEquals(0, g, 1e-6);
    assertTrue(s.converged());
  }

  @Test
  void failedCandidatesGetNoWeight() {
    double[][] p = {{0.9, 0.8}, {Double.NaN, Double.NaN}};
    Stacking s = Stacking.fit(predictions(p, null, "boom"), 100, 1e-12);
    assertEquals(1.0, s.weights()[0], 0);
    assertEquals(0.0, s.weights()[1], 0);
  }
}
