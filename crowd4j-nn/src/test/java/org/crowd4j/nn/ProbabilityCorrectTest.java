package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** P(correct | x, r) of CoNAL: the formula on training pairs, and an expert on half the classes. */
class ProbabilityCorrectTest {
  static final int K = 4;
  static CrowdDataset data;
  static TaskFeatures train;
  static TaskFeatures test;
  static int[] testTruth;

  @BeforeAll
  static void crowd() {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 600;
    Gaussians.Sample s = Gaussians.classes(n + 400, K, 5, 1.5, rng);
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    b.add(halfExpert(K), "expert on classes 0 and 1");
    for (int r = 1; r < 5; r++) {
      b.add(uniformNoise(K, 0.65), "0.65 everywhere");
    }
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(Arrays.copyOf(s.labels(), n), b.build(), Assignment.dense(), 4);
    data = crowd.data();
    train = GaussianCrowd.rows(s.features(), 5, 0, n);
    test = GaussianCrowd.rows(s.features(), 5, n, n + 400);
    testTruth = Arrays.copyOfRange(s.labels(), n, n + 400);
  }

  /** 0.95 right on the first half of the classes, 0.3 on the others (errors uniform). */
  static double[][] halfExpert(int k) {
    double[][] m = new double[k][k];
    for (int z = 0; z < k; z++) {
      double right = z < k / 2 ? 0.95 : 0.3;
      for (int l = 0; l < k; l++) {
        m[z][l] = l == z ? right : (1 - right) / (k - 1);
      }
    }
    return m;
  }

  static double[][] uniformNoise(int k, double right) {
    double[][] m = new double[k][k];
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        m[z][l] = l == z ? right : (1 - right) / (k - 1);
      }
    }
    return m;
  }

  private static LearnedModel fit(Map<String, String> options, int epochs) {
    return Learners.create(
            Conal.NAME, options, GaussianCrowd.quick(epochs, 5), GaussianCrowd.smallMlp())
        .fit(data, train, null, EpochListener.NONE);
  }

  @Test
  void expertOnHalfTheClassesIsMoreOftenRightOnThoseItems(@TempDir Path dir) throws Exception {
    try (LearnedModel fitted =
        fit(Map.of("selection", "LAST_EPOCH", "headLearningRate", "0.02"), 40)) {
      fitted.save(dir);
    }
    try (LearnedModel m = LearnedModel.load(dir)) {
      List<String> who = List.of("a0", "a1", "a2", "a3", "a4");
      double[] pc = m.probabilityCorrect(test, who);
      assertEquals(400 * 5, pc.length);
      double[] expertMinusOthers = new double[2]; // first half, second half of the classes
      int[] count = new int[2];
      for (int i = 0; i < 400; i++) {
        double others = 0;
        for (int r = 1; r < 5; r++) {
          others += pc[i * 5 + r] / 4;
          assertTrue(pc[i * 5 + r] >= 0 && pc[i * 5 + r] <= 1);
        }
        int half = testTruth[i] < K / 2 ? 0 : 1;
        expertMinusOthers[half] += pc[i * 5] - others;
        count[half]++;
      }
      // measured 0.090 and -0.124 (the truth: +0.30 and -0.35, diluted by ω's share of the
      // common layer, which is right on most items)
      double first = expertMinusOthers[0] / count[0];
      double second = expertMinusOthers[1] / count[1];
      System.out.printf("expert minus others: classes 0-1 %.3f, classes 2-3 %.3f%n", first, second);
      assertTrue(first > 0.04, "expert ahead on her classes: " + first);
      assertTrue(second < -0.06, "expert behind on the others: " + second);
      // an annotator the model never saw, without annotator features: a clear error
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> m.probabilityCorrect(test, List.of("zz")));
      assertTrue(
          e.getMessage().contains("'zz' is not in the model's training data"), e.getMessage());
    }
  }

  @Test
  void probabilityMixingMatchesTheFormulaOnTrainingAnswers() {
    try (LearnedModel m = fit(Map.of("mixing", "PROBABILITY"), 3)) {
      CommonConfusionModel cc = (CommonConfusionModel) m.annotatorModel();
      TaskFeatures aligned = train.alignedTo(data.tasks());
      double[] p = m.predict(aligned);
      List<String> who = m.workers().names();
      double[] pc = m.probabilityCorrect(aligned, who);
      double[] g = cc.common();
      for (int a = 0; a < data.numAnswers(); a += 37) {
        int i = data.task(a);
        int w = data.worker(a);
        double omega = cc.omega()[a];
        double expected = 0;
        for (int c = 0; c < K; c++) {
          expected +=
              p[i * K + c] * (omega * g[c * K + c] + (1 - omega) * cc.individual().get(w, c, c));
        }
        assertEquals(expected, pc[i * who.size() + w], 1e-4, "answer " + a);
      }
    }
  }

  @Test
  void annotatorFeaturesScoreNewAnnotators() {
    List<String> names = List.of("a0", "a1", "a2", "a3", "a4", "new");
    float[] f = {1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0.5f, 0.5f};
    TaskFeatures annotatorFeatures = new TaskFeatures(org.crowd4j.data.Vocabulary.of(names), 2, f);
    Learner l =
        new Conal(Conal.Options.defaults(), GaussianCrowd.quick(2, 3), GaussianCrowd.smallMlp())
            .withAnnotatorFeatures(annotatorFeatures);
    try (LearnedModel m = l.fit(data, train, null, EpochListener.NONE)) {
      double[] pc = m.probabilityCorrect(test, List.of("a0", "new"), annotatorFeatures);
      assertEquals(400 * 2, pc.length);
      for (double v : pc) {
        assertTrue(v >= 0 && v <= 1, "probability " + v);
      }
      // the training annotators give the same values with or without the features
      double[] known = m.probabilityCorrect(test, List.of("a0"));
      for (int i = 0; i < 400; i++) {
        assertEquals(known[i], pc[i * 2], 1e-12);
      }
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> m.probabilityCorrect(test, List.of("new")));
      assertTrue(e.getMessage().contains("give her features"), e.getMessage());
    }
  }

  @Test
  void learnersWithoutItSaySo() {
    try (LearnedModel m =
        Learners.create(
                TraceRegularized.NAME,
                Map.of(),
                GaussianCrowd.quick(1, 1),
                GaussianCrowd.smallMlp())
            .fit(data, train, null, EpochListener.NONE)) {
      UnsupportedOperationException e =
          assertThrows(
              UnsupportedOperationException.class, () -> m.probabilityCorrect(test, List.of("a0")));
      assertTrue(e.getMessage().contains("does not predict per-item annotator correctness"));
    }
  }
}
