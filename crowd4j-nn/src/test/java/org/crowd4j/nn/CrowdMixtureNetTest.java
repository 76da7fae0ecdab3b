package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.data.CrowdDataset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The crowd mixture with a classifier and generalised EM: closed forms, EM, settings, models. */
class CrowdMixtureNetTest {
  static GaussianCrowd crowd;

  @BeforeAll
  static void data() {
    // 4 dense pairwise flippers of accuracy 0.6 on 3 Gaussian classes, 300 items
    crowd = GaussianCrowd.flippers(300, 3, 4, 4, 0.6, true, 11);
  }

  private static CrowdDataset anonymous(CrowdDataset data) {
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    for (int a = 0; a < data.numAnswers(); a++) {
      b.add(data.tasks().name(data.task(a)), null, data.labels().name(data.label(a)));
    }
    return b.build();
  }

  private static LearnedModel fit(String method, CrowdDataset data, Map<String, String> o) {
    return Learners.create(method, o, GaussianCrowd.quick(8, 3), GaussianCrowd.smallMlp())
        .fit(data, crowd.features(), crowd.valid(), EpochListener.NONE);
  }

  @Test
  void globalSettingOnAnonymousAnswersGivesTheSameClassifier() {
    CrowdDataset global = anonymous(crowd.data());
    assertTrue(global.anonymous());
    assertEquals(global.numAnswers(), global.numWorkers());
    Map<String, String> o = Map.of("restarts", "2");
    try (LearnedModel a = fit(CrowdMixtureNet.NAME, crowd.data(), o);
        LearnedModel b = fit(CrowdMixtureNet.NAME, global, o)) {
      double[] pa = a.predict(crowd.test().features());
      assertArrayEquals(pa, b.predict(crowd.test().features()), 1e-6);
      double acc = crowd.test().accuracy(b.predictLabels(crowd.test().features()));
      assertTrue(acc > 0.8, "global accuracy " + acc);
      GroupMixtureModel g = assertInstanceOf(GroupMixtureModel.class, b.annotatorModel());
      assertEquals(global.numAnswers(), g.numWorkers());
      GroupMixtureModel ind = assertInstanceOf(GroupMixtureModel.class, a.annotatorModel());
      assertEquals(crowd.data().numWorkers(), ind.numWorkers());
      ConfusionMatrices per = ind.workerConfusions();
      for (int w = 0; w < per.numWorkers(); w++) {
        double[] m = per.toArray();
        for (int row = 0; row < k(); row++) {
          double s = 0;
          for (int l = 0; l < k(); l++) {
            s += m[(w * k() + row) * k() + l];
          }
          assertEquals(1.0, s, 1e-9);
        }
      }
    }
  }

  private static int k() {
    return crowd.data().numLabels();
  }

  @Test
  void sameSeedSameResult() {
    for (String method : new String[] {CrowdMixtureNet.NAME, RaykarEm.NAME}) {
      Map<String, String> o = Map.of("restarts", "2");
      try (LearnedModel a = fit(method, crowd.data(), o);
          LearnedModel b = fit(method, crowd.data(), o)) {
        assertArrayEquals(
            a.predict(crowd.test().features()), b.predict(crowd.test().features()), 0.0, method);
        assertEquals(a.summary().bestEpoch(), b.summary().bestEpoch(), method);
        if (a.annotatorModel() instanceof GroupMixtureModel ga) {
          GroupMixtureModel gb = (GroupMixtureModel) b.annotatorModel();
          assertArrayEquals(ga.groupConfusions(), gb.groupConfusions(), 0.0);
          assertArrayEquals(ga.membership(), gb.membership(), 0.0);
        } else {
          assertArrayEquals(
              ((ConfusionMatrices) a.annotatorModel()).toArray(),
              ((ConfusionMatrices) b.annotatorModel()).toArray(),
              0.0);
        }
      }
    }
  }

  @Test
  void raykarGlobalHasOneMatrixPerAnswer() {
    CrowdDataset global = anonymous(crowd.data());
    try (LearnedModel m = fit(RaykarEm.NAME, global, Map.of())) {
      ConfusionMatrices c = assertInstanceOf(ConfusionMatrices.class, m.annotatorModel());
      assertEquals(global.numAnswers(), c.numWorkers());
    }
  }

  @Test
  void saveAndLoadRoundTrip(@TempDir Path dir) throws IOException {
    double[] before;
    GroupMixtureModel g;
    try (LearnedModel m = fit(CrowdMixtureNet.NAME, crowd.data(), Map.of("restarts", "1"))) {
      before = m.predict(crowd.test().features());
      g = (GroupMixtureModel) m.annotatorModel();
      m.save(dir);
    }
    try (LearnedModel m = LearnedModel.load(dir)) {
      assertEquals(CrowdMixtureNet.NAME, m.method());
      assertArrayEquals(before, m.predict(crowd.test().features()), 1e-6);
      GroupMixtureModel h = assertInstanceOf(GroupMixtureModel.class, m.annotatorModel());
      assertArrayEquals(g.groupWeights(), h.groupWeights(), 1e-6);
      assertArrayEquals(g.groupConfusions(), h.groupConfusions(), 1e-6);
      assertArrayEquals(g.membership(), h.membership(), 1e-6);
    }
  }
}
