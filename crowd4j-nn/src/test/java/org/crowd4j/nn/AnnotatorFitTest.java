package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The annotator model that {@code recommend} reads must be fitted: on a crowd of one-coin
 * annotators of known accuracy, CoNAL's P(correct | x, r), averaged over items, tracks each
 * annotator's true accuracy after a validation-selected (early) epoch.
 */
class AnnotatorFitTest {
  static final int K = 4;
  static final double[] ACCURACY = {0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.65};
  static CrowdDataset data;
  static TaskFeatures train;
  static Validation valid;

  @BeforeAll
  static void crowd() {
    SplittableRandom rng = new SplittableRandom(8);
    int n = 600;
    Gaussians.Sample s = Gaussians.classes(n + 200, K, 5, 1.5, rng);
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    for (double a : ACCURACY) {
      b.add(ProbabilityCorrectTest.uniformNoise(K, a), "one-coin " + a);
    }
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(Arrays.copyOf(s.labels(), n), b.build(), Assignment.perItem(3), 9);
    data = crowd.data();
    train = GaussianCrowd.rows(s.features(), 5, 0, n);
    valid =
        new Validation(
            GaussianCrowd.rows(s.features(), 5, n, n + 200),
            Arrays.copyOfRange(s.labels(), n, n + 200));
  }

  /** Mean P(correct) of each annotator over the training items, in {@code ACCURACY}'s order. */
  private static double[] meanCorrect(LearnedModel m) {
    double[] out = new double[ACCURACY.length];
    for (int a = 0; a < ACCURACY.length; a++) {
      double[] p = m.probabilityCorrect(train, List.of("a" + a));
      out[a] = Arrays.stream(p).average().orElseThrow();
    }
    return out;
  }

  @Test
  void probabilityCorrectTracksTheTrueAccuracies() {
    TrainOptions t = TrainOptions.defaults().withEpochs(200).withPatience(10).withSeed(3);
    double[] fitted;
    int epochs;
    try (LearnedModel m =
        Learners.create(Conal.NAME, Map.of(), t, GaussianCrowd.smallMlp())
            .fit(data, train, valid, EpochListener.NONE)) {
      assertEquals("valid-acc", m.summary().selectionMetric());
      assertTrue(m.summary().annotatorEpochs() > 0);
      fitted = meanCorrect(m);
      epochs = m.summary().epochsRun();
    }
    assertTrue(
        spearman(fitted, ACCURACY) >= 0.9,
        "rank correlation with the true accuracies: " + Arrays.toString(fitted));
    assertTrue(fitted[6] > 0.85 && fitted[0] < 0.65, "best and worst: " + Arrays.toString(fitted));
    // the same training without the annotator fit: the layers of the early selected epoch barely
    // tell the annotators apart
    try (LearnedModel m =
        Learners.create(Conal.NAME, Map.of(), t.withPatience(0), GaussianCrowd.smallMlp())
            .fit(data, train, valid, s -> s.epoch() < epochs)) {
      assertEquals(0, m.summary().annotatorEpochs());
      double[] early = meanCorrect(m);
      assertTrue(
          spread(fitted) > 5 * spread(early),
          Arrays.toString(fitted) + " against " + Arrays.toString(early));
    }
  }

  private static double spread(double[] v) {
    return Arrays.stream(v).max().orElseThrow() - Arrays.stream(v).min().orElseThrow();
  }

  static double spearman(double[] a, double[] b) {
    double[] ra = ranks(a);
    double[] rb = ranks(b);
    double ma = Arrays.stream(ra).average().orElseThrow();
    double mb = Arrays.stream(rb).average().orElseThrow();
    double num = 0;
    double da = 0;
    double db = 0;
    for (int i = 0; i < a.length; i++) {
      num += (ra[i] - ma) * (rb[i] - mb);
      da += (ra[i] - ma) * (ra[i] - ma);
      db += (rb[i] - mb) * (rb[i] - mb);
    }
    return num / Math.sqrt(da * db);
  }

  private static double[] ranks(double[] v) {
    double[] r = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      for (double x : v) {
        if (x < v[i]) {
          r[i]++;
        }
      }
    }
    return r;
  }
}
