package org.crowd4j.internal.kernel;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * An exponential for the hot loops: within 2 ulp, inlined by the JIT (no call to a runtime stub, so
 * the loop's accumulators stay in registers), and the same on every platform (a table built with
 * {@link StrictMath} and exactly rounded arithmetic).
 *
 * <p>Method (Tang 1989, "Table-driven implementation of the exponential function in IEEE
 * floating-point arithmetic", ACM TOMS 15): y = (64n + j) ln2/64 + r with |r| ≤ ln2/128, e^y = 2^n
 * · 2^{j/64} · e^r, e^r by its Taylor polynomial of degree 5 (remainder below 4·10⁻¹⁷).
 */
public final class FastMath {
  private static final double[] TWO_TO_J_64 = new double[64];
  private static final double SCALE = 64 / Math.log(2);
  private static final double LN2_64_HI;
  private static final double LN2_64_LO;
  private static final double MIN = -708.0;
  private static final double MAX = 709.0;

  static {
    for (int j = 0; j < 64; j++) {
      TWO_TO_J_64[j] = StrictMath.pow(2.0, j / 64.0);
    }
    BigDecimal ln2 =
        new BigDecimal("0.6931471805599453094172321214581765680755001343602552541206800094933936");
    BigDecimal step = ln2.divide(BigDecimal.valueOf(64), MathContext.DECIMAL128);
    // the high part has 25 significant bits, so k · LN2_64_HI is exact for |k| < 2^28
    LN2_64_HI =
        Double.longBitsToDouble(Double.doubleToLongBits(step.doubleValue()) & 0xfffffffff0000000L);
    LN2_64_LO = step.subtract(new BigDecimal(LN2_64_HI)).doubleValue();
  }

  private FastMath() {}

  /**
   * e^y within 2 ulp of {@link StrictMath#exp} for −708 ≤ y ≤ 709; outside, e^y of the nearer end
   * (below −708, about 3.3·10⁻³⁰⁸ instead of a subnormal or 0; above 709, about 8.2·10³⁰⁷ instead
   * of a larger value or infinity). NaN gives NaN.
   */
  public static double exp(double y) {
    // NaN stays NaN through the clamps and the polynomial
    double z = Math.min(Math.max(y, MIN), MAX);
    double kf = Math.rint(z * SCALE);
    long k = (long) kf;
    double r = Math.fma(-kf, LN2_64_LO, Math.fma(-kf, LN2_64_HI, z));
    double p =
        Math.fma(
            Math.fma(
                Math.fma(Math.fma(Math.fma(r, 1.0 / 120, 1.0 / 24), r, 1.0 / 6), r, 0.5), r, 1.0),
            r,
            1.0);
    return TWO_TO_J_64[(int) (k & 63)] * p * Double.longBitsToDouble(((k >> 6) + 1023) << 52);
  }
}
