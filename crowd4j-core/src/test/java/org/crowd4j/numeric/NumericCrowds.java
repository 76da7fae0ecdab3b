package org.crowd4j.numeric;

import java.util.SplittableRandom;

/** Small numeric crowds for the tests: hand-written ones and seeded Gaussian simulations. */
final class NumericCrowds {
  private NumericCrowds() {}

  /**
   * The hand-checked crowd: t1 = {a: 1, b: 3, c: 5}, t2 = {a: 2, b: 6}, t3 = {a: 4, c: 8}. Medians
   * 3, 4, 6; means 3, 4, 6.
   */
  static NumericAnswers tiny() {
    return NumericAnswers.builder()
        .add("t1", "a", 1)
        .add("t1", "b", 3)
        .add("t1", "c", 5)
        .add("t2", "a", 2)
        .add("t2", "b", 6)
        .add("t3", "a", 4)
        .add("t3", "c", 8)
        .build();
  }

  /**
   * The crowd of {@code raykar_ref.py}: t1 = {a: 1, b: 4, c: 5}, t2 = {a: 3, b: 5}, t3 = {a: 4, c:
   * 9}.
   */
  static NumericAnswers reference() {
    return NumericAnswers.builder()
        .add("t1", "a", 1)
        .add("t1", "b", 4)
        .add("t1", "c", 5)
        .add("t2", "a", 3)
        .add("t2", "b", 5)
        .add("t3", "a", 4)
        .add("t3", "c", 9)
        .build();
  }

  /** A simulated crowd with its truths. */
  record Simulated(NumericAnswers answers, double[] truth) {
    NumericGold gold() {
      return NumericGold.ofValues(truth);
    }
  }

  /**
   * {@code tasks} tasks with truths ~ N(50, 20²), each answered by {@code perTask} distinct workers
   * drawn at random; worker w answers truth + bias[w] + sd[w]·N(0, 1). Task ids "t0".., worker ids
   * "w0"..; answers added task by task.
   */
  static Simulated gaussian(int tasks, int perTask, double[] bias, double[] sd, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int workers = bias.length;
    NumericAnswers.Builder b = NumericAnswers.builder();
    double[] truth = new double[tasks];
    int[] pool = new int[workers];
    for (int i = 0; i < tasks; i++) {
      truth[i] = 50 + 20 * normal(rng);
      for (int w = 0; w < workers; w++) {
        pool[w] = w;
      }
      for (int k = 0; k < perTask; k++) {
        int j = k + rng.nextInt(workers - k);
        int w = pool[j];
        pool[j] = pool[k];
        pool[k] = w;
        b.add("t" + i, "w" + w, truth[i] + bias[w] + sd[w] * normal(rng));
      }
    }
    return new Simulated(b.build(), truth);
  }

  /** A standard normal draw (Box–Muller). */
  static double normal(SplittableRandom rng) {
    double u = 1 - rng.nextDouble();
    double v = rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
