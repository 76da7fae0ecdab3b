package org.crowd4j.simulate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.metrics.ConfusionRecovery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationTest {
  static final int K = 4;

  @TempDir Path dir;

  static int[] uniformTruth(int n, int k, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[] t = new int[n];
    for (int i = 0; i < n; i++) {
      t[i] = rng.nextInt(k);
    }
    return t;
  }

  /** Empirical confusion of one annotator's answers, rows = true label. */
  static double[][] empirical(SimulatedCrowd crowd, int k) {
    CrowdDataset d = crowd.data();
    double[][] c = new double[k][k];
    int[] truth = crowd.truth();
    for (int a = 0; a < d.numAnswers(); a++) {
      int item = Integer.parseInt(d.tasks().name(d.task(a)));
      c[truth[item]][Integer.parseInt(d.labels().name(d.label(a)))]++;
    }
    return Confusions.normalizeRows(c);
  }

  @Test
  void everyGeneratorIsReproducedByItsAnswersWithin001() {
    SplittableRandom rng = new SplittableRandom(7);
    Map<String, double[][]> specs = new LinkedHashMap<>();
    specs.put("hammer-spammer annotator", Confusions.hammerSpammerAnnotator(K, 0.0, rng));
    specs.put("hammer-spammer rows", Confusions.hammerSpammerRows(K, 0.5, rng));
    specs.put("hammer-spammer mixture", Confusions.hammerSpammerMixture(K, 0.3));
    specs.put("symmetric", Confusions.symmetric(K, 0.3));
    specs.put("pairwise flipper", Confusions.pairwiseFlipper(K, 0.4, rng));
    specs.put("pair flips", Confusions.pairFlips(K, Confusions.randomPairs(K, rng), 0.4));
    specs.put("neighbour", Confusions.neighbour(K, 0.5));
    specs.put("adversarial", Confusions.adversarial(K, 1.0, rng));
    specs.put("asymmetric", Confusions.asymmetric(K, 0.6, rng));
    specs.put(
        "average",
        Confusions.average(
            Confusions.symmetric(K, 0.3), Confusions.neighbour(K, 0.5), Confusions.identity(K)));
    int[] truth = uniformTruth(100_000, K, 1);
    for (Map.Entry<String, double[][]> e : specs.entrySet()) {
      ConfusionPool pool = ConfusionPool.builder(K).add(e.getValue(), e.getKey()).build();
      SimulatedCrowd crowd = CrowdSimulator.simulate(truth, pool, Assignment.dense(), 11);
      assertEquals(100_000, crowd.data().numAnswers());
      double[][] emp = empirical(crowd, K);
      for (int z = 0; z < K; z++) {
        for (int l = 0; l < K; l++) {
          assertEquals(e.getValue()[z][l], emp[z][l], 0.01, e.getKey() + " entry " + z + "," + l);
        }
      }
    }
  }

  @Test
  void generatorsHaveTheirDefiningShape() {
    SplittableRandom rng = new SplittableRandom(3);
    double[][] adv = Confusions.adversarial(6, 1.0, rng);
    for (int c = 0; c < 6; c++) {
      assertEquals(0.0, adv[c][c]);
    }
    double[][] flip = Confusions.pairwiseFlipper(5, 0.3, rng);
    for (double[] row : flip) {
      long nonZero = java.util.Arrays.stream(row).filter(v -> v > 0).count();
      assertEquals(2, nonZero);
    }
    assertEquals(
        Confusions.identity(3)[0][0], Confusions.hammerSpammerAnnotator(3, 1.0, rng)[0][0]);
    assertEquals(0.5, Confusions.skill(Confusions.neighbour(4, 0.5)), 1e-15);
    assertTrue(Confusions.diagonallyDominant(Confusions.symmetric(10, 0.3)));
    assertThrows(IllegalArgumentException.class, () -> Confusions.symmetric(3, 1.5));
    assertThrows(
        IllegalArgumentException.class,
        () -> Confusions.pairFlips(4, new int[][] {{0, 1}, {1, 2}}, 0.4));
    // the four CIFAR-style annotators (HS 30 %, SF 40 %, OC 50 %, AD 100 %) have a mean
    // accuracy of 45 %, Tanno et al.'s setting
    double meanAccuracy =
        (Confusions.skill(Confusions.symmetric(10, 0.3))
                + Confusions.skill(Confusions.pairFlips(10, Confusions.randomPairs(10, rng), 0.4))
                + Confusions.skill(Confusions.neighbour(10, 0.5))
                + Confusions.skill(Confusions.adversarial(10, 1.0, rng)))
            / 4;
    assertEquals(0.45, meanAccuracy, 1e-12);
  }

  @Test
  void commonNoiseShareHitsItsTargetWithin002() {
    Gaussians.Sample x = Gaussians.classes(10_000, 6, 20, 0.6, new SplittableRandom(5));
    SplittableRandom rng = new SplittableRandom(9);
    double[][] common = Confusions.asymmetric(6, 0.6, rng);
    double[][][] individual = new double[30][][];
    for (int r = 0; r < 30; r++) {
      individual[r] = Confusions.asymmetric(6, 0.7, rng);
    }
    for (double target : new double[] {0.0, 0.3, 0.5, 0.7}) {
      CommonNoisePool pool =
          CommonNoisePool.create(x.features(), x.dim(), common, individual, 20, target, rng);
      SimulatedCrowd crowd = CrowdSimulator.simulate(x.labels(), pool, Assignment.perItem(3), 21);
      assertEquals(30_000, crowd.data().numAnswers());
      assertEquals(target, crowd.commonShare(), 0.02, "target " + target);
    }
  }

  @Test
  void groupCrowdsFollowTheirPrior() {
    double[][][] groups = {
      Confusions.identity(3), Confusions.uniform(3), Confusions.symmetric(3, 0.5)
    };
    ConfusionPool pool =
        ConfusionPool.groups(
            groups, new double[] {0.25, 0.55, 0.20}, 10_000, new SplittableRandom(2));
    int[] count = new int[3];
    for (int r = 0; r < pool.size(); r++) {
      count[pool.group(r)]++;
      assertArrayEquals(groups[pool.group(r)][1], pool.confusion(r)[1]);
    }
    assertEquals(0.25, count[0] / 10_000.0, 0.02);
    assertEquals(0.55, count[1] / 10_000.0, 0.02);
  }

  @Test
  void assignmentsGiveTheRequestedRedundancy() {
    int[] truth = uniformTruth(2_000, 3, 4);
    ConfusionPool.Builder b = ConfusionPool.builder(3);
    for (int r = 0; r < 50; r++) {
      b.add(Confusions.symmetric(3, 0.2), "symmetric");
    }
    ConfusionPool pool = b.build();
    assertEquals(
        100_000, CrowdSimulator.simulate(truth, pool, Assignment.dense(), 1).data().numAnswers());
    CrowdDataset k3 = CrowdSimulator.simulate(truth, pool, Assignment.perItem(3), 1).data();
    for (int i = 0; i < k3.numTasks(); i++) {
      assertEquals(3, k3.taskSize(i));
    }
    assertEquals(
        2_000,
        CrowdSimulator.simulate(truth, pool, Assignment.onePerItem(), 1).data().numAnswers());
    CrowdDataset dens = CrowdSimulator.simulate(truth, pool, Assignment.density(5), 1).data();
    assertEquals(5.0, dens.numAnswers() / 2000.0, 0.2);
    for (int i = 0; i < dens.numTasks(); i++) {
      assertTrue(dens.taskSize(i) >= 1);
    }
    CrowdDataset tail = CrowdSimulator.simulate(truth, pool, Assignment.longTail(3, 1.2), 1).data();
    int top = tail.workerSize(tail.workers().id("a0"));
    int last = tail.workers().id("a49") < 0 ? 0 : tail.workerSize(tail.workers().id("a49"));
    assertTrue(top > 10 * Math.max(1, last), "top " + top + " vs last " + last);
    for (int i = 0; i < tail.numTasks(); i++) {
      assertEquals(3, tail.taskSize(i));
    }
  }

  @Test
  void redundancySubsamplingKeepsAtMostRPerItem() {
    int[] truth = uniformTruth(500, 3, 4);
    ConfusionPool.Builder b = ConfusionPool.builder(3);
    for (int r = 0; r < 8; r++) {
      b.add(Confusions.symmetric(3, 0.2), "s");
    }
    CrowdDataset full = CrowdSimulator.simulate(truth, b.build(), Assignment.dense(), 3).data();
    CrowdDataset r2 = Redundancy.subsample(full, 2, 5);
    assertEquals(1000, r2.numAnswers());
    assertEquals(r2.numAnswers(), Redundancy.subsample(full, 2, 5).numAnswers());
    assertEquals(full.numAnswers(), Redundancy.subsample(full, 100, 5).numAnswers());
  }

  @Test
  void sameSeedWritesByteIdenticalFiles() throws Exception {
    Gaussians.Sample x = Gaussians.threeClusters(200, false, new SplittableRandom(1));
    for (String run : new String[] {"a", "b"}) {
      ConfusionPool pool =
          ConfusionPool.groups(
              new double[][][] {
                Confusions.identity(3), Confusions.uniform(3), Confusions.symmetric(3, 0.4)
              },
              new double[] {0.25, 0.55, 0.2},
              20,
              new SplittableRandom(8));
      SimulatedCrowd crowd = CrowdSimulator.simulate(x.labels(), pool, Assignment.density(5), 42);
      SimulationWriter.write(dir.resolve(run), crowd, x.features(), x.dim());
    }
    for (String f :
        new String[] {"answers.csv", "gold.csv", "features.csv", "true_confusions.json"}) {
      assertArrayEquals(
          Files.readAllBytes(dir.resolve("a").resolve(f)),
          Files.readAllBytes(dir.resolve("b").resolve(f)),
          f);
    }
  }

  @Test
  void dawidSkeneRecoversConfusionsBetterWithMoreRedundancy() {
    int[] truth = uniformTruth(1_500, 3, 10);
    SplittableRandom rng = new SplittableRandom(12);
    ConfusionPool.Builder b = ConfusionPool.builder(3);
    for (int r = 0; r < 10; r++) {
      b.add(Confusions.hammerSpammerRows(3, 0.7, rng), "hammer-spammer rows");
    }
    SimulatedCrowd dense = CrowdSimulator.simulate(truth, b.build(), Assignment.dense(), 13);
    double previous = Double.POSITIVE_INFINITY;
    for (int r : new int[] {2, 5, 10}) {
      CrowdDataset sub = Redundancy.subsample(dense.data(), r, 14);
      ConfusionMatrices est = (ConfusionMatrices) new DawidSkene().fit(sub).workers();
      double[] truthByWorker = new double[sub.numWorkers() * 9];
      double[] all = dense.effectiveConfusions();
      for (int w = 0; w < sub.numWorkers(); w++) {
        int a = Integer.parseInt(sub.workers().name(w).substring(1));
        System.arraycopy(all, a * 9, truthByWorker, w * 9, 9);
      }
      double error = ConfusionRecovery.normalizedFrobenius(truthByWorker, est.toArray(), 3);
      assertTrue(error < previous, "R=" + r + ": error " + error + " not below " + previous);
      previous = error;
    }
    assertTrue(previous < 0.05, "dense recovery error " + previous);
  }
}
