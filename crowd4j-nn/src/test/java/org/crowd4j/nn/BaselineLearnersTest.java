package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MBEM, the weighted doctor net and Max-MIG on tiny simulated crowds, and MBEM's estimates. */
class BaselineLearnersTest {
  static final List<String> NAMES = List.of(Mbem.NAME, WeightedDoctorNet.NAME, MaxMig.NAME);
  static SyntheticCrowd crowd;

  @BeforeAll
  static void data() {
    // 3 Gaussian classes, 5 dense pairwise flippers of accuracy 0.6: chance is 1/3
    crowd = SyntheticCrowd.flippers(300, 3, 5, 5, 0.6, true, 11);
  }

  private static LearnedModel fit(String name, long seed) {
    Learner l = Learners.create(name, Map.of(), quick(seed), SyntheticCrowd.smallMlp());
    return l.fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE);
  }

  /** 20 epochs at step 0.01: enough for the small MLP on a few hundred items. */
  static TrainOptions quick(long seed) {
    return SyntheticCrowd.quick(20, seed).withLearningRate(0.01);
  }

  @Test
  void learnsWellAboveChanceDeterministicallyAndSavesItsModel(@TempDir Path dir)
      throws IOException {
    for (String name : NAMES) {
      TaskFeatures test = crowd.test().features();
      try (LearnedModel a = fit(name, 3);
          LearnedModel b = fit(name, 3)) {
        double acc = crowd.test().accuracy(a.predictLabels(test));
        assertTrue(acc > 0.8, name + " test accuracy " + acc);
        double[] p = a.predict(test);
        for (int i = 0; i < p.length / 3; i++) {
          double s = p[i * 3] + p[i * 3 + 1] + p[i * 3 + 2];
          assertEquals(1.0, s, 1e-5, name + " row " + i);
        }
        assertArrayEquals(p, b.predict(test), 0.0, name + ": same seed, same model");
        WorkerModel w = a.annotatorModel();
        assertNotNull(w, name);
        assertEquals(5, w.numWorkers(), name);
        if (w instanceof WorkerSkills ws) {
          assertEquals(1.0, Arrays.stream(ws.values()).sum(), 1e-9, "averaging weights sum to 1");
        } else {
          ConfusionMatrices cm = assertInstanceOf(ConfusionMatrices.class, w, name);
          for (int r = 0; r < 5; r++) {
            // the flippers' accuracy is 0.6
            assertEquals(0.6, cm.skill(r), 0.2, name + " annotator " + r);
          }
        }
        Path saved = dir.resolve(name);
        a.save(saved);
        try (LearnedModel c = LearnedModel.load(saved)) {
          assertEquals(name, c.method());
          assertArrayEquals(p, c.predict(test), 1e-6, name + ": loaded model predicts the same");
          assertEquals(w.getClass(), c.annotatorModel().getClass(), name);
          assertArrayEquals(w.skills(), c.annotatorModel().skills(), 1e-6, name);
        }
      }
    }
  }

  @Test
  void annotatorModelsSpotTheSpammer() {
    // four pairwise flippers of accuracy 0.8 and one annotator answering uniformly at random
    int k = 3;
    SplittableRandom rng = new SplittableRandom(5);
    Gaussians.Sample s = Gaussians.classes(400, k, 5, 1.5, rng);
    ConfusionPool.Builder pool = ConfusionPool.builder(k);
    for (int r = 0; r < 4; r++) {
      pool.add(Confusions.pairwiseFlipper(k, 0.8, rng), "flipper");
    }
    pool.add(Confusions.uniform(k), "spammer");
    SimulatedCrowd sim = CrowdSimulator.simulate(s.labels(), pool.build(), Assignment.dense(), 6);
    CrowdDataset data = sim.data();
    TaskFeatures x = SyntheticCrowd.rows(s.features(), 5, 0, 400);
    int spammer = data.workers().id("a4");
    // the doctor net's weights are not a reliability: they fit the label histograms (see the
    // learner's Javadoc), so only MBEM's and Max-MIG's confusions are checked here
    for (String name : List.of(Mbem.NAME, MaxMig.NAME)) {
      Learner l =
          Learners.create(
              name, Map.of("selection", "LAST_EPOCH"), quick(1), SyntheticCrowd.smallMlp());
      try (LearnedModel m = l.fit(data, x, null, EpochListener.NONE)) {
        double[] skill = m.annotatorModel().skills();
        for (int w = 0; w < skill.length; w++) {
          if (w != spammer) {
            assertTrue(
                skill[w] > skill[spammer] + 0.05,
                name + ": annotator " + w + " " + skill[w] + " vs spammer " + skill[spammer]);
          }
        }
      }
    }
  }

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
    ConfusionMatrices ml = new ConfusionMatrices(3, 2, Mbem.confusions(d, truth, 0));
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
    double[] pi = Mbem.confusions(d, truth, 1);
    assertEquals(0.75, pi[0], 1e-12);
    assertEquals(0.25, pi[1], 1e-12);
    assertEquals(0.75, pi[3], 1e-12);
    assertEquals(2.0 / 3, pi[2 * 4 + 1], 1e-12);
    double[] prior = Mbem.classPrior(truth, 2);
    assertArrayEquals(new double[] {0.5, 0.5}, prior, 1e-12);
    double[] q = Mbem.posteriors(d, pi, prior, false);
    // task 1: P(0) ∝ .5·.25·.5, P(1) ∝ .5·.75·.5 → 0.25 / 0.75
    assertEquals(0.75, q[1 * 2 + 1], 1e-12);
    // task 0: P(0) ∝ .5·.75·.5·(2/3) = .125, P(1) ∝ .5·.25·.5·.5 = .03125 → 0.8
    assertEquals(0.8, q[0], 1e-12);
    for (int i = 0; i < 4; i++) {
      assertEquals(1.0, q[i * 2] + q[i * 2 + 1], 1e-12);
    }
    // the same prior given per item gives the same posteriors
    double[] perItem = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    assertArrayEquals(q, Mbem.posteriors(d, pi, perItem, true), 1e-12);
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
    float[] w = MaxMig.initialWeights(d);
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
    double[] pi = MaxMig.confusions(d, new float[3 * 4], new float[2]);
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
    cm = new ConfusionMatrices(3, 2, MaxMig.confusions(d, w, new float[2]));
    assertEquals(0.5, cm.get(1, 0, 0), 1e-6);
    assertEquals(0.5, cm.get(1, 1, 1), 1e-6);
    assertEquals(1.0, cm.get(0, 0, 0), 1e-6);
    // annotator 2 answered 1 on task 0, which is now class 0 (its class-1 row only holds the
    // posterior's e^−20 remainder, still all on answer 1)
    assertEquals(1.0, cm.get(2, 0, 1), 1e-6);
    assertEquals(1.0, cm.get(2, 1, 1), 1e-6);
  }

  @Test
  void optionsAreValidated() {
    assertThrows(IllegalArgumentException.class, () -> new Mbem.Options(0, Mbem.Prior.UNIFORM, 0));
    assertThrows(IllegalArgumentException.class, () -> new Mbem.Options(2, Mbem.Prior.UNIFORM, -1));
    assertThrows(
        IllegalArgumentException.class, () -> new WeightedDoctorNet.Options(false, true, -1, 0.1));
    assertThrows(IllegalArgumentException.class, () -> new MaxMig.Options(true, -1));
    assertInstanceOf(
        Mbem.class,
        Learners.create(
            "mbem", Map.of("rounds", "3"), TrainOptions.defaults(), Backbone.paperMlp()));
  }
}
