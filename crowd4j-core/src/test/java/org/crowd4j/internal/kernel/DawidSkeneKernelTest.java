package org.crowd4j.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fused sweep gives the same posteriors and counts as the per-task methods, bit for bit. */
class DawidSkeneKernelTest {
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4, 5})
  void sweepEqualsPosteriorThenAccumulate(int k) {
    SplittableRandom rng = new SplittableRandom(11 + k);
    int tasks = 500;
    int workers = 40;
    int[] off = new int[tasks + 1];
    for (int i = 0; i < tasks; i++) {
      off[i + 1] = off[i] + rng.nextInt(0, 7);
    }
    int m = off[tasks];
    int[] worker = new int[m];
    int[] label = new int[m];
    int[] cell = new int[m];
    for (int a = 0; a < m; a++) {
      worker[a] = rng.nextInt(workers);
      label[a] = rng.nextInt(k);
      cell[a] = worker[a] * k + label[a];
    }
    int[] gold = new int[tasks];
    for (int i = 0; i < tasks; i++) {
      gold[i] = rng.nextInt(10) == 0 ? rng.nextInt(k) : -1;
    }
    double[] logPrior = new double[k];
    for (int c = 0; c < k; c++) {
      logPrior[c] = Math.log((c + 1.0) / (k * (k + 1) / 2.0));
    }
    double[] logError = new double[workers * k * k];
    for (int j = 0; j < logError.length; j++) {
      // some entries tiny enough that posteriors hit the floor
      logError[j] = rng.nextInt(20) == 0 ? -40 : Math.log(0.01 + rng.nextDouble());
    }
    double floor = 1e-10;

    double[] post = new double[tasks * k];
    double[] ec = new double[workers * k * k];
    double[] pc = new double[k];
    double ll = 0;
    for (int i = 0; i < tasks; i++) {
      ll +=
          DawidSkeneKernel.posterior(
              worker,
              label,
              off[i],
              off[i + 1],
              logPrior,
              logError,
              k,
              gold[i],
              floor,
              post,
              i * k);
      DawidSkeneKernel.accumulate(worker, label, off[i], off[i + 1], post, i * k, k, ec, pc);
    }

    double[] post2 = new double[tasks * k];
    double[] ec2 = new double[workers * k * k];
    double[] pc2 = new double[k];
    double ll2 =
        DawidSkeneKernel.sweep(
            cell, off, 0, tasks, logPrior, logError, k, gold, floor, post2, ec2, pc2);
    assertArrayEquals(post, post2);
    assertArrayEquals(ec, ec2);
    assertArrayEquals(pc, pc2);
    assertEquals(ll, ll2, 1e-9 * Math.abs(ll));

    double[] post3 = new double[tasks * k];
    double ll3 =
        DawidSkeneKernel.sweep(
            cell, off, 0, tasks, logPrior, logError, k, gold, floor, post3, null, null);
    assertArrayEquals(post, post3);
    assertEquals(ll2, ll3);

    double[] ec4 = new double[workers * k * k];
    double[] pc4 = new double[k];
    DawidSkeneKernel.accumulateTasks(cell, off, 0, tasks, post, k, ec4, pc4);
    assertArrayEquals(ec, ec4);
    assertArrayEquals(pc, pc4);
    for (int i = 0; i < tasks; i++) {
      double sum = Arrays.stream(post2, i * k, (i + 1) * k).sum();
      assertEquals(1.0, sum, 1e-12);
    }
  }
}
