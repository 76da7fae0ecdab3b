package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;
import org.crowd4j.testing.PeerTables;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class MaceTest {
  private static CrowdDataset fixture(String name) throws Exception {
    String file = name.equals("ds_step") ? "ds_step_answers.csv" : name + "_answers.csv";
    return CrowdReader.readAnswers(SharedData.suite("data/" + file));
  }

  private static Mace.Options options(Mace.Method method, int restarts, int iterations, long seed) {
    Mace.Options d = Mace.Options.defaults();
    return new Mace.Options(
        method,
        restarts,
        iterations,
        d.tol(),
        d.smoothing(),
        d.defaultNoise(),
        d.alpha(),
        d.beta(),
        d.strategyPrior(),
        seed);
  }

  /**
   * crowd-kit's label_expectations rows for MACE (1 restart, 5 iterations): accuracy 1.0 on toy (VB
   * and EM) and on simple (VB), 0.9 on simple with EM. crowd-kit's random start cannot be
   * reproduced (numpy's MT19937), and with a single restart the outcome depends on it: toy has a
   * 2–2 tie, which one of twenty seeds (seed 0, EM) resolves the other way. With ten restarts every
   * seed meets every expectation.
   */
  @ParameterizedTest
  @CsvSource({"toy, VB, 1.0", "toy, EM, 1.0", "simple, VB, 1.0", "simple, EM, 0.9"})
  void peerAccuracyExpectations(String name, Mace.Method method, double expected) throws Exception {
    CrowdDataset data = fixture(name);
    Gold truth = CrowdReader.readGold(SharedData.suite("data/" + name + "_ground_truth.csv"), data);
    int singleStartMisses = 0;
    for (long seed = 0; seed < 20; seed++) {
      AggregationResult one = new Mace(options(method, 1, 5, seed)).fit(data);
      if (truth.accuracy(one.labels()) < expected - 1e-12) {
        singleStartMisses++;
      }
      AggregationResult ten = new Mace(options(method, 10, 5, seed)).fit(data);
      assertTrue(
          truth.accuracy(ten.labels()) >= expected - 1e-12,
          name + " " + method + " seed " + seed + ": " + truth.accuracy(ten.labels()));
    }
    assertTrue(singleStartMisses <= 1, singleStartMisses + " of 20 single starts missed");
  }

  /** Default-parameter labels equal crowd-kit's on its fixtures; posteriors are close. */
  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void matchesPeerOnFixtures(String name) throws Exception {
    CrowdDataset data = fixture(name);
    AggregationResult r = new Mace().fit(data);
    Map<String, String> labels =
        PeerTables.series(SharedData.suite("observed/MACE__" + name + "__labels.csv"));
    assertEquals(data.numTasks(), labels.size());
    for (var e : labels.entrySet()) {
      assertEquals(
          e.getValue(), data.labels().name(r.label(data.tasks().id(e.getKey()))), e.getKey());
    }
    Map<String, Map<String, Double>> probas =
        PeerTables.frame(SharedData.suite("observed/MACE__" + name + "__probas.csv"));
    for (var e : probas.entrySet()) {
      int i = data.tasks().id(e.getKey());
      for (var p : e.getValue().entrySet()) {
        int c = data.labels().id(p.getKey());
        assertEquals(p.getValue(), r.posterior(i, c), 0.02, e.getKey() + "/" + p.getKey());
      }
    }
  }

  /**
   * The spamming strategies crowd-kit's test_thetas_on_simple checks depend on numpy's random
   * stream; check what holds for any start: each strategy is a distribution, competences are
   * probabilities, and the worker who agrees least with the majority is least competent.
   */
  @Test
  void workerModelIsWellFormed() throws Exception {
    CrowdDataset data = fixture("simple");
    AggregationResult r = new Mace(options(Mace.Method.VB, 1, 5, 0)).fit(data);
    MaceModel model = (MaceModel) r.workers();
    int k = data.numLabels();
    assertEquals(k, model.numLabels());
    double[] strategy = model.spamming();
    double[] competence = model.competence();
    for (int w = 0; w < data.numWorkers(); w++) {
      assertTrue(competence[w] > 0 && competence[w] < 1);
      double sum = 0;
      for (int l = 0; l < k; l++) {
        assertTrue(strategy[w * k + l] > 0);
        sum += strategy[w * k + l];
      }
      assertEquals(1.0, sum, 1e-12);
    }
    int[] mv = new MajorityVote().fit(data).labels();
    double[] agreement = Votes.agreement(data, mv);
    int worst = 0;
    for (int w = 1; w < agreement.length; w++) {
      if (agreement[w] < agreement[worst]) {
        worst = w;
      }
    }
    for (int w = 0; w < competence.length; w++) {
      if (w != worst) {
        assertTrue(competence[worst] < competence[w], "worker " + data.workers().name(w));
      }
    }
  }

  /** EM's smoothed likelihood and VB's lower bound never decrease; rows are distributions. */
  @ParameterizedTest
  @EnumSource(Mace.Method.class)
  void objectiveMonotone(Mace.Method method) throws Exception {
    for (String name : new String[] {"bluebirds", "web"}) {
      CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset(name).resolve("answers.csv"));
      AggregationResult r = new Mace(options(method, 2, 50, 3)).fit(data);
      double[] h = r.diagnostics().objective();
      assertTrue(h.length >= 5);
      for (int j = 1; j < h.length; j++) {
        assertTrue(h[j] >= h[j - 1] - 1e-9 * Math.abs(h[j - 1]), name + " decrease at " + j);
      }
      GladTest.assertRowsAreDistributions(r);
    }
  }

  /**
   * The same seed gives the same bits; restarts draw different starts (crowd-kit's restarts all
   * reuse one random state), and the best restart is kept.
   */
  @Test
  void seedsAndRestarts() throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset("dog").resolve("answers.csv"));
    Mace mace = new Mace(options(Mace.Method.VB, 3, 20, 11));
    AggregationResult a = mace.fit(data);
    AggregationResult b = mace.fit(data);
    assertArrayEquals(a.posteriors(), b.posteriors());
    assertArrayEquals(a.diagnostics().objective(), b.diagnostics().objective());

    double[] finals = new double[3];
    java.util.List<double[]> starts = new java.util.ArrayList<>();
    IterationListener first =
        (m, it, max, objective) -> {
          if ((it - 1) % 20 == 0) {
            starts.add(new double[] {objective});
          }
          finals[(it - 1) / 20] = objective;
          return true;
        };
    AggregationResult c = mace.fit(data, new FitContext<>(null, first));
    assertEquals(3, starts.size());
    assertTrue(starts.get(0)[0] != starts.get(1)[0] && starts.get(1)[0] != starts.get(2)[0]);
    double[] h = c.diagnostics().objective();
    assertEquals(Arrays.stream(finals).max().orElseThrow(), h[h.length - 1]);
  }

  /**
   * Accuracy on real data within 0.5 points of crowd-kit 1.4.1 or better (its figures: bluebirds
   * 0.8056, dog 0.8302, web 0.8266).
   */
  @ParameterizedTest
  @CsvSource({"bluebirds, 0.8056", "dog, 0.8302", "web, 0.8266"})
  void realDataAccuracy(String name, double peer) throws Exception {
    Path dir = SharedData.dataset(name);
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
    double acc = gold.accuracy(new Mace().fit(data).labels());
    assertTrue(acc >= peer - 0.005, name + ": " + acc + " vs crowd-kit " + peer);
  }

  @Test
  void goldIsClampedAndSingleLabelWorks() throws Exception {
    CrowdDataset data = fixture("toy");
    int t1 = data.tasks().id("t1");
    int[] ids = new int[data.numTasks()];
    Arrays.fill(ids, Gold.NONE);
    ids[t1] = data.labels().id("no");
    AggregationResult r = new Mace().fit(data, FitContext.withGold(Gold.ofIds(ids)));
    assertEquals(1.0, r.posterior(t1, data.labels().id("no")));
    GladTest.assertRowsAreDistributions(r);

    CrowdDataset one =
        CrowdDataset.builder().add("a", "w1", "x").add("a", "w2", "x").add("b", "w1", "x").build();
    for (Mace.Method method : Mace.Method.values()) {
      AggregationResult single = new Mace(options(method, 2, 10, 0)).fit(one);
      assertEquals(1.0, single.posterior(0, 0));
      for (double v : single.diagnostics().objective()) {
        assertFalse(Double.isNaN(v));
      }
    }
  }

  @Test
  void optionsAreValidatedAndRegistered() {
    assertThrows(IllegalArgumentException.class, () -> options(Mace.Method.VB, 0, 50, 0));
    assertThrows(IllegalArgumentException.class, () -> options(Mace.Method.VB, 1, -1, 0));
    Mace.Options d = Mace.Options.defaults();
    assertThrows(
        IllegalArgumentException.class,
        () -> new Mace.Options(Mace.Method.EM, 1, 5, 0, 0.0, 0.5, 0.5, 0.5, 10, 0));
    assertEquals(10, d.restarts());
    Aggregator a = Methods.create("mace", Map.of("method", "EM", "seed", "5"));
    assertEquals(Mace.Method.EM, ((Mace) a).options().method());
    assertEquals(5L, ((Mace) a).options().seed());
  }

  /**
   * Under VB the posterior mean of knowing is (knowing count + beta) / (n + alpha + beta): a strong
   * prior on knowing keeps every worker's competence near 1, a strong prior on spamming near 0, and
   * both stay inside the bounds the counts allow (0 to n answers known). Swapping alpha and beta
   * fails this.
   */
  @Test
  void vbBetaPriorSidesAreNotSwapped() {
    CrowdDataset.Builder b = CrowdDataset.builder();
    String[][] rows = {
      {"t1", "a", "x"}, {"t1", "b", "x"}, {"t1", "c", "y"},
      {"t2", "a", "y"}, {"t2", "b", "y"}, {"t2", "c", "y"},
      {"t3", "a", "x"}, {"t3", "b", "y"}, {"t3", "c", "x"},
      {"t4", "a", "x"}, {"t4", "b", "x"}, {"t4", "c", "x"}
    };
    for (String[] r : rows) {
      b.add(r[0], r[1], r[2]);
    }
    CrowdDataset data = b.build();
    Mace.Options d = Mace.Options.defaults();
    int n = 4;
    for (double[] ab : new double[][] {{1, 200}, {200, 1}, {3, 0.5}}) {
      double alpha = ab[0];
      double beta = ab[1];
      Mace.Options o =
          new Mace.Options(
              Mace.Method.VB,
              1,
              50,
              d.tol(),
              d.smoothing(),
              d.defaultNoise(),
              alpha,
              beta,
              d.strategyPrior(),
              7L);
      double[] competence = ((MaceModel) new Mace(o).fit(data).workers()).competence();
      for (double c : competence) {
        assertTrue(
            c >= beta / (n + alpha + beta) - 1e-12 && c <= (n + beta) / (n + alpha + beta) + 1e-12,
            "alpha " + alpha + ", beta " + beta + ": competence " + c);
      }
    }
  }
}
