package org.crowd4j.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The aggregated k-means start of the crowd mixture: the same weighted points whatever the order of
 * the answers, and weighted k-means that treats a weight like repeated points.
 */
class CrowdMixtureKernelTest {
  /** (label, row) of answer a: rows of two classes with a few distinct values. */
  private static double[] row(int a) {
    double p = (a % 3) / 4.0;
    return new double[] {p, 1 - p};
  }

  @Test
  void startPointsDoNotDependOnTheOrderOfTheAnswers() {
    int m = 200;
    CrowdMixtureKernel.StartPoints.Builder forward = CrowdMixtureKernel.StartPoints.builder(2);
    CrowdMixtureKernel.StartPoints.Builder backward = CrowdMixtureKernel.StartPoints.builder(2);
    for (int a = 0; a < m; a++) {
      forward.add(a % 2, row(a), 0, 1);
    }
    for (int a = m - 1; a >= 0; a--) {
      backward.add(a % 2, row(a), 0, 1);
    }
    CrowdMixtureKernel.StartPoints f = forward.build();
    CrowdMixtureKernel.StartPoints b = backward.build();
    assertArrayEquals(f.pack(), b.pack(), 0.0);
    assertArrayEquals(f.features(), b.features(), 0.0);
    assertEquals(6, f.size());
    long total = 0;
    for (int p = 0; p < f.size(); p++) {
      total += f.weight(p);
      if (p > 0) {
        assertEquals(true, f.label(p - 1) <= f.label(p), "sorted by label first");
      }
    }
    assertEquals(m, total);
    assertEquals(-1, f.indexOf(0, new double[] {0.1, 0.9}, 0));
    int p = f.indexOf(1, row(1), 0);
    assertEquals(1, f.label(p));
    assertEquals(row(1)[0], f.softMv(p, 0), 0.0);
    // packing round-trips, merging equal points
    CrowdMixtureKernel.StartPoints.Builder twice = CrowdMixtureKernel.StartPoints.builder(2);
    CrowdMixtureKernel.StartPoints.unpack(f.pack(), twice);
    CrowdMixtureKernel.StartPoints.unpack(b.pack(), twice);
    CrowdMixtureKernel.StartPoints t = twice.build();
    assertEquals(f.size(), t.size());
    assertEquals(2 * f.weight(0), t.weight(0));
    int[] first = f.cluster(f.features(), 3, 100, new SplittableRandom(5));
    int[] second = b.cluster(b.features(), 3, 100, new SplittableRandom(5));
    assertArrayEquals(first, second, "same points, same seed, same groups");
  }

  @Test
  void weightedKMeansSplitsSeparatedGroupsAndWeighsItsCentres() {
    // one dimension: a heavy point at 0, a light one at 1 (same cluster), and a group at 10
    double[] x = {0, 1, 10, 10.5};
    long[] w = {9, 1, 1, 1};
    int[] c = KMeans.clusterWeighted(x, w, 4, 1, 2, 100, new SplittableRandom(1));
    assertEquals(c[0], c[1]);
    assertEquals(c[2], c[3]);
    assertNotEquals(c[0], c[2]);
    // with k = 3 the third centre goes where the weighted squared distance is largest
    int[] three = KMeans.clusterWeighted(x, w, 4, 1, 3, 100, new SplittableRandom(1));
    assertEquals(3, java.util.Arrays.stream(three).distinct().count());
    assertArrayEquals(c, KMeans.clusterWeighted(x, w, 4, 1, 2, 100, new SplittableRandom(1)));
    assertArrayEquals(
        new int[4], KMeans.clusterWeighted(x, w, 4, 1, 1, 100, new SplittableRandom(1)));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            KMeans.clusterWeighted(
                x, new long[] {1, 0, 1, 1}, 4, 1, 2, 10, new SplittableRandom(1)));
  }

  @Test
  void commonConfusionSharesPerTaskEqualTheSharesForAllAnswers() {
    SplittableRandom rng = new SplittableRandom(3);
    int k = 3;
    int tasks = 50;
    int workers = 7;
    int[] off = new int[tasks + 1];
    for (int i = 0; i < tasks; i++) {
      off[i + 1] = off[i] + rng.nextInt(1, 6);
    }
    int m = off[tasks];
    int[] worker = new int[m];
    int[] label = new int[m];
    for (int a = 0; a < m; a++) {
      worker[a] = rng.nextInt(workers);
      label[a] = rng.nextInt(k);
    }
    double[] logRho = {Math.log(0.5), Math.log(0.3), Math.log(0.2)};
    double[] piG = random(rng, k * k, k);
    double[] piR = random(rng, workers * k * k, k);
    double[] omega = new double[workers];
    for (int w = 0; w < workers; w++) {
      omega[w] = rng.nextDouble();
    }
    double[] postAll = new double[tasks * k];
    double[] postOne = new double[tasks * k];
    double[] commonAll = new double[m * k];
    double[][] sumsAll = {
      new double[k], new double[k * k], new double[workers * k * k], new double[workers]
    };
    double[][] sumsOne = {
      new double[k], new double[k * k], new double[workers * k * k], new double[workers]
    };
    for (int i = 0; i < tasks; i++) {
      int gold = i % 9 == 0 ? 1 : -1;
      double a =
          CommonConfusionKernel.eStep(
              worker,
              label,
              off[i],
              off[i + 1],
              logRho,
              omega,
              false,
              piG,
              piR,
              k,
              gold,
              postAll,
              i * k,
              commonAll,
              0);
      double[] scratch = new double[(off[i + 1] - off[i]) * k];
      double b =
          CommonConfusionKernel.eStep(
              worker,
              label,
              off[i],
              off[i + 1],
              logRho,
              omega,
              false,
              piG,
              piR,
              k,
              gold,
              postOne,
              i * k,
              scratch,
              off[i]);
      assertEquals(a, b, 0.0);
      CommonConfusionKernel.accumulate(
          worker,
          label,
          off[i],
          off[i + 1],
          postAll,
          i * k,
          commonAll,
          0,
          k,
          false,
          sumsAll[0],
          sumsAll[1],
          sumsAll[2],
          sumsAll[3]);
      CommonConfusionKernel.accumulate(
          worker,
          label,
          off[i],
          off[i + 1],
          postOne,
          i * k,
          scratch,
          off[i],
          k,
          false,
          sumsOne[0],
          sumsOne[1],
          sumsOne[2],
          sumsOne[3]);
    }
    assertArrayEquals(postAll, postOne, 0.0);
    for (int j = 0; j < 4; j++) {
      assertArrayEquals(sumsAll[j], sumsOne[j], 0.0);
    }
  }

  private static double[] random(SplittableRandom rng, int n, int k) {
    double[] p = new double[n];
    for (int r = 0; r < n / k; r++) {
      double s = 0;
      for (int c = 0; c < k; c++) {
        p[r * k + c] = 0.1 + rng.nextDouble();
        s += p[r * k + c];
      }
      for (int c = 0; c < k; c++) {
        p[r * k + c] /= s;
      }
    }
    return p;
  }
}
