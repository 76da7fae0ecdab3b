package org.crowd4j.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Metrics on small cases computed by hand. */
class MetricsTest {
  @Test
  void accuracyAndMacroF1() {
    int[] truth = {0, 0, 1, 1, 2, -1};
    int[] pred = {0, 1, 1, 1, 0, 2};
    assertEquals(3.0 / 5, Classification.accuracy(truth, pred), 1e-15);
    // class 0: tp1 fp1 fn1 -> 0.5; class 1: tp2 fp1 fn0 -> 0.8; class 2: tp0 fp0 fn1 -> 0
    assertEquals((0.5 + 0.8 + 0.0) / 3, Classification.macroF1(truth, pred, 3), 1e-15);
    assertTrue(Double.isNaN(Classification.accuracy(new int[] {-1}, new int[] {0})));
    assertThrows(
        IllegalArgumentException.class, () -> Classification.accuracy(new int[2], new int[3]));
  }

  @Test
  void logLossAndCalibration() {
    int[] truth = {0, 1};
    double[] p = {0.8, 0.2, 0.4, 0.6};
    assertEquals(-(Math.log(0.8) + Math.log(0.6)) / 2, Classification.logLoss(truth, p, 2), 1e-15);
    // confidences 0.8 (right) and 0.6 (right) in bins 8 and 6 of 10: |1-0.8|/2 + |1-0.6|/2
    assertEquals(0.3, Classification.expectedCalibrationError(truth, p, 2, 10), 1e-12);
    double[][] rel = Classification.reliability(truth, p, 2, 10);
    assertEquals(1, rel[8][0]);
    assertEquals(0.8, rel[8][1], 1e-15);
    assertTrue(Double.isNaN(rel[0][1]));
  }

  @Test
  void aucHandlesTiesAsHalf() {
    assertEquals(1.0, RocAuc.binary(new double[] {0.1, 0.9}, new boolean[] {false, true}));
    assertEquals(0.5, RocAuc.binary(new double[] {0.5, 0.5}, new boolean[] {false, true}));
    // scikit-learn: roc_auc_score([0,0,1,1],[0.1,0.4,0.35,0.8]) = 0.75
    assertEquals(
        0.75,
        RocAuc.binary(new double[] {0.1, 0.4, 0.35, 0.8}, new boolean[] {false, false, true, true}),
        1e-15);
    // ties across classes: positives {0.5, 0.7}, negatives {0.5, 0.2} -> (1 + 0.5 + 1 + 1)/4
    assertEquals(
        0.875,
        RocAuc.binary(new double[] {0.5, 0.7, 0.5, 0.2}, new boolean[] {true, true, false, false}),
        1e-15);
    assertTrue(Double.isNaN(RocAuc.binary(new double[] {0.1, 0.2}, new boolean[] {true, true})));
    double[] perClass =
        RocAuc.perClass(new int[] {0, 1, 2}, new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1}, 3);
    assertArrayEquals(new double[] {1, 1, 1}, perClass);
    double[] perLabel =
        RocAuc.perLabel(
            new double[] {0.9, 0.1, 0.2, 0.8, 0.5, 0.5}, new int[] {1, 0, 0, -1, 1, 1}, 2);
    assertEquals(1.0, perLabel[0]);
    assertEquals(1.0, perLabel[1]);
    double[] oneClass = RocAuc.perLabel(new double[] {0.9, 0.1}, new int[] {1, 1}, 1);
    assertTrue(Double.isNaN(oneClass[0]));
    assertEquals(0.5, RocAuc.mean(new double[] {Double.NaN, 0.25, 0.75}));
  }

  @Test
  void confusionRecoveryErrors() {
    double[] a = {1, 0, 0, 1};
    double[] b = {0.5, 0.5, 0.5, 0.5};
    // squared differences sum to 1; R = 1, K = 2 -> 0.5
    assertEquals(0.5, ConfusionRecovery.tannoError(a, b, 2), 1e-15);
    assertEquals(1.0 / 2, ConfusionRecovery.normalizedFrobenius(a, b, 2), 1e-15);
    assertEquals(0.0, ConfusionRecovery.tannoError(a, a, 2));
    assertArrayEquals(
        new double[] {1.0, 0.5},
        ConfusionRecovery.skills(new double[] {1, 0, 0, 1, 0.5, 0.5, 0.5, 0.5}, 2));
    assertTrue(ConfusionRecovery.diagonallyDominant(new double[] {0.6, 0.4, 0.3, 0.7}, 2));
    assertFalse(ConfusionRecovery.diagonallyDominant(new double[] {0.5, 0.5, 0.3, 0.7}, 2));
    assertArrayEquals(
        new double[] {0.75, 0.25, 0.25, 0.75},
        ConfusionRecovery.mean(new double[] {1, 0, 0, 1, 0.5, 0.5, 0.5, 0.5}, 2));
  }

  @Test
  void jensenShannonOfIdenticalMatricesIsZeroAndOfDisjointOnesIsOne() {
    double[] m = {0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.3, 0.3, 0.4};
    assertEquals(0.0, JensenShannon.matrix(m, m, 3), 1e-15);
    double[] id = {1, 0, 0, 1};
    double[] swap = {0, 1, 1, 0};
    assertEquals(1.0, JensenShannon.matrix(id, swap, 2), 1e-5);
    assertEquals(0.0, JensenShannon.individual(m, m, 3), 1e-15);
    assertEquals(1.0, JensenShannon.identitySimilarity(id, 2), 1e-12);
    assertEquals(
        Math.log(2), JensenShannon.meanRowEntropy(new double[] {0.5, 0.5, 0.5, 0.5}, 2), 1e-15);
    // JS([1,0],[0.5,0.5]) = 0.5*log2(2/1.5)... computed: 0.311278...
    double expected =
        0.5
            * (Math.log(1 / 0.75) + 0.5 * Math.log(0.5 / 0.75) + 0.5 * Math.log(0.5 / 0.25))
            / Math.log(2);
    assertEquals(
        expected,
        JensenShannon.divergence(new double[] {1, 0}, 0, new double[] {0.5, 0.5}, 0, 2),
        1e-5);
  }
}
