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
  static GaussianCrowd crowd;

  @BeforeAll
  static void data() {
    // 3 Gaussian classes, 5 dense pairwise flippers of accuracy 0.6: chance is 1/3
    crowd = GaussianCrowd.flippers(300, 3, 5, 5, 0.6, true, 11);
  }

  private static LearnedModel fit(String name, long seed) {
    Learner l = Learners.create(name, Map.of(), quick(seed), GaussianCrowd.smallMlp());
    return l.fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE);
  }

  /** 20 epochs at step 0.01: enough for the small MLP on a few hundred items. */
  static TrainOptions quick(long seed) {
    return GaussianCrowd.quick(20, seed).withLearningRate(0.01);
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
    TaskFeatures x = GaussianCrowd.rows(s.features(), 5, 0, 400);
    int spammer = data.workers().id("a4");
    // the doctor net's weights are not a reliability: they fit the label histograms (see the
    // learner's Javadoc), so only MBEM's and Max-MIG's confusions are checked here
    for (String name : List.of(Mbem.NAME, MaxMig.NAME)) {
      Learner l =
          Learners.create(
              name, Map.of("selection", "LAST_EPOCH"), quick(1), GaussianCrowd.smallMlp());
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
