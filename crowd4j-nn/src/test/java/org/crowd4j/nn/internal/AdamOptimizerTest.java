package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.util.List;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.TrainOptions;
import org.junit.jupiter.api.Test;

/** The optimiser's arithmetic (PyTorch's Adam). */
class AdamOptimizerTest {
  @Test
  void freshAdamStepMovesEveryParameterByTheLearningRateTimesTheSignOfItsGradient() {
    try (NDManager m = NDManager.newBaseManager()) {
      NDArray w = m.create(new float[] {1f, -2f, 3f, 0.5f});
      w.setRequiresGradient(true);
      TrainOptions o = TrainOptions.authorsProtocol();
      AdamOptimizer adam =
          new AdamOptimizer(m, List.of(w), new boolean[] {false}, new float[] {0.01f}, o);
      try (NDManager step = m.newSubManager()) {
        w.tempAttach(step);
        try (var gc = NnRuntime.engine().newGradientCollector()) {
          // gradient = (3, -0.2, 0, 40)
          NDArray loss = w.mul(step.create(new float[] {3f, -0.2f, 0f, 40f})).sum();
          gc.backward(loss);
        }
        adam.step();
      }
      assertArrayEquals(
          new float[] {0.99f, -1.99f, 3f, 0.49f}, w.toFloatArray(), 1e-5f, "one sign step");
      adam.reset();
      assertNotNull(adam.state());
    }
  }
}
