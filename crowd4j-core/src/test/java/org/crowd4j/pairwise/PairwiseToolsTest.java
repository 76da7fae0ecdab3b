package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PairwiseToolsTest {
  @Test
  void kendallTauHandChecked() {
    assertEquals(1.0, KendallTau.of(new double[] {1, 2, 3}, new double[] {10, 20, 30}), 0);
    assertEquals(-1.0, KendallTau.of(new double[] {1, 2, 3}, new double[] {3, 2, 1}), 0);
    // pairs (12)+ (13)+ (23)-: (2 − 1)/3
    assertEquals(1.0 / 3, KendallTau.of(new double[] {1, 2, 3}, new double[] {1, 3, 2}), 1e-15);
    // tau-b with one tie in x: C=2, D=0, P=3, Tx=1: 2/√(2·3)
    assertEquals(
        2 / Math.sqrt(6), KendallTau.of(new double[] {1, 1, 2}, new double[] {1, 2, 3}), 1e-15);
  }

  /** The 2×2 Laplacian of weight w plus 11ᵀ: centred variance 1/(4w) on both items. */
  @Test
  void constrainedVarianceOfTwoItems() {
    double w = 0.75;
    double c = 2.0;
    double[] a = {w + c, -w + c, -w + c, w + c};
    double[] v = ScoreErrors.constrainedVariance(a, 2);
    assertEquals(1 / (4 * w), v[0], 1e-12);
    assertEquals(1 / (4 * w), v[1], 1e-12);
  }

  @Test
  void simulatorIsSeededAndHonoursKinds() {
    PairwiseSimulator.Spec spec =
        new PairwiseSimulator.Spec(20, 20000, 10, 0.2, 0.3, 1.0, PairwiseSimulator.Model.THURSTONE);
    PairwiseSimulator.Simulated a = PairwiseSimulator.simulate(spec, 11);
    PairwiseSimulator.Simulated b = PairwiseSimulator.simulate(spec, 11);
    assertEquals(a.data().digest(), b.data().digest());
    assertArrayEquals(a.trueLogScores(), b.trueLogScores(), 0);
    assertNotEquals(a.data().digest(), PairwiseSimulator.simulate(spec, 12).data().digest());
    int[] count = new int[3];
    for (PairwiseSimulator.Kind k : a.kinds()) {
      count[k.ordinal()]++;
    }
    assertArrayEquals(new int[] {5, 2, 3}, count);
    // agreement of each kind with the true order
    double[] agree = new double[3];
    double[] seen = new double[3];
    double[] theta = a.trueLogScores();
    for (int c = 0; c < a.data().size(); c++) {
      int k = a.kinds()[a.data().worker(c)].ordinal();
      seen[k]++;
      if (theta[a.data().winner(c)] > theta[a.data().loser(c)]) {
        agree[k]++;
      }
    }
    assertTrue(agree[0] / seen[0] > 0.65);
    assertEquals(0.5, agree[1] / seen[1], 0.03);
    assertTrue(agree[2] / seen[2] < 0.35);
  }

  @Test
  void normalCdfIsAccurate() {
    assertEquals(0.5, PairwiseSimulator.normalCdf(0), 1e-9);
    assertEquals(0.8413447460685429, PairwiseSimulator.normalCdf(1), 2e-7);
    assertEquals(0.022750131948179195, PairwiseSimulator.normalCdf(-2), 2e-7);
  }
}
