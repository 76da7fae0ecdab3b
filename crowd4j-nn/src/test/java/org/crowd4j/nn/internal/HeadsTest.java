package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.nn.Conal;
import org.crowd4j.nn.CrowdLayer;
import org.crowd4j.nn.MaxMig;
import org.junit.jupiter.api.Test;

/** The heads' losses against the formulas, computed by hand on a tiny crowd. */
class HeadsTest {
  // 2 items, 2 annotators, 3 classes; item 0 answered by both, item 1 by annotator 1
  static final CrowdDataset DATA =
      CrowdDataset.builder()
          .labels(List.of("a", "b", "c"))
          .add("i0", "w0", "a")
          .add("i0", "w1", "c")
          .add("i1", "w1", "b")
          .build();
  static final TaskFeatures X =
      new TaskFeatures(Vocabulary.of("i0", "i1"), 2, new float[] {1f, 0f, 0f, 1f});
  static final float[] LOGITS = {0.5f, -1f, 2f, 1f, 0.2f, -0.3f};

  private static double[] softmax(float[] z, int from, int k) {
    double[] p = new double[k];
    double s = 0;
    for (int c = 0; c < k; c++) {
      p[c] = Math.exp(z[from + c]);
      s += p[c];
    }
    for (int c = 0; c < k; c++) {
      p[c] /= s;
    }
    return p;
  }

  private static double loss(Head h, double[] targets) {
    TrainingSet set = TrainingSet.of(DATA, X, false, targets);
    try (NDManager m = NDManager.newBaseManager()) {
      h.initialize(m, set);
      MiniBatch b = set.batch(m, new int[] {0, 1}, 0, 2);
      NDArray logits = m.create(LOGITS, new Shape(2, 3));
      NDArray l = h.dataLoss(b, logits);
      NDArray r = h.regularizer(m);
      return l.getFloat() + (r == null ? 0 : r.getFloat());
    }
  }

  @Test
  void traceRegularizedLikelihoodIsLogOfConfusedProbabilities() {
    double diag = Math.exp(1) / (Math.exp(1) + 2 * Math.exp(-5));
    double off = (1 - diag) / 2;
    double[] p0 = softmax(LOGITS, 0, 3);
    double[] p1 = softmax(LOGITS, 3, 3);
    // answers: (i0, a), (i0, c), (i1, b); P(l) = Σ_k p_k Π[k, l]
    double l1 = p0[0] * diag + (p0[1] + p0[2]) * off;
    double l2 = p0[2] * diag + (p0[0] + p0[1]) * off;
    double l3 = p1[1] * diag + (p1[0] + p1[2]) * off;
    double nll = -(Math.log(l1) + Math.log(l2) + Math.log(l3)) / 3;
    assertEquals(nll, loss(new ConfusionHead(false, false, 0, false, 1, -5, 0), null), 1e-5);
    // trace of the mean matrix (= 3·diag) times λ; the sum of traces is R = 2 times larger
    assertEquals(
        nll + 0.1 * 3 * diag,
        loss(new ConfusionHead(false, false, 0.1, false, 1, -5, 0), null),
        1e-5);
    assertEquals(
        nll + 0.1 * 6 * diag,
        loss(new ConfusionHead(false, false, 0.1, true, 1, -5, 0), null),
        1e-5);
    // one shared matrix with the same start gives the same likelihood here
    assertEquals(nll, loss(new ConfusionHead(true, false, 0, false, 1, -5, 0), null), 1e-5);
  }

  @Test
  void crowdLayerAtItsStartIsCrossEntropyOnTheProbabilities() {
    double[] p0 = softmax(LOGITS, 0, 3);
    double[] p1 = softmax(LOGITS, 3, 3);
    float[] f0 = {(float) p0[0], (float) p0[1], (float) p0[2]};
    float[] f1 = {(float) p1[0], (float) p1[1], (float) p1[2]};
    double[] q0 = softmax(f0, 0, 3);
    double[] q1 = softmax(f1, 0, 3);
    double nll = -(Math.log(q0[0]) + Math.log(q0[2]) + Math.log(q1[1])) / 3;
    for (CrowdLayer.Variant v : CrowdLayer.Variant.values()) {
      assertEquals(nll, loss(new CrowdLayerHead(v, false), null), 1e-5, v.name());
    }
    // Keras-style: the sum over the 3 observed pairs divided by batch size × R = 2 × 2
    assertEquals(nll * 3 / 4, loss(new CrowdLayerHead(CrowdLayer.Variant.MW, true), null), 1e-5);
  }

  @Test
  void conalAtItsStartIsCrossEntropyOnTwiceTheProbabilities() {
    double[] p0 = softmax(LOGITS, 0, 3);
    double[] p1 = softmax(LOGITS, 3, 3);
    float[] f0 = {(float) (2 * p0[0]), (float) (2 * p0[1]), (float) (2 * p0[2])};
    float[] f1 = {(float) (2 * p1[0]), (float) (2 * p1[1]), (float) (2 * p1[2])};
    double[] q0 = softmax(f0, 0, 3);
    double[] q1 = softmax(f1, 0, 3);
    double nll = -(Math.log(q0[0]) + Math.log(q0[2]) + Math.log(q1[1])) / 3;
    // both layers start at 2·I, so whatever ω is, both mixings give softmax(2p); the subtracted
    // regulariser starts at −λ Σ_r √(0 + 1e-12) ≈ 0
    for (Conal.Mixing mix : Conal.Mixing.values()) {
      Conal.Options o = new Conal.Options(4, 8, true, true, 1e-5, mix, 2.0);
      assertEquals(nll, loss(new ConalHead(o, null, 0), null), 1e-5, mix.name());
    }
  }

  @Test
  void targetLossesAreCrossEntropyAndSoftBootstrap() {
    double[] t = {1, 0, 0, 0, 0.5, 0.5};
    double[] p0 = softmax(LOGITS, 0, 3);
    double[] p1 = softmax(LOGITS, 3, 3);
    double ce = -(Math.log(p0[0]) + 0.5 * Math.log(p1[1]) + 0.5 * Math.log(p1[2])) / 2;
    assertEquals(ce, loss(new TargetHead(1.0, false), t), 1e-5);
    double beta = 0.95;
    double boot = 0;
    double[][] p = {p0, p1};
    for (int i = 0; i < 2; i++) {
      for (int c = 0; c < 3; c++) {
        boot -= (beta * t[i * 3 + c] + (1 - beta) * p[i][c]) * Math.log(p[i][c]);
      }
    }
    assertEquals(boot / 2, loss(new TargetHead(beta, false), t), 1e-5);
    // single confusion on targets: −Σ_l t_l log Σ_k p_k Π[k, l]
    double diag = Math.exp(1) / (Math.exp(1) + 2 * Math.exp(-5));
    double off = (1 - diag) / 2;
    double sc = 0;
    for (int i = 0; i < 2; i++) {
      for (int l = 0; l < 3; l++) {
        double pl = 0;
        for (int k = 0; k < 3; k++) {
          pl += p[i][k] * (k == l ? diag : off);
        }
        sc -= t[i * 3 + l] * Math.log(pl);
      }
    }
    assertEquals(
        sc / 2 + 0.01 * 3 * diag,
        loss(new ConfusionHead(true, true, 0.01, false, 1, -5, 0), t),
        1e-5);
  }

  /**
   * Max-MIG's loss at its start, by hand: g from the initial aggregator weights and a uniform
   * prior, M_ij = Σ_c h_c(x_i) g_c(ỹ_j) / p_c, loss = −(1/B) Σ_i (1 + log M_ii) + Σ_{i≠j} M_ij /
   * (B² − B).
   */
  @Test
  void maxMigLossIsTheMutualInformationBoundWithItsNormaliser() {
    int k = 3;
    float[] w = MaxMigHead.initialWeights(DATA);
    double[][] g = new double[2][];
    for (int i = 0; i < 2; i++) {
      float[] z = new float[k];
      for (int a = 0; a < DATA.numAnswers(); a++) {
        if (DATA.task(a) == i) {
          for (int c = 0; c < k; c++) {
            z[c] += w[DATA.worker(a) * k * k + c * k + DATA.label(a)];
          }
        }
      }
      g[i] = softmax(z, 0, k);
    }
    double[][] h = {softmax(LOGITS, 0, k), softmax(LOGITS, 3, k)};
    double p = 1.0 / k;
    double[][] m = new double[2][2];
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 2; j++) {
        for (int c = 0; c < k; c++) {
          m[i][j] += h[i][c] * g[j][c] / p;
        }
      }
    }
    double expected =
        -((1 + Math.log(m[0][0])) + (1 + Math.log(m[1][1]))) / 2 + (m[0][1] + m[1][0]) / (4 - 2);
    assertEquals(expected, loss(new MaxMigHead(new MaxMig.Options(false, 0)), null), 1e-5);
  }
}
