package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.WeightedMajorityVote.MissingSkill;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/** Hand-checked cases, option validation and properties of the voting methods and one-coin DS. */
class VotingMethodsTest {
  private static CrowdDataset small() {
    return CrowdDataset.builder()
        .add("t1", "w1", "a")
        .add("t1", "w2", "b")
        .add("t1", "w3", "b")
        .add("t2", "w1", "a")
        .add("t2", "w2", "a")
        .add("t2", "w3", "b")
        .add("t3", "w2", "c")
        .build();
  }

  @Test
  void weightedVoteByHand() {
    CrowdDataset d = small();
    AggregationResult r = new WeightedMajorityVote(Map.of("w1", 0.9, "w2", 0.2, "w3", 0.3)).fit(d);
    // t1: a = 0.9, b = 0.5
    assertEquals("a", d.labels().name(r.label(0)));
    assertEquals(0.9 / 1.4, r.posterior(0, d.labels().id("a")), 1e-12);
    assertEquals(0.5 / 1.4, r.posterior(0, d.labels().id("b")), 1e-12);
    // t2: a = 1.1, b = 0.3
    assertEquals(1.1 / 1.4, r.posterior(1, d.labels().id("a")), 1e-12);
    // t3: only c
    assertEquals(1.0, r.posterior(2, d.labels().id("c")), 1e-12);
    assertArrayEquals(new double[] {0.9, 0.2, 0.3}, r.workers().skills(), 0);
  }

  @Test
  void weightedVoteZeroWeightsGiveUniformRows() {
    CrowdDataset d = small();
    AggregationResult r = new WeightedMajorityVote(Map.of("w1", 0.0, "w2", 0.0, "w3", 0.0)).fit(d);
    for (int c = 0; c < 3; c++) {
      assertEquals(1.0 / 3, r.posterior(0, c), 1e-12);
    }
    assertEquals(0, r.label(0));
  }

  @Test
  void weightedVoteRejectsBadSkills() {
    assertThrows(
        IllegalArgumentException.class, () -> new WeightedMajorityVote(Map.of("w1", -1.0)));
    assertThrows(
        IllegalArgumentException.class, () -> new WeightedMajorityVote(Map.of("w1", Double.NaN)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                WeightedMajorityVote.Options.defaults()
                    .withMissingSkill(MissingSkill.VALUE, Double.NaN));
    assertTrue(e.getMessage().contains("defaultSkill"), e.getMessage());
  }

  @Test
  void goldVoteNeedsGold() throws Exception {
    CrowdDataset toy = CrowdKitSuiteVotingTest.answers("toy");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new GoldMajorityVote().fit(toy));
    assertTrue(e.getMessage().contains("gold"), e.getMessage());
    int[] none = new int[toy.numTasks()];
    java.util.Arrays.fill(none, Gold.NONE);
    assertThrows(
        IllegalArgumentException.class,
        () -> new GoldMajorityVote().fit(toy, FitContext.withGold(Gold.ofIds(none))));
  }

  @Test
  void goldVoteWorkersWithoutGoldFollowThePolicy() {
    CrowdDataset d = small();
    // gold only on t3, answered by w2 alone
    Gold gold = Gold.of(d, Map.of("t3", "c"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new GoldMajorityVote().fit(d, FitContext.withGold(gold)));
    assertTrue(e.getMessage().contains("w1"), e.getMessage());
    var value = new GoldMajorityVote.Options(MissingSkill.VALUE, 0.5, TieBreak.LOWEST, 0);
    AggregationResult r = new GoldMajorityVote(value).fit(d, FitContext.withGold(gold));
    // w2 has skill 1, w1 and w3 vote with 0.5: t1 a = 0.5, b = 1.5
    assertEquals("b", d.labels().name(r.label(0)));
    assertEquals(1.0, r.workers().skill(d.workers().id("w2")), 0);
    assertTrue(Double.isNaN(r.workers().skill(d.workers().id("w1"))));
    // ignore: t1 and t2 keep w2's answer only
    var ignore = new GoldMajorityVote.Options(MissingSkill.IGNORE, Double.NaN, TieBreak.LOWEST, 0);
    AggregationResult ig = new GoldMajorityVote(ignore).fit(d, FitContext.withGold(gold));
    assertEquals("b", d.labels().name(ig.label(0)));
    assertEquals("a", d.labels().name(ig.label(1)));
  }

  @Test
  void goldLabelNobodyGaveMakesAnswersWrong() {
    CrowdDataset d = small();
    Gold gold = Gold.of(d, Map.of("t1", "z", "t2", "a", "t3", "c"));
    AggregationResult r = new GoldMajorityVote().fit(d, FitContext.withGold(gold));
    // w1: t1 wrong, t2 right -> 0.5; w2: t1 wrong, t2 right, t3 right -> 2/3; w3: 0
    assertEquals(0.5, r.workers().skill(d.workers().id("w1")), 1e-12);
    assertEquals(2.0 / 3, r.workers().skill(d.workers().id("w2")), 1e-12);
    assertEquals(0.0, r.workers().skill(d.workers().id("w3")), 1e-12);
  }

  @Test
  void wawaByHand() {
    CrowdDataset d = small();
    AggregationResult r = new Wawa().fit(d);
    // MV: t1 b, t2 a, t3 c -> skills w1 1/2, w2 3/3, w3 1/2
    assertArrayEquals(new double[] {0.5, 1.0, 0.5}, r.workers().skills(), 1e-12);
    // t1: a = 0.5, b = 1.5
    assertEquals(0.25, r.posterior(0, d.labels().id("a")), 1e-12);
    assertEquals("b", d.labels().name(r.label(0)));
  }

  @Test
  void optionsAreValidated() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new ZeroBasedSkill.Options(100, 0.0, 20, 0.5, 1e-5, 0, TieBreak.LOWEST, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ZeroBasedSkill.Options(100, 1.0, 0, 0.5, 1e-5, 0, TieBreak.LOWEST, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new OneCoinDawidSkene.Options(100, 1e-5, 0.0, Stopping.LIKELIHOOD));
    assertThrows(
        IllegalArgumentException.class,
        () -> new OneCoinDawidSkene.Options(-1, 1e-5, 1e-10, Stopping.LIKELIHOOD));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Methods.create("zbs", Map.of("learningRate", "2")));
    assertTrue(e.getMessage().contains("learningRate"), e.getMessage());
  }

  @Test
  void zeroBasedSkillStopsAtItsFixedPointAndHonoursTheListener() throws Exception {
    CrowdDataset toy = CrowdKitSuiteVotingTest.answers("toy");
    AggregationResult r = new ZeroBasedSkill().fit(toy);
    assertTrue(r.diagnostics().converged());
    assertTrue(r.diagnostics().iterations() < 100);
    double[] history = r.diagnostics().objective();
    assertEquals(0.0, history[history.length - 1]);
    AggregationResult once =
        new ZeroBasedSkill().fit(toy, FitContext.<Gold>none().listener((m, it, max, obj) -> false));
    assertEquals(1, once.diagnostics().iterations());
  }

  @Test
  void oneCoinLikelihoodNeverDecreasesOnRealData() throws Exception {
    for (String name : List.of("bluebirds", "web")) {
      CrowdDataset data = CrowdReader.readAnswers(SharedData.dataset(name).resolve("answers.csv"));
      var ods =
          new OneCoinDawidSkene(new OneCoinDawidSkene.Options(50, 0, 1e-10, Stopping.LIKELIHOOD));
      double[] h = ods.fit(data).diagnostics().objective();
      assertTrue(h.length > 1);
      for (int i = 1; i < h.length; i++) {
        assertTrue(
            h[i] >= h[i - 1] - 1e-12, name + " iteration " + i + ": " + h[i - 1] + " -> " + h[i]);
      }
    }
  }

  @Test
  void oneCoinClampsGoldAndHandlesOneClass() throws Exception {
    CrowdDataset toy = CrowdKitSuiteVotingTest.answers("toy");
    Gold gold = CrowdReader.readGold(SharedData.suite("data/toy_gold.csv"), toy);
    AggregationResult r = new OneCoinDawidSkene().fit(toy, FitContext.withGold(gold));
    for (int i = 0; i < toy.numTasks(); i++) {
      if (gold.hasKnown(i)) {
        assertEquals(1.0, r.posterior(i, gold.label(i)), 1e-8);
      }
    }
    CrowdDataset oneClass =
        CrowdDataset.builder()
            .add("t1", "w1", "x")
            .add("t2", "w1", "x")
            .add("t2", "w2", "x")
            .build();
    for (Aggregator m : List.of(new OneCoinDawidSkene(), new Wawa(), new ZeroBasedSkill())) {
      AggregationResult one = m.fit(oneClass);
      CrowdKitSuiteVotingTest.assertRowsSumToOne(one);
      for (double s : one.workers().skills()) {
        assertFalse(Double.isNaN(s), m.name());
      }
    }
  }

  /** Random crowds: every method gives proper posteriors, no NaN, and the same result twice. */
  @Property(tries = 40, seed = "20261125")
  void properPosteriorsAndDeterminism(
      @ForAll @IntRange(min = 1, max = 30) int tasks,
      @ForAll @IntRange(min = 1, max = 8) int workers,
      @ForAll @IntRange(min = 1, max = 5) int labels,
      @ForAll long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int t = 0; t < tasks; t++) {
      int truth = rng.nextInt(labels);
      int answered = 0;
      for (int w = 0; w < workers; w++) {
        if (rng.nextDouble() < 0.6 || (answered == 0 && w == workers - 1)) {
          int l = rng.nextDouble() < 0.7 ? truth : rng.nextInt(labels);
          b.add("t" + t, "w" + w, "l" + l);
          answered++;
        }
      }
    }
    CrowdDataset d = b.build();
    int[] goldIds = new int[d.numTasks()];
    for (int i = 0; i < goldIds.length; i++) {
      goldIds[i] = i % 2 == 0 ? d.label(d.taskStart(i)) : Gold.NONE;
    }
    FitContext<Gold> withGold = FitContext.withGold(Gold.ofIds(goldIds));
    var randomTies = new ZeroBasedSkill.Options(100, 1.0, 20, 0.5, 1e-5, 0, TieBreak.RANDOM, seed);
    List<Aggregator> methods =
        List.of(
            new Wawa(),
            new Wawa(new Wawa.Options(TieBreak.RANDOM, seed)),
            new ZeroBasedSkill(),
            new ZeroBasedSkill(randomTies),
            new OneCoinDawidSkene(),
            new OneCoinDawidSkene(OneCoinDawidSkene.Options.crowdKit()),
            new GoldMajorityVote(
                new GoldMajorityVote.Options(MissingSkill.VALUE, 0.5, TieBreak.LOWEST, 0)));
    for (Aggregator m : methods) {
      FitContext<Gold> ctx = m instanceof GoldMajorityVote ? withGold : FitContext.none();
      AggregationResult r1 = m.fit(d, ctx);
      AggregationResult r2 = m.fit(d, ctx);
      CrowdKitSuiteVotingTest.assertRowsSumToOne(r1);
      assertArrayEquals(r1.posteriors(), r2.posteriors(), 0, m.name());
      assertArrayEquals(r1.labels(), r2.labels(), m.name());
      for (double s : r1.workers().skills()) {
        assertTrue(m instanceof GoldMajorityVote || (s >= 0 && s <= 1), m.name() + " skill " + s);
      }
      if (m instanceof OneCoinDawidSkene o && o.options().stopping() == Stopping.LIKELIHOOD) {
        double[] h = r1.diagnostics().objective();
        for (int i = 1; i < h.length; i++) {
          // exact EM up to the 1e-10 floors on posteriors and error entries
          assertTrue(h[i] >= h[i - 1] - 1e-8, "likelihood decreased at " + i);
        }
      }
    }
  }
}
