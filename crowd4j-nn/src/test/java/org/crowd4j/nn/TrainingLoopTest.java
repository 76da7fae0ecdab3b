package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TrainingLoopTest {
  static GaussianCrowd crowd;

  @BeforeAll
  static void data() {
    crowd = GaussianCrowd.flippers(300, 3, 5, 4, 0.7, true, 11);
  }

  private static LearnedModel fit(TrainOptions t, Validation v, EpochListener l) {
    return new TraceRegularized(TraceRegularized.Options.defaults(), t, GaussianCrowd.smallMlp())
        .fit(crowd.data(), crowd.features(), v, l);
  }

  @Test
  void sameSeedSameModelDifferentSeedDifferentModel() {
    double[] a;
    double[] b;
    double[] c;
    try (LearnedModel m = fit(GaussianCrowd.quick(4, 3), null, EpochListener.NONE)) {
      a = m.predict(crowd.test().features());
    }
    try (LearnedModel m = fit(GaussianCrowd.quick(4, 3), null, EpochListener.NONE)) {
      b = m.predict(crowd.test().features());
    }
    try (LearnedModel m = fit(GaussianCrowd.quick(4, 4), null, EpochListener.NONE)) {
      c = m.predict(crowd.test().features());
    }
    assertArrayEquals(a, b, 0.0, "same seed and thread count must give the same model");
    assertFalse(java.util.Arrays.equals(a, c), "another seed should give another model");
  }

  @Test
  void trainingLossFallsAndProbabilitiesAreDistributions() {
    try (LearnedModel m = fit(GaussianCrowd.quick(8, 1), null, EpochListener.NONE)) {
      double[] loss = m.summary().trainLoss();
      assertTrue(loss[loss.length - 1] < loss[0], "loss should fall: " + loss[0] + " → " + loss[7]);
      double[] p = m.predict(crowd.test().features());
      int k = m.labels().size();
      for (int i = 0; i < p.length / k; i++) {
        double s = 0;
        for (int c = 0; c < k; c++) {
          assertTrue(Double.isFinite(p[i * k + c]) && p[i * k + c] >= 0);
          s += p[i * k + c];
        }
        assertEquals(1.0, s, 1e-5);
      }
    }
  }

  @Test
  void selectsTheBestValidationEpochAndHeldOutWithoutValidation() {
    try (LearnedModel m = fit(GaussianCrowd.quick(6, 2), crowd.valid(), EpochListener.NONE)) {
      TrainingSummary s = m.summary();
      assertEquals("valid-acc", s.selectionMetric());
      double max = Double.NEGATIVE_INFINITY;
      int first = -1;
      for (int e = 0; e < s.selectionScores().length; e++) {
        if (s.selectionScores()[e] > max) {
          max = s.selectionScores()[e];
          first = e + 1;
        }
      }
      assertEquals(first, s.bestEpoch());
      // the restored parameters are those of the selected epoch
      assertEquals(max, crowd.valid().accuracy(m.predictLabels(crowd.valid().features())), 1e-12);
      assertEquals(0, s.heldOutItems());
    }
    try (LearnedModel m = fit(GaussianCrowd.quick(3, 2), null, EpochListener.NONE)) {
      assertEquals("held-out-nll", m.summary().selectionMetric());
      assertEquals(30, m.summary().heldOutItems());
      assertEquals(270, m.summary().trainItems());
    }
    TrainOptions last = GaussianCrowd.quick(3, 2).withSelection(TrainOptions.Selection.LAST_EPOCH);
    try (LearnedModel m = fit(last, crowd.valid(), EpochListener.NONE)) {
      assertEquals(3, m.summary().bestEpoch());
    }
    TrainOptions gold =
        GaussianCrowd.quick(3, 2).withSelection(TrainOptions.Selection.VALIDATION_GOLD);
    assertThrows(IllegalArgumentException.class, () -> fit(gold, null, EpochListener.NONE));
  }

  @Test
  void listenerSeesEveryEpochAndCanStop() {
    List<EpochStats> seen = new ArrayList<>();
    try (LearnedModel m =
        fit(
            GaussianCrowd.quick(10, 0),
            crowd.valid(),
            s -> {
              seen.add(s);
              return s.epoch() < 3;
            })) {
      assertEquals(3, seen.size());
      assertEquals(3, m.summary().epochsRun());
      assertEquals(TraceRegularized.NAME, seen.get(0).method());
      assertEquals(10, seen.get(0).epochs());
      assertTrue(seen.get(0).best());
    }
  }

  @Test
  void nativeArraysDoNotAccumulateOverEpochs() {
    List<Integer> live = new ArrayList<>();
    EpochListener count =
        s -> {
          try (NDManager probe = NDManager.newBaseManager()) {
            live.add(probe.getParentManager().getManagedArrays().size());
          }
          return true;
        };
    for (String name : new String[] {Conal.NAME, CrowdLayer.NAME, TraceRegularized.NAME}) {
      live.clear();
      try (LearnedModel m =
          Learners.create(name, Map.of(), GaussianCrowd.quick(8, 1), GaussianCrowd.smallMlp())
              .fit(crowd.data(), crowd.features(), crowd.valid(), count)) {
        assertEquals(8, m.summary().epochsRun());
        assertEquals(8, live.size());
        assertEquals(live.get(1), live.get(7), name + ": live arrays per epoch " + live);
      }
    }
  }

  @Test
  void engineRunsOfflineFromTheClassPath() {
    assertTrue(NnRuntime.describe().startsWith("PyTorch"), NnRuntime.describe());
    assertEquals("true", System.getProperty("ai.djl.offline"));
  }

  @Test
  void badOptionsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> GaussianCrowd.quick(0, 1));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Learners.create(
                "trace-reg", Map.of("nope", "1"), TrainOptions.defaults(), Backbone.paperMlp()));
    assertThrows(
        IllegalArgumentException.class,
        () -> Learners.create("no-such", Map.of(), TrainOptions.defaults(), Backbone.paperMlp()));
    assertThrows(
        IllegalArgumentException.class, () -> new TraceRegularized.Options(-1, null, 1, -5, 0));
    Learner l =
        Learners.create(
            "trace-reg",
            Map.of("lambda", "0.5", "epochs", "7"),
            TrainOptions.defaults(),
            Backbone.paperMlp());
    assertEquals(7, ((BaseLearner<?>) l).trainOptions().epochs());
  }

  @Test
  void copiesChangeOneComponentExactly() {
    TrainOptions base = TrainOptions.defaults();
    TrainOptions t =
        base.withEpochs(7)
            .withLearningRate(0.1 + 0.2)
            .withSeed(-3)
            .withSelection(TrainOptions.Selection.LAST_EPOCH);
    assertEquals(
        new TrainOptions(
            7,
            base.batchSize(),
            0.1 + 0.2,
            base.headLearningRate(),
            base.amsgrad(),
            base.beta1(),
            base.beta2(),
            base.epsilon(),
            base.weightDecay(),
            base.resetOptimizerEachEpoch(),
            TrainOptions.Selection.LAST_EPOCH,
            base.holdOut(),
            base.patience(),
            base.fitAnnotators(),
            base.standardize(),
            base.members(),
            -3,
            base.checkpointDir()),
        t);
  }
}
