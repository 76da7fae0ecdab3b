package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MmceTest {
  private static CrowdDataset random(long seed, int tasks, int workers, int k, double density) {
    SplittableRandom rng = new SplittableRandom(seed);
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int i = 0; i < tasks; i++) {
      for (int w = 0; w < workers; w++) {
        if (rng.nextDouble() < density || w == 0) {
          b.add("t" + i, "w" + w, "l" + rng.nextInt(k));
        }
      }
    }
    for (int c = 0; c < k; c++) {
      b.add("extra", "w0", "l" + c); // every label occurs
    }
    return b.build();
  }

  private static double[] gaussian(SplittableRandom rng, int n, double scale) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = scale * rng.nextGaussian();
    }
    return x;
  }

  @Test
  void gradientMatchesFiniteDifferences() {
    CrowdDataset data = random(11, 9, 5, 3, 0.6);
    int n = data.numTasks();
    int k = data.numLabels();
    SplittableRandom rng = new SplittableRandom(5);
    double[] mu = new double[n * k];
    for (int p = 0; p < mu.length; p++) {
      mu[p] = rng.nextDouble();
    }
    for (int i = 0; i < n; i++) {
      Posteriors.normalizeInPlace(mu, i * k, k);
    }
    double[] sigma = gaussian(rng, data.numWorkers() * k * k, 0.8);
    double[] tau = gaussian(rng, n * k * k, 0.8);
    double lw = 0.7;
    double lt = 1.9;
    double[] gs = new double[sigma.length];
    double[] gt = new double[tau.length];
    Mmce.gradient(data, mu, sigma, tau, lw, lt, gs, gt);
    double h = 1e-6;
    for (double[][] pair : new double[][][] {{sigma, gs}, {tau, gt}}) {
      double[] x = pair[0];
      double[] g = pair[1];
      for (int p = 0; p < x.length; p++) {
        double keep = x[p];
        x[p] = keep + h;
        double up = Mmce.objective(data, mu, sigma, tau, lw, lt);
        x[p] = keep - h;
        double down = Mmce.objective(data, mu, sigma, tau, lw, lt);
        x[p] = keep;
        double numeric = (up - down) / (2 * h);
        assertEquals(numeric, g[p], 1e-6 * Math.max(1, Math.abs(numeric)), "coordinate " + p);
      }
    }
  }

  /**
   * The objective from cached, shifted exponentials equals the direct formula, also where the
   * shifted sum underflows (a row and its partner peaking at different labels, 800 apart).
   */
  @Test
  void objectiveMatchesTheDirectFormulaEvenAtExtremeValues() {
    CrowdDataset data = random(4, 8, 5, 3, 0.7);
    int n = data.numTasks();
    int k = data.numLabels();
    SplittableRandom rng = new SplittableRandom(9);
    double[] mu = new double[n * k];
    for (int p = 0; p < mu.length; p++) {
      mu[p] = rng.nextDouble();
    }
    for (int i = 0; i < n; i++) {
      Posteriors.normalizeInPlace(mu, i * k, k);
    }
    double[] sigma = gaussian(rng, data.numWorkers() * k * k, 2);
    double[] tau = gaussian(rng, n * k * k, 2);
    for (int c = 0; c < k; c++) {
      // worker 0 and task 0: rows that peak at different labels, far apart
      sigma[c * k] = 0;
      sigma[c * k + 1] = -800;
      sigma[c * k + 2] = -800;
      tau[c * k] = -800;
      tau[c * k + 1] = 0;
      tau[c * k + 2] = -800;
    }
    double lw = 0.7;
    double lt = 1.9;
    double q = 0;
    for (int a = 0; a < data.numAnswers(); a++) {
      int i = data.task(a);
      int w = data.worker(a);
      for (int c = 0; c < k; c++) {
        double max = Double.NEGATIVE_INFINITY;
        double[] z = new double[k];
        for (int l = 0; l < k; l++) {
          z[l] = sigma[(w * k + c) * k + l] + tau[(i * k + c) * k + l];
          max = Math.max(max, z[l]);
        }
        double sum = 0;
        for (int l = 0; l < k; l++) {
          sum += Math.exp(z[l] - max);
        }
        q += mu[i * k + c] * (z[data.label(a)] - max - Math.log(sum));
      }
    }
    double ss = 0;
    for (double v : sigma) {
      ss += v * v;
    }
    double st = 0;
    for (double v : tau) {
      st += v * v;
    }
    q -= 0.5 * lw * ss + 0.5 * lt * st;
    assertEquals(q, Mmce.objective(data, mu, sigma, tau, lw, lt), 1e-9 * Math.abs(q));
  }

  @Test
  void taskStepReachesTheBlockOptimum() throws Exception {
    // one iteration with tight Newton settings: τ is then optimal for the majority-vote μ and
    // the final σ, so the τ-gradient of Q vanishes there
    CrowdDataset data =
        CrowdReader.readAnswers(SharedData.dataset("bluebirds").resolve("answers.csv"));
    Mmce.Options o = new Mmce.Options(1, 5e-3, 0.25, -1, 100, 1e-15);
    AggregationResult r = new Mmce(o).fit(data);
    MinimaxModel model = (MinimaxModel) r.workers();
    int n = data.numTasks();
    int k = data.numLabels();
    double[] mu = Votes.weightedCounts(data, null);
    Votes.normalizeRows(mu, n, k);
    double[] lambda = Mmce.penalties(data, o);
    assertEquals(0.25 * k * k, lambda[0], 1e-12);
    double[] gs = new double[model.workerMatrices().length];
    double[] gt = new double[model.taskMatrices().length];
    Mmce.gradient(
        data, mu, model.workerMatrices(), model.taskMatrices(), lambda[0], lambda[1], gs, gt);
    for (double g : gt) {
      assertEquals(0.0, g, 1e-6);
    }
  }

  @ParameterizedTest
  @CsvSource({"bluebirds,0.91", "snow-rte,0.92", "dog,0.835", "web,0.88"})
  void accuracyAtLeastDawidSkeneLevel(String name, double floor) throws Exception {
    // crowd-kit DS: bluebirds 0.8889, snow-rte 0.9275, dog 0.8426, web 0.8292
    CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset(name).resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(SharedData.dataset(name).resolve("gold.csv"), data);
    AggregationResult r = new Mmce().fit(data);
    double acc = gold.accuracy(r.labels());
    assertTrue(acc >= floor, name + ": " + acc);
    assertTrue(r.diagnostics().converged());
    MmsrTest.assertProperDistributions(r);
    double[] h = r.diagnostics().objective();
    for (int t = 1; t < h.length; t++) {
      assertTrue(h[t] >= h[t - 1] - 1e-9, name + " objective fell at iteration " + (t + 1));
    }
  }

  @Test
  void deterministicAcrossParallelChunks() throws Exception {
    CrowdDataset data =
        CrowdReader.readAnswers(SharedData.dataset("crowdtruth-mre-cause").resolve("answers.csv"));
    Mmce.Options o = new Mmce.Options(3, 5e-3, 0.25, -1, 25, 1e-9);
    // one thread against four: the chunks are reduced in chunk order whatever runs them
    AggregationResult a = org.crowd4j.testing.Pools.run(1, () -> new Mmce(o).fit(data));
    AggregationResult b = org.crowd4j.testing.Pools.run(4, () -> new Mmce(o).fit(data));
    assertArrayEquals(a.posteriors(), b.posteriors());
    assertArrayEquals(
        ((MinimaxModel) a.workers()).workerMatrices(),
        ((MinimaxModel) b.workers()).workerMatrices());
  }

  @Test
  void goldIsClampedAndEdgeCasesStayFinite() {
    CrowdDataset data = random(3, 20, 6, 3, 0.5);
    int[] gold = new int[data.numTasks()];
    java.util.Arrays.fill(gold, -1);
    gold[0] = 2;
    gold[1] = 0;
    AggregationResult r = new Mmce().fit(data, FitContext.withGold(Gold.ofIds(gold)));
    assertEquals(1.0, r.posterior(0, 2), 0);
    assertEquals(1.0, r.posterior(1, 0), 0);
    MmsrTest.assertProperDistributions(r);

    CrowdDataset single = CrowdDataset.builder().add("t1", "w1", "x").add("t2", "w1", "x").build();
    AggregationResult s = new Mmce().fit(single);
    assertEquals(1.0, s.posterior(0, 0), 0);
    MmsrTest.assertProperDistributions(s);

    CrowdDataset oneAnswer =
        CrowdDataset.builder().add("t1", "w1", "x").add("t2", "w2", "y").build();
    MmsrTest.assertProperDistributions(new Mmce().fit(oneAnswer));
  }

  @Test
  void optionsAreValidatedAndRegistered() {
    assertThrows(IllegalArgumentException.class, () -> new Mmce.Options(50, 5e-3, 0, -1, 25, 1e-9));
    assertThrows(
        IllegalArgumentException.class, () -> new Mmce.Options(50, 5e-3, 0.25, 0, 25, 1e-9));
    assertThrows(
        IllegalArgumentException.class, () -> new Mmce.Options(50, -1, 0.25, -1, 25, 1e-9));
    assertThrows(
        IllegalArgumentException.class, () -> new Mmce.Options(50, 5e-3, 0.25, -1, 0, 1e-9));
    Aggregator a = Methods.create("mmce", Map.of("maxIterations", "7"));
    assertEquals("mmce", a.name());
    assertEquals(7, ((Mmce) a).options().maxIterations());
  }
}
