package org.crowd4j.numeric;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.crowd4j.internal.kernel.ChiSquared;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/**
 * Exact values on tiny crowds. CATD and PM values are one iteration worked by hand from the papers'
 * formulas (numbers checked with SciPy's {@code chi2.ppf}); Raykar's come from an independent
 * NumPy/SciPy EM whose likelihood is SciPy's multivariate normal density, the script {@code
 * raykar_ref.py} quoted in {@link #raykarMatchesAnIndependentReference()}.
 */
class NumericMethodsTest {
  /** t1 = {a: 1, b: 2, c: 6}, t2 = {a: 4, b: 4}: means 3, 4; medians 2, 4. */
  private static NumericAnswers skewed() {
    return NumericAnswers.builder()
        .add("t1", "a", 1)
        .add("t1", "b", 2)
        .add("t1", "c", 6)
        .add("t2", "a", 4)
        .add("t2", "b", 4)
        .build();
  }

  @Test
  void meanAndMedianMeasureEveryWorkerAgainstTheirEstimates() {
    NumericResult mean = TaskStatistic.mean().fit(skewed());
    assertArrayEquals(new double[] {3, 4}, mean.estimates(), 0);
    // a: residuals -2, 0 → bias -1, variance 1; b: -1, 0 → -0.5, 0.25; c: 3 → 3, 0
    assertArrayEquals(new double[] {-1, -0.5, 3}, mean.bias(), 1e-15);
    assertArrayEquals(new double[] {1, 0.25, 0}, mean.variance(), 1e-15);
    assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, mean.weights(), 1e-15);
    NumericResult median = TaskStatistic.median().fit(skewed());
    assertArrayEquals(new double[] {2, 4}, median.estimates(), 0);
    assertArrayEquals(new double[] {-0.5, 0, 4}, median.bias(), 1e-15);
    assertArrayEquals(new double[] {0.25, 0, 0}, median.variance(), 1e-15);
    for (NumericResult r : new NumericResult[] {mean, median}) {
      Diagnostics d = r.diagnostics();
      assertEquals(0, d.iterations());
      assertTrue(d.converged());
      assertEquals("closed form", d.stopReason());
    }
    assertEquals("mean", mean.provenance().method());
    assertEquals(skewed().digest(), median.provenance().dataDigest());
  }

  @Test
  void chiSquaredQuantilesMatchScipy() {
    // scipy.stats.chi2.ppf(0.025, df)
    assertEquals(0.0009820691171752555, ChiSquared.lowerQuantile(0.025, 1), 1e-15);
    assertEquals(0.05063561596857975, ChiSquared.lowerQuantile(0.025, 2), 1e-14);
    assertEquals(0.21579528262389785, ChiSquared.lowerQuantile(0.025, 3), 1e-13);
    assertEquals(3.2469727802368413, ChiSquared.lowerQuantile(0.025, 10), 1e-11);
    assertEquals(74.22192747492373, ChiSquared.lowerQuantile(0.025, 100), 1e-9);
  }

  @Test
  void catdOneIterationByHand() {
    // median start t = (3, 4, 6); squared residual sums: a 4+4+4 = 12, b 0+4 = 4, c 4+4 = 8
    // w_a = χ²(.025, 3)/12, w_b = χ²(.025, 2)/4, w_c = χ²(.025, 2)/8
    double wa = 0.21579528262389785 / 12;
    double wb = 0.05063561596857975 / 4;
    double wc = 0.05063561596857975 / 8;
    NumericResult r = new Catd(new Catd.Options(1, 0, 0.05, 1e-6)).fit(NumericCrowds.tiny());
    assertArrayEquals(
        new double[] {
          (wa * 1 + wb * 3 + wc * 5) / (wa + wb + wc),
          (wa * 2 + wb * 6) / (wa + wb),
          (wa * 4 + wc * 8) / (wa + wc)
        },
        r.estimates(),
        1e-12);
    assertArrayEquals(
        new double[] {2.3695926614323852, 3.6524989690642595, 5.04135404532303},
        r.estimates(),
        1e-12);
    assertEquals(1, r.diagnostics().iterations());
    assertFalse(r.diagnostics().converged(), "one iteration with tol 0 cannot have converged");
  }

  @Test
  void catdConvergesToItsFixedPoint() {
    NumericAnswers d = NumericCrowds.tiny();
    NumericResult r = new Catd(new Catd.Options(1000, 1e-13, 0.05, 1e-6)).fit(d);
    assertTrue(r.diagnostics().converged(), r.diagnostics().stopReason());
    double[] w = catdWeights(d, r.estimates());
    double total = w[0] + w[1] + w[2];
    for (int k = 0; k < w.length; k++) {
      assertEquals(w[k] / total, r.weights()[k], 1e-9);
    }
    for (int i = 0; i < d.numTasks(); i++) {
      double sx = 0;
      double sw = 0;
      for (int a = d.taskStart(i); a < d.taskEnd(i); a++) {
        sx += w[d.worker(a)] * d.value(a);
        sw += w[d.worker(a)];
      }
      assertEquals(sx / sw, r.estimate(i), 1e-9);
    }
  }

  /** w_k = χ²(.025, n_k) / max(Σ (x − t)², n_k · 1e-6 · pooled within-task variance). */
  private static double[] catdWeights(NumericAnswers d, double[] t) {
    double floor = 1e-6 * NumericFits.pooledVariance(d);
    double[] w = new double[d.numWorkers()];
    for (int k = 0; k < w.length; k++) {
      double sum = 0;
      for (int j = d.workerStart(k); j < d.workerEnd(k); j++) {
        int a = d.workerAnswer(j);
        sum += Math.pow(d.value(a) - t[d.task(a)], 2);
      }
      w[k] =
          ChiSquared.lowerQuantile(0.025, d.workerSize(k)) / Math.max(sum, d.workerSize(k) * floor);
    }
    return w;
  }

  /**
   * CATD's updates climb the joint likelihood of truths and worker variances, which is unbounded: a
   * worker whose weight dominates its tasks pulls the estimates onto its answers, its residuals
   * shrink and its weight grows further. On a Gaussian crowd where everyone answers everything, the
   * most precise worker ends with nearly all the weight (its residual sum on the floor).
   */
  @Test
  void catdCanLockOntoOneWorker() {
    double[] sd = {2, 3, 4, 6, 8, 12, 5, 7, 3, 4};
    NumericCrowds.Simulated s = NumericCrowds.gaussian(60, 10, new double[10], sd, 5);
    NumericResult r = new Catd().fit(s.answers());
    int top = s.answers().workers().id("w0");
    assertTrue(r.weights()[top] > 0.999, "weight of the sd-2 worker: " + r.weights()[top]);
    assertTrue(r.variance()[top] < 1e-6, "its residual variance: " + r.variance()[top]);
    assertTrue(r.diagnostics().converged(), r.diagnostics().stopReason());
  }

  @Test
  void pmOneIterationByHand() {
    // std: t1 √(8/3), t2 2, t3 2; from the medians (3, 4, 6) the distances are
    // D_a = √6 + 2 + 2, D_b = 0 + 2, D_c = √6 + 2; D_a is half the total, so w_a = ln 2
    double da = Math.sqrt(6) + 4;
    double db = 2;
    double dc = Math.sqrt(6) + 2;
    double total = da + db + dc;
    double wa = -Math.log(da / total);
    double wb = -Math.log(db / total);
    double wc = -Math.log(dc / total);
    assertEquals(Math.log(2), wa, 1e-15);
    NumericResult r = new Pm(new Pm.Options(1, 0, 1e-10)).fit(NumericCrowds.tiny());
    assertArrayEquals(
        new double[] {
          (wa * 1 + wb * 3 + wc * 5) / (wa + wb + wc),
          (wa * 2 + wb * 6) / (wa + wb),
          (wa * 4 + wc * 8) / (wa + wc)
        },
        r.estimates(),
        1e-12);
    assertArrayEquals(
        new double[] {3.205003936664551, 4.915749691877026, 6.4224299691361475},
        r.estimates(),
        1e-12);
  }

  @Test
  void pmObjectiveNeverRisesAndConverges() {
    for (long seed = 1; seed <= 5; seed++) {
      NumericCrowds.Simulated s =
          NumericCrowds.gaussian(
              80,
              5,
              new double[] {0, 1, -1, 2, 0, 0, 3},
              new double[] {1, 2, 3, 5, 8, 13, 4},
              seed);
      NumericResult r = new Pm().fit(s.answers());
      double[] f = r.diagnostics().objective();
      for (int k = 1; k < f.length; k++) {
        assertTrue(f[k] <= f[k - 1] * (1 + 1e-12), "seed " + seed + " step " + k);
      }
      assertTrue(r.diagnostics().converged(), r.diagnostics().stopReason());
    }
  }

  /**
   * Reference: {@code raykar_ref.py} (NumPy 2.4, SciPy) — M-step μ = mean m, s² = mean((m − μ)² +
   * v), b_j = mean(x − m), σ_j² = mean((x − b_j − m)² + v), floors 1e-3 × pooled within-task
   * variance, shift to Σ n_j b_j = 0; E-step Gaussian posterior; log-likelihood per answer = Σ_i
   * multivariate_normal(μ + b, s² 11ᵀ + diag σ²).logpdf(x_i) / m; stop when it gains less than
   * 1e-13.
   */
  @Test
  void raykarMatchesAnIndependentReference() {
    NumericAnswers d = NumericCrowds.reference();
    NumericResult one = new Raykar(new Raykar.Options(1, 0, 1e-3, true)).fit(d);
    assertEquals(-1.2694887531783192, one.diagnostics().objective()[0], 1e-12);
    assertArrayEquals(
        new double[] {3.1407050772470946, 4.217372618645022, 6.517671152420744},
        one.estimates(),
        1e-12);
    assertArrayEquals(
        new double[] {-1.9444444444444444, 0.8333333333333335, 2.0833333333333335},
        one.bias(),
        1e-12);
    assertArrayEquals(
        new double[] {0.45061728395061734, 0.027777777777777804, 0.17361111111111116},
        one.variance(),
        1e-12);

    NumericResult full = new Raykar(new Raykar.Options(10_000, 1e-13, 1e-3, true)).fit(d);
    assertTrue(full.diagnostics().converged(), full.diagnostics().stopReason());
    double[] obj = full.diagnostics().objective();
    assertEquals(-1.1199903721845883, obj[obj.length - 1], 1e-9);
    assertArrayEquals(
        new double[] {3.003090656475439, 4.992187079822858, 6.00317693502863},
        full.estimates(),
        1e-6);
    assertArrayEquals(
        new double[] {-1.9994848904384317, 0.502361131630237, 2.4968662040274103},
        full.bias(),
        1e-6);
    // a's variance sits on the floor 1e-3 × pooled within-task variance (23.1667 / 7)
    assertArrayEquals(
        new double[] {0.00330952380952381, 0.24781629463915889, 0.2531956803296832},
        full.variance(),
        1e-6);
  }

  @Test
  void raykarRecoversBiasesAndVariancesUnderItsConstraint() {
    double[] bias = {-6, 0, 6, 2, -2, 0, 3, -3};
    double[] sd = {2, 4, 8, 3, 5, 6, 2, 10};
    NumericCrowds.Simulated s = NumericCrowds.gaussian(600, 5, bias, sd, 11);
    NumericAnswers d = s.answers();
    NumericResult r = new Raykar().fit(d);
    assertTrue(r.diagnostics().converged(), r.diagnostics().stopReason());
    double weighted = 0;
    double fitted = 0;
    for (int w = 0; w < d.numWorkers(); w++) {
      weighted += d.workerSize(w) * bias[Integer.parseInt(d.workers().name(w).substring(1))];
      fitted += d.workerSize(w) * r.bias()[w];
    }
    weighted /= d.numAnswers();
    assertEquals(0, fitted, 1e-9, "Σ n_j b_j = 0");
    for (int w = 0; w < d.numWorkers(); w++) {
      int j = Integer.parseInt(d.workers().name(w).substring(1));
      assertEquals(bias[j] - weighted, r.bias()[w], 0.1 * sd[j] + 0.3, "bias of w" + j);
      assertEquals(sd[j], Math.sqrt(r.variance()[w]), 0.15 * sd[j], "sd of w" + j);
    }
    double mean = NumericMetrics.rmse(TaskStatistic.mean().fit(d).estimates(), s.gold());
    double raykar = NumericMetrics.rmse(r.estimates(), s.gold());
    assertTrue(raykar < 0.8 * mean, "raykar RMSE " + raykar + " vs mean " + mean);
  }

  @Test
  void withoutBiasRaykarIsThePapersModel() {
    NumericAnswers d = NumericCrowds.reference();
    NumericResult r = new Raykar(new Raykar.Options(5000, 1e-10, 1e-3, false)).fit(d);
    assertArrayEquals(new double[3], r.bias(), 0);
    assertTrue(r.diagnostics().converged());
  }

  @Test
  void raykarObjectiveNeverDecreasesAlsoWithGoldAndSingleAnswerWorkers() {
    for (long seed = 1; seed <= 8; seed++) {
      NumericCrowds.Simulated s =
          NumericCrowds.gaussian(
              50,
              3,
              new double[] {0, 2, -2, 5, 0, 1, 0, 0, 0, 0},
              new double[] {1, 2, 3, 5, 8, 13, 1, 2, 3, 4},
              seed);
      NumericAnswers d = NumericPropertiesTest.withLoners(s.answers());
      double[] g = new double[d.numTasks()];
      java.util.Arrays.fill(g, Double.NaN);
      if (seed % 2 == 0) {
        for (int i = 0; i < s.truth().length; i += 5) {
          g[d.tasks().id("t" + i)] = s.truth()[i];
        }
      }
      NumericResult r =
          new Raykar(new Raykar.Options(300, 0, 1e-3, true))
              .fit(d, FitContext.withGold(NumericGold.ofValues(g)));
      double[] ll = r.diagnostics().objective();
      assertTrue(ll.length > 10, "seed " + seed + ": " + r.diagnostics().stopReason());
      for (int k = 1; k < ll.length; k++) {
        assertTrue(
            ll[k] >= ll[k - 1] - 1e-12 * Math.abs(ll[k]),
            "seed " + seed + " iteration " + (k + 1) + ": " + ll[k - 1] + " → " + ll[k]);
      }
    }
  }
}
