package org.crowd4j.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PerturbedClassifiersTest {
  @Test
  void moreNoiseGivesWorseGroupsAndRowsAreDistributions() {
    Gaussians.Sample s = Gaussians.threeClusters(500, false, new SplittableRandom(1));
    double[][][] groups =
        PerturbedClassifiers.groupConfusions(
            s.features(), 2, s.labels(), 3, new double[] {0.0, 0.8, 3.0}, new SplittableRandom(2));
    assertEquals(3, groups.length);
    double clean = Confusions.skill(groups[0]);
    double noisy = Confusions.skill(groups[2]);
    assertTrue(clean > 0.85, "unperturbed model skill " + clean);
    assertTrue(noisy < clean, "noisier group should be worse: " + noisy + " vs " + clean);
    for (double[][] g : groups) {
      Confusions.check(g);
    }
  }
}
