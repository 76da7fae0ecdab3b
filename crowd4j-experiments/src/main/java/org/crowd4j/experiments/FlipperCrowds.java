package org.crowd4j.experiments;

import java.util.SplittableRandom;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.SimulatedCrowd;

/**
 * The simulated crowds of the MNIST experiments (Tanno et al.'s setting): five pairwise flippers
 * with flip probability p, labelling every image ({@code dense}) or one image each ({@code one}),
 * seeded so that every experiment sees the same crowd for the same seed.
 */
final class FlipperCrowds {
  private FlipperCrowds() {}

  /** The crowd for {@code labels} (true classes, K = {@code k}). */
  static SimulatedCrowd of(int[] labels, int k, double p, String regime, long seed) {
    SplittableRandom rng = new SplittableRandom(1000 + seed);
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int r = 0; r < 5; r++) {
      b.add(Confusions.pairwiseFlipper(k, p, rng), "pairwise flipper p=" + p);
    }
    return CrowdSimulator.simulate(
        labels,
        b.build(),
        regime.equals("dense") ? Assignment.dense() : Assignment.onePerItem(),
        2000 + seed);
  }

  /**
   * Training of the MNIST experiments: Adam lr 1e-3 with persistent moments, batches of 128 items,
   * the epoch chosen on the answers of 10 % held-out images, {@code epochs} epochs.
   */
  static TrainOptions trainOptions(int epochs, long seed) {
    return TrainOptions.fixedEpochs(epochs)
        .withBatchSize(128)
        .withSelection(TrainOptions.Selection.HELD_OUT_ANSWERS)
        .withSeed(seed);
  }
}
