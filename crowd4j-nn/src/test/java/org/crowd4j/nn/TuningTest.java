package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.data.TaskFeatures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Early stopping, the grid search, feature standardisation and the annotator model's refit. */
class TuningTest {
  static GaussianCrowd crowd;

  @BeforeAll
  static void data() {
    crowd = GaussianCrowd.flippers(300, 3, 5, 4, 0.7, true, 11);
  }

  /**
   * Early stopping with a small patience and a cap far above what the data need; one classifier
   * (the ensemble has its own test).
   */
  private static TrainOptions early(int patience, long seed) {
    return TrainOptions.defaults()
        .withEpochs(300)
        .withPatience(patience)
        .withSeed(seed)
        .withMembers(1);
  }

  @Test
  void earlyStoppingStopsPatienceEpochsAfterTheBestOne() {
    for (Validation v : new Validation[] {null, crowd.valid()}) {
      try (LearnedModel m =
          new TraceRegularized(
                  TraceRegularized.Options.defaults(), early(5, 1), GaussianCrowd.smallMlp())
              .fit(crowd.data(), crowd.features(), v, EpochListener.NONE)) {
        TrainingSummary s = m.summary();
        assertTrue(s.epochsRun() < 300, "stopped early: " + s.epochsRun());
        assertEquals(s.bestEpoch() + 5, s.epochsRun(), "patience 5 after the best epoch");
        // no epoch after the best one scored better
        double[] sc = s.selectionScores();
        for (int e = s.bestEpoch(); e < sc.length; e++) {
          if (v == null) {
            assertTrue(sc[e] >= s.bestScore(), "held-out NLL improved after the best epoch");
          } else {
            assertTrue(sc[e] <= s.bestScore(), "validation accuracy improved after the best");
          }
        }
      }
    }
    // patience 0 runs every epoch
    try (LearnedModel m =
        new TraceRegularized(
                TraceRegularized.Options.defaults(),
                early(0, 1).withEpochs(7),
                GaussianCrowd.smallMlp())
            .fit(crowd.data(), crowd.features(), null, EpochListener.NONE)) {
      assertEquals(7, m.summary().epochsRun());
    }
  }

  @Test
  void annotatorModelIsFittedAgainWithTheClassifierFixed() {
    double[] before;
    double[] after;
    try (LearnedModel plain =
        new TraceRegularized(
                TraceRegularized.Options.defaults(),
                TrainOptions.fixedEpochs(3).withSeed(2),
                GaussianCrowd.smallMlp())
            .fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE)) {
      assertEquals(0, plain.summary().annotatorEpochs());
      assertTrue(Double.isNaN(plain.summary().annotatorScore()));
      before = plain.predict(crowd.test().features());
    }
    // the same training (3 epochs, then stop by a listener) with early stopping switched on: only
    // the annotator model may differ, the classifier's predictions must not
    TrainOptions t = early(5, 2).withStandardize(false);
    try (LearnedModel refit =
        new TraceRegularized(TraceRegularized.Options.defaults(), t, GaussianCrowd.smallMlp())
            .fit(crowd.data(), crowd.features(), crowd.valid(), s -> s.epoch() < 3)) {
      TrainingSummary s = refit.summary();
      assertEquals(3, s.epochsRun());
      assertTrue(s.annotatorEpochs() > 0, "the annotator model was fitted further");
      assertTrue(Double.isFinite(s.annotatorScore()));
      after = refit.predict(crowd.test().features());
    }
    assertArrayEquals(before, after, 0.0, "the classifier is untouched by the annotator fit");
  }

  @Test
  void stagesSkipFixedOptionsAndCountTrainings() {
    List<List<Tuning.Axis>> all = Tuning.stages(Conal.NAME, Set.of());
    assertEquals(3, all.size());
    assertEquals("standardize", all.get(0).get(0).option());
    assertEquals(6, Tuning.trainings(all), "2 + (4 - 1) + (2 - 1)");
    List<List<Tuning.Axis>> fixed =
        Tuning.stages(Conal.NAME, Set.of("standardize", "learningRate", "lambda"));
    assertEquals(1, fixed.size());
    assertEquals("headLearningRate", fixed.get(0).get(0).option());
    // a fixed annotator step also fixes the confusion logits' own step
    for (List<Tuning.Axis> st : Tuning.stages(TraceRegularized.NAME, Set.of("headLearningRate"))) {
      for (Tuning.Axis a : st) {
        assertFalse(a.option().equals("confusionLearningRate"));
      }
    }
    assertTrue(Tuning.stages(Lia.NAME, Set.of()).isEmpty(), "EM schedules are not tuned");
    assertEquals(4, Tuning.points(all.get(1)).size());
  }

  @Test
  void gridChoiceIsTheBestScoreAndIsSavedWithTheModel(@TempDir Path dir) throws Exception {
    List<List<Tuning.Axis>> stages =
        List.of(
            List.of(new Tuning.Axis("standardize", List.of("true", "false"))),
            List.of(new Tuning.Axis("learningRate", List.of("0.001", "0.01"))));
    Map<String, String> fixed = Map.of("lambda", "0.01");
    double[] p1;
    Map<String, Object> t1;
    try (LearnedModel m = traceReg(fixed, early(4, 3), stages)) {
      t1 = m.tuning();
      assertNotNull(t1);
      assertEquals("held-out-nll", t1.get("metric"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> cs = (List<Map<String, Object>>) t1.get("candidates");
      assertEquals(3, cs.size(), "the second stage reuses the first stage's winner");
      Map<String, Object> best = cs.get(0);
      for (Map<String, Object> c : cs) {
        if ((Double) c.get("score") < (Double) best.get("score")) {
          best = c;
        }
      }
      assertEquals(best.get("setting"), t1.get("chosen"));
      assertEquals(m.summary().bestScore(), (Double) best.get("score"), 0.0);
      @SuppressWarnings("unchecked")
      Map<String, String> chosen = (Map<String, String>) t1.get("chosen");
      assertEquals(Boolean.parseBoolean(chosen.get("standardize")), m.standardized());
      assertEquals(
          Double.parseDouble(chosen.get("learningRate")),
          ((Number) m.trainOptions().get("learningRate")).doubleValue());
      assertEquals(0.01, ((Number) m.options().get("lambda")).doubleValue());
      p1 = m.predict(crowd.test().features());
      m.save(dir.resolve("m"));
    }
    JsonNode json = new ObjectMapper().readTree(dir.resolve("m").resolve("model.json").toFile());
    assertEquals(
        t1.get("chosen").toString(),
        new ObjectMapper().convertValue(json.get("tuning").get("chosen"), Map.class).toString());
    try (LearnedModel loaded = LearnedModel.load(dir.resolve("m"))) {
      assertEquals(t1, loaded.tuning());
      assertArrayEquals(p1, loaded.predict(crowd.test().features()), 0.0);
    }
    // same seed, same choice and the same model
    try (LearnedModel again = traceReg(fixed, early(4, 3), stages)) {
      Map<String, Object> t2 = again.tuning();
      assertEquals(t1.get("chosen"), t2.get("chosen"));
      assertArrayEquals(p1, again.predict(crowd.test().features()), 0.0);
    }
  }

  @Test
  void ensembleAveragesMembersWithTheirOwnSeedsAndSurvivesSaveAndLoad(@TempDir Path dir)
      throws Exception {
    assertEquals(5, Tuning.members(Conal.NAME, TrainOptions.defaults(), 5_000));
    assertEquals(1, Tuning.members(Conal.NAME, TrainOptions.defaults(), 5_001));
    assertEquals(1, Tuning.members(Lia.NAME, TrainOptions.defaults(), 100), "EM schedules");
    assertEquals(2, Tuning.members(Lia.NAME, TrainOptions.defaults().withMembers(2), 100));
    assertEquals(1, TrainOptions.authorsProtocol().members(), "the authors' protocol: one");
    List<List<Tuning.Axis>> stages =
        List.of(List.of(new Tuning.Axis("learningRate", List.of("0.001", "0.01"))));
    TaskFeatures test = crowd.test().features();
    double[] p;
    try (LearnedModel m = threeMembers(stages)) {
      assertEquals(3, m.members());
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> ms = (List<Map<String, Object>>) m.tuning().get("members");
      assertEquals(3, ms.size());
      for (int k = 0; k < 3; k++) {
        assertEquals(Long.toString(Tuning.memberSeed(5, k)), ms.get(k).get("seed"));
      }
      assertEquals(m.summary().bestScore(), (Double) ms.get(0).get("score"), 0.0);
      p = m.predict(test);
      double[][] each = new double[3][];
      for (int k = 0; k < 3; k++) {
        each[k] = m.predictMember(k, test);
      }
      assertFalse(java.util.Arrays.equals(each[0], each[1]), "members differ");
      int k = crowd.data().numLabels();
      for (int i = 0; i < p.length; i++) {
        assertEquals((each[0][i] + each[1][i] + each[2][i]) / 3, p[i], 1e-12);
      }
      for (int i = 0; i < test.numRows(); i++) {
        double sum = 0;
        for (int c = 0; c < k; c++) {
          sum += p[i * k + c];
        }
        assertEquals(1.0, sum, 1e-9);
      }
      m.save(dir.resolve("e"));
    }
    try (LearnedModel loaded = LearnedModel.load(dir.resolve("e"))) {
      assertEquals(3, loaded.members());
      assertArrayEquals(p, loaded.predict(test), 0.0);
    }
    // a model.json that names a member the parameters do not hold is refused, the file named:
    // edited, the checksum catches it; with a checksum to match (as a faulty writer would leave
    // it), the member check does
    Path json = dir.resolve("e").resolve("model.json");
    String edited =
        java.nio.file.Files.readString(json).replace("\"members\" : 3", "\"members\" : 4");
    java.nio.file.Files.writeString(json, edited);
    org.crowd4j.io.ModelFileException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            org.crowd4j.io.ModelFileException.class, () -> LearnedModel.load(dir.resolve("e")));
    assertTrue(e.getMessage().contains("model.json: checksum mismatch"), e.getMessage());
    java.nio.file.Files.write(
        json,
        org.crowd4j.model.ModelSchema.seal(
            edited
                .replaceFirst(
                    "sha256:[0-9a-f]{64}", org.crowd4j.model.ModelSchema.CHECKSUM_PLACEHOLDER)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    e =
        org.junit.jupiter.api.Assertions.assertThrows(
            org.crowd4j.io.ModelFileException.class, () -> LearnedModel.load(dir.resolve("e")));
    assertTrue(
        e.getMessage().contains("model.json") && e.getMessage().contains("member3"),
        e.getMessage());
    // same seed, same ensemble
    try (LearnedModel again = threeMembers(stages)) {
      assertArrayEquals(p, again.predict(test), 0.0);
    }
  }

  /** An ensemble of 3 trace-regularised networks, seed 5, held-out selection. */
  private static LearnedModel threeMembers(List<List<Tuning.Axis>> stages) {
    return traceReg(Map.of("members", "3"), early(4, 5).withMembers(0), stages);
  }

  /** Trace regularisation tuned over {@code stages} with held-out selection. */
  private static LearnedModel traceReg(
      Map<String, String> overrides, TrainOptions t, List<List<Tuning.Axis>> stages) {
    return heldOut(TraceRegularized.NAME, overrides, t, stages);
  }

  /** {@code learner} tuned over {@code stages}, without validation gold. */
  private static LearnedModel heldOut(
      String learner,
      Map<String, String> overrides,
      TrainOptions t,
      List<List<Tuning.Axis>> stages) {
    return Tuning.fit(
        learner,
        overrides,
        t,
        GaussianCrowd.smallMlp(),
        stages,
        crowd.data(),
        crowd.features(),
        null,
        EpochListener.NONE,
        null);
  }

  @Test
  void validationGoldPicksTheHighestAccuracy() {
    List<List<Tuning.Axis>> stages =
        List.of(List.of(new Tuning.Axis("learningRate", List.of("0.0001", "0.003"))));
    try (LearnedModel m =
        Tuning.fit(
            TwoStage.NAME,
            Map.of(),
            early(3, 4),
            GaussianCrowd.smallMlp(),
            stages,
            crowd.data(),
            crowd.features(),
            crowd.valid(),
            EpochListener.NONE,
            null)) {
      Map<String, Object> t = m.tuning();
      assertEquals("valid-acc", t.get("metric"));
      assertEquals("highest", t.get("rule"));
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> cs = (List<Map<String, Object>>) t.get("candidates");
      double a = (Double) cs.get(0).get("score");
      double b = (Double) cs.get(1).get("score");
      assertEquals(Math.max(a, b), m.summary().bestScore(), 0.0);
      assertEquals(
          Math.max(a, b), crowd.valid().accuracy(m.predictLabels(crowd.valid().features())), 1e-12);
    }
    // the last epoch gives no score to compare: one training, whatever the stages
    try (LearnedModel m =
        heldOut(
            TwoStage.NAME, Map.of("selection", "LAST_EPOCH", "epochs", "3"), early(3, 4), stages)) {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> cs = (List<Map<String, Object>>) m.tuning().get("candidates");
      assertEquals(1, cs.size());
    }
  }

  @Test
  void standardisationUsesTrainingStatisticsAndIsAppliedAtPredict(@TempDir Path dir)
      throws Exception {
    // badly scaled features: column j multiplied by 10^(j-2) and shifted by 50·j
    TaskFeatures raw = crowd.features();
    int d = raw.dim();
    float[] x = raw.toArray();
    for (int i = 0; i < x.length; i++) {
      int j = i % d;
      x[i] = (float) (x[i] * Math.pow(10, j - 2) + 50 * j);
    }
    TaskFeatures scaled = new TaskFeatures(raw.tasks(), d, x);
    float[] tx = crowd.test().features().toArray();
    for (int i = 0; i < tx.length; i++) {
      int j = i % d;
      tx[i] = (float) (tx[i] * Math.pow(10, j - 2) + 50 * j);
    }
    TaskFeatures testScaled = new TaskFeatures(crowd.test().features().tasks(), d, tx);
    TrainOptions t = early(5, 6).withEpochs(12).withPatience(0);
    try (LearnedModel m =
        new TwoStage(TwoStage.Options.defaults(), t, GaussianCrowd.smallMlp())
            .fit(crowd.data(), scaled, null, EpochListener.NONE)) {
      assertTrue(m.standardized());
      // the statistics are the training items' column mean and (population) standard deviation
      float[] aligned = scaled.alignedTo(crowd.data().tasks()).toArray();
      int n = aligned.length / d;
      float[] z = m.standardized(aligned);
      for (int j = 0; j < d; j++) {
        double mean = 0;
        double sq = 0;
        for (int i = 0; i < n; i++) {
          mean += z[i * d + j];
          sq += (double) z[i * d + j] * z[i * d + j];
        }
        assertEquals(0, mean / n, 1e-4, "column " + j + " centred");
        assertEquals(1, sq / n, 1e-3, "column " + j + " unit variance");
      }
      double[] p = m.predict(testScaled);
      m.save(dir.resolve("s"));
      JsonNode json = new ObjectMapper().readTree(dir.resolve("s").resolve("model.json").toFile());
      assertTrue(json.get("standardized").asBoolean());
      try (LearnedModel loaded = LearnedModel.load(dir.resolve("s"))) {
        assertTrue(loaded.standardized());
        assertArrayEquals(p, loaded.predict(testScaled), 0.0, "statistics saved with the model");
      }
      // on standardised inputs the classifier learns as on the unscaled ones: same accuracy
      // within a few points, far above what the raw badly scaled features give it
      double acc = crowd.test().accuracy(m.predictLabels(testScaled));
      assertTrue(acc > 0.8, "accuracy with standardisation " + acc);
    }
    try (LearnedModel m =
        new TwoStage(
                TwoStage.Options.defaults(), t.withStandardize(false), GaussianCrowd.smallMlp())
            .fit(crowd.data(), scaled, null, EpochListener.NONE)) {
      assertFalse(m.standardized());
    }
  }

  @Test
  void referenceSelectionScoresTheClassifierUnderFixedDawidSkeneConfusions() {
    TrainOptions t =
        early(4, 5).withSelection(TrainOptions.Selection.HELD_OUT_REFERENCE).withStandardize(false);
    try (LearnedModel m =
        new TwoStage(TwoStage.Options.defaults(), t, GaussianCrowd.smallMlp())
            .fit(crowd.data(), crowd.features(), crowd.valid(), EpochListener.NONE)) {
      TrainingSummary s = m.summary();
      assertEquals("held-out-ref-nll", s.selectionMetric());
      assertEquals(30, s.heldOutItems(), "10 % of 300 items held out, validation gold ignored");
      // a negative log-likelihood of 3-class answers: positive, and below the uniform log 3 once
      // the classifier has learnt something
      assertTrue(s.bestScore() > 0 && s.bestScore() < Math.log(3), "score " + s.bestScore());
      assertEquals(s.bestEpoch() + 4, s.epochsRun());
    }
  }
}
