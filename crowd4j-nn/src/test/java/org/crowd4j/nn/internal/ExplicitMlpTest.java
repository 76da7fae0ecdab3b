package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.training.GradientCollector;
import java.util.SplittableRandom;
import org.crowd4j.nn.NnRuntime;
import org.junit.jupiter.api.Test;

/** The explicit MLP of learning to vote: its analytic gradients and per-item meta step. */
class ExplicitMlpTest {
  @Test
  void analyticGradientsMatchAutograd() {
    try (NDManager m = NDManager.newBaseManager(NnRuntime.device())) {
      ExplicitMlp mlp = new ExplicitMlp(new int[] {4, 5, 3, 2});
      NDArray[] p = mlp.initialize(m, new SplittableRandom(3));
      SplittableRandom rng = new SplittableRandom(4);
      float[] xs = new float[6 * 4];
      float[] ys = new float[6 * 2];
      float[] mask = new float[6 * 5];
      for (int j = 0; j < xs.length; j++) {
        xs[j] = (float) rng.nextGaussian();
      }
      for (int j = 0; j < ys.length; j++) {
        ys[j] = rng.nextInt(2);
      }
      for (int j = 0; j < mask.length; j++) {
        mask[j] = rng.nextInt(4) == 0 ? 0 : 4f / 3;
      }
      NDArray x = m.create(xs, new Shape(6, 4));
      NDArray y = m.create(ys, new Shape(6, 2));
      NDArray[] masks = {m.create(mask, new Shape(6, 5)), null};
      ExplicitMlp.Pass pass = mlp.forward(p, x, masks, true);
      NDArray dz = Activation.sigmoid(pass.logits()).sub(y).div(12f);
      NDArray[] g = mlp.backward(p, pass, dz, true);
      for (NDArray a : p) {
        a.setRequiresGradient(true);
      }
      try (GradientCollector gc = NnRuntime.engine().newGradientCollector()) {
        NDArray z = mlp.forward(p, x, masks, true).logits();
        gc.backward(Activation.softPlus(z).sub(z.mul(y)).mean());
      }
      for (int j = 0; j < p.length; j++) {
        assertArrayEquals(
            p[j].getGradient().toFloatArray(), g[j].toFloatArray(), 1e-5f, "parameter " + j);
      }
      // the batched per-item meta step equals a one-row meta step on each row
      ExplicitMlp.Pass plain = mlp.forward(p, x, null, true);
      NDArray perItem = Activation.sigmoid(plain.logits()).sub(y).div(2f);
      NDArray meta = mlp.perItemMetaFeatures(p, plain, perItem, 0.2f);
      for (int i = 0; i < 6; i++) {
        NDArray xi = x.get(i + ":" + (i + 1));
        ExplicitMlp.Pass pi = mlp.forward(p, xi, null, true);
        NDArray dzi = Activation.sigmoid(pi.logits()).sub(y.get(i + ":" + (i + 1))).div(2f);
        NDArray[] gi = mlp.backward(p, pi, dzi, false);
        NDArray fi = mlp.forward(ExplicitMlp.shifted(p, gi, 0.2f), xi, null, false).top();
        assertArrayEquals(
            fi.toFloatArray(), meta.get(i + ":" + (i + 1)).toFloatArray(), 1e-5f, "row " + i);
      }
      NDArray[] top = mlp.backward(p, pass, dz, false);
      assertEquals(null, top[p.length - 1]);
      assertArrayEquals(g[0].toFloatArray(), top[0].toFloatArray(), 1e-7f);
    }
  }
}
