package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.Mt19937;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.PeerTables;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MmsrTest {
  private static CrowdDataset suiteData(String fixture) throws Exception {
    return CrowdReader.readAnswers(SharedData.suite("data/" + fixture + "_answers.csv"));
  }

  private static void assertSkills(CrowdDataset data, AggregationResult r, Path expected) {
    Map<String, Map<String, Double>> skills = PeerTables.frame(expected);
    assertEquals(data.numWorkers(), skills.size());
    for (var e : skills.entrySet()) {
      double want = e.getValue().get("skill");
      double got = r.workers().skill(data.workers().id(e.getKey()));
      assertEquals(want, got, 1e-5 * Math.abs(want) + 1e-12, e.getKey());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple"})
  void crowdKitPresetMatchesSuiteSkillsScoresAndLabels(String fixture) throws Exception {
    CrowdDataset data = suiteData(fixture);
    AggregationResult r = new Mmsr(Mmsr.Options.crowdKit()).fit(data);
    assertSkills(data, r, SharedData.suite("suite/MMSR__" + fixture + "__skills.csv"));

    int k = data.numLabels();
    double[] scores = Mmsr.crowdKitScores(data, r.workers().skills());
    var expected = PeerTables.frame(SharedData.suite("suite/MMSR__" + fixture + "__scores.csv"));
    assertEquals(data.numTasks(), expected.size());
    for (var e : expected.entrySet()) {
      int i = data.tasks().id(e.getKey());
      for (var p : e.getValue().entrySet()) {
        double want = p.getValue();
        double got = scores[i * k + data.labels().id(p.getKey())];
        assertEquals(want, got, 1e-5 * Math.abs(want) + 1e-12, e.getKey() + "/" + p.getKey());
      }
    }
    Map<String, String> labels =
        PeerTables.series(SharedData.suite("suite/MMSR__" + fixture + "__labels.csv"));
    for (var e : labels.entrySet()) {
      assertEquals(e.getValue(), data.labels().name(r.label(data.tasks().id(e.getKey()))));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void defaultsReproducePeerSkillsOnSuiteFixtures(String fixture) throws Exception {
    // the fixtures' observed graphs give the same signs as crowd-kit's denser graph
    CrowdDataset data = suiteData(fixture);
    AggregationResult r = new Mmsr().fit(data);
    assertSkills(data, r, SharedData.suite("observed/MMSR__" + fixture + "__skills.csv"));
    Map<String, String> labels =
        PeerTables.series(SharedData.suite("observed/MMSR__" + fixture + "__labels.csv"));
    for (var e : labels.entrySet()) {
      assertEquals(e.getValue(), data.labels().name(r.label(data.tasks().id(e.getKey()))));
    }
  }

  @Test
  void fixedPointOnSimpleDoesNotDependOnTheStartButOnToyItDoes() throws Exception {
    for (long seed = 1; seed <= 3; seed++) {
      Mmsr.Options o =
          new Mmsr.Options(
              10_000,
              1e-10,
              seed,
              Mmsr.Init.SPLITTABLE,
              Mmsr.SignGraph.CROWDKIT,
              Mmsr.PosteriorRule.ONE_COIN,
              true);
      CrowdDataset simple = suiteData("simple");
      assertSkills(
          simple, new Mmsr(o).fit(simple), SharedData.suite("suite/MMSR__simple__skills.csv"));
    }
    // toy: the trimmed-mean iteration stops at a start-dependent fixed point (as in crowd-kit,
    // whose random_state 1 gives other skills than 0), so only the NumPy start reproduces it
    CrowdDataset toy = suiteData("toy");
    Mmsr.Options other =
        new Mmsr.Options(
            10_000,
            1e-10,
            1,
            Mmsr.Init.NUMPY,
            Mmsr.SignGraph.CROWDKIT,
            Mmsr.PosteriorRule.ONE_COIN,
            true);
    double w3 = new Mmsr(other).fit(toy).workers().skill(toy.workers().id("w3"));
    assertEquals(1.0391480611, w3, 1e-9); // crowd-kit MMSR(random_state=1) on the toy data
    double w3Default = new Mmsr().fit(toy).workers().skill(toy.workers().id("w3"));
    assertNotEquals(w3, w3Default, 1e-3);
  }

  @Test
  void propertiesOnRealData() throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset("web").resolve("answers.csv"));
    for (Mmsr.PosteriorRule rule : Mmsr.PosteriorRule.values()) {
      Mmsr.Options o =
          new Mmsr.Options(10_000, 1e-10, 0, Mmsr.Init.NUMPY, Mmsr.SignGraph.OBSERVED, rule, false);
      AggregationResult a = new Mmsr(o).fit(data);
      AggregationResult b = new Mmsr(o).fit(data);
      assertArrayEquals(a.posteriors(), b.posteriors());
      assertArrayEquals(a.labels(), b.labels());
      assertProperDistributions(a);
      assertTrue(a.diagnostics().converged());
      if (rule == Mmsr.PosteriorRule.ONE_COIN) {
        // labels are the argmax of the one-coin posterior
        assertArrayEquals(
            Posteriors.argmax(a.posteriors(), data.numTasks(), data.numLabels()), a.labels());
      }
    }
  }

  static void assertProperDistributions(AggregationResult r) {
    int k = r.numLabels();
    for (int i = 0; i < r.numTasks(); i++) {
      double sum = 0;
      for (int c = 0; c < k; c++) {
        double p = r.posterior(i, c);
        assertTrue(p >= 0 && p <= 1, "posterior out of [0,1] at task " + i);
        sum += p;
      }
      assertEquals(1.0, sum, 1e-9, "row " + i);
    }
    for (double s : r.workers().skills()) {
      assertTrue(Double.isFinite(s));
    }
  }

  @ParameterizedTest
  @CsvSource({"bluebirds,0.7130", "dog,0.8278", "web,0.6834"})
  void accuracyWithinHalfAPointOfThePeerAndPresetReproducesItsLabels(String name, double peer)
      throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset(name).resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(SharedData.dataset(name).resolve("gold.csv"), data);
    double acc = gold.accuracy(new Mmsr().fit(data).labels());
    assertTrue(acc >= peer - 0.005, name + ": " + acc + " vs crowd-kit " + peer);

    AggregationResult parity = new Mmsr(Mmsr.Options.crowdKit()).fit(data);
    Map<String, String> peerLabels =
        PeerTables.series(SharedData.expected("crowdkit/" + name + "/MMSR.csv"));
    for (var e : peerLabels.entrySet()) {
      assertEquals(
          e.getValue(),
          data.labels().name(parity.label(data.tasks().id(e.getKey()))),
          name + " task " + e.getKey());
    }
  }

  @Test
  void fitsAdultInSparseMemory() throws Exception {
    // crowd-kit's dense construction ran out of 15 GB here
    CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset("adult").resolve("answers.csv"));
    AggregationResult r = new Mmsr().fit(data);
    assertProperDistributions(r);
    Gold gold = CrowdReader.readGold(SharedData.dataset("adult").resolve("gold.csv"), data);
    assertTrue(gold.accuracy(r.labels()) > 0.7);
  }

  @Test
  void trimmedMeanFollowsCrowdKitsRule() {
    // F = -1 keeps only the largest value (Python's y[-1:])
    assertEquals(5.0, Mmsr.trimmedMean(new double[] {3, 5, 1}, 3, -1, 2.0, 100), 0);
    // F = 0: plain mean
    assertEquals(3.0, Mmsr.trimmedMean(new double[] {3, 5, 1}, 3, 0, 2.0, 100), 0);
    // F = 1, one value below a and one above: drop the smallest and the largest
    assertEquals(3.0, Mmsr.trimmedMean(new double[] {1, 3, 5}, 3, 1, 2.0, 100), 0);
    // F = 2 but only one value below a = 2: drop everything below a; two above: drop the two
    // largest
    double[] y = {1, 3, 4, 6, 7};
    assertEquals(3.5, Mmsr.trimmedMean(y, 5, 2, 2.0, 100), 1e-15);
    // fewer than F values above a: keep only values <= a
    assertEquals(2.0, Mmsr.trimmedMean(new double[] {1, 2, 9}, 3, 2, 2.0, 100), 0);
    // a single remaining zero becomes 1/sqrt(n)
    assertEquals(0.1, Mmsr.trimmedMean(new double[] {0}, 1, 0, 1.0, 100), 1e-15);
    // nothing left: keep the current value
    assertEquals(2.5, Mmsr.trimmedMean(new double[] {1, 2}, 2, 3, 2.5, 100), 0);
    // numpy semantics: NaN sorts last and never compares, so "keep y >= a" drops it
    assertEquals(2.0, Mmsr.trimmedMean(new double[] {Double.NaN, 4, 1}, 3, 2, 2.0, 100), 0);
    // ... and is the largest value when F values are cut from the top
    assertEquals(4.0, Mmsr.trimmedMean(new double[] {Double.NaN, 4, 1}, 3, 1, 2.0, 100), 0);
  }

  /** The trimmed mean as crowd-kit computes it: sort everything, then cut. */
  private static double sortedTrimmedMean(double[] y, int len, int f, double a, int numTasks) {
    double[] s = java.util.Arrays.copyOf(y, len);
    java.util.Arrays.sort(s);
    int lo = 0;
    int hi = len;
    if (f < 0) {
      lo = Math.max(0, hi + f);
    } else {
      int below = 0;
      while (lo + below < hi && s[lo + below] < a) {
        below++;
      }
      if (below < f) {
        lo += below;
        if (Double.isNaN(a)) {
          hi = lo;
        } else {
          while (hi > lo && Double.isNaN(s[hi - 1])) {
            hi--;
          }
        }
      } else {
        lo += f;
      }
      int above = 0;
      for (int p = lo; p < hi; p++) {
        if (s[p] > a) {
          above++;
        }
      }
      if (above < f) {
        int q = lo;
        while (q < hi && s[q] <= a) {
          q++;
        }
        hi = q;
      } else {
        hi -= f;
      }
    }
    int size = hi - lo;
    if (size <= 0) {
      return a;
    }
    if (size == 1 && s[lo] == 0) {
      return 1 / Math.sqrt(numTasks);
    }
    double sum = 0;
    for (int p = lo; p < hi; p++) {
      sum += s[p];
    }
    return sum / size;
  }

  /** Selection gives bit for bit what sorting gives, with ties, zeros, infinities and NaN. */
  @Test
  void trimmedMeanBySelectionEqualsSorting() {
    SplittableRandom rng = new SplittableRandom(17);
    double[] pool = {0.0, 0.25, 0.5, 1.0, Double.POSITIVE_INFINITY, Double.NaN};
    for (int trial = 0; trial < 20_000; trial++) {
      int len = 1 + rng.nextInt(trial % 10 == 0 ? 300 : 12);
      double[] y = new double[len];
      for (int p = 0; p < len; p++) {
        y[p] = rng.nextInt(4) == 0 ? pool[rng.nextInt(pool.length)] : rng.nextDouble(0, 2);
      }
      int f = rng.nextInt(-2, len / 2 + 3);
      double a = rng.nextInt(8) == 0 ? pool[rng.nextInt(pool.length)] : rng.nextDouble(0, 2);
      double want = sortedTrimmedMean(y, len, f, a, 100);
      double got = Mmsr.trimmedMean(y.clone(), len, f, a, 100);
      assertEquals(
          Double.doubleToLongBits(want),
          Double.doubleToLongBits(got),
          "len " + len + " f " + f + " a " + a + ": " + want + " vs " + got);
    }
  }

  /**
   * The half-steps with their value windows (kept from one iteration to the next) equal the trimmed
   * means of sorted values, bit for bit, over iterations in which the windows are reused and reset.
   */
  @Test
  void halfStepsWithWindowsEqualSorting() {
    SplittableRandom rng = new SplittableRandom(5);
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int i = 0; i < 400; i++) {
      int truth = rng.nextInt(3);
      for (int w = 0; w < 40; w++) {
        if (rng.nextInt(3) == 0) {
          int label = rng.nextDouble() < 0.3 + 0.015 * w ? truth : rng.nextInt(3);
          b.add("t" + i, "w" + w, "l" + label);
        }
      }
    }
    CrowdDataset data = b.build();
    Mmsr.Pairs pairs = Mmsr.Pairs.of(data, 3);
    int numWorkers = data.numWorkers();
    double[][] bufs = new double[pairs.chunks().length - 1][2 * pairs.maxDegree()];
    Mmsr.Windows windows = new Mmsr.Windows(numWorkers);
    double[] other = new double[numWorkers];
    double[] target = new double[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      other[w] = rng.nextDouble(0.2, 1);
      target[w] = rng.nextDouble(0.2, 1);
    }
    for (int round = 0; round < 30; round++) {
      int f = round % 3 == 2 ? 0 : Math.floorDiv(pairs.minDegree(), 2) - 1 - round % 3;
      double[] want = target.clone();
      for (int j = 0; j < numWorkers; j++) {
        int d = pairs.degree(j);
        double[] y = new double[d];
        for (int p = 0; p < d; p++) {
          int q = pairs.start()[j] + p;
          y[p] = Math.abs(pairs.covariation()[q]) / other[pairs.partner()[q]];
        }
        want[j] = d == 0 ? target[j] : sortedTrimmedMean(y, d, f, target[j], 400);
      }
      Mmsr.update(pairs, other, target, f, 400, bufs, windows);
      assertArrayEquals(want, target, "round " + round);
      for (int w = 0; w < numWorkers; w++) {
        // drift slowly, with an occasional jump that leaves the windows
        other[w] *= round % 7 == 6 ? rng.nextDouble(0.5, 2) : rng.nextDouble(0.98, 1.02);
      }
    }
  }

  @Test
  void rankOneChangeIsTheDenseFrobeniusNorm() {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 17;
    double[] u = new double[n];
    double[] v = new double[n];
    double[] up = new double[n];
    double[] vp = new double[n];
    for (int i = 0; i < n; i++) {
      u[i] = rng.nextDouble();
      v[i] = rng.nextDouble();
      up[i] = rng.nextDouble();
      vp[i] = rng.nextDouble();
    }
    double dense = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double d = u[i] * v[j] - up[i] * vp[j];
        dense += d * d;
      }
    }
    assertEquals(Math.sqrt(dense), Mmsr.rankOneChange(u, v, up, vp), 1e-12);
    // a pure rescaling (u·c, v/c) leaves u vᵀ unchanged: exactly zero, no cancellation noise
    double[] us = u.clone();
    double[] vs = v.clone();
    for (int i = 0; i < n; i++) {
      us[i] *= 1.5;
      vs[i] /= 1.5;
    }
    assertEquals(0.0, Mmsr.rankOneChange(us, vs, u, v), 1e-14);
  }

  @Test
  void mersenneTwisterMatchesNumpyRandomState() {
    Mt19937 r = new Mt19937(0);
    assertEquals(0.5488135039273248, r.nextDouble(), 0);
    assertEquals(0.7151893663724195, r.nextDouble(), 0);
    assertEquals(0.6027633760716439, r.nextDouble(), 0);
    Mt19937 g = new Mt19937(12345);
    assertEquals(-0.20470765948471295, g.nextGaussian(), 1e-15);
    assertEquals(0.47894333805754824, g.nextGaussian(), 1e-15);
    assertEquals(-0.5194387150567381, g.nextGaussian(), 1e-15);
    Mt19937 top = new Mt19937(4294967295L);
    assertEquals(0.0976320289940138, top.nextDouble(), 0);
    Mt19937 far = new Mt19937(7);
    for (int i = 0; i < 700; i++) {
      far.nextDouble();
    }
    assertEquals(0.059200845313875594, far.nextDouble(), 0); // past one twist of the state
    assertThrows(IllegalArgumentException.class, () -> new Mt19937(-1));
  }

  @Test
  void edgeCasesGiveNoNaN() {
    // one label only: every worker weighs 1
    CrowdDataset one =
        CrowdDataset.builder()
            .add("t1", "w1", "a")
            .add("t1", "w2", "a")
            .add("t2", "w1", "a")
            .build();
    AggregationResult r1 = new Mmsr().fit(one);
    assertProperDistributions(r1);
    // workers without common tasks, single answers
    CrowdDataset sparse =
        CrowdDataset.builder()
            .add("t1", "w1", "a")
            .add("t2", "w2", "b")
            .add("t3", "w3", "a")
            .add("t3", "w4", "b")
            .build();
    AggregationResult r = new Mmsr().fit(sparse);
    assertProperDistributions(r);
    // w1 and w2 share no task: they get the median estimate, so their single answers win
    assertEquals("a", sparse.labels().name(r.label(sparse.tasks().id("t1"))));
    assertEquals("b", sparse.labels().name(r.label(sparse.tasks().id("t2"))));
    assertProperDistributions(new Mmsr(Mmsr.Options.crowdKit()).fit(sparse));
    // nobody shares a task: a plain vote
    CrowdDataset alone = CrowdDataset.builder().add("t1", "w1", "a").add("t2", "w2", "b").build();
    AggregationResult plain = new Mmsr().fit(alone);
    // every covariation 0: the estimates become 0 and then 0/0; the change stays finite and the
    // iteration stops instead of running to maxIterations on NaN
    CrowdDataset flat =
        org.crowd4j.simulate.SyntheticCrowd.generate(
                2, 2, 3, 3, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 0)
            .data();
    AggregationResult f = new Mmsr().fit(flat);
    assertProperDistributions(f);
    for (double change : f.diagnostics().objective()) {
      assertTrue(Double.isFinite(change));
    }
    assertTrue(f.diagnostics().iterations() < 10, "iterations " + f.diagnostics().iterations());
    // here u vᵀ grows fourfold per iteration until it overflows: the last finite iterate is kept
    CrowdDataset diverging =
        org.crowd4j.simulate.SyntheticCrowd.generate(
                4, 2, 3, 3, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 0)
            .data();
    AggregationResult d = new Mmsr().fit(diverging);
    assertProperDistributions(d);
    assertFalse(d.diagnostics().converged());
    for (double change : d.diagnostics().objective()) {
      assertTrue(Double.isFinite(change));
    }
    assertArrayEquals(new double[] {1, 1}, plain.workers().skills());
    assertEquals("b", alone.labels().name(plain.label(alone.tasks().id("t2"))));
  }

  @Test
  void optionsAreValidatedAndRegistered() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Mmsr.Options(
                -1,
                1e-10,
                0,
                Mmsr.Init.NUMPY,
                Mmsr.SignGraph.OBSERVED,
                Mmsr.PosteriorRule.ONE_COIN,
                false));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Mmsr.Options(
                10,
                1e-10,
                -5,
                Mmsr.Init.NUMPY,
                Mmsr.SignGraph.OBSERVED,
                Mmsr.PosteriorRule.ONE_COIN,
                false));
    Aggregator a = Methods.create("mmsr", Map.of("signGraph", "CROWDKIT", "maxIterations", "50"));
    assertEquals("mmsr", a.name());
    assertEquals(Mmsr.SignGraph.CROWDKIT, ((Mmsr) a).options().signGraph());
  }
}
