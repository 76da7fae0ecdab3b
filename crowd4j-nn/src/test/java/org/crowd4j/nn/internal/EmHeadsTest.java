package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.nn.GaussianCrowd;
import org.junit.jupiter.api.Test;

/** The closed-form EM steps of the crowd mixture and of Raykar's EM, by hand and as invariants. */
class EmHeadsTest {
  @Test
  void closedFormStepMatchesTheHandComputedCase() {
    // two items, K = 2: item 0 answered 0, item 1 answered 1; M = 2 groups, no Laplace priors
    CrowdDataset data = CrowdDataset.builder().add("i0", "w0", "0").add("i1", "w1", "1").build();
    double[] alpha = {0.5, 0.5};
    double[] beta = {0.9, 0.1, 0.2, 0.8, 0.5, 0.5, 0.5, 0.5};
    CrowdMixtureHead h = CrowdMixtureHead.withParameters(data, alpha, beta, 5, 0, false);
    float[] f = {0.8f, 0.2f, 0.3f, 0.7f};
    float[] targets = new float[4];
    h.step(f, targets);
    // eq. 4: (log(0.8·0.7 + 0.2·0.35) + log(0.3·0.3 + 0.7·0.65)) / 2 with P = ½β¹ + ½β²
    assertEquals((Math.log(0.63) + Math.log(0.545)) / 2, h.lastObjective(), 1e-6);
    assertArrayEquals(new double[] {0.572229503, 0.427770497}, h.alpha(), 1e-6);
    assertArrayEquals(
        new double[] {
          0.954048140,
          0.045951860,
          0.058195408,
          0.941804592,
          0.6976,
          0.3024,
          0.198181818,
          0.801818182
        },
        h.beta(),
        1e-5);
    // eq. 7 targets: r̄_i = Σ_j r_ij q_ij(·, k)
    assertArrayEquals(new float[] {0.8888889f, 0.1111111f, 0.1651376f, 0.8348624f}, targets, 1e-5f);
  }

  @Test
  void raykarMStepIsTheSmoothedCount() {
    CrowdDataset data = CrowdDataset.builder().add("i0", "w0", "0").add("i1", "w0", "1").build();
    RaykarHead h = new RaykarHead(data, 1.0, 0, 1);
    // μ = (0.75, 0.25), (0.5, 0.5): row 0 = (0.75 + 1, 0.5 + 1) / 3.25, row 1 = (1.25, 1.5) / 2.75
    double[] pi = h.mStep(new double[] {0.75, 0.25, 0.5, 0.5});
    assertArrayEquals(new double[] {1.75 / 3.25, 1.5 / 3.25, 1.25 / 2.75, 1.5 / 2.75}, pi, 1e-12);
  }

  @Test
  void objectiveNeverDecreasesWithTheNetworkHeldFixed() {
    GaussianCrowd crowd = GaussianCrowd.flippers(300, 3, 4, 4, 0.6, true, 11);
    CrowdDataset data = crowd.data();
    int k = data.numLabels();
    // a fixed, imperfect classifier: 0.5 on the true class, the rest spread
    int[] gold = crowd.gold().labels();
    float[] f = new float[data.numTasks() * k];
    for (int i = 0; i < gold.length; i++) {
      for (int c = 0; c < k; c++) {
        f[i * k + c] = c == gold[i] ? 0.5f : 0.5f / (k - 1);
      }
    }
    double[] targets = new double[f.length];
    CrowdMixtureHead h =
        CrowdMixtureHead.start(
            data, 3, 40, 0, true, true, false, 1, new SplittableRandom(5), targets);
    for (int t = 0; t < 40; t++) {
      h.step(f, null);
    }
    double[] history = h.history();
    assertEquals(40, history.length);
    for (int t = 1; t < history.length; t++) {
      assertTrue(history[t] >= history[t - 1] - 1e-12, "round " + t + ": " + history[t]);
    }
    for (double a : h.alpha()) {
      assertTrue(a > 0 && a < 1);
    }
  }

  @Test
  void degenerateDataGiveFiniteParameters() {
    // one class only, and a single answer per worker
    CrowdDataset one = CrowdDataset.builder().add("i0", "w0", "a").add("i1", "w1", "a").build();
    double[] t = new double[2];
    CrowdMixtureHead h =
        CrowdMixtureHead.start(one, 3, 5, 0.03, true, true, false, 1, new SplittableRandom(1), t);
    h.step(new float[] {1f, 1f}, null);
    assertEquals(1.0, h.beta()[0], 1e-12);
    assertTrue(Double.isFinite(h.objective(new float[] {1f, 1f})));
    RaykarHead r = new RaykarHead(one, 1.0, 0.03, 1);
    assertEquals(1.0, r.confusions()[0], 1e-12);
    assertTrue(Double.isFinite(r.eStep(new float[] {1f, 1f}, new double[2])));
    // binary, one label seen once, the other twice, one probability exactly 0
    CrowdDataset two =
        CrowdDataset.builder()
            .labels(java.util.List.of("0", "1"))
            .add("i0", "w0", "0")
            .add("i1", "w0", "1")
            .add("i1", "w1", "1")
            .build();
    double[] t2 = new double[4];
    CrowdMixtureHead h2 =
        CrowdMixtureHead.start(two, 2, 5, 0.03, true, true, false, 1, new SplittableRandom(2), t2);
    for (double v : t2) {
      assertTrue(Double.isFinite(v) && v >= 0);
    }
    h2.step(new float[] {0.5f, 0.5f, 0f, 1f}, null);
    for (double v : h2.beta()) {
      assertTrue(Double.isFinite(v) && v > 0 && v < 1);
    }
  }
}
