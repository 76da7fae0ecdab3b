package org.crowd4j.internal.kernel;

/**
 * Quantiles of the χ² distribution, for the reliability prior of RASA and HRRASA and the worker
 * weights of CATD: the upper quantile solves {@code Q(k/2, x/2) = p} with Q the regularized upper
 * incomplete gamma function (series below {@code a + 1}, Lentz's continued fraction above), by
 * bisection to full precision.
 */
public final class ChiSquared {
  private static final double EPS = 1e-16;
  private static final int MAX_TERMS = 10_000;

  private ChiSquared() {}

  /** The {@code x} with {@code P(X > x) = p} for {@code X ~ χ²(df)} (SciPy's {@code chi2.isf}). */
  public static double upperQuantile(double p, double df) {
    if (!(p > 0 && p < 1) || !(df > 0)) {
      throw new IllegalArgumentException("chi-squared quantile needs 0 < p < 1 and df > 0");
    }
    double lo = 0;
    double hi = Math.max(1, df);
    while (upperTail(df, hi) > p) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
      double mid = 0.5 * (lo + hi);
      if (upperTail(df, mid) > p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return 0.5 * (lo + hi);
  }

  /**
   * The {@code x} with {@code P(X ≤ x) = p} for {@code X ~ χ²(df)} (SciPy's {@code chi2.ppf}), as
   * CATD's worker weights use it.
   *
   * @throws IllegalArgumentException unless {@code 0 < p < 1} and {@code df > 0}
   */
  public static double lowerQuantile(double p, double df) {
    if (!(p > 0 && p < 1) || !(df > 0)) {
      throw new IllegalArgumentException(
          "chi-squared quantile needs 0 < p < 1 and df > 0: p=" + p + ", df=" + df);
    }
    return upperQuantile(1 - p, df);
  }

  /** {@code P(X > x)} for {@code X ~ χ²(df)}. */
  public static double upperTail(double df, double x) {
    if (x <= 0) {
      return 1;
    }
    double a = df / 2;
    double z = x / 2;
    if (z < a + 1) {
      return 1 - lowerSeries(a, z);
    }
    return upperFraction(a, z);
  }

  private static double lowerSeries(double a, double x) {
    double term = 1 / a;
    double sum = term;
    for (int n = 1; n < MAX_TERMS; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPS) {
        break;
      }
    }
    return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
  }

  private static double upperFraction(double a, double x) {
    double tiny = 1e-300;
    double b = x + 1 - a;
    double c = 1 / tiny;
    double d = 1 / b;
    double h = d;
    for (int i = 1; i < MAX_TERMS; i++) {
      double an = -i * (i - a);
      b += 2;
      d = an * d + b;
      if (Math.abs(d) < tiny) {
        d = tiny;
      }
      c = b + an / c;
      if (Math.abs(c) < tiny) {
        c = tiny;
      }
      d = 1 / d;
      double delta = d * c;
      h *= delta;
      if (Math.abs(delta - 1) < EPS) {
        break;
      }
    }
    return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
  }

  /** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error about 1e-15). */
  public static double logGamma(double x) {
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    double[] g = {
      0.99999999999980993,
      676.5203681218851,
      -1259.1392167224028,
      771.32342877765313,
      -176.61502916214059,
      12.507343278686905,
      -0.13857109526572012,
      9.9843695780195716e-6,
      1.5056327351493116e-7
    };
    double y = x - 1;
    double s = g[0];
    for (int i = 1; i < 9; i++) {
      s += g[i] / (y + i);
    }
    double t = y + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(s);
  }
}
