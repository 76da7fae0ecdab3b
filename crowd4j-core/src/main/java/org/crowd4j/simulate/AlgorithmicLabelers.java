package org.crowd4j.simulate;

import java.util.SplittableRandom;

/**
 * Multi-label "algorithmic labelers" (Wang et al. 2020): rule-based or NLP labelers that mark each
 * of {@code L} findings of an item as positive, negative or uncertain. Each labeler has, per
 * finding, a false-negative rate, a false-positive rate and an uncertain rate; an uncertain mark is
 * then resolved by a policy: U-zeros (uncertain → 0), U-ones (uncertain → 1) or kept as {@link
 * #UNCERTAIN}. Several label sets over the same items result.
 */
public final class AlgorithmicLabelers {
  /** An uncertain mark kept as such. */
  public static final int UNCERTAIN = -1;

  /** How uncertain marks are resolved. */
  public enum UncertainPolicy {
    /** Uncertain becomes negative (0). */
    U_ZEROS,
    /** Uncertain becomes positive (1). */
    U_ONES,
    /** Uncertain stays {@link #UNCERTAIN}. */
    KEEP
  }

  /**
   * One labeler's error profile, per finding.
   *
   * @param falseNegative P(marked 0 | truly 1)
   * @param falsePositive P(marked 1 | truly 0)
   * @param uncertain P(marked uncertain), drawn before the error
   */
  public record Profile(double[] falseNegative, double[] falsePositive, double[] uncertain) {
    /** Validates and copies. */
    public Profile {
      int l = falseNegative.length;
      if (falsePositive.length != l || uncertain.length != l) {
        throw new IllegalArgumentException("one rate per finding in every array");
      }
      for (double[] rates : new double[][] {falseNegative, falsePositive, uncertain}) {
        for (double r : rates) {
          if (!(r >= 0 && r <= 1)) {
            throw new IllegalArgumentException("rates must be in [0, 1]: " + r);
          }
        }
      }
      falseNegative = falseNegative.clone();
      falsePositive = falsePositive.clone();
      uncertain = uncertain.clone();
    }

    /** The same rates for all {@code l} findings. */
    public static Profile uniform(int l, double fn, double fp, double u) {
      double[] a = new double[l];
      double[] b = new double[l];
      double[] c = new double[l];
      java.util.Arrays.fill(a, fn);
      java.util.Arrays.fill(b, fp);
      java.util.Arrays.fill(c, u);
      return new Profile(a, b, c);
    }
  }

  private AlgorithmicLabelers() {}

  /**
   * Draws one label set: {@code truth} is {@code n × L} of 0/1; the result is {@code n × L} of 0, 1
   * or {@link #UNCERTAIN} (under {@link UncertainPolicy#KEEP}).
   */
  public static int[] label(
      int[] truth, int findings, Profile profile, UncertainPolicy policy, SplittableRandom rng) {
    if (profile.falseNegative().length != findings || truth.length % findings != 0) {
      throw new IllegalArgumentException("truth and profile must have " + findings + " findings");
    }
    int[] out = new int[truth.length];
    for (int j = 0; j < truth.length; j++) {
      int f = j % findings;
      int t = truth[j];
      if (t != 0 && t != 1) {
        throw new IllegalArgumentException("truth must be 0 or 1, found " + t);
      }
      if (rng.nextDouble() < profile.uncertain()[f]) {
        out[j] =
            switch (policy) {
              case U_ZEROS -> 0;
              case U_ONES -> 1;
              case KEEP -> UNCERTAIN;
            };
        continue;
      }
      double flip = t == 1 ? profile.falseNegative()[f] : profile.falsePositive()[f];
      out[j] = rng.nextDouble() < flip ? 1 - t : t;
    }
    return out;
  }

  /**
   * Multi-label truth from class labels by attribute rules, e.g. for digits "even", "greater than
   * 4", "closed loop": {@code attributes[c][f]} = 1 when class {@code c} has finding {@code f}.
   */
  public static int[] attributes(int[] classLabels, int[][] attributes) {
    int findings = attributes[0].length;
    int[] out = new int[classLabels.length * findings];
    for (int i = 0; i < classLabels.length; i++) {
      System.arraycopy(attributes[classLabels[i]], 0, out, i * findings, findings);
    }
    return out;
  }

  /**
   * Digit attributes for MNIST-style data: even, greater than 4, has a closed loop (0, 4, 6, 8, 9).
   */
  public static int[][] digitAttributes() {
    int[][] a = new int[10][3];
    for (int d = 0; d < 10; d++) {
      a[d][0] = d % 2 == 0 ? 1 : 0;
      a[d][1] = d > 4 ? 1 : 0;
      a[d][2] = (d == 0 || d == 4 || d == 6 || d == 8 || d == 9) ? 1 : 0;
    }
    return a;
  }
}
