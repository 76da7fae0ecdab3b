package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The start of {@link CrowdKitMace} draws numpy's stream. */
class CrowdKitMaceTest {
  @Test
  void numpyRandomStateZeroStream() {
    CrowdKitMace.NumpyRandom r = new CrowdKitMace.NumpyRandom(0);
    double[] first = new double[400];
    for (int i = 0; i < first.length; i++) {
      first[i] = r.nextDouble();
    }
    // numpy.random.RandomState(0).random_sample(400)[[0, 1, 2, 399]]; 399 follows a regeneration
    assertEquals(0.5488135039273248, first[0], 0.0);
    assertEquals(0.7151893663724195, first[1], 0.0);
    assertEquals(0.6027633760716439, first[2], 0.0);
    assertEquals(0.18523232523618394, first[399], 0.0);
  }
}
