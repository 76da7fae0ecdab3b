package org.crowd4j.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** One E-step per distinct multiset of answer labels equals the E-step over every task. */
class AnswerPatternsTest {
  // five tasks over 3 classes: {0,0,1}, {1,0,0} (same multiset), {2}, gold task, {0,1,0}
  private static final int[] OFF = {0, 3, 6, 7, 9, 12};
  private static final int[] LABEL = {0, 0, 1, 1, 0, 0, 2, 1, 1, 0, 1, 0};
  private static final int[] GOLD = {-1, -1, -1, 2, -1};

  @Test
  void tasksWithTheSameLabelCountsShareOnePattern() {
    AnswerPatterns p = AnswerPatterns.of(OFF, LABEL, 3, GOLD);
    assertEquals(2, p.size());
    assertEquals(0, p.patternOf(0));
    assertEquals(0, p.patternOf(1));
    assertEquals(1, p.patternOf(2));
    assertEquals(-1, p.patternOf(3));
    assertEquals(0, p.patternOf(4));
  }

  @Test
  void patternSweepEqualsTheSweepOfEveryTask() {
    int k = 3;
    double[] logRho = {Math.log(0.5), Math.log(0.3), Math.log(0.2)};
    double[] logP = new double[k * k];
    double[][] conf = {{0.7, 0.2, 0.1}, {0.25, 0.6, 0.15}, {0.1, 0.3, 0.6}};
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        logP[z * k + l] = Math.log(conf[z][l]);
      }
    }
    double[] postTasks = new double[5 * k];
    double[] rhoTasks = new double[k];
    double[] countsTasks = new double[k * k];
    double logLikTasks = 0;
    for (int i = 0; i < 5; i++) {
      if (GOLD[i] < 0) {
        logLikTasks +=
            CrowdMixtureKernel.sweepTask(
                LABEL,
                OFF[i],
                OFF[i + 1],
                logRho,
                logP,
                k,
                -1,
                postTasks,
                i * k,
                rhoTasks,
                countsTasks);
      }
    }
    AnswerPatterns p = AnswerPatterns.of(OFF, LABEL, k, GOLD);
    double[] postPatterns = new double[p.size() * k];
    double[] rhoPatterns = new double[k];
    double[] countsPatterns = new double[k * k];
    double logLikPatterns = 0;
    for (int q = 0; q < p.size(); q++) {
      logLikPatterns +=
          p.sweep(q, logRho, logP, k, postPatterns, q * k, rhoPatterns, countsPatterns);
    }
    assertEquals(logLikTasks, logLikPatterns, 1e-12);
    assertArrayEquals(rhoTasks, rhoPatterns, 1e-12);
    assertArrayEquals(countsTasks, countsPatterns, 1e-12);
    for (int i : new int[] {0, 1, 2, 4}) {
      for (int z = 0; z < k; z++) {
        assertEquals(postTasks[i * k + z], postPatterns[p.patternOf(i) * k + z], 1e-15);
      }
    }
    // hand check of task {2}: q ∝ ρ_z P[z, 2] = (0.05, 0.045, 0.12) / 0.215
    assertEquals(0.12 / 0.215, postPatterns[3 + 2], 1e-12);
  }
}
