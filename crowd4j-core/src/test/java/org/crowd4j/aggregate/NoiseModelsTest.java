package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Provenance;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.junit.jupiter.api.Test;

/** Answer prediction P(answer | task, worker) of every worker model, checked by hand. */
class NoiseModelsTest {
  /** Two tasks, two workers, three classes; answers only fix the shapes. */
  private static CrowdDataset tiny() {
    return CrowdDataset.builder()
        .labels(List.of("a", "b", "c"))
        .add("t0", "w0", "a")
        .add("t0", "w1", "b")
        .add("t1", "w0", "c")
        .add("t1", "w1", "c")
        .build();
  }

  private static AggregationResult result(CrowdDataset d, double[] post, WorkerModel m) {
    return new AggregationResult(
        d, post, null, null, m, Diagnostics.closedForm(), Provenance.of("x", null, d.digest(), 0));
  }

  private static final double[] POST = {0.8, 0.2, 0.0, 0.1, 0.3, 0.6};

  @Test
  void confusionMatrices() {
    CrowdDataset d = tiny();
    double[] cm = {
      0.9,
      0.05,
      0.05,
      0.3,
      0.6,
      0.1,
      0.2,
      0.2,
      0.6, // w0
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3,
      1.0 / 3 // w1
    };
    AggregationResult r = result(d, POST, new ConfusionMatrices(2, 3, cm));
    // task 0, worker 0: 0.8·0.9 + 0.2·0.3 + 0·0.2 = 0.78
    assertEquals(0.78, r.answerProbability(0, 0, 0), 1e-12);
    // task 1, worker 0, answer c: 0.1·0.05 + 0.3·0.1 + 0.6·0.6 = 0.395
    assertEquals(0.395, r.answerProbability(1, 0, 2), 1e-12);
    assertEquals(1.0 / 3, r.answerProbability(1, 1, 1), 1e-12);
  }

  @Test
  void glad() {
    CrowdDataset d = tiny();
    AggregationResult r =
        result(d, POST, new GladModel(new double[] {1.0, -2.0}, new double[] {0.0, Math.log(2)}));
    double s00 = 1 / (1 + Math.exp(-1.0)); // α·e^β = 1
    assertEquals(0.8 * s00 + 0.2 * (1 - s00) / 2, r.answerProbability(0, 0, 0), 1e-12);
    double s11 = 1 / (1 + Math.exp(4.0)); // α·e^β = -2·2 = -4
    assertEquals(
        0.1 * (1 - s11) / 2 + 0.3 * s11 + 0.6 * (1 - s11) / 2, r.answerProbability(1, 1, 1), 1e-12);
  }

  @Test
  void mace() {
    CrowdDataset d = tiny();
    MaceModel m =
        new MaceModel(new double[] {0.6, 0.0}, new double[] {0.5, 0.25, 0.25, 0.1, 0.1, 0.8}, 3);
    AggregationResult r = result(d, new double[] {0, 1, 0, 0, 0, 1}, m);
    assertEquals(0.6 + 0.4 * 0.25, r.answerProbability(0, 0, 1), 1e-12);
    assertEquals(0.4 * 0.5, r.answerProbability(0, 0, 0), 1e-12);
    // a pure spammer answers from her strategy whatever the truth
    assertEquals(0.8, r.answerProbability(1, 1, 2), 1e-12);
  }

  @Test
  void minimax() {
    CrowdDataset d = tiny();
    double[] sigma = new double[2 * 9];
    double[] tau = new double[2 * 9];
    // worker 0 on truth a: scores (log 2, 0, 0) → (0.5, 0.25, 0.25); task 1 adds log 3 to (b, b)
    sigma[0] = Math.log(2);
    tau[9 + 4] = Math.log(3);
    AggregationResult r =
        result(d, new double[] {1, 0, 0, 0, 1, 0}, new MinimaxModel(sigma, tau, 3));
    assertEquals(0.5, r.answerProbability(0, 0, 0), 1e-12);
    assertEquals(0.25, r.answerProbability(0, 0, 2), 1e-12);
    assertEquals(0.6, r.answerProbability(1, 0, 1), 1e-12); // (1, 3, 1)/5
  }

  @Test
  void groupMixtureIsThePooledConfusion() {
    CrowdDataset d = tiny();
    double[] beta = new double[2 * 9];
    for (int z = 0; z < 3; z++) {
      beta[z * 3 + z] = 1; // group 0 perfect
      for (int l = 0; l < 3; l++) {
        beta[9 + z * 3 + l] = 1.0 / 3; // group 1 uniform
      }
    }
    GroupMixtureModel g =
        new GroupMixtureModel(new double[] {0.75, 0.25}, beta, new double[] {1, 0, 0, 1}, 3);
    AggregationResult r = result(d, new double[] {1, 0, 0, 0, 0, 1}, g);
    double right = 0.75 + 0.25 / 3;
    // the same for both workers, whatever their memberships
    assertEquals(right, r.answerProbability(0, 0, 0), 1e-12);
    assertEquals(right, r.answerProbability(0, 1, 0), 1e-12);
    assertEquals(0.25 / 3, r.answerProbability(1, 1, 0), 1e-12);
  }

  @Test
  void commonConfusionUsesTheWorkersMeanOmega() {
    CrowdDataset d = tiny();
    double[] common = {0, 1, 0, 0, 1, 0, 0, 1, 0}; // always answers b
    double[] individual = new double[2 * 9];
    for (int w = 0; w < 2; w++) {
      for (int z = 0; z < 3; z++) {
        individual[w * 9 + z * 3 + z] = 1; // perfect
      }
    }
    // answers in task order: (t0,w0), (t0,w1), (t1,w0), (t1,w1); w0's ω: 0.2 and 0.4 → 0.3
    double[] omega = {0.2, 0.5, 0.4, 0.5};
    CommonConfusionModel m =
        new CommonConfusionModel(common, new ConfusionMatrices(2, 3, individual), omega);
    AggregationResult r = result(d, new double[] {1, 0, 0, 0, 0, 1}, m);
    assertEquals(0.7, r.answerProbability(0, 0, 0), 1e-12);
    assertEquals(0.3, r.answerProbability(0, 0, 1), 1e-12);
    assertEquals(0.5, r.answerProbability(1, 1, 1), 1e-12);
  }

  @Test
  void votingMethodsGetAOneCoinModelFittedToTheirPosteriors() {
    CrowdDataset d = tiny();
    // w0 answered a on t0 (q = 0.8) and c on t1 (q = 0.6): s = (1.4 + 1) / (2 + 2) = 0.6
    AggregationResult r = result(d, POST, new WorkerSkills(new double[] {7, 7}));
    OneCoinNoise noise = assertInstanceOf(OneCoinNoise.class, r.noise());
    assertEquals(0.6, noise.accuracy()[0], 1e-12);
    assertEquals(0.8 * 0.6 + 0.2 * 0.2 + 0.0 * 0.2, r.answerProbability(0, 0, 0), 1e-12);
  }

  @Test
  void oneCoinDawidSkeneKeepsItsOwnAccuracies() {
    CrowdDataset d = tiny();
    AggregationResult r = new OneCoinDawidSkene().fit(d);
    OneCoinNoise noise = assertInstanceOf(OneCoinNoise.class, r.noise());
    double[] skills = ((WorkerSkills) r.workers()).values();
    for (int w = 0; w < 2; w++) {
      assertEquals(Math.min(Math.max(skills[w], 1e-10), 1 - 1e-10), noise.accuracy()[w], 1e-15);
    }
  }

  @Test
  void everyMethodPredictsADistribution() {
    int k = 3;
    int[] truth = new int[120];
    for (int i = 0; i < truth.length; i++) {
      truth[i] = i % k;
    }
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    for (int w = 0; w < 8; w++) {
      b.add(Confusions.symmetric(k, 0.5 + 0.05 * w), "w" + w);
    }
    CrowdDataset d = CrowdSimulator.simulate(truth, b.build(), Assignment.perItem(4), 3).data();
    for (MethodSpec<Aggregator> spec : Methods.all()) {
      if (List.of("wmv", "gold-mv", "kos", "auto").contains(spec.name())) {
        continue;
      }
      AggregationResult r = spec.create(Map.of()).fit(d);
      for (int i = 0; i < d.numTasks(); i += 7) {
        for (int w = 0; w < d.numWorkers(); w++) {
          double[] p = r.answerDistribution(i, w);
          double sum = 0;
          for (double v : p) {
            assertEquals(true, v >= 0 && v <= 1, spec.name() + " probability " + v);
            sum += v;
          }
          assertEquals(1.0, sum, 1e-9, spec.name() + " task " + i + " worker " + w);
        }
      }
    }
  }
}
