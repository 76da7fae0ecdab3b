package org.crowd4j.simulate;

import java.util.SplittableRandom;

/**
 * Gaussian-class feature generators: CoNAL's synthetic set (Chu et al. 2021: a mean per class,
 * features around it with identity covariance) and Mena &amp; Ñanculef's three isotropic 2-D
 * Gaussians.
 */
public final class Gaussians {
  private Gaussians() {}

  /** Features ({@code n × d} row-major) and their true classes. */
  public record Sample(float[] features, int dim, int[] labels, int numLabels) {}

  /** A standard normal draw (Box–Muller, one value per call). */
  public static double standardNormal(SplittableRandom rng) {
    double u1 = rng.nextDouble();
    double u2 = rng.nextDouble();
    return Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  }

  /**
   * CoNAL-style classes: class means ~ N(0, s²·I) in {@code d} dimensions, each item's class
   * uniform, features = its class mean + N(0, I). Defaults in the paper's setting: n = 10,000, K =
   * 6; d = 20 and s = 0.6 give a clean linear classifier about 90 % accuracy.
   */
  public static Sample classes(int n, int k, int d, double separation, SplittableRandom rng) {
    if (n < 1 || k < 1 || d < 1) {
      throw new IllegalArgumentException("need n, k, d ≥ 1");
    }
    double[] means = new double[values(k, d, "classes × dim")];
    for (int j = 0; j < means.length; j++) {
      means[j] = separation * standardNormal(rng);
    }
    float[] x = new float[values(n, d, "n × dim")];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = rng.nextInt(k);
      for (int f = 0; f < d; f++) {
        x[i * d + f] = (float) (means[y[i] * d + f] + standardNormal(rng));
      }
    }
    return new Sample(x, d, y, k);
  }

  /**
   * Mena &amp; Ñanculef's three isotropic Gaussians with standard deviation 0.4: {@code perClass}
   * points each, centres (0, 1), (0, −1), (1, 0) as in the authors' data files, or (−0.5, 0), (0.5,
   * 0), (0, 0.5) as printed in the paper.
   */
  public static Sample threeClusters(int perClass, boolean paperCentres, SplittableRandom rng) {
    double[][] centres =
        paperCentres
            ? new double[][] {{-0.5, 0}, {0.5, 0}, {0, 0.5}}
            : new double[][] {{0, 1}, {0, -1}, {1, 0}};
    if (perClass < 1) {
      throw new IllegalArgumentException("need per-class ≥ 1");
    }
    int n = values(3, perClass, "3 × per-class");
    float[] x = new float[values(n, 2, "2 × 3 × per-class")];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      int c = i % 3;
      y[i] = c;
      x[2 * i] = (float) (centres[c][0] + 0.4 * standardNormal(rng));
      x[2 * i + 1] = (float) (centres[c][1] + 0.4 * standardNormal(rng));
    }
    return new Sample(x, 2, y, 3);
  }

  /**
   * {@code a × b} as an array length.
   *
   * @throws IllegalArgumentException when the product exceeds the largest array
   */
  private static int values(int a, int b, String what) {
    long v = (long) a * b;
    if (v > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          what + " = " + v + " values exceed the largest array (" + (Integer.MAX_VALUE - 8) + ")");
    }
    return (int) v;
  }
}
