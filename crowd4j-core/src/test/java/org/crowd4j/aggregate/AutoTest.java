package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.aggregate.select.Criterion;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.SimulatedCrowd;
import org.junit.jupiter.api.Test;

/** Gold-free choice on crowds where the right model is known. */
class AutoTest {
  private static final int K = 4;

  private static int[] truth(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[] t = new int[n];
    for (int i = 0; i < n; i++) {
      t[i] = rng.nextInt(K);
    }
    return t;
  }

  /** One-coin annotators: the true label with probability s, any other uniformly. */
  static SimulatedCrowd oneCoinCrowd() {
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    for (int w = 0; w < 30; w++) {
      b.add(Confusions.symmetric(K, 0.35 + 0.02 * w), "one-coin " + w);
    }
    return CrowdSimulator.simulate(truth(600, 1), b.build(), Assignment.perItem(3), 2);
  }

  /**
   * Annotators who confuse pairs of classes: the errors depend on the class and on the annotator
   * (half confuse 0 with 1, half 2 with 3, each less often than she answers right), which a
   * confusion matrix per annotator captures and one accuracy per annotator does not.
   */
  static SimulatedCrowd classConfusingCrowd() {
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    for (int w = 0; w < 20; w++) {
      int[][] pairs = w % 2 == 0 ? new int[][] {{0, 1}} : new int[][] {{2, 3}};
      b.add(Confusions.pairFlips(K, pairs, 0.40 + 0.005 * w), "pair flips " + w);
    }
    return CrowdSimulator.simulate(truth(800, 3), b.build(), Assignment.perItem(4), 4);
  }

  private static Auto best(String candidates) {
    return new Auto(
        new Auto.Options(
            candidates,
            Criterion.HELD_OUT_ANSWER,
            Auto.Combination.BEST,
            5,
            0L,
            0.01,
            200_000,
            3,
            1));
  }

  @Test
  void oneCoinAnnotatorsChooseOneCoinDawidSkene() {
    CrowdDataset d = oneCoinCrowd().data();
    AggregationResult r = best("one-coin-ds,ds").fit(d);
    MethodSelection s = r.selection().orElseThrow();
    assertEquals("one-coin-ds", s.chosen(), s.candidates().toString());
    assertEquals("auto", r.provenance().method());
    assertEquals(2, s.candidates().size());
    assertEquals(1.0, s.chosenScore().weight());
  }

  @Test
  void classConfusingAnnotatorsChooseDawidSkene() {
    CrowdDataset d = classConfusingCrowd().data();
    AggregationResult r = best("one-coin-ds,ds").fit(d);
    assertEquals("ds", r.selection().orElseThrow().chosen());
  }

  @Test
  void stackingLabelsAsWellAsTheRightModel() {
    SimulatedCrowd crowd = classConfusingCrowd();
    CrowdDataset d = crowd.data();
    double ds = crowd.gold().accuracy(new DawidSkene().fit(d).labels());
    double oneCoin = crowd.gold().accuracy(new OneCoinDawidSkene().fit(d).labels());
    AggregationResult r = new Auto().fit(d);
    double auto = crowd.gold().accuracy(r.labels());
    assertTrue(ds > oneCoin + 0.02, "the crowd should separate the models: " + ds + " " + oneCoin);
    assertTrue(auto >= ds - 0.01, "auto " + auto + " vs ds " + ds);
    double total = 0;
    for (CandidateScore c : r.selection().orElseThrow().candidates()) {
      total += c.weight();
    }
    assertEquals(1.0, total, 1e-9);
    for (int i = 0; i < d.numTasks(); i++) {
      double s = 0;
      for (int z = 0; z < K; z++) {
        s += r.posterior(i, z);
      }
      assertEquals(1.0, s, 1e-9);
    }
  }

  @Test
  void voteCountsWithOneIdPerAnswerAreAggregatedWithoutIds() {
    SimulatedCrowd crowd = oneCoinCrowd();
    CrowdDataset d = crowd.data();
    CrowdDataset.Builder b = CrowdDataset.builder().labels(d.labels().names());
    for (int a = 0; a < d.numAnswers(); a++) {
      b.add(d.tasks().name(d.task(a)), "vote " + a, d.labels().name(d.label(a)));
    }
    CrowdDataset votes = b.build();
    AggregationResult r = new Auto().fit(votes);
    MethodSelection s = r.selection().orElseThrow();
    assertTrue(s.notes().get(0).contains("their ids tell nothing about skill"), s.notes().get(0));
    for (CandidateScore c : s.candidates()) {
      if (c.weight() > 0) {
        assertTrue(List.of("mv", "soft-mv").contains(c.name()), c.name());
      }
    }
    double mv = crowd.gold().accuracy(new MajorityVote().fit(votes).labels());
    assertTrue(crowd.gold().accuracy(r.labels()) >= mv - 0.005, r.selection().get().chosen());
    assertEquals(votes.numWorkers(), r.workers().numWorkers());
  }

  @Test
  void aCandidateThatOverturnsTheVoteIsLeftOutAndSaidSo() {
    // M-MSR's fit of this crowd agrees with majority vote on 36 % of the tasks and with the
    // skill-weighted vote on 38 %: left out, the rest restacked
    SimulatedCrowd crowd = oneCoinCrowd();
    AggregationResult r = new Auto().fit(crowd.data());
    MethodSelection s = r.selection().orElseThrow();
    assertTrue(
        s.notes().stream().anyMatch(n -> n.startsWith("mmsr overturns the vote on most tasks")),
        s.notes().toString());
    for (CandidateScore c : s.candidates()) {
      if (c.name().equals("mmsr")) {
        assertEquals(0.0, c.weight());
        assertTrue(c.failure().startsWith("left out"), c.failure());
      }
    }
    double mv = crowd.gold().accuracy(new MajorityVote().fit(crowd.data()).labels());
    assertTrue(crowd.gold().accuracy(r.labels()) > mv, s.chosen());
  }

  @Test
  void familiesShareTheWeightEquallyAndTheBlendAddsTheStack() {
    CrowdDataset d = classConfusingCrowd().data();
    assertEquals("votes", Auto.family("wawa"));
    assertEquals("confusion", Auto.family("ds-map:2"));
    assertEquals("skill", Auto.family("glad"));
    assertEquals("item-confusion", Auto.family("mmce"));
    assertEquals("zz", Auto.family("zz"));
    // two families: votes (mv, wawa) and confusion (ds): ¼, ¼, ½
    AggregationResult r = auto("mv,wawa,ds", Auto.Combination.FAMILIES).fit(d);
    double[] mv = new MajorityVote().fit(d).posteriors();
    double[] wawa = Methods.create("wawa", Map.of()).fit(d).posteriors();
    double[] ds = new DawidSkene().fit(d).posteriors();
    for (int j = 0; j < mv.length; j++) {
      assertEquals(0.25 * mv[j] + 0.25 * wawa[j] + 0.5 * ds[j], r.posteriors()[j], 1e-12);
    }
    MethodSelection s = r.selection().orElseThrow();
    assertEquals(List.of(0.25, 0.25, 0.5), s.candidates().stream().map(c -> c.weight()).toList());
    assertEquals(0, s.folds());
    // the blend: half that, half the stacking weights of the held-out answers
    AggregationResult b = auto("mv,wawa,ds", Auto.Combination.BLEND).fit(d);
    AggregationResult st = auto("mv,wawa,ds", Auto.Combination.STACK).fit(d);
    List<CandidateScore> blend = b.selection().orElseThrow().candidates();
    List<CandidateScore> stack = st.selection().orElseThrow().candidates();
    double[] family = {0.25, 0.25, 0.5};
    for (int c = 0; c < 3; c++) {
      assertEquals(0.5 * family[c] + 0.5 * stack.get(c).weight(), blend.get(c).weight(), 1e-12);
    }
  }

  private static Auto auto(String candidates, Auto.Combination combination) {
    return new Auto(
        new Auto.Options(
            candidates, Criterion.HELD_OUT_ANSWER, combination, 5, 0L, 0.01, 200_000, 3, 1));
  }

  @Test
  void sameSeedSameResult() {
    CrowdDataset d = oneCoinCrowd().data();
    Aggregator a = Methods.create("auto", Map.of("seed", "5"));
    assertArrayEquals(a.fit(d).posteriors(), a.fit(d).posteriors());
  }

  @Test
  void candidatesFollowTheData() {
    CrowdDataset anonymous =
        CrowdDataset.builder()
            .add("t1", null, "a")
            .add("t1", null, "b")
            .add("t2", null, "a")
            .add("t2", null, "a")
            .build();
    Map<String, String> skipped = new java.util.LinkedHashMap<>();
    List<String> names =
        new Auto().candidates(anonymous, skipped).stream().map(c -> c.name()).toList();
    assertEquals(List.of("mv", "soft-mv"), names);
    assertTrue(skipped.get("crowd-mixture").startsWith("not a default"), skipped.toString());
    assertTrue(skipped.containsKey("ds"));
    CrowdDataset four = oneCoinCrowd().data();
    skipped.clear();
    new Auto().candidates(four, skipped);
    assertTrue(skipped.get("kos").contains("binary"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Auto(
                    new Auto.Options(
                        "auto",
                        Criterion.HELD_OUT_ANSWER,
                        Auto.Combination.STACK,
                        5,
                        0,
                        0.01,
                        200_000,
                        3,
                        1))
                .candidates(four, skipped));
  }

  @Test
  void largeDataIsScoredOnASampleOfTasks() {
    CrowdDataset d = classConfusingCrowd().data();
    Auto small =
        new Auto(
            new Auto.Options(
                "ds,one-coin-ds",
                Criterion.HELD_OUT_ANSWER,
                Auto.Combination.BEST,
                3,
                0,
                0.01,
                1000,
                3,
                1));
    MethodSelection s = small.fit(d).selection().orElseThrow();
    assertTrue(s.scoredAnswers() >= 1000 && s.scoredAnswers() < 1000 + 8, "" + s.scoredAnswers());
    // one of the three folds of the sample held out and scored: about a third of its answers
    for (var c : s.candidates()) {
      assertEquals(1, c.foldScores().length, c.name());
      assertTrue(Double.isFinite(c.standardError()) && c.standardError() > 0, c.name());
      assertTrue(c.scored() > 200 && c.scored() < 500, c.name() + " " + c.scored());
    }
    // the default candidates above the limit: no slow methods, at most largeRefits used
    Auto defaults =
        new Auto(
            new Auto.Options(
                "", Criterion.HELD_OUT_ANSWER, Auto.Combination.STACK, 3, 0, 0.01, 1000, 2, 1));
    MethodSelection big = defaults.fit(d).selection().orElseThrow();
    long used = big.candidates().stream().filter(c -> c.weight() > 0).count();
    assertTrue(used >= 1 && used <= 2, big.chosen());
    for (String slow : Auto.SLOW) {
      assertTrue(
          big.candidates().stream()
              .anyMatch(c -> c.name().equals(slow) && c.failure().startsWith("skipped: slow")),
          slow);
    }
  }

  @Test
  void dawidSkeneMapChoosesAStrengthAndRecordsTheGrid() {
    CrowdDataset d = classConfusingCrowd().data();
    AggregationResult r = new DawidSkeneMap().fit(d);
    MethodSelection s = r.selection().orElseThrow();
    assertEquals(5, s.candidates().size());
    assertTrue(s.chosen().startsWith("ds-map:"));
    assertEquals("ds-map", r.provenance().method());
    AggregationResult fixed = Methods.create("ds-map", Map.of("confusionPrior", "2")).fit(d);
    assertTrue(fixed.selection().isEmpty());
    assertArrayEquals(new DawidSkeneMap().withStrength(2).fit(d).posteriors(), fixed.posteriors());
  }

  /** Large-data pruning keeps exactly the {@code largeRefits} highest weights, renormalised. */
  @Test
  void pruningKeepsTheLargestWeightsAndNoMore() {
    double[] raw = {0.1, 0.4, 0.05, 0.3, 0.15};
    assertArrayEquals(
        new double[] {0, 0.4 / 0.7, 0, 0.3 / 0.7, 0}, Auto.prune(raw, 0.01, 2), 1e-15);
    assertArrayEquals(
        new double[] {0, 0.4 / 0.85, 0, 0.3 / 0.85, 0.15 / 0.85}, Auto.prune(raw, 0.01, 3), 1e-15);
    assertArrayEquals(new double[] {0, 1, 0, 0, 0}, Auto.prune(raw, 0.01, 1), 1e-15);
    // keep ≥ the candidates: only the minimum weight applies
    assertArrayEquals(
        new double[] {0, 0.4 / 0.85, 0, 0.3 / 0.85, 0.15 / 0.85}, Auto.prune(raw, 0.12, 5), 1e-15);
  }
}
