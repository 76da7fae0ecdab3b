package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.aggregate.DawidSkene.InitialErrorStrategy;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.WeightedMajorityVote.MissingSkill;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.SkillsReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.testing.PeerTables;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The voting methods and one-coin Dawid–Skene against crowd-kit 1.4.1's own test fixtures: every
 * {@code suite/} and {@code observed/} file of MajorityVote, Wawa, ZeroBasedSkill, GoldMajorityVote
 * and OneCoinDawidSkene (tolerances from MANIFEST.csv), and the rows of {@code
 * suite/label_expectations.csv} for these methods and for DawidSkene.
 */
class CrowdKitSuiteVotingTest {
  private static final double OBSERVED_ATOL = 1e-6;
  private static final double SUITE_RTOL = 1e-5;

  // ---------------------------------------------------------------- observed/ and suite/ files

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void majorityVoteMatchesObserved(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult hard = Methods.create("mv", Map.of()).fit(data);
    AggregationResult soft = Methods.create("soft-mv", Map.of()).fit(data);
    String base = "observed/MajorityVote__" + fixture + "__";
    assertLabels(base + "labels.csv", data, hard);
    assertLabels(base + "labels.csv", data, soft);
    assertProbas(base + "probas.csv", data, soft, OBSERVED_ATOL, 0);
    assertSkills(base + "skills.csv", data, hard.workers().skills(), OBSERVED_ATOL, 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple"})
  void majorityVoteMatchesSuite(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult hard = new MajorityVote().fit(data);
    AggregationResult soft = new MajorityVote(MajorityVote.Options.softDefaults()).fit(data);
    String base = "suite/MajorityVote__" + fixture + "__";
    assertLabels(base + "labels.csv", data, hard);
    assertProbas(base + "probas.csv", data, soft, 0, SUITE_RTOL);
    assertSkills(base + "skills.csv", data, hard.workers().skills(), 0, SUITE_RTOL);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void wawaMatchesObserved(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult r = Methods.create("wawa", Map.of()).fit(data);
    String base = "observed/Wawa__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, OBSERVED_ATOL, 0);
    assertSkills(base + "skills.csv", data, r.workers().skills(), OBSERVED_ATOL, 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple"})
  void wawaMatchesSuite(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult r = new Wawa().fit(data);
    String base = "suite/Wawa__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, 0, SUITE_RTOL);
    assertSkills(base + "skills.csv", data, r.workers().skills(), 0, SUITE_RTOL);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void zeroBasedSkillMatchesObserved(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult r = Methods.create("zbs", Map.of()).fit(data);
    String base = "observed/ZeroBasedSkill__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, OBSERVED_ATOL, 0);
    assertSkills(base + "skills.csv", data, r.workers().skills(), OBSERVED_ATOL, 0);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple"})
  void zeroBasedSkillMatchesSuite(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult r = new ZeroBasedSkill().fit(data);
    String base = "suite/ZeroBasedSkill__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, 0, SUITE_RTOL);
    assertSkills(base + "skills.csv", data, r.workers().skills(), 0, SUITE_RTOL);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple"})
  void goldMajorityVoteMatchesSuite(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    Gold gold = CrowdReader.readGold(SharedData.suite("data/" + fixture + "_gold.csv"), data);
    AggregationResult r = Methods.create("gold-mv", Map.of()).fit(data, FitContext.withGold(gold));
    String base = "suite/GoldMajorityVote__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, 0, SUITE_RTOL);
    assertSkills(base + "skills.csv", data, r.workers().skills(), 0, SUITE_RTOL);
  }

  @ParameterizedTest
  @ValueSource(strings = {"toy", "simple", "ds_step"})
  void oneCoinDawidSkeneMatchesObserved(String fixture) throws Exception {
    CrowdDataset data = answers(fixture);
    AggregationResult r = new OneCoinDawidSkene(OneCoinDawidSkene.Options.crowdKit()).fit(data);
    String base = "observed/OneCoinDawidSkene__" + fixture + "__";
    assertLabels(base + "labels.csv", data, r);
    assertProbas(base + "probas.csv", data, r, OBSERVED_ATOL, 0);
    assertSkills(base + "skills.csv", data, r.workers().skills(), OBSERVED_ATOL, 0);
    // the default (likelihood) stopping rule gives the same labels
    AggregationResult byLikelihood = Methods.create("one-coin-ds", Map.of()).fit(data);
    assertLabels(base + "labels.csv", data, byLikelihood);
  }

  // ------------------------------------------------------------ label_expectations.csv rows

  @ParameterizedTest
  @CsvSource({"10, 0", "100500, 1e-5"})
  void dawidSkeneRecoversGroundTruth(int iterations, double tol) throws Exception {
    for (Stopping stopping : Stopping.values()) {
      DawidSkene ds = new DawidSkene(new DawidSkene.Options(iterations, tol, 1e-10, stopping));
      CrowdDataset toy = answers("toy");
      assertGroundTruth("toy", toy, ds.fit(toy));
      Gold gold = CrowdReader.readGold(SharedData.suite("data/toy_gold.csv"), toy);
      assertGroundTruth("toy", toy, ds.fit(toy, FitContext.withGold(gold)));
      CrowdDataset simple = answers("simple");
      assertGroundTruth("simple", simple, ds.fit(simple));
    }
  }

  @ParameterizedTest
  @CsvSource({"10, 0", "100500, 1e-5"})
  void oneCoinRecoversGroundTruth(int iterations, double tol) throws Exception {
    for (Stopping stopping : Stopping.values()) {
      var ods =
          new OneCoinDawidSkene(new OneCoinDawidSkene.Options(iterations, tol, 1e-10, stopping));
      for (String fixture : List.of("toy", "simple")) {
        CrowdDataset data = answers(fixture);
        AggregationResult r = ods.fit(data);
        assertGroundTruth(fixture, data, r);
        for (double p : r.posteriors()) {
          assertTrue(p >= 0 && p <= 1, "probas in [0,1]: " + p);
        }
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"10, 0", "100500, 1e-5"})
  void dawidSkeneInitialErrors(int iterations, double tol) throws Exception {
    CrowdDataset toy = answers("toy");
    DawidSkene ds =
        new DawidSkene(new DawidSkene.Options(iterations, tol, 1e-10, Stopping.LIKELIHOOD));
    List<List<String>> zeroRows = PeerTables.rows(SharedData.suite("data/toy_init_error_zero.csv"));
    Map<String, double[][]> zeros = initialErrors(toy, zeroRows.subList(1, zeroRows.size()));
    Map<String, double[][]> firstThree = initialErrors(toy, zeroRows.subList(1, 4));

    // None / addition / assign without matrices: plain DS
    assertGroundTruth("toy", toy, ds.fit(toy));
    assertGroundTruth(
        "toy", toy, ds.withInitialErrors(Map.of(), InitialErrorStrategy.ADDITION).fit(toy));
    // zero matrices added, complete or partial
    assertGroundTruth(
        "toy", toy, ds.withInitialErrors(zeros, InitialErrorStrategy.ADDITION).fit(toy));
    assertGroundTruth(
        "toy", toy, ds.withInitialErrors(firstThree, InitialErrorStrategy.ADDITION).fit(toy));
    // zero matrices cannot be assigned (columns of crowd-kit's errors_ must sum to 1)
    assertThrows(
        IllegalArgumentException.class,
        () -> ds.withInitialErrors(zeros, InitialErrorStrategy.ASSIGN).fit(toy));
    // an incomplete set of workers cannot be assigned
    assertThrows(
        IllegalArgumentException.class,
        () -> ds.withInitialErrors(firstThree, InitialErrorStrategy.ASSIGN).fit(toy));

    // addition consistency: w2 nearly perfect
    Map<String, double[][]> w2 = copy(zeros);
    set(toy, w2, "w2", "yes", "yes", 99);
    set(toy, w2, "w2", "yes", "no", 1);
    set(toy, w2, "w2", "no", "yes", 1);
    set(toy, w2, "w2", "no", "no", 99);
    assertGroundTruth("toy", toy, ds.withInitialErrors(w2, InitialErrorStrategy.ADDITION).fit(toy));

    // addition towards a desired label: (worker, observed, true) = 99
    Map<String, double[][]> desired = copy(zeros);
    for (String w : List.of("w1", "w2", "w3")) {
      set(toy, desired, w, "yes", "no", 99);
    }
    for (String w : List.of("w4", "w5")) {
      set(toy, desired, w, "no", "no", 99);
    }
    AggregationResult added = ds.withInitialErrors(desired, InitialErrorStrategy.ADDITION).fit(toy);
    assertEquals("no", labelOf(toy, added, "t2"));

    // assignment towards a desired label: all 0.5 except the true-'no' column
    Map<String, double[][]> assigned = new HashMap<>();
    for (String w : List.of("w1", "w2", "w3", "w4", "w5")) {
      assigned.put(w, new double[][] {{0.5, 0.5}, {0.5, 0.5}});
      boolean saysYes = List.of("w1", "w2", "w3").contains(w);
      set(toy, assigned, w, "yes", "no", saysYes ? 0.99 : 0.01);
      set(toy, assigned, w, "no", "no", saysYes ? 0.01 : 0.99);
    }
    AggregationResult forced = ds.withInitialErrors(assigned, InitialErrorStrategy.ASSIGN).fit(toy);
    assertEquals("no", labelOf(toy, forced, "t2"));

    // assignment consistency: the errors of a plain fit
    ConfusionMatrices fitted = (ConfusionMatrices) ds.fit(toy).workers();
    Map<String, double[][]> own = new HashMap<>();
    for (int w = 0; w < toy.numWorkers(); w++) {
      own.put(toy.workers().name(w), fitted.matrix(w));
    }
    assertGroundTruth("toy", toy, ds.withInitialErrors(own, InitialErrorStrategy.ASSIGN).fit(toy));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void dawidSkeneGoldTasksAreClamped(int iterations) throws Exception {
    CrowdDataset toy = answers("toy");
    Gold gold = CrowdReader.readGold(SharedData.suite("data/toy_gold.csv"), toy);
    AggregationResult r =
        new DawidSkene(new DawidSkene.Options(iterations, 1e-5, 1e-10, Stopping.LIKELIHOOD))
            .fit(toy, FitContext.withGold(gold));
    assertRowsSumToOne(r);
    for (int i = 0; i < toy.numTasks(); i++) {
      if (gold.hasKnown(i)) {
        assertEquals(1.0, r.posterior(i, gold.label(i)), 1e-8);
        assertEquals(gold.label(i), r.label(i));
      }
    }
  }

  @Test
  void boolLabels() throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(SharedData.suite("data/bool_answers.csv"));
    var ds = new DawidSkene(new DawidSkene.Options(20, 1e-5, 1e-10, Stopping.LIKELIHOOD));
    var ods =
        new OneCoinDawidSkene(new OneCoinDawidSkene.Options(20, 1e-5, 1e-10, Stopping.LIKELIHOOD));
    assertGroundTruth("bool", data, ds.fit(data));
    assertGroundTruth("bool", data, ods.fit(data));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ds_overlap_3", "ds_overlap_300", "generated_30000"})
  void dawidSkeneOverlap(String fixture) throws Exception {
    CrowdDataset data;
    if (fixture.startsWith("generated")) {
      CrowdDataset.Builder b = CrowdDataset.builder();
      for (int w = 0; w < 30000; w++) {
        for (int t = 0; t < 3; t++) {
          b.add(
              Integer.toString(t),
              Integer.toString(w),
              Math.floorMod(w - t, 3) != 0 ? "yes" : "no");
        }
      }
      data = b.build();
    } else {
      data = CrowdReader.readAnswers(SharedData.suite("data/" + fixture + ".csv"));
    }
    AggregationResult r =
        new DawidSkene(new DawidSkene.Options(20, 1e-5, 1e-10, Stopping.LIKELIHOOD)).fit(data);
    int no = data.labels().id("no");
    int yes = data.labels().id("yes");
    for (int i = 0; i < data.numTasks(); i++) {
      assertEquals(yes, r.label(i));
      assertEquals(1.0 / 3, r.posterior(i, no), 0.005);
      assertEquals(2.0 / 3, r.posterior(i, yes), 0.005);
    }
    assertEquals(1.0 / 3, r.classPriors()[no], 0.005);
    assertEquals(2.0 / 3, r.classPriors()[yes], 0.005);
    if (!fixture.startsWith("generated")) {
      assertProbas("observed/DawidSkene__" + fixture + "__probas.csv", data, r, 0.005, 0);
    }
  }

  @Test
  void goldMajorityVoteWithSeveralAcceptedLabels() throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(SharedData.suite("data/multiple_gt_answers.csv"));
    Map<String, List<String>> accepted = new LinkedHashMap<>();
    for (List<String> row : rows("data/multiple_gt_gold.csv")) {
      accepted.computeIfAbsent(row.get(0), t -> new ArrayList<>()).add(row.get(1));
    }
    AggregationResult r = new GoldMajorityVote().withAcceptedLabels(accepted).fit(data);
    assertEquals("l2", labelOf(data, r, "t1"));
    assertEquals("l1", labelOf(data, r, "t2"));
    assertEquals("l2", labelOf(data, r, "t3"));
    assertEquals(0.5, r.workers().skill(data.workers().id("w1")), 1e-12);
    assertEquals(1.0, r.workers().skill(data.workers().id("w2")), 1e-12);
    assertEquals(0.0, r.workers().skill(data.workers().id("w3")), 1e-12);
    // our readers hold one gold label per task: a file with two labels for one task is rejected
    assertThrows(
        Exception.class,
        () -> CrowdReader.readGold(SharedData.suite("data/multiple_gt_gold.csv"), data));
  }

  @Test
  void weightedMajorityVoteWithGivenSkills() throws Exception {
    CrowdDataset simple = answers("simple");
    Path skillsFile = SharedData.suite("suite/MajorityVote__simple__skills.csv");
    Map<String, Double> skills = SkillsReader.read(skillsFile);
    AggregationResult r =
        SkillsReader.weightedMajorityVote(
                OptionsBinder.bind(
                    WeightedMajorityVote.Options.defaults(),
                    Map.of("skillsFile", skillsFile.toString())))
            .fit(simple);
    assertSkills("suite/MajorityVote__simple__skills.csv", simple, r.workers().skills(), 0, 1e-12);

    String dropped = "0c3eb7d5fcc414db137c4180a654c06e";
    Map<String, Double> reduced = new HashMap<>(skills);
    reduced.remove(dropped);
    var opts = WeightedMajorityVote.Options.defaults();
    // value: the missing worker gets a huge weight and decides every task it answered
    AggregationResult valued =
        new WeightedMajorityVote(opts.withMissingSkill(MissingSkill.VALUE, 1_000_000), reduced)
            .fit(simple);
    int w = simple.workers().id(dropped);
    int answered = 0;
    for (int p = simple.workerStart(w); p < simple.workerEnd(w); p++) {
      int a = simple.workerAnswer(p);
      assertEquals("parrot", simple.labels().name(valued.label(simple.task(a))));
      answered++;
    }
    assertTrue(answered > 0);
    // error
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new WeightedMajorityVote(opts, reduced).fit(simple));
    assertTrue(e.getMessage().contains(dropped), e.getMessage());
    // ignore: the worker has no skill in the result
    AggregationResult ignored =
        new WeightedMajorityVote(opts.withMissingSkill(MissingSkill.IGNORE, Double.NaN), reduced)
            .fit(simple);
    assertTrue(Double.isNaN(ignored.workers().skill(w)));
    // ignore with no skills at all
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new WeightedMajorityVote(
                    opts.withMissingSkill(MissingSkill.IGNORE, Double.NaN), Map.of())
                .fit(simple));
  }

  @Test
  void zeroIterationsLabelEveryTask() throws Exception {
    CrowdDataset simple = answers("simple");
    List<AggregationResult> results =
        List.of(
            new ZeroBasedSkill(ZeroBasedSkill.Options.defaults().withMaxIterations(0)).fit(simple),
            new DawidSkene(new DawidSkene.Options(0, 1e-5, 1e-10, Stopping.LIKELIHOOD)).fit(simple),
            new OneCoinDawidSkene(
                    new OneCoinDawidSkene.Options(0, 1e-5, 1e-10, Stopping.LIKELIHOOD))
                .fit(simple));
    for (AggregationResult r : results) {
      assertEquals(10, r.numTasks());
      assertEquals(Set.copyOf(simple.tasks().names()), Set.copyOf(r.tasks().names()));
      assertRowsSumToOne(r);
    }
  }

  /**
   * crowd-kit returns empty frames for an empty answer frame. Our readers reject files without
   * answers, but a dataset built without answers fits to an empty result under every method.
   */
  @Test
  void emptyInputGivesEmptyResults() {
    CrowdDataset empty = CrowdDataset.builder().build();
    List<Aggregator> methods =
        List.of(
            new MajorityVote(),
            new MajorityVote(MajorityVote.Options.softDefaults()),
            new DawidSkene(),
            new WeightedMajorityVote(Map.of()),
            new Wawa(),
            new ZeroBasedSkill(),
            new OneCoinDawidSkene(),
            new OneCoinDawidSkene(OneCoinDawidSkene.Options.crowdKit()));
    for (Aggregator m : methods) {
      AggregationResult r = m.fit(empty);
      assertEquals(0, r.numTasks(), m.name());
      assertEquals(0, r.posteriors().length, m.name());
      assertEquals(0, r.workers().numWorkers(), m.name());
    }
    AggregationResult gold =
        new GoldMajorityVote().fit(empty, FitContext.withGold(Gold.ofIds(new int[0])));
    assertEquals(0, gold.numTasks());
  }

  // ---------------------------------------------------------------------------- helpers

  static CrowdDataset answers(String fixture) throws Exception {
    String file = fixture.equals("ds_step") ? "ds_step_answers.csv" : fixture + "_answers.csv";
    return CrowdReader.readAnswers(SharedData.suite("data/" + file));
  }

  private static List<List<String>> rows(String relative) {
    List<List<String>> all = PeerTables.rows(SharedData.suite(relative));
    return all.subList(1, all.size());
  }

  private static String labelOf(CrowdDataset data, AggregationResult r, String task) {
    return data.labels().name(r.label(data.tasks().id(task)));
  }

  private static void assertGroundTruth(String fixture, CrowdDataset data, AggregationResult r) {
    List<List<String>> truth = rows("data/" + fixture + "_ground_truth.csv");
    assertFalse(truth.isEmpty());
    for (List<String> row : truth) {
      assertEquals(row.get(1), labelOf(data, r, row.get(0)), fixture + " task " + row.get(0));
    }
  }

  private static void assertLabels(String relative, CrowdDataset data, AggregationResult r) {
    Map<String, String> expected = PeerTables.series(SharedData.suite(relative));
    assertEquals(data.numTasks(), expected.size(), relative);
    for (var e : expected.entrySet()) {
      assertEquals(e.getValue(), labelOf(data, r, e.getKey()), relative + " task " + e.getKey());
    }
  }

  private static void assertProbas(
      String relative, CrowdDataset data, AggregationResult r, double atol, double rtol) {
    Map<String, Map<String, Double>> expected = PeerTables.frame(SharedData.suite(relative));
    assertEquals(data.numTasks(), expected.size(), relative);
    for (var e : expected.entrySet()) {
      int i = data.tasks().id(e.getKey());
      assertTrue(i >= 0, relative + ": unknown task " + e.getKey());
      for (var p : e.getValue().entrySet()) {
        int k = data.labels().id(p.getKey());
        assertTrue(k >= 0, relative + ": unknown label " + p.getKey());
        assertClose(p.getValue(), r.posterior(i, k), atol, rtol, relative + " " + e.getKey());
      }
    }
    assertRowsSumToOne(r);
  }

  private static void assertSkills(
      String relative, CrowdDataset data, double[] skills, double atol, double rtol) {
    Map<String, String> expected = PeerTables.series(SharedData.suite(relative));
    assertEquals(data.numWorkers(), expected.size(), relative);
    for (var e : expected.entrySet()) {
      int w = data.workers().id(e.getKey());
      assertTrue(w >= 0, relative + ": unknown worker " + e.getKey());
      assertClose(
          Double.parseDouble(e.getValue()), skills[w], atol, rtol, relative + " " + e.getKey());
    }
  }

  private static void assertClose(
      double expected, double actual, double atol, double rtol, String what) {
    if (!(Math.abs(expected - actual) <= atol + rtol * Math.abs(expected))) {
      fail(what + ": expected " + expected + ", got " + actual);
    }
  }

  static void assertRowsSumToOne(AggregationResult r) {
    for (int i = 0; i < r.numTasks(); i++) {
      double sum = 0;
      for (double p : r.posteriorRow(i)) {
        assertFalse(Double.isNaN(p));
        assertTrue(p >= 0 && p <= 1);
        sum += p;
      }
      assertEquals(1.0, sum, 1e-9);
    }
  }

  /**
   * crowd-kit's {@code errors_} rows {@code (worker, observed label)} with one column per true
   * label, turned into our {@code [true][observed]} matrices (absent entries are 0).
   */
  private static Map<String, double[][]> initialErrors(CrowdDataset data, List<List<String>> rows) {
    List<String> header = PeerTables.rows(SharedData.suite("data/toy_init_error_zero.csv")).get(0);
    int k = data.numLabels();
    Map<String, double[][]> out = new LinkedHashMap<>();
    for (List<String> row : rows) {
      double[][] m = out.computeIfAbsent(row.get(0), w -> new double[k][k]);
      int observed = data.labels().id(row.get(1));
      for (int j = 2; j < header.size(); j++) {
        m[data.labels().id(header.get(j))][observed] = Double.parseDouble(row.get(j));
      }
    }
    return out;
  }

  private static Map<String, double[][]> copy(Map<String, double[][]> m) {
    Map<String, double[][]> out = new HashMap<>();
    for (var e : m.entrySet()) {
      double[][] c = new double[e.getValue().length][];
      for (int i = 0; i < c.length; i++) {
        c[i] = e.getValue()[i].clone();
      }
      out.put(e.getKey(), c);
    }
    return out;
  }

  /** Sets crowd-kit's {@code errors_[(worker, observed), true]} in our orientation. */
  private static void set(
      CrowdDataset data,
      Map<String, double[][]> m,
      String worker,
      String observed,
      String truth,
      double v) {
    m.get(worker)[data.labels().id(truth)][data.labels().id(observed)] = v;
  }
}
