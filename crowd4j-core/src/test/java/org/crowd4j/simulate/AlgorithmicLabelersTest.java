package org.crowd4j.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AlgorithmicLabelersTest {
  @Test
  void ratesAndUncertainPoliciesAreReproduced() {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 100_000;
    int[] classes = new int[n];
    for (int i = 0; i < n; i++) {
      classes[i] = rng.nextInt(10);
    }
    int[] truth = AlgorithmicLabelers.attributes(classes, AlgorithmicLabelers.digitAttributes());
    AlgorithmicLabelers.Profile p = AlgorithmicLabelers.Profile.uniform(3, 0.2, 0.1, 0.15);
    for (AlgorithmicLabelers.UncertainPolicy policy :
        AlgorithmicLabelers.UncertainPolicy.values()) {
      int[] marks = AlgorithmicLabelers.label(truth, 3, p, policy, new SplittableRandom(9));
      long pos = 0;
      long neg = 0;
      long fn = 0;
      long fp = 0;
      long unc = 0;
      for (int j = 0; j < truth.length; j++) {
        if (marks[j] == AlgorithmicLabelers.UNCERTAIN) {
          unc++;
        }
        if (truth[j] == 1) {
          pos++;
          fn += marks[j] == 0 ? 1 : 0;
        } else {
          neg++;
          fp += marks[j] == 1 ? 1 : 0;
        }
      }
      double u = 0.15;
      switch (policy) {
        case KEEP -> {
          assertEquals(u, (double) unc / truth.length, 0.01);
          assertEquals((1 - u) * 0.2, (double) fn / pos, 0.01);
          assertEquals((1 - u) * 0.1, (double) fp / neg, 0.01);
        }
        case U_ZEROS -> {
          assertEquals(0, unc);
          assertEquals(u + (1 - u) * 0.2, (double) fn / pos, 0.01);
          assertEquals((1 - u) * 0.1, (double) fp / neg, 0.01);
        }
        case U_ONES -> {
          assertEquals(0, unc);
          assertEquals((1 - u) * 0.2, (double) fn / pos, 0.01);
          assertEquals(u + (1 - u) * 0.1, (double) fp / neg, 0.01);
        }
        default -> throw new IllegalStateException();
      }
    }
  }

  @Test
  void digitAttributes() {
    int[] t =
        AlgorithmicLabelers.attributes(new int[] {8, 3}, AlgorithmicLabelers.digitAttributes());
    assertEquals(1, t[0]);
    assertEquals(1, t[1]);
    assertEquals(1, t[2]);
    assertEquals(0, t[3]);
    assertEquals(0, t[4]);
    assertEquals(0, t[5]);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            AlgorithmicLabelers.label(
                new int[] {2},
                1,
                AlgorithmicLabelers.Profile.uniform(1, 0, 0, 0),
                AlgorithmicLabelers.UncertainPolicy.KEEP,
                new SplittableRandom(1)));
  }
}
