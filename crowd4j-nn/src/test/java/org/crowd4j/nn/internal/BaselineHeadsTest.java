package org.crowd4j.nn.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.Test;

/** The closed-form steps of MBEM, Max-MIG and the weighted doctor net, by hand on a tiny crowd. */
class BaselineHeadsTest {
  /** Answers of a tiny crowd: tasks 0..3, annotators 0..2, labels 0/1. */
  private static CrowdDataset tiny() {
    return CrowdDataset.builder()
        .add(0, 0, 0)
        .add(0, 1, 0)
        .add(0, 2, 1)
        .add(1, 0, 1)
        .add(1, 1, 0)
        .add(2, 0, 1)
        .add(2, 1, 1)
        .add(3, 0, 0)
        .add(3, 1, 1)
        .build();
  }

  @Test
  void mbemConfusionsByHand() {
    CrowdDataset d = tiny();
    assertEquals(List.of("0", "1", "2", "3"), d.tasks().names());
    assertEquals(List.of("0", "1", "2"), d.workers().names());
    int[] truth = {0, 1, 1, 0};
    ConfusionMatrices ml = new ConfusionMatrices(3, 2, MbemHead.confusions(d, truth, 0));
    // annotator 0 agrees with the predictions on all four items
    assertEquals(1.0, ml.get(0, 0, 0), 1e-9);
    assertEquals(1e-10 / 2, ml.get(0, 0, 1), 1e-15);
    assertEquals(1.0, ml.get(0, 1, 1), 1e-9);
    // annotator 1 answers 0 and 1 once each under either predicted class
    assertEquals(0.5, ml.get(1, 0, 0), 1e-12);
    assertEquals(0.5, ml.get(1, 1, 1), 1e-12);
    // annotator 2 saw one item, predicted 0, and answered 1; the class-1 row is unseen: uniform
    assertEquals(1.0, ml.get(2, 0, 1), 1e-9);
    assertEquals(0.5, ml.get(2, 1, 0), 1e-12);
    assertEquals(0.5, ml.get(2, 1, 1), 1e-12);

    // Laplace +1: annotator 0 rows (3, 1)/4 and (1, 3)/4; annotator 2 row 0 (1, 2)/3
    double[] pi = MbemHead.confusions(d, truth, 1);
    assertEquals(0.75, pi[0], 1e-12);
    assertEquals(0.25, pi[1], 1e-12);
    assertEquals(0.75, pi[3], 1e-12);
    assertEquals(2.0 / 3, pi[2 * 4 + 1], 1e-12);
    double[] prior = MbemHead.classPrior(truth, 2);
    assertArrayEquals(new double[] {0.5, 0.5}, prior, 1e-12);
    double[] q = MbemHead.posteriors(d, pi, prior, false);
    // task 1: P(0) ∝ .5·.25·.5, P(1) ∝ .5·.75·.5 → 0.25 / 0.75
    assertEquals(0.75, q[1 * 2 + 1], 1e-12);
    // task 0: P(0) ∝ .5·.75·.5·(2/3) = .125, P(1) ∝ .5·.25·.5·.5 = .03125 → 0.8
    assertEquals(0.8, q[0], 1e-12);
    for (int i = 0; i < 4; i++) {
      assertEquals(1.0, q[i * 2] + q[i * 2 + 1], 1e-12);
    }
    // the same prior given per item gives the same posteriors
    double[] perItem = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    assertArrayEquals(q, MbemHead.posteriors(d, pi, perItem, true), 1e-12);
  }

  @Test
  void doctorNetPredictsTheWeightedAverageOfItsLayers() {
    // two doctors on K = 2: the first is the identity layer, the second always says class 1
    float[] v = {1, 0, 0, 1, 0, 0, 0, 0};
    float[] c = {0, 0, 0, 50};
    float[] z = {(float) Math.log(3), 0};
    Map<String, float[]> p = new java.util.HashMap<>();
    p.put(DoctorHead.WEIGHTS, v);
    p.put(DoctorHead.BIASES, c);
    // uniform: ½ (3/4, 1/4) + ½ (0, 1)
    float[] s = DoctorHead.combine(p, z, 2);
    assertEquals(3.0 / 8, Math.exp(s[0]), 1e-6);
    assertEquals(5.0 / 8, Math.exp(s[1]), 1e-6);
    // averaging logits (ln 3, 0): weights (3/4, 1/4)
    p.put(DoctorHead.AVERAGING, new float[] {(float) Math.log(3), 0});
    s = DoctorHead.combine(p, z, 2);
    assertEquals(9.0 / 16, Math.exp(s[0]), 1e-6);
    assertEquals(7.0 / 16, Math.exp(s[1]), 1e-6);
  }

  @Test
  void maxMigStartsFromTheSoftMajorityCooccurrence() {
    CrowdDataset d = tiny();
    float[] w = MaxMigHead.initialWeights(d);
    // annotator 2 answered 1 on task 0, whose soft majority is (2/3, 1/3): column 1 gets it
    // row 0: (0, 2/3) → normalised (0, 1); row 1: (0, 1/3) → (0, 1)
    assertEquals(Math.log(0.01), w[2 * 4], 1e-6);
    assertEquals(Math.log(1.01), w[2 * 4 + 1], 1e-6);
    assertEquals(Math.log(1.01), w[2 * 4 + 3], 1e-6);
  }

  @Test
  void maxMigConfusionsFollowTheAggregatorsPosteriors() {
    CrowdDataset d = tiny();
    // W = 0 and a uniform prior: every posterior is uniform, so each row is the annotator's own
    // answer distribution
    double[] pi = MaxMigHead.confusions(d, new float[3 * 4], new float[2]);
    ConfusionMatrices cm = new ConfusionMatrices(3, 2, pi);
    assertEquals(0.5, cm.get(0, 0, 0), 1e-9);
    assertEquals(0.5, cm.get(0, 1, 1), 1e-9);
    assertEquals(0.5, cm.get(1, 0, 0), 1e-9);
    assertEquals(1.0, cm.get(2, 1, 1), 1e-9);
    assertEquals(1.0, cm.get(2, 0, 1), 1e-9);
    // a strongly diagonal annotator 0 decides the posteriors: annotator 1 then agrees with it on
    // tasks 0 and 2 and disagrees on 1 and 3
    float[] w = new float[3 * 4];
    w[0] = 20;
    w[3] = 20;
    cm = new ConfusionMatrices(3, 2, MaxMigHead.confusions(d, w, new float[2]));
    assertEquals(0.5, cm.get(1, 0, 0), 1e-6);
    assertEquals(0.5, cm.get(1, 1, 1), 1e-6);
    assertEquals(1.0, cm.get(0, 0, 0), 1e-6);
    // annotator 2 answered 1 on task 0, which is now class 0 (its class-1 row only holds the
    // posterior's e^−20 remainder, still all on answer 1)
    assertEquals(1.0, cm.get(2, 0, 1), 1e-6);
    assertEquals(1.0, cm.get(2, 1, 1), 1e-6);
  }
}
