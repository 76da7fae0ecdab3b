package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.metrics.ConfusionRecovery;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every learner on a small simulated crowd: it learns, and its model saves and loads. */
class LearnersTest {
  static GaussianCrowd crowd;
  static double mvAccuracy;

  @BeforeAll
  static void data() {
    // 5 dense pairwise flippers of accuracy 0.55 on 3 separable Gaussian classes
    crowd = GaussianCrowd.flippers(600, 3, 5, 5, 0.55, true, 5);
    mvAccuracy = crowd.gold().accuracy(new MajorityVote().fit(crowd.data()).labels());
  }

  private static LearnedModel fit(String name, Map<String, String> options, int epochs) {
    Learner l =
        Learners.create(name, options, GaussianCrowd.quick(epochs, 7), GaussianCrowd.smallMlp());
    return l.fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE);
  }

  private static double testAccuracy(LearnedModel m) {
    return crowd.test().accuracy(m.predictLabels(crowd.test().features()));
  }

  @Test
  void everyLearnerBeatsChanceAndGivesDistributions(@TempDir Path dir) throws IOException {
    for (Learners.Spec s : Learners.all()) {
      try (LearnedModel m = fit(s.name(), Map.of(), 12)) {
        // a saved model comes back with the head its learner trained, predicting the same
        m.save(dir.resolve(s.name()));
        try (LearnedModel back = LearnedModel.load(dir.resolve(s.name()))) {
          assertEquals(m.trainedHead().getClass(), back.trainedHead().getClass(), s.name());
          boolean embeds = s.name().equals(Conal.NAME) || s.name().equals(Lia.NAME);
          assertEquals(embeds, back.annotatorEmbeddings() != null, s.name());
          assertArrayEquals(
              m.predict(crowd.test().features()),
              back.predict(crowd.test().features()),
              1e-6,
              s.name());
        }
        double acc = testAccuracy(m);
        assertTrue(acc > 0.75, s.name() + " test accuracy " + acc);
        double[] p = m.predict(crowd.test().features());
        for (double v : p) {
          assertTrue(Double.isFinite(v) && v >= 0 && v <= 1, s.name());
        }
        for (int i = 0; i < p.length / 3; i++) {
          assertEquals(1.0, p[3 * i] + p[3 * i + 1] + p[3 * i + 2], 1e-5, s.name() + " row " + i);
        }
        assertEquals(s.name(), m.method());
        // the training items' labels: on separable classes every learner must clearly beat the
        // majority vote of its 0.55-accurate flippers (0.68 here; the learners reach 0.99)
        double train = crowd.gold().accuracy(m.predictLabels(crowd.features()));
        assertTrue(
            train > mvAccuracy + 0.15,
            s.name() + ": training-item accuracy " + train + " vs majority vote " + mvAccuracy);
      }
    }
  }

  @Test
  void sameSeedSamePredictionsForEveryLearner() {
    // at the engine's fixed thread count (one per core): exactly the same numbers
    for (Learners.Spec s : Learners.all()) {
      double[] a;
      double[] b;
      try (LearnedModel m = fit(s.name(), Map.of(), 3)) {
        a = m.predict(crowd.test().features());
      }
      try (LearnedModel m = fit(s.name(), Map.of(), 3)) {
        b = m.predict(crowd.test().features());
      }
      org.junit.jupiter.api.Assertions.assertArrayEquals(a, b, 0.0, s.name());
    }
  }

  @Test
  void traceRegularizedRecoversTheFlippers() {
    Map<String, String> o =
        Map.of("headLearningRate", "0.05", "selection", "LAST_EPOCH", "batchSize", "32");
    try (LearnedModel m = fit(TraceRegularized.NAME, o, 30)) {
      WorkerModel w = m.annotatorModel();
      ConfusionMatrices cm = assertInstanceOf(ConfusionMatrices.class, w);
      assertEquals(5, cm.numWorkers());
      double err = ConfusionRecovery.tannoError(crowd.trueConfusions(), cm.toArray(), 3);
      double identity = ConfusionRecovery.tannoError(crowd.trueConfusions(), identities(5, 3), 3);
      System.out.println("recovery error " + err + " vs identity " + identity);
      assertTrue(err < identity / 3, "recovery error " + err + " vs identity " + identity);
      // skill = mean diagonal, the flippers' accuracy is 0.55
      for (int r = 0; r < 5; r++) {
        assertEquals(0.55, cm.skill(r), 0.12);
      }
      assertTrue(testAccuracy(m) > mvAccuracy, "end-to-end should beat the majority vote");
    }
  }

  static double[] identities(int r, int k) {
    double[] out = new double[r * k * k];
    for (int w = 0; w < r; w++) {
      for (int c = 0; c < k; c++) {
        out[(w * k + c) * k + c] = 1;
      }
    }
    return out;
  }

  @Test
  void annotatorModelsHaveTheRightShape() {
    try (LearnedModel m = fit(Conal.NAME, Map.of(), 2)) {
      CommonConfusionModel cc = assertInstanceOf(CommonConfusionModel.class, m.annotatorModel());
      assertEquals(9, cc.common().length);
      assertEquals(crowd.data().numAnswers(), cc.omega().length);
      for (double o : cc.omega()) {
        // normalised embeddings: ω = σ(cos) ∈ [σ(−1), σ(1)]
        assertTrue(o >= 0.2689 && o <= 0.7311, "omega " + o);
      }
    }
    try (LearnedModel m = fit(CrowdLayer.NAME, Map.of("variant", "VW_B"), 2)) {
      ConfusionMatrices cm = assertInstanceOf(ConfusionMatrices.class, m.annotatorModel());
      assertEquals(5, cm.numWorkers());
    }
    try (LearnedModel m = fit(SingleConfusion.NAME, Map.of(), 2)) {
      assertEquals(1, m.annotatorModel().numWorkers());
    }
    try (LearnedModel m = fit(TwoStage.NAME, Map.of("aggregator", "ds"), 2)) {
      assertNull(m.annotatorModel());
    }
  }

  @Test
  void conalWithAnnotatorFeaturesScoresUnseenAnnotators() {
    int r = crowd.data().numWorkers();
    java.util.List<String> names = new java.util.ArrayList<>();
    float[] f = new float[r * 2];
    for (int w = 0; w < r; w++) {
      names.add(crowd.data().workers().name(w));
      f[w * 2] = w;
      f[w * 2 + 1] = 1;
    }
    org.crowd4j.data.TaskFeatures af =
        new org.crowd4j.data.TaskFeatures(org.crowd4j.data.Vocabulary.of(names), 2, f);
    Conal c =
        new Conal(Conal.Options.defaults(), GaussianCrowd.quick(2, 1), GaussianCrowd.smallMlp())
            .withAnnotatorFeatures(af);
    try (LearnedModel m = c.fit(crowd.data(), crowd.features(), null, EpochListener.NONE)) {
      int[] rows = {0, 1};
      double[] known = m.omega(crowd.test().features(), rows, new int[] {2, 3});
      double[] same =
          m.omegaForAnnotatorFeatures(
              crowd.test().features(), rows, new int[] {0, 1}, new float[][] {{2, 1}, {3, 1}});
      assertArrayEquals(known, same, 1e-6);
      double[] unseen =
          m.omegaForAnnotatorFeatures(
              crowd.test().features(), rows, new int[] {0, 0}, new float[][] {{9.5f, -1}});
      for (double o : unseen) {
        assertTrue(o > 0 && o < 1);
      }
    }
  }

  @Test
  void saveAndLoadGiveTheSameModel(@TempDir Path dir) throws IOException {
    for (String name : new String[] {Conal.NAME, TraceRegularized.NAME, SoftBootstrap.NAME}) {
      Path d = dir.resolve(name);
      double[] before;
      double[] omega = null;
      int[] rows = {0, 1, 2};
      int[] workers = {0, 3, 4};
      WorkerModel annotators;
      try (LearnedModel m =
          Learners.create(
                  name,
                  Map.of("standardize", "true"),
                  GaussianCrowd.quick(3, 1),
                  Backbone.mlp(new int[] {16, 8}, 0.2, true, true))
              .fit(crowd.data(), crowd.features(), null, EpochListener.NONE)) {
        before = m.predict(crowd.test().features());
        if (name.equals(Conal.NAME)) {
          omega = m.omega(crowd.test().features(), rows, workers);
        }
        annotators = m.annotatorModel();
        m.save(d);
      }
      assertTrue(
          Files.exists(d.resolve("model.json"))
              && Files.exists(d.resolve("parameters.safetensors")));
      assertEquals(
          "crowd4j " + org.crowd4j.method.Provenance.LIBRARY_VERSION,
          new com.fasterxml.jackson.databind.ObjectMapper()
              .readTree(d.resolve("model.json").toFile())
              .get("library")
              .asText(),
          "the model records the library version");
      try (LearnedModel m = LearnedModel.load(d)) {
        assertArrayEquals(before, m.predict(crowd.test().features()), 1e-6, name);
        assertEquals(name, m.method());
        assertEquals(3, m.summary().epochsRun());
        if (omega != null) {
          assertArrayEquals(omega, m.omega(crowd.test().features(), rows, workers), 1e-6);
          CommonConfusionModel a = (CommonConfusionModel) annotators;
          CommonConfusionModel b = (CommonConfusionModel) m.annotatorModel();
          assertArrayEquals(a.common(), b.common(), 1e-6);
          assertArrayEquals(a.omega(), b.omega(), 1e-6);
        } else if (annotators != null) {
          assertArrayEquals(
              ((ConfusionMatrices) annotators).toArray(),
              ((ConfusionMatrices) m.annotatorModel()).toArray(),
              1e-6);
        }
      }
    }
    Files.writeString(dir.resolve("model.json"), "{\"format\":\"other\"}");
    assertThrows(IOException.class, () -> LearnedModel.load(dir));
  }

  @Test
  void smallCnnOnImagesTrainsSavesAndLoads(@TempDir Path dir) throws IOException {
    GaussianCrowd images = GaussianCrowd.flippers(200, 3, 784, 3, 0.8, false, 9);
    TrainOptions t = GaussianCrowd.quick(2, 4).withSelection(TrainOptions.Selection.LAST_EPOCH);
    double[] before;
    try (LearnedModel m =
        new TraceRegularized(TraceRegularized.Options.defaults(), t, Backbone.smallCnn())
            .fit(images.data(), images.features(), null, EpochListener.NONE)) {
      assertEquals(Backbone.Kind.CNN, m.backbone().kind());
      before = m.predict(images.test().features());
      m.save(dir.resolve("cnn"));
    }
    try (LearnedModel m = LearnedModel.load(dir.resolve("cnn"))) {
      assertArrayEquals(before, m.predict(images.test().features()), 1e-6);
    }
    assertThrows(
        IllegalArgumentException.class,
        () -> Backbone.smallCnn().build(100, 3),
        "a CNN needs 28 × 28 = 784 features");
  }

  @Test
  void customBackboneAndCheckpoints(@TempDir Path dir) throws IOException {
    Backbone custom =
        Backbone.custom("linear", (d, k) -> ai.djl.nn.core.Linear.builder().setUnits(k).build());
    TrainOptions t =
        new TrainOptions(
            3,
            32,
            1e-2,
            0,
            true,
            0.9,
            0.999,
            1e-8,
            1e-4,
            false,
            TrainOptions.Selection.AUTO,
            0.1,
            0,
            true,
            false,
            1,
            2L,
            dir.resolve("ckpt").toString());
    try (LearnedModel m =
        new TwoStage(TwoStage.Options.defaults(), t, custom)
            .fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE)) {
      assertTrue(testAccuracy(m) > 0.6);
    }
    assertTrue(Files.exists(dir.resolve("ckpt/model.json")), "best-so-far checkpoint written");
    assertThrows(IllegalArgumentException.class, () -> LearnedModel.load(dir.resolve("ckpt")));
    try (LearnedModel m =
        LearnedModel.load(
            dir.resolve("ckpt"), (d, k) -> ai.djl.nn.core.Linear.builder().setUnits(k).build())) {
      assertEquals(3, m.labels().size());
    }
  }
}
