package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.CommonConfusionEm;
import org.crowd4j.aggregate.CrowdMixture;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.OneCoinDawidSkene;
import org.crowd4j.method.FitContext;
import org.junit.jupiter.api.Test;

/**
 * Acceptance: on the shared classification crowds each Spark method's posteriors equal the core
 * method's within 1e-9 and the labels are identical (the differences are written to
 * target/spark-parity.md). The default build checks two crowds that span the cases — two and many
 * classes, dense and one-answer tasks ({@link #crowds()}), with and without half the gold ({@link
 * #goldCrowds()}); {@code ParityFullSweepTest} (the {@code full-sweep} profile) checks all 17 both
 * ways.
 */
class ParityTest extends SparkTestBase {
  private static final double TOLERANCE = 1e-9;

  /**
   * The crowds checked: bluebirds (2 classes, 39 answers a task) and labelme (8 classes, 1–3);
   * music, web and the others in the full sweep.
   */
  List<String> crowds() {
    return List.of("bluebirds", "labelme");
  }

  /** The crowds the fits with half the gold are checked on: the same two. */
  List<String> goldCrowds() {
    return crowds();
  }

  private void check(
      String method,
      Supplier<Aggregator> core,
      Supplier<SparkAggregator<?, ?>> spark,
      boolean withGold) {
    check(method, core, spark, withGold, withGold ? goldCrowds() : crowds());
  }

  private void check(
      String method,
      Supplier<Aggregator> core,
      Supplier<SparkAggregator<?, ?>> spark,
      boolean withGold,
      List<String> datasets) {
    List<String> problems = new ArrayList<>();
    for (String name : datasets) {
      Parity.Data d = Parity.load(spark(), name);
      if (withGold) {
        d = Parity.withHalfGold(spark(), d);
      }
      AggregationResult expected =
          core.get().fit(d.core(), withGold ? FitContext.withGold(d.gold()) : FitContext.none());
      SparkAggregator<?, ?> estimator = spark.get();
      if (withGold) {
        estimator.setGoldCol("gold");
      }
      CrowdModel<?> model = estimator.fit(d.frame());
      try {
        Parity.Diff diff = Parity.compare(expected, model);
        Parity.record(method + (withGold ? " + gold" : ""), name, diff);
        if (diff.maxAbs() > TOLERANCE || diff.labelMismatches() > 0) {
          problems.add(name + ": " + diff);
        }
        double answerModels = Parity.answerConfusionDiff(expected, d.core(), model);
        if (answerModels > 1e-9) {
          problems.add(name + ": answer confusions differ by " + answerModels);
        }
        assertEquals(
            expected.diagnostics().iterations(),
            model.diagnostics().iterations(),
            name + " iterations");
      } finally {
        model.unpersist();
      }
    }
    assertTrue(problems.isEmpty(), method + ": " + problems);
  }

  @Test
  void majorityVote() {
    check("mv", MajorityVote::new, SparkMajorityVote::new, false);
    check(
        "soft-mv",
        () -> new MajorityVote(MajorityVote.Options.softDefaults()),
        () -> new SparkMajorityVote(MajorityVote.Options.softDefaults()),
        false);
  }

  @Test
  void dawidSkene() {
    check("ds", DawidSkene::new, SparkDawidSkene::new, false);
  }

  @Test
  void dawidSkeneWithGold() {
    check("ds", DawidSkene::new, SparkDawidSkene::new, true);
  }

  @Test
  void crowdKitStoppingRule() {
    DawidSkene.Options ds = new DawidSkene.Options(100, 1e-5, 1e-10, Stopping.CROWDKIT_ELBO);
    OneCoinDawidSkene.Options oc = OneCoinDawidSkene.Options.crowdKit();
    List<String> small = List.of("bluebirds", "dog");
    check(
        "ds (crowd-kit ELBO)",
        () -> new DawidSkene(ds),
        () -> new SparkDawidSkene(ds),
        true,
        small);
    check(
        "one-coin-ds (crowd-kit ELBO)",
        () -> new OneCoinDawidSkene(oc),
        () -> new SparkOneCoinDawidSkene(oc),
        false,
        small);
  }

  @Test
  void noIterationGivesTheStart() {
    DawidSkene.Options ds = new DawidSkene.Options(0, 1e-5, 1e-10, Stopping.LIKELIHOOD);
    Glad.Options d = Glad.Options.defaults();
    Glad.Options gl =
        new Glad.Options(
            0, d.tol(), d.alphaPriorMean(), d.betaPriorMean(), d.betaSteps(), d.memory());
    List<String> one = List.of("bluebirds");
    check("ds (0 iterations)", () -> new DawidSkene(ds), () -> new SparkDawidSkene(ds), true, one);
    check("glad (0 iterations)", () -> new Glad(gl), () -> new SparkGlad(gl), true, one);
  }

  @Test
  void oneCoinDawidSkene() {
    check("one-coin-ds", OneCoinDawidSkene::new, SparkOneCoinDawidSkene::new, false);
    check("one-coin-ds", OneCoinDawidSkene::new, SparkOneCoinDawidSkene::new, true);
  }

  @Test
  void commonConfusionEm() {
    check("common-confusion-em", CommonConfusionEm::new, SparkCommonConfusionEm::new, false);
    check("common-confusion-em", CommonConfusionEm::new, SparkCommonConfusionEm::new, true);
  }

  @Test
  void glad() {
    check("glad", Glad::new, SparkGlad::new, false);
    check("glad", Glad::new, SparkGlad::new, true);
  }

  @Test
  void crowdMixture() {
    check("crowd-mixture", CrowdMixture::new, SparkCrowdMixture::new, false);
    check("crowd-mixture", CrowdMixture::new, SparkCrowdMixture::new, true);
  }
}
