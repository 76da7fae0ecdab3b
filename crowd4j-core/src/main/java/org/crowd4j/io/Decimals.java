package org.crowd4j.io;

import com.fasterxml.jackson.core.io.NumberOutput;

/**
 * The one grammar of a number in crowd4j's input files: plain ASCII decimal notation, {@code
 * [+-]?(digits[.digits]|.digits)([eE][+-]?digits)?} — {@code 12}, {@code -0.5}, {@code 3e-2}, and
 * {@code 1.0E-5} as Java writes it. Java's own parser also takes {@code 1d}, {@code 0f}, {@code
 * 0x1p3}, {@code NaN}, {@code Infinity} and surrounding white space, which are refused here.
 */
public final class Decimals {
  private Decimals() {}

  /** Whether {@code s} is a number in this grammar. */
  public static boolean isDecimal(CharSequence s) {
    int n = s.length();
    int i = 0;
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    int intDigits = digits(s, i);
    i += intDigits;
    int fracDigits = 0;
    if (i < n && s.charAt(i) == '.') {
      i++;
      fracDigits = digits(s, i);
      i += fracDigits;
    }
    if (intDigits == 0 && fracDigits == 0) {
      return false;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      int exp = digits(s, i);
      if (exp == 0) {
        return false;
      }
      i += exp;
    }
    return i == n;
  }

  private static int digits(CharSequence s, int from) {
    int i = from;
    while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
      i++;
    }
    return i - from;
  }

  /**
   * The shortest decimal that reads back as {@code v} (the closest to {@code v} when several are
   * equally short), laid out as {@link Double#toString(double)} lays it out — {@code 0.25}, {@code
   * 123.0}, {@code 1.0E-5} — by Giulietti's Schubfach algorithm (the one Java 19's {@code
   * Double.toString} uses; Java 17's sometimes gives a digit or two more, and is several times
   * slower on most probabilities).
   */
  public static String shortest(double v) {
    return NumberOutput.toString(v, true);
  }

  /**
   * {@code v} rounded to {@code digits} significant decimal digits (half to even, from its exact
   * binary value), written as {@link #shortest(double)} writes numbers: {@code rounded(0.123456,
   * 3)} is {@code 0.123}.
   *
   * @throws IllegalArgumentException unless {@code 1 <= digits <= 15}
   */
  public static String rounded(double v, int digits) {
    if (digits < 1 || digits > 15) {
      throw new IllegalArgumentException("digits must be 1 to 15: " + digits);
    }
    if (v == 0 || !Double.isFinite(v)) {
      return shortest(v);
    }
    double r =
        new java.math.BigDecimal(v)
            .round(new java.math.MathContext(digits, java.math.RoundingMode.HALF_EVEN))
            .doubleValue();
    return shortest(r);
  }

  /**
   * {@code s} as a finite double, or {@code NaN} when it is not a decimal number in this grammar or
   * too large for a double.
   */
  public static double parseOrNaN(String s) {
    if (!isDecimal(s)) {
      return Double.NaN;
    }
    double v = Double.parseDouble(s);
    return Double.isFinite(v) ? v : Double.NaN;
  }
}
