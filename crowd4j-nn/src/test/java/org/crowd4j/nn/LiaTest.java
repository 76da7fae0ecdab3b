package org.crowd4j.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.nn.internal.LiaSchedule;
import org.crowd4j.simulate.Gaussians;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LIA on small simulated crowds. */
class LiaTest {
  static final int N = 160;
  static final int K = 2;
  static final int NOISY = 6;
  static CrowdDataset data;
  static TaskFeatures features;
  static int[] truth;

  /**
   * Two Gaussian classes in 4 dimensions; each item is answered by an always-right annotator, an
   * always-wrong one and 3 of 6 annotators of accuracy 0.75.
   */
  @BeforeAll
  static void simulate() {
    SplittableRandom rng = new SplittableRandom(11);
    Gaussians.Sample s = Gaussians.classes(N, K, 4, 2.0, rng);
    truth = s.labels();
    CrowdDataset.Builder b = CrowdDataset.builder().labels(List.of("0", "1"));
    for (int i = 0; i < N; i++) {
      String item = Integer.toString(i);
      b.add(item, "right", Integer.toString(truth[i]));
      b.add(item, "wrong", Integer.toString(1 - truth[i]));
      int first = rng.nextInt(NOISY);
      for (int j = 0; j < 3; j++) {
        int w = (first + 2 * j) % NOISY;
        int label = rng.nextDouble() < 0.75 ? truth[i] : 1 - truth[i];
        b.add(item, "noisy" + w, Integer.toString(label));
      }
    }
    data = b.build();
    features = GaussianCrowd.rows(s.features(), 4, 0, N).alignedTo(data.tasks());
  }

  static TrainOptions quick(long seed) {
    return Lia.paperTrainOptions().withLearningRate(0.02).withEpochs(120).withSeed(seed);
  }

  static Lia lia(Lia.Options o, long seed) {
    return new Lia(o, quick(seed), Backbone.mlp(new int[] {16, 16}, 0, false, false));
  }

  static Lia.Options small() {
    return Lia.Options.defaults();
  }

  private static double accuracy(double[] post, int[] gold) {
    int hit = 0;
    for (int i = 0; i < gold.length; i++) {
      int arg = post[i * K + 1] > post[i * K] ? 1 : 0;
      hit += arg == gold[i] ? 1 : 0;
    }
    return hit / (double) gold.length;
  }

  private static int[] truthInDataOrder() {
    int[] t = new int[N];
    for (int i = 0; i < N; i++) {
      t[i] = truth[Integer.parseInt(data.tasks().name(i))];
    }
    return t;
  }

  @Test
  void posteriorsAreDistributionsAndAccurate() {
    try (LearnedModel m = lia(small(), 1).fit(data, features)) {
      double[] post = Lia.posteriors(m, data, features);
      double[] em = Lia.emPosteriors(m);
      assertNotNull(em);
      for (double[] p : List.of(post, em)) {
        assertEquals(N * K, p.length);
        for (int i = 0; i < N; i++) {
          double s = 0;
          for (int c = 0; c < K; c++) {
            assertTrue(Double.isFinite(p[i * K + c]) && p[i * K + c] >= 0);
            s += p[i * K + c];
          }
          assertEquals(1.0, s, 1e-6);
        }
      }
      assertTrue(accuracy(post, truthInDataOrder()) > 0.9, "accuracy");
      ConfusionMatrices cm = assertInstanceOf(ConfusionMatrices.class, m.annotatorModel());
      assertEquals(data.numWorkers(), cm.numWorkers());
    }
  }

  /**
   * The paper's inner-product combination (with and without h_θ in the E-step) and the sum without
   * it, all with per-item marginal fine-tuning.
   */
  @Test
  void variantsLearnToo() {
    Lia.Options inner =
        new Lia.Options(4, Lia.Combine.INNER_PRODUCT, 1, 16, 16, 10, 0.2, true, false, 1, 0.25, 0);
    for (Lia.Options o :
        List.of(
            inner,
            new Lia.Options(
                4, Lia.Combine.INNER_PRODUCT, 1, 16, 16, 10, 0.2, true, true, 1, 0.25, 0),
            new Lia.Options(4, Lia.Combine.SUM, 1, 16, 16, 10, 0.2, true, false, 1, 0.25, 0))) {
      try (LearnedModel m = lia(o, 8).fit(data, features)) {
        double[] post = Lia.posteriors(m, data, features);
        for (double v : post) {
          assertTrue(Double.isFinite(v) && v >= 0 && v <= 1);
        }
        assertTrue(accuracy(post, truthInDataOrder()) > 0.9, "accuracy of " + o);
      }
    }
  }

  @Test
  void sameSeedSameResult() {
    double[] a;
    double[] b;
    try (LearnedModel m = lia(small(), 3).fit(data, features)) {
      a = Lia.posteriors(m, data, features);
    }
    try (LearnedModel m = lia(small(), 3).fit(data, features)) {
      b = Lia.posteriors(m, data, features);
    }
    assertArrayEquals(a, b, 0.0);
  }

  /** The paper's sanity check: an always-right annotator ranks first, an always-wrong one last. */
  @Test
  void competenceRanksOracleFirstAndAdversaryLast() {
    List<String> names = data.workers().names();
    try (LearnedModel m = lia(small(), 5).fit(data, features)) {
      double[] pc = m.probabilityCorrect(features, names);
      assertEquals(N * names.size(), pc.length);
      float[][] embeddings = m.annotatorEmbeddings();
      assertEquals(names.size(), embeddings.length);
      assertEquals(small().embedding(), embeddings[0].length);
      double[] mean = new double[names.size()];
      for (int i = 0; i < N; i++) {
        for (int j = 0; j < names.size(); j++) {
          double v = pc[i * names.size() + j];
          assertTrue(v >= 0 && v <= 1);
          mean[j] += v / N;
        }
      }
      int right = names.indexOf("right");
      int wrong = names.indexOf("wrong");
      for (int j = 0; j < names.size(); j++) {
        if (j != right) {
          assertTrue(mean[right] > mean[j], "right " + mean[right] + " vs " + names.get(j));
        }
        if (j != wrong) {
          assertTrue(mean[wrong] < mean[j], "wrong " + mean[wrong] + " vs " + names.get(j));
        }
      }
      assertTrue(mean[right] > 0.8 && mean[wrong] < 0.2, java.util.Arrays.toString(mean));
    }
  }

  @Test
  void saveLoadRoundTrip(@TempDir Path dir) throws IOException {
    List<String> names = List.of("noisy1", "right", "wrong");
    double[] pc;
    double[] post;
    double[] em;
    double[] h;
    double[] confusions;
    try (LearnedModel m = lia(small(), 2).fit(data, features)) {
      confusions = ((ConfusionMatrices) m.annotatorModel()).toArray();
      pc = m.probabilityCorrect(features, names);
      post = Lia.posteriors(m, data, features);
      em = Lia.emPosteriors(m);
      h = m.predict(features);
      m.save(dir);
    }
    try (LearnedModel back = LearnedModel.load(dir)) {
      assertEquals(Lia.NAME, back.method());
      assertArrayEquals(pc, back.probabilityCorrect(features, names), 1e-6);
      assertArrayEquals(post, Lia.posteriors(back, data, features), 1e-6);
      assertArrayEquals(em, Lia.emPosteriors(back), 1e-6);
      assertArrayEquals(h, back.predict(features), 1e-6);
      assertArrayEquals(confusions, ((ConfusionMatrices) back.annotatorModel()).toArray(), 1e-6);
      assertThrows(
          IllegalArgumentException.class,
          () -> back.probabilityCorrect(features, List.of("nobody")));
    }
  }

  @Test
  void probabilityCorrectUnsupportedElsewhere() {
    TrainOptions t = TrainOptions.fixedEpochs(1);
    try (LearnedModel m =
        new TwoStage(TwoStage.Options.defaults(), t, GaussianCrowd.smallMlp())
            .fit(data, features)) {
      UnsupportedOperationException e =
          assertThrows(
              UnsupportedOperationException.class,
              () -> m.probabilityCorrect(features, List.of("right")));
      assertTrue(e.getMessage().contains(TwoStage.NAME));
    }
  }

  /**
   * Annotator features (a skill score and a constant): an annotator never seen in training gets a
   * competence from her features, high for a high score and low for a low one.
   */
  @Test
  void unseenAnnotatorWithFeaturesGetsCompetence() {
    SplittableRandom rng = new SplittableRandom(21);
    CrowdDataset.Builder b = CrowdDataset.builder().labels(List.of("0", "1"));
    int annotators = 8;
    double[] skill = new double[annotators];
    List<String> names = new ArrayList<>();
    float[] af = new float[annotators * 2];
    for (int w = 0; w < annotators; w++) {
      skill[w] = w / (double) (annotators - 1); // accuracy 0.5 .. 1
      names.add("a" + w);
      af[w * 2] = (float) skill[w];
      af[w * 2 + 1] = 1f;
    }
    int[] t = truthInDataOrder();
    for (int i = 0; i < N; i++) {
      for (int w = 0; w < annotators; w++) {
        if (rng.nextDouble() < 0.6) {
          double acc = 0.5 + 0.5 * skill[w];
          int label = rng.nextDouble() < acc ? t[i] : 1 - t[i];
          b.add(data.tasks().name(i), names.get(w), Integer.toString(label));
        }
      }
    }
    CrowdDataset d = b.build();
    TaskFeatures x = features.alignedTo(d.tasks());
    TaskFeatures annotatorFeatures = new TaskFeatures(Vocabulary.of(names), 2, af);
    Lia l = lia(small(), 4).withAnnotatorFeatures(annotatorFeatures);
    TaskFeatures unseen =
        new TaskFeatures(Vocabulary.of("expert", "novice"), 2, new float[] {1f, 1f, 0f, 1f});
    try (LearnedModel m = l.fit(d, x)) {
      double[] pc = Lia.probabilityCorrect(m, x, unseen);
      assertEquals(N * 2, pc.length);
      double expert = 0;
      double novice = 0;
      for (int i = 0; i < N; i++) {
        assertTrue(pc[i * 2] >= 0 && pc[i * 2] <= 1 && Double.isFinite(pc[i * 2 + 1]));
        expert += pc[i * 2] / N;
        novice += pc[i * 2 + 1] / N;
      }
      assertTrue(expert > novice + 0.1, "expert " + expert + " novice " + novice);
      // training annotators are still available by name
      assertEquals(N, m.probabilityCorrect(x, List.of("a3")).length);
    }
  }

  /**
   * LIA-ML: two labels (x₀ > 0, x₁ > 0) on shared networks, answers from 0.8-accurate annotators.
   */
  @Test
  void multiLabelStackedProblem() {
    SplittableRandom rng = new SplittableRandom(31);
    int n = 120;
    float[] x = new float[n * 3];
    List<String> items = new ArrayList<>();
    int[][] present = new int[n][2];
    for (int i = 0; i < n; i++) {
      items.add("item" + i);
      for (int j = 0; j < 3; j++) {
        x[i * 3 + j] = (float) (rng.nextDouble() * 2 - 1);
      }
      present[i][0] = x[i * 3] > 0 ? 1 : 0;
      present[i][1] = x[i * 3 + 1] > 0 ? 1 : 0;
    }
    TaskFeatures itemFeatures = new TaskFeatures(Vocabulary.of(items), 3, x);
    // the multi-label answers as users give them: each answer a set of tags
    TagAnswers.Builder answers = TagAnswers.builder();
    for (int i = 0; i < n; i++) {
      for (int w = 0; w < 3; w++) {
        List<String> tags = new ArrayList<>();
        for (int g = 0; g < 2; g++) {
          int v = rng.nextDouble() < 0.8 ? present[i][g] : 1 - present[i][g];
          if (v == 1) {
            tags.add(g == 0 ? "first" : "second");
          }
        }
        answers.add(items.get(i), "w" + ((i + w) % 5), tags);
      }
    }
    Map<String, CrowdDataset> perLabel =
        answers.declareTag("first").declareTag("second").build().binaryByTag();
    LiaMultiLabel.Stacked st = LiaMultiLabel.stack(itemFeatures, perLabel);
    assertEquals(2 * n, st.data().numTasks());
    assertEquals(5, st.features().dim());
    Lia l = lia(small().withLabelColumns(st.labelColumns()), 6);
    try (LearnedModel m = l.fit(st.data(), st.features())) {
      double[] presence = st.presence(Lia.posteriors(m, st.data(), st.features()));
      double[] h = LiaMultiLabel.predict(m, itemFeatures, st.labels());
      assertEquals(n * 2, presence.length);
      assertEquals(n * 2, h.length);
      int hit = 0;
      for (int i = 0; i < n; i++) {
        for (int g = 0; g < 2; g++) {
          hit += (presence[i * 2 + g] > 0.5 ? 1 : 0) == present[i][g] ? 1 : 0;
        }
      }
      assertTrue(hit / (2.0 * n) > 0.85, "multi-label accuracy " + hit / (2.0 * n));
      assertEquals(2 * n * 3, st.data().numAnswers());
    }
  }

  @Test
  void optionsAreValidatedAndRegistered() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new Lia.Options(0, Lia.Combine.SUM, 1, 16, 16, 10, 0.1, false, true, 0, 0, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new Lia.Options(4, Lia.Combine.SUM, 1, 16, 16, 10, 1.0, false, true, 0, 0, 0));
    assertEquals(Lia.NAME, Learners.spec("lia").name());
    LiaSchedule s = LiaSchedule.of(Lia.Options.defaults(), 1200);
    assertEquals(new LiaSchedule(10, 100, 1000), s);
    assertTrue(s.eStepAt(101) && s.eStepAt(901) && s.eStepAt(1001));
    assertTrue(!s.eStepAt(1) && !s.eStepAt(100) && !s.eStepAt(1002));
  }

  @Test
  void heldOutAnswersArePredictedBetterAfterTraining() {
    // hide the always-right and always-wrong answers of every fifth item
    CrowdDataset.Builder kept = CrowdDataset.builder().labels(List.of("0", "1"));
    CrowdDataset.Builder hidden = CrowdDataset.builder().labels(List.of("0", "1"));
    for (int a = 0; a < data.numAnswers(); a++) {
      String item = data.tasks().name(data.task(a));
      String w = data.workers().name(data.worker(a));
      String l = data.labels().name(data.label(a));
      boolean hide = Integer.parseInt(item) % 5 == 0 && !w.startsWith("noisy");
      (hide ? hidden : kept).add(item, w, l);
    }
    CrowdDataset train = kept.build();
    CrowdDataset held = hidden.build();
    TaskFeatures x = features.alignedTo(train.tasks());
    double trained;
    double barely;
    try (LearnedModel m = lia(small(), 3).fit(train, x)) {
      trained = Lia.heldOutLogLikelihood(m, train, x, held);
    }
    Lia barelyTrained =
        new Lia(small(), quick(3).withEpochs(1), Backbone.mlp(new int[] {16, 16}, 0, false, false));
    try (LearnedModel m = barelyTrained.fit(train, x)) {
      barely = Lia.heldOutLogLikelihood(m, train, x, held);
    }
    assertTrue(trained < 0 && Double.isFinite(barely), trained + " " + barely);
    // the always-right annotator's answers follow the truth, the always-wrong one's its opposite:
    // a fitted model predicts both far better than chance (log 0.5)
    assertTrue(trained > Math.log(0.5) + 0.2, "trained " + trained);
    assertTrue(trained > barely + 0.1, trained + " against " + barely);
  }
}
