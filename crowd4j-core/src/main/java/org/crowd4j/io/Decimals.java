package org.crowd4j.io;

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

  /** Powers of ten that are exact doubles. */
  private static final double[] EXACT_TENS = new double[23];

  static {
    double t = 1;
    for (int i = 0; i < EXACT_TENS.length; i++) {
      EXACT_TENS[i] = t;
      t *= 10;
    }
  }

  /**
   * The shortest decimal that reads back as {@code v} (the closest to {@code v} when several are
   * equally short; two digits kept where one would also read back but two are closer, as in {@code
   * 4.9E-324}), laid out as {@link Double#toString(double)} lays it out: {@code 0.25}, {@code
   * 123.0}, {@code 1.0E-5}, {@code 2.5E7}. Java 17's own {@code Double.toString} sometimes gives a
   * digit or two more than needed; this drops them.
   */
  public static String shortest(double v) {
    String s = Double.toString(v);
    if (v == 0 || !Double.isFinite(v)) {
      return s;
    }
    // the digits and the exponent of s: |v| ~ digits × 10^exp
    long digits = 0;
    int count = 0;
    int exp = 0;
    boolean fraction = false;
    int i = s.charAt(0) == '-' ? 1 : 0;
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '.') {
        fraction = true;
      } else if (c == 'E') {
        exp += Integer.parseInt(s, i + 1, s.length(), 10);
        break;
      } else {
        if (count > 0 || c != '0') {
          digits = 10 * digits + (c - '0');
          count++;
        }
        if (fraction) {
          exp--;
        }
      }
    }
    if (count > 18) {
      return s;
    }
    while (digits % 10 == 0) {
      digits /= 10;
      count--;
      exp++;
    }
    double target = Math.abs(v);
    boolean changed = false;
    while (count > 2) {
      long down = digits / 10;
      int last = (int) (digits % 10);
      boolean downReads = down > 0 && read(down, exp + 1) == target;
      boolean upReads = read(down + 1, exp + 1) == target;
      if (!downReads && !upReads) {
        break;
      }
      boolean up = upReads && (!downReads || last > 5 || last == 5 && upIsCloser(down, exp, v));
      digits = up ? down + 1 : down;
      exp++;
      changed = true;
      count = 0;
      for (long d = digits; d > 0; d /= 10) {
        count++;
      }
      while (digits % 10 == 0) {
        digits /= 10;
        count--;
        exp++;
      }
    }
    return changed ? layout(v < 0, Long.toString(digits), exp) : s;
  }

  /** {@code digits × 10^exp} rounded to the nearest double. */
  private static double read(long digits, int exp) {
    if (digits < (1L << 53) && exp >= -22 && exp <= 22) {
      return exp >= 0 ? digits * EXACT_TENS[exp] : digits / EXACT_TENS[-exp];
    }
    return Double.parseDouble(digits + "E" + exp);
  }

  /** Whether {@code (down + 1) × 10^(exp + 1)} is closer to {@code v} than {@code down × …}. */
  private static boolean upIsCloser(long down, int exp, double v) {
    java.math.BigDecimal x = new java.math.BigDecimal(Math.abs(v));
    java.math.BigDecimal lo = java.math.BigDecimal.valueOf(down).scaleByPowerOfTen(exp + 1);
    java.math.BigDecimal hi = java.math.BigDecimal.valueOf(down + 1).scaleByPowerOfTen(exp + 1);
    return hi.subtract(x).compareTo(x.subtract(lo)) < 0;
  }

  /** {@code digits × 10^exp} written as {@link Double#toString(double)} writes numbers. */
  private static String layout(boolean negative, String digits, int exp) {
    StringBuilder b = new StringBuilder(digits.length() + 8);
    if (negative) {
      b.append('-');
    }
    int n = digits.length();
    int lead = exp + n - 1; // the power of ten of the first digit
    if (lead >= -3 && lead < 7) {
      if (lead >= 0) {
        if (n > lead + 1) {
          b.append(digits, 0, lead + 1).append('.').append(digits, lead + 1, n);
        } else {
          b.append(digits).append("0".repeat(lead + 1 - n)).append(".0");
        }
      } else {
        b.append("0.").append("0".repeat(-lead - 1)).append(digits);
      }
    } else {
      b.append(digits.charAt(0)).append('.');
      b.append(n > 1 ? digits.substring(1) : "0");
      b.append('E').append(lead);
    }
    return b.toString();
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
