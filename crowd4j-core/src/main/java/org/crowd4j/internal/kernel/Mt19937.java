package org.crowd4j.internal.kernel;

/**
 * The Mersenne Twister MT19937 (Matsumoto &amp; Nishimura 1998) seeded the way numpy's legacy
 * {@code RandomState(seed)} seeds it, so that methods can reproduce a Python peer's random
 * initialisation draw for draw. Offers numpy's {@code random_sample} (53-bit doubles in [0, 1)) and
 * its legacy polar-method Gaussian ({@code RandomState.standard_normal}).
 *
 * <p>Not thread-safe; one instance per fit.
 */
public final class Mt19937 {
  private static final int N = 624;
  private static final int M = 397;
  private static final int MATRIX_A = 0x9908b0df;
  private static final int UPPER_MASK = 0x80000000;
  private static final int LOWER_MASK = 0x7fffffff;

  private final int[] mt = new int[N];
  private int index;
  private boolean hasGauss;
  private double gauss;

  /**
   * A generator in the state of numpy's {@code RandomState(seed)}.
   *
   * @param seed in {@code [0, 2^32 - 1]}, as numpy requires
   */
  public Mt19937(long seed) {
    if (seed < 0 || seed > 0xffffffffL) {
      throw new IllegalArgumentException("seed must be in [0, 2^32 - 1] for MT19937: " + seed);
    }
    mt[0] = (int) seed;
    for (int i = 1; i < N; i++) {
      mt[i] = 1812433253 * (mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
    }
    index = N;
  }

  /** The next 32 random bits (MT19937 {@code genrand_int32}). */
  public int nextInt32() {
    if (index >= N) {
      twist();
    }
    int y = mt[index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y;
  }

  /** A double in [0, 1) with 53 random bits, as numpy's {@code random_sample}. */
  public double nextDouble() {
    long a = (nextInt32() & 0xffffffffL) >>> 5;
    long b = (nextInt32() & 0xffffffffL) >>> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  /** A standard normal draw, as numpy's legacy {@code standard_normal} (polar Box–Muller). */
  public double nextGaussian() {
    if (hasGauss) {
      hasGauss = false;
      return gauss;
    }
    double x1;
    double x2;
    double r2;
    do {
      x1 = 2.0 * nextDouble() - 1.0;
      x2 = 2.0 * nextDouble() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = Math.sqrt(-2.0 * Math.log(r2) / r2);
    gauss = f * x1;
    hasGauss = true;
    return f * x2;
  }

  private void twist() {
    for (int i = 0; i < N; i++) {
      int y = (mt[i] & UPPER_MASK) | (mt[(i + 1) % N] & LOWER_MASK);
      int next = mt[(i + M) % N] ^ (y >>> 1);
      mt[i] = (y & 1) == 0 ? next : next ^ MATRIX_A;
    }
    index = 0;
  }
}
