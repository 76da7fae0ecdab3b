package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.metrics.RocAuc;
import org.crowd4j.simulate.AlgorithmicLabelers;
import org.crowd4j.simulate.Gaussians;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Learning to vote: the vote, the binarisation, the gradients, determinism and persistence. */
class LearningToVoteTest {
  static final int N = 300;
  static final int K = 3;
  static final int D = 5;
  static Gaussians.Sample sample;
  static CrowdDataset cleanAndRandom;
  static TaskFeatures features;
  static int[] truth;

  @BeforeAll
  static void data() {
    SplittableRandom rng = new SplittableRandom(11);
    sample = Gaussians.classes(N + 200, K, D, 1.5, rng);
    truth = Arrays.copyOf(sample.labels(), N);
    features = GaussianCrowd.rows(sample.features(), D, 0, N);
    // set "clean" = the truth, set "random" = uniform labels; set "random" skips every 10th item
    CrowdDataset.Builder b = CrowdDataset.builder().labels(List.of("0", "1", "2"));
    for (int i = 0; i < N; i++) {
      b.add(Integer.toString(i), "clean", Integer.toString(truth[i]));
      if (i % 10 != 0) {
        b.add(Integer.toString(i), "random", Integer.toString(rng.nextInt(K)));
      }
    }
    cleanAndRandom = b.build();
  }

  private static LearningToVote learner(long seed, int epochs) {
    TrainOptions t =
        TrainOptions.fixedEpochs(epochs)
            .withSeed(seed)
            .withSelection(TrainOptions.Selection.LAST_EPOCH)
            .withLearningRate(0.01);
    return new LearningToVote(
        new LearningToVote.Options(
            0.2,
            true,
            0,
            50,
            0.5,
            true,
            LearningToVote.MultiClassLoss.BCE,
            LearningToVote.AttentionOptimizer.ADAM,
            0.01),
        t,
        Backbone.mlp(new int[] {16}, 0.0, false, false));
  }

  private static int set(CrowdDataset data, String name) {
    return data.workers().id(name);
  }

  @Test
  void weightsSumToOneOverTheSetsThatLabelledTheItem() {
    try (LearningToVote.Fit f =
        learner(1, 3).fitVotes(cleanAndRandom, features, null, EpochListener.NONE)) {
      assertEquals(2, f.sets());
      int random = set(cleanAndRandom, "random");
      for (int t = 0; t < cleanAndRandom.numTasks(); t++) {
        double s = 0;
        for (int m = 0; m < 2; m++) {
          double w = f.weights()[t * 2 + m];
          assertTrue(w >= 0 && w <= 1 && Double.isFinite(w));
          s += w;
        }
        assertEquals(1.0, s, 1e-5, "item " + t);
        int item = Integer.parseInt(cleanAndRandom.tasks().name(t));
        if (item % 10 == 0) {
          // one set only: it gets all the weight
          assertEquals(0.0, f.weights()[t * 2 + random], 1e-6);
        }
        for (int c = 0; c < K; c++) {
          double v = f.voted()[t * K + c];
          assertTrue(v >= -1e-6 && v <= 1 + 1e-6);
          assertEquals(
              LearningToVote.binarize(v, 50, 0.5), f.refined()[t * K + c], 1e-4, "ỹ = σ(k(ȳ−T))");
        }
      }
    }
  }

  @Test
  void softmaxVariantTrainsOnTheUnbinarisedVote() {
    TrainOptions t =
        TrainOptions.fixedEpochs(2).withSeed(3).withSelection(TrainOptions.Selection.LAST_EPOCH);
    LearningToVote.Options o =
        new LearningToVote.Options(
            0.2,
            false,
            1,
            50,
            0.5,
            true,
            LearningToVote.MultiClassLoss.SOFTMAX,
            LearningToVote.AttentionOptimizer.ADAM,
            0.01);
    try (LearningToVote.Fit f =
        new LearningToVote(o, t, Backbone.mlp(new int[] {8}, 0.1, false, false))
            .fitVotes(cleanAndRandom, features, null, EpochListener.NONE)) {
      assertArrayEquals(f.voted(), f.refined(), 1e-9);
      for (int i = 0; i < cleanAndRandom.numTasks(); i++) {
        double s = 0;
        for (int c = 0; c < K; c++) {
          s += f.voted()[i * K + c];
        }
        assertEquals(1.0, s, 1e-5);
      }
      for (double p : f.model().predict(features)) {
        assertTrue(Double.isFinite(p));
      }
    }
  }

  @Test
  void binarizationLimits() {
    assertEquals(0.5, LearningToVote.binarize(0.5, 50, 0.5), 1e-12);
    assertEquals(1.0, LearningToVote.binarize(1.0, 50, 0.5), 1e-10);
    assertEquals(0.0, LearningToVote.binarize(0.0, 50, 0.5), 1e-10);
    assertTrue(LearningToVote.binarize(0.6, 50, 0.5) > 0.99);
    assertTrue(LearningToVote.binarize(0.4, 50, 0.5) < 0.01);
    // sharper k approaches the step function; the threshold moves the cliff
    assertTrue(LearningToVote.binarize(0.51, 1000, 0.5) > 0.9999);
    assertEquals(0.5, LearningToVote.binarize(0.3, 50, 0.3), 1e-12);
    assertTrue(LearningToVote.binarize(0.45, 10, 0.5) > LearningToVote.binarize(0.44, 10, 0.5));
    assertTrue(Double.isFinite(LearningToVote.binarize(-1e6, 50, 0.5)));
    assertEquals(0.0, LearningToVote.binarize(-1e6, 50, 0.5));
    assertEquals(1.0, LearningToVote.binarize(1e6, 50, 0.5));
  }

  @Test
  void attentionFavoursTheCleanSet() {
    try (LearningToVote.Fit f =
        learner(2, 15).fitVotes(cleanAndRandom, features, null, EpochListener.NONE)) {
      WorkerSkills w = assertInstanceOf(WorkerSkills.class, f.model().annotatorModel());
      double clean = w.skill(set(cleanAndRandom, "clean"));
      double random = w.skill(set(cleanAndRandom, "random"));
      System.out.println("mean weights: clean " + clean + ", random " + random);
      assertTrue(clean > 0.6 && clean > random + 0.2, "clean " + clean + " random " + random);
      // the refined labels beat the plain vote of the two sets, which is right on 0.1 + 0.9 × (1/3
      // + 2/3 × 1/2) = 0.70 of the items in expectation (ties broken at random)
      int[] voted = f.votedLabels();
      int hits = 0;
      for (int t = 0; t < voted.length; t++) {
        if (voted[t] == truth[Integer.parseInt(cleanAndRandom.tasks().name(t))]) {
          hits++;
        }
      }
      assertTrue(hits / (double) voted.length > 0.78, "refined accuracy " + hits);
      Validation test =
          new Validation(
              GaussianCrowd.rows(sample.features(), D, N, N + 200),
              Arrays.copyOfRange(sample.labels(), N, N + 200));
      double acc = test.accuracy(f.model().predictLabels(test.features()));
      System.out.println("test accuracy " + acc);
      assertTrue(acc > 0.75, "test accuracy " + acc);
    }
  }

  @Test
  void sameSeedSameResult() {
    try (LearningToVote.Fit a =
            learner(5, 2).fitVotes(cleanAndRandom, features, null, EpochListener.NONE);
        LearningToVote.Fit b =
            learner(5, 2).fitVotes(cleanAndRandom, features, null, EpochListener.NONE);
        LearningToVote.Fit c =
            learner(6, 2).fitVotes(cleanAndRandom, features, null, EpochListener.NONE)) {
      assertArrayEquals(a.weights(), b.weights());
      assertArrayEquals(a.model().predict(features), b.model().predict(features));
      assertTrue(!Arrays.equals(a.model().predict(features), c.model().predict(features)));
    }
  }

  @Test
  void saveLoadRoundTrip(@TempDir Path dir) throws IOException {
    Learner l =
        Learners.create(
            LearningToVote.NAME,
            Map.of("epochs", "2", "metaStep", "0.1"),
            TrainOptions.fixedEpochs(100),
            Backbone.mlp(new int[] {8}, 0.2, false, false));
    try (LearnedModel m = l.fit(cleanAndRandom, features)) {
      m.save(dir.resolve("mc"));
      try (LearnedModel back = LearnedModel.load(dir.resolve("mc"))) {
        assertEquals(LearningToVote.NAME, back.method());
        assertArrayEquals(m.predict(features), back.predict(features), 1e-6);
        assertArrayEquals(
            ((WorkerSkills) m.annotatorModel()).values(),
            ((WorkerSkills) back.annotatorModel()).values(),
            1e-6);
        assertEquals(0.1, ((Number) back.options().get("metaStep")).doubleValue());
      }
    }
    try (LearningToVote.Fit f = multiLabelFit(3, 2)) {
      f.model().save(dir.resolve("ml"));
      try (LearnedModel back = LearnedModel.load(dir.resolve("ml"))) {
        assertEquals(Boolean.TRUE, back.options().get("multiLabel"));
        assertArrayEquals(
            f.model().predictMultiLabel(features), back.predictMultiLabel(features), 1e-6);
      }
    }
  }

  /** Findings "is class 0", "is class 1 or 2" from two labelers with U-zeros and U-ones sets. */
  private static LearningToVote.Fit multiLabelFit(long seed, int epochs) {
    int[] multi = AlgorithmicLabelers.attributes(truth, new int[][] {{1, 0}, {0, 1}, {0, 1}});
    SplittableRandom rng = new SplittableRandom(seed);
    AlgorithmicLabelers.Profile good = AlgorithmicLabelers.Profile.uniform(2, 0.05, 0.05, 0.2);
    AlgorithmicLabelers.Profile poor = AlgorithmicLabelers.Profile.uniform(2, 0.3, 0.3, 0.3);
    int[] a =
        AlgorithmicLabelers.label(multi, 2, good, AlgorithmicLabelers.UncertainPolicy.KEEP, rng);
    int[] b =
        AlgorithmicLabelers.label(multi, 2, poor, AlgorithmicLabelers.UncertainPolicy.KEEP, rng);
    List<int[]> sets =
        List.of(
            LearningToVote.resolveUncertain(a, AlgorithmicLabelers.UncertainPolicy.U_ZEROS),
            LearningToVote.resolveUncertain(a, AlgorithmicLabelers.UncertainPolicy.U_ONES),
            LearningToVote.resolveUncertain(b, AlgorithmicLabelers.UncertainPolicy.U_ZEROS),
            LearningToVote.resolveUncertain(b, AlgorithmicLabelers.UncertainPolicy.U_ONES));
    return learner(seed, epochs)
        .fitMultiLabel(
            features,
            List.of("zero", "not-zero"),
            List.of("a_u0", "a_u1", "b_u0", "b_u1"),
            sets,
            null,
            EpochListener.NONE);
  }

  @Test
  void multiLabelLearnsAndPrefersTheGoodLabeler() {
    try (LearningToVote.Fit f = multiLabelFit(4, 10)) {
      int[] multi = AlgorithmicLabelers.attributes(truth, new int[][] {{1, 0}, {0, 1}, {0, 1}});
      double auc = RocAuc.mean(RocAuc.perLabel(f.model().predictMultiLabel(features), multi, 2));
      double[] w = ((WorkerSkills) f.model().annotatorModel()).values();
      System.out.println("multi-label train AUC " + auc + " weights " + Arrays.toString(w));
      assertTrue(auc > 0.9, "train AUC " + auc);
      assertEquals(1.0, Arrays.stream(w).sum(), 1e-4);
      assertTrue(w[0] + w[1] > w[2] + w[3], Arrays.toString(w));
    }
    int[] partial = new int[N * 2];
    partial[1] = AlgorithmicLabelers.UNCERTAIN;
    assertThrows(
        IllegalArgumentException.class,
        () ->
            learner(1, 1)
                .fitMultiLabel(
                    features,
                    List.of("a", "b"),
                    List.of("s"),
                    List.of(partial),
                    null,
                    EpochListener.NONE));
    assertThrows(
        IllegalArgumentException.class,
        () -> LearningToVote.resolveUncertain(partial, AlgorithmicLabelers.UncertainPolicy.KEEP));
  }

  @Test
  void multiLabelValidationSelectsByAucAndPlainTargetsTrain() {
    int[] multi = AlgorithmicLabelers.attributes(truth, new int[][] {{1, 0}, {0, 1}, {0, 1}});
    double[] targets = new double[multi.length];
    for (int j = 0; j < targets.length; j++) {
      targets[j] = multi[j];
    }
    TrainOptions t = TrainOptions.fixedEpochs(3).withSeed(1).withLearningRate(0.01);
    LearningToVote l =
        new LearningToVote(
            LearningToVote.Options.defaults(), t, Backbone.mlp(new int[] {8}, 0, false, false));
    try (LearningToVote.Fit f =
        l.fitMultiLabelTargets(
            features,
            List.of("zero", "not-zero"),
            targets,
            new LearningToVote.MultiLabelValidation(features, multi),
            EpochListener.NONE)) {
      assertEquals("valid-auc", f.model().summary().selectionMetric());
      double auc = RocAuc.mean(RocAuc.perLabel(f.model().predictMultiLabel(features), multi, 2));
      assertEquals(auc, f.model().summary().bestScore(), 1e-4);
      assertTrue(auc > 0.9, "AUC " + auc);
      assertEquals(null, f.model().annotatorModel());
    }
  }

  @Test
  void optionsAreValidated() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new LearningToVote.Options(
                -1,
                true,
                0,
                50,
                0.5,
                true,
                LearningToVote.MultiClassLoss.BCE,
                LearningToVote.AttentionOptimizer.ADAM,
                0));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new LearningToVote.Options(
                0.2,
                true,
                0,
                0,
                0.5,
                true,
                LearningToVote.MultiClassLoss.BCE,
                LearningToVote.AttentionOptimizer.SGD,
                0));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new LearningToVote(
                    LearningToVote.Options.defaults(),
                    TrainOptions.fixedEpochs(1),
                    Backbone.mlp(new int[0], 0, false, false))
                .fit(cleanAndRandom, features));
  }
}
