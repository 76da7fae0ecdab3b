package org.crowd4j.aggregate.kernel;

/**
 * Log-gamma and digamma for positive arguments, accurate to about 1e-14 relative: the argument is
 * shifted above 15 by the recurrences Γ(x+1) = xΓ(x) and ψ(x+1) = ψ(x) + 1/x, then the Stirling and
 * asymptotic series are summed (Abramowitz &amp; Stegun 6.1.41 and 6.3.18).
 */
public final class SpecialFunctions {
  private static final double SHIFT = 15.0;
  private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

  private SpecialFunctions() {}

  /** ln Γ(x) for {@code x > 0}; {@code NaN} otherwise. */
  public static double logGamma(double x) {
    if (!(x > 0)) {
      return Double.NaN;
    }
    if (Double.isInfinite(x)) {
      return x;
    }
    double shift = 0;
    double product = 1;
    while (x < SHIFT) {
      product *= x;
      x += 1;
      if (product > 1e280) {
        shift += Math.log(product);
        product = 1;
      }
    }
    shift += Math.log(product);
    double inv = 1.0 / x;
    double inv2 = inv * inv;
    double series =
        inv
            * (1.0 / 12
                - inv2
                    * (1.0 / 360
                        - inv2 * (1.0 / 1260 - inv2 * (1.0 / 1680 - inv2 * (1.0 / 1188)))));
    return (x - 0.5) * Math.log(x) - x + HALF_LOG_2PI + series - shift;
  }

  /** ψ(x) = d/dx ln Γ(x) for {@code x > 0}; {@code NaN} otherwise. */
  public static double digamma(double x) {
    if (!(x > 0)) {
      return Double.NaN;
    }
    if (Double.isInfinite(x)) {
      return x;
    }
    double result = 0;
    while (x < SHIFT) {
      result -= 1.0 / x;
      x += 1;
    }
    double inv = 1.0 / x;
    double inv2 = inv * inv;
    double series =
        inv2
            * (1.0 / 12
                - inv2
                    * (1.0 / 120
                        - inv2
                            * (1.0 / 252
                                - inv2 * (1.0 / 240 - inv2 * (1.0 / 132 - inv2 * 691.0 / 32760)))));
    return result + Math.log(x) - 0.5 * inv - series;
  }

  /**
   * KL(Dir(a) ‖ Dir(a0)) for the {@code len} entries starting at {@code a[aOff]} and {@code
   * a0[a0Off]}, all positive.
   */
  public static double dirichletKl(double[] a, int aOff, double[] a0, int a0Off, int len) {
    double sum = 0;
    double sum0 = 0;
    for (int j = 0; j < len; j++) {
      sum += a[aOff + j];
      sum0 += a0[a0Off + j];
    }
    double psiSum = digamma(sum);
    double kl = logGamma(sum) - logGamma(sum0);
    for (int j = 0; j < len; j++) {
      double v = a[aOff + j];
      double v0 = a0[a0Off + j];
      kl += logGamma(v0) - logGamma(v) + (v - v0) * (digamma(v) - psiSum);
    }
    return kl;
  }
}
