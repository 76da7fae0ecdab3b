package org.crowd4j.pairwise;

/**
 * Kendall's rank correlation τ-b of two score vectors (Kendall 1945): {@code (C − D) / √((P −
 * T_x)(P − T_y))} over the {@code P = n(n−1)/2} pairs, with C concordant, D discordant and T tied
 * pairs. O(n²); NaN entries are left out pairwise.
 */
public final class KendallTau {
  private KendallTau() {}

  /** τ-b of {@code x} and {@code y} (same length ≥ 2); NaN when either is constant. */
  public static double of(double[] x, double[] y) {
    if (x.length != y.length) {
      throw new IllegalArgumentException("lengths differ: " + x.length + " and " + y.length);
    }
    long concordant = 0;
    long discordant = 0;
    long tiedX = 0;
    long tiedY = 0;
    long pairs = 0;
    for (int i = 0; i < x.length; i++) {
      if (Double.isNaN(x[i]) || Double.isNaN(y[i])) {
        continue;
      }
      for (int j = i + 1; j < x.length; j++) {
        if (Double.isNaN(x[j]) || Double.isNaN(y[j])) {
          continue;
        }
        pairs++;
        int sx = sign(x[i] - x[j]);
        int sy = sign(y[i] - y[j]);
        if (sx == 0) {
          tiedX++;
        }
        if (sy == 0) {
          tiedY++;
        }
        if (sx != 0 && sy != 0) {
          if (sx == sy) {
            concordant++;
          } else {
            discordant++;
          }
        }
      }
    }
    double denominator = Math.sqrt((double) (pairs - tiedX) * (pairs - tiedY));
    return denominator > 0 ? (concordant - discordant) / denominator : Double.NaN;
  }

  private static int sign(double d) {
    return d > 0 ? 1 : d < 0 ? -1 : 0;
  }
}
