package org.crowd4j.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The numeric kernels on a hand-checked crowd in CSR form: t1 = {a: 1, b: 3, c: 5}, t2 = {a: 2, b:
 * 6}, t3 = {a: 4, c: 8} (workers a = 0, b = 1, c = 2).
 */
class NumericKernelTest {
  private static final int[] OFF = {0, 3, 5, 7};
  private static final int[] WORKER = {0, 1, 2, 0, 1, 0, 2};
  private static final double[] VALUE = {1, 3, 5, 2, 6, 4, 8};
  private static final int[] COUNT = {3, 2, 2};

  @Test
  void taskStatisticsAndWeightedMeans() {
    assertArrayEquals(new double[] {3, 4, 6}, NumericKernel.means(OFF, VALUE));
    assertArrayEquals(new double[] {3, 4, 6}, NumericKernel.medians(OFF, VALUE));
    assertArrayEquals(
        new double[] {Math.sqrt(8.0 / 3), 2, 2},
        NumericKernel.spreads(OFF, VALUE, NumericKernel.means(OFF, VALUE)),
        1e-15);
    // squared deviations from the task means: 8 + 8 + 8 = 24 over 7 answers
    assertEquals(
        24.0 / 7,
        NumericKernel.pooledVariance(
            NumericKernel.withinSquares(OFF, VALUE, NumericKernel.means(OFF, VALUE)), 7, () -> 0));
    assertEquals(1.0, NumericKernel.pooledVariance(0, 7, () -> 0));
    double[] out = new double[3];
    NumericKernel.weightedMeans(
        OFF, WORKER, VALUE, new double[] {1, 3, 0}, new double[] {Double.NaN, 9, Double.NaN}, out);
    // t1: (1 + 9) / 4; t2 known; t3: weights 1 and 0
    assertArrayEquals(new double[] {2.5, 9, 4}, out);
    NumericKernel.weightedMeans(
        OFF, WORKER, VALUE, new double[3], new double[] {Double.NaN, Double.NaN, Double.NaN}, out);
    assertArrayEquals(new double[] {3, 4, 6}, out);
  }

  @Test
  void perWorkerSumsAndWeights() {
    double[] truth = {3, 4, 6};
    double[] residual = new double[3];
    NumericKernel.addResiduals(OFF, WORKER, VALUE, truth, residual);
    assertArrayEquals(new double[] {-2 - 2 - 2, 0 + 2, 2 + 2}, residual);
    double[] bias = NumericKernel.perAnswer(residual, COUNT);
    assertArrayEquals(new double[] {-2, 1, 2}, bias);
    double[] squares = new double[3];
    NumericKernel.addCentredSquares(OFF, WORKER, VALUE, truth, bias, squares);
    assertArrayEquals(new double[] {0, 2, 0}, squares);
    double[] pm = new double[3];
    TruthDiscoveryKernel.pmWeights(new double[] {1, 1, 2}, COUNT, 1e-10, pm);
    assertArrayEquals(new double[] {Math.log(4), Math.log(4), Math.log(2)}, pm, 1e-15);
    assertArrayEquals(
        new double[] {0.5, 0.25, 0.25}, NumericKernel.normalised(new double[] {2, 1, 1}, COUNT));
    assertArrayEquals(new double[] {0.5, 0.5, 0}, NumericKernel.equalWeights(new int[] {1, 4, 0}));
  }

  @Test
  void raykarMStepCentresTheBiasesAndFloorsTheVariances() {
    double[] bias = {1, -1, 3};
    double[] variance = new double[3];
    double[] prior =
        RaykarKernel.maximise(
            10, 6, 3, new double[] {3, 0, 4}, new int[] {3, 0, 2}, 0.5, true, bias, variance);
    // answer-weighted mean bias (3·1 + 2·3) / 5 = 1.8 moves to the prior mean
    assertArrayEquals(new double[] {1 - 1.8, 0, 3 - 1.8}, bias, 1e-15);
    assertArrayEquals(new double[] {1, 1, 2}, variance);
    assertArrayEquals(new double[] {11.8, 2}, prior, 1e-15);
  }
}
