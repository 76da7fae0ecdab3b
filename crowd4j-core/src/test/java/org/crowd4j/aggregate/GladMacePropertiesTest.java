package org.crowd4j.aggregate;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.crowd4j.data.CrowdDataset;

/** Properties of GLAD and MACE on small random crowds, including one-label and one-answer cases. */
class GladMacePropertiesTest {
  private static CrowdDataset crowd(long seed, int numLabels) {
    SplittableRandom rng = new SplittableRandom(seed);
    int tasks = 1 + rng.nextInt(25);
    int workers = 1 + rng.nextInt(7);
    CrowdDataset.Builder b = CrowdDataset.builder();
    for (int i = 0; i < tasks; i++) {
      int truth = rng.nextInt(numLabels);
      int answers = 1 + rng.nextInt(5);
      for (int j = 0; j < answers; j++) {
        int w = rng.nextInt(workers);
        int l = rng.nextDouble() < 0.7 ? truth : rng.nextInt(numLabels);
        b.add("t" + i, "w" + w, "l" + l);
      }
    }
    return b.build();
  }

  private static void check(AggregationResult r, boolean monotone) {
    for (int i = 0; i < r.numTasks(); i++) {
      double sum = 0;
      for (int c = 0; c < r.numLabels(); c++) {
        double p = r.posterior(i, c);
        if (!(p >= 0 && p <= 1)) {
          throw new AssertionError("posterior " + p);
        }
        sum += p;
      }
      if (Math.abs(sum - 1) > 1e-9) {
        throw new AssertionError("row " + i + " sums to " + sum);
      }
    }
    double[] h = r.diagnostics().objective();
    for (int j = 0; j < h.length; j++) {
      if (!Double.isFinite(h[j])) {
        throw new AssertionError("objective " + h[j] + " at " + j);
      }
      if (monotone && j > 0 && h[j] < h[j - 1] - 1e-9 * Math.abs(h[j - 1])) {
        throw new AssertionError("objective decreased at " + j + ": " + h[j - 1] + " → " + h[j]);
      }
    }
    for (double s : r.workers().skills()) {
      if (!Double.isFinite(s)) {
        throw new AssertionError("skill " + s);
      }
    }
  }

  @Property(tries = 60)
  boolean gladGivesDistributionsAndNeverLosesObjective(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int numLabels) {
    CrowdDataset data = crowd(seed, numLabels);
    check(new Glad(new Glad.Options(30, 0, 1, 1, 1, 5)).fit(data), true);
    check(new Glad(new Glad.Options(30, 0, 1, 1, 2, 0)).fit(data), true);
    return true;
  }

  @Property(tries = 60)
  boolean maceGivesDistributionsAndNeverLosesObjective(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int numLabels) {
    CrowdDataset data = crowd(seed, numLabels);
    for (Mace.Method method : Mace.Method.values()) {
      Mace.Options o = new Mace.Options(method, 2, 20, 0, 0.01, 0.5, 0.5, 0.5, 10.0, seed);
      check(new Mace(o).fit(data), true);
    }
    return true;
  }
}
