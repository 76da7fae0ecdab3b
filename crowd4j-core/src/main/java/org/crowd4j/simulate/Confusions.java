package org.crowd4j.simulate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Generators of row-stochastic {@code K × K} confusion matrices (rows = true label, columns =
 * answer) for the annotator models of the five papers. Every random choice comes from the given
 * generator, so a seed fixes the matrices.
 */
public final class Confusions {
  private Confusions() {}

  /** The identity (a perfect annotator). */
  public static double[][] identity(int k) {
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      m[c][c] = 1;
    }
    return m;
  }

  /** Every row uniform (a spammer). */
  public static double[][] uniform(int k) {
    double[][] m = new double[k][k];
    for (double[] row : m) {
      Arrays.fill(row, 1.0 / k);
    }
    return m;
  }

  /**
   * Hammer–spammer, whole-annotator reading (Khetan et al. 2018, MBEM's generator): with
   * probability {@code p} a hammer (identity), otherwise a spammer (uniform plus 0.01·I,
   * renormalised).
   */
  public static double[][] hammerSpammerAnnotator(int k, double p, SplittableRandom rng) {
    checkProbability("p", p);
    if (rng.nextDouble() < p) {
      return identity(k);
    }
    double[][] m = uniform(k);
    for (int c = 0; c < k; c++) {
      m[c][c] += 0.01;
    }
    return normalizeRows(m);
  }

  /**
   * Hammer–spammer, per-row reading (MBEM's class-wise variant): each row is independently a hammer
   * (one-hot on the diagonal) with probability {@code p}, else near-uniform (diagonal 1 + U(0.1,
   * 0.11), others 1, renormalised).
   */
  public static double[][] hammerSpammerRows(int k, double p, SplittableRandom rng) {
    checkProbability("p", p);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      if (rng.nextDouble() < p) {
        m[c][c] = 1;
      } else {
        Arrays.fill(m[c], 1.0);
        m[c][c] = 1.0 + 0.1 + 0.01 * rng.nextDouble();
      }
    }
    return normalizeRows(m);
  }

  /**
   * Hammer–spammer, per-label mixture reading (Tanno et al. 2019: "correct with probability p,
   * otherwise uniformly random"): Π = p·I + (1 − p)/K·11ᵀ.
   */
  public static double[][] hammerSpammerMixture(int k, double p) {
    checkProbability("p", p);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      Arrays.fill(m[c], (1 - p) / k);
      m[c][c] += p;
    }
    return m;
  }

  /**
   * Symmetric label noise of strength {@code s}: diagonal 1 − s, the rest spread evenly over the
   * other labels (Wang et al.'s "HS 30 %": s = 0.3).
   */
  public static double[][] symmetric(int k, double s) {
    checkProbability("s", s);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      Arrays.fill(m[c], k > 1 ? s / (k - 1) : 0);
      m[c][c] = k > 1 ? 1 - s : 1;
    }
    return m;
  }

  /**
   * Pairwise flipper (Tanno et al. 2019, MNIST): correct with probability {@code p}, otherwise
   * flips class i to a target t(i) ≠ i drawn uniformly per class.
   */
  public static double[][] pairwiseFlipper(int k, double p, SplittableRandom rng) {
    checkProbability("p", p);
    requireTwoClasses(k);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      int t = (c + 1 + rng.nextInt(k - 1)) % k;
      m[c][c] = p;
      m[c][t] += 1 - p;
    }
    return m;
  }

  /**
   * Structured (semantic) flips: for each pair (a, b) the rows a and b send {@code s} of their mass
   * to each other, diagonal 1 − s; classes outside the pairs are answered correctly (Wang's "SF 40
   * %", Tanno's cat↔dog, automobile↔truck).
   */
  public static double[][] pairFlips(int k, int[][] pairs, double s) {
    checkProbability("s", s);
    double[][] m = identity(k);
    boolean[] used = new boolean[k];
    for (int[] pair : pairs) {
      if (pair.length != 2 || pair[0] == pair[1]) {
        throw new IllegalArgumentException(
            "a pair needs two different classes: " + Arrays.toString(pair));
      }
      for (int c : pair) {
        if (c < 0 || c >= k) {
          throw new IllegalArgumentException("class " + c + " outside 0.." + (k - 1));
        }
        if (used[c]) {
          throw new IllegalArgumentException("class " + c + " appears in two pairs");
        }
        used[c] = true;
      }
      m[pair[0]][pair[0]] = 1 - s;
      m[pair[0]][pair[1]] = s;
      m[pair[1]][pair[1]] = 1 - s;
      m[pair[1]][pair[0]] = s;
    }
    return m;
  }

  /** ⌊K/2⌋ disjoint random class pairs, for {@link #pairFlips}. */
  public static int[][] randomPairs(int k, SplittableRandom rng) {
    int[] perm = permutation(k, rng);
    int[][] pairs = new int[k / 2][];
    for (int j = 0; j < k / 2; j++) {
      pairs[j] = new int[] {perm[2 * j], perm[2 * j + 1]};
    }
    return pairs;
  }

  /**
   * Neighbour ("ordered") confusion: diagonal 1 − s, s/2 to each cyclic neighbour i ± 1 (Wang's "OC
   * 50 %": s = 0.5). With two classes the single neighbour gets s.
   */
  public static double[][] neighbour(int k, double s) {
    checkProbability("s", s);
    requireTwoClasses(k);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      m[c][c] = 1 - s;
      m[c][(c + 1) % k] += s / 2;
      m[c][(c + k - 1) % k] += s / 2;
    }
    return m;
  }

  /**
   * Adversarial permutation: a derangement σ (no fixed point) drawn uniformly; row c answers σ(c)
   * with probability {@code s} and c otherwise (Wang's "AD 100 %": s = 1).
   */
  public static double[][] adversarial(int k, double s, SplittableRandom rng) {
    checkProbability("s", s);
    requireTwoClasses(k);
    int[] sigma = derangement(k, rng);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      m[c][c] = 1 - s;
      m[c][sigma[c]] += s;
    }
    return m;
  }

  /**
   * Asymmetric common confusion of CoNAL (Chu et al. 2021): every class sends {@code s} to one
   * other uniformly chosen class.
   */
  public static double[][] asymmetric(int k, double s, SplittableRandom rng) {
    checkProbability("s", s);
    requireTwoClasses(k);
    double[][] m = new double[k][k];
    for (int c = 0; c < k; c++) {
      int t = (c + 1 + rng.nextInt(k - 1)) % k;
      m[c][c] = 1 - s;
      m[c][t] += s;
    }
    return m;
  }

  /** The entry-wise mean of several matrices (Wang's "AVG" label set). */
  public static double[][] average(double[][]... matrices) {
    int k = matrices[0].length;
    double[][] m = new double[k][k];
    for (double[][] x : matrices) {
      for (int c = 0; c < k; c++) {
        for (int l = 0; l < k; l++) {
          m[c][l] += x[c][l] / matrices.length;
        }
      }
    }
    return m;
  }

  /** Mean of the diagonal. */
  public static double skill(double[][] m) {
    double s = 0;
    for (int c = 0; c < m.length; c++) {
      s += m[c][c];
    }
    return s / m.length;
  }

  /** Whether every diagonal entry exceeds every other entry of its row. */
  public static boolean diagonallyDominant(double[][] m) {
    for (int c = 0; c < m.length; c++) {
      for (int l = 0; l < m.length; l++) {
        if (l != c && m[c][l] >= m[c][c]) {
          return false;
        }
      }
    }
    return true;
  }

  /** Divides every row by its sum, in place; returns {@code m}. */
  public static double[][] normalizeRows(double[][] m) {
    for (double[] row : m) {
      double z = 0;
      for (double v : row) {
        z += v;
      }
      for (int l = 0; l < row.length; l++) {
        row[l] /= z;
      }
    }
    return m;
  }

  /** Checks that {@code m} is square and row-stochastic. */
  public static void check(double[][] m) {
    int k = m.length;
    for (int c = 0; c < k; c++) {
      if (m[c].length != k) {
        throw new IllegalArgumentException("confusion matrix must be square, row " + c);
      }
      double z = 0;
      for (double v : m[c]) {
        if (!(v >= 0)) {
          throw new IllegalArgumentException("negative or NaN entry in row " + c);
        }
        z += v;
      }
      if (Math.abs(z - 1) > 1e-9) {
        throw new IllegalArgumentException("row " + c + " sums to " + z + ", not 1");
      }
    }
  }

  static int[] permutation(int k, SplittableRandom rng) {
    int[] p = new int[k];
    for (int i = 0; i < k; i++) {
      p[i] = i;
    }
    for (int i = k - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** A uniformly random derangement by rejection (expected e ≈ 2.7 draws). */
  static int[] derangement(int k, SplittableRandom rng) {
    while (true) {
      int[] p = permutation(k, rng);
      boolean ok = true;
      for (int i = 0; i < k && ok; i++) {
        ok = p[i] != i;
      }
      if (ok) {
        return p;
      }
    }
  }

  private static void checkProbability(String name, double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException(name + " must be in [0, 1]: " + p);
    }
  }

  private static void requireTwoClasses(int k) {
    if (k < 2) {
      throw new IllegalArgumentException("this annotator model needs at least 2 classes: " + k);
    }
  }
}
