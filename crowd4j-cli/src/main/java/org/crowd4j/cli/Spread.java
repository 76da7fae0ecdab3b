package org.crowd4j.cli;

/**
 * How the simulators of texts and masks spread one noise level over a crowd: annotator {@code k} of
 * {@code n} gets {@code 0.5 + k/(n-1)} times the given level (1 for a crowd of one), so the first
 * is twice as careful as the last is careless.
 */
final class Spread {
  private Spread() {}

  /** The factor of annotator {@code k} of {@code n}. */
  static double factor(int k, int n) {
    return n == 1 ? 1 : 0.5 + k / (double) (n - 1);
  }

  /** {@code rate × factor}, at most 1; {@code option} names a rate outside [0, 1]. */
  static double rate(double rate, double factor, String option) {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException(option + " must be in [0, 1]: " + rate);
    }
    return Math.min(1, rate * factor);
  }

  /** {@code x} with at most 6 decimals, no trailing zeros (for the workers.csv files). */
  static String text(double x) {
    return java.math.BigDecimal.valueOf(x)
        .setScale(6, java.math.RoundingMode.HALF_EVEN)
        .stripTrailingZeros()
        .toPlainString();
  }
}
