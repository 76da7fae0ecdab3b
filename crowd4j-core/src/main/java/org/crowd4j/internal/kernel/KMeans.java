package org.crowd4j.internal.kernel;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded Lloyd k-means with k-means++ seeding (Arthur &amp; Vassilvitskii 2007) over dense points.
 * Deterministic for a given generator state. Time {@code O(n d k)} per Lloyd iteration.
 */
public final class KMeans {
  private KMeans() {}

  /**
   * Clusters {@code n} points of dimension {@code d} stored row-major in {@code x} into {@code k}
   * clusters.
   *
   * @param x points, {@code n × d} row-major
   * @param n number of points
   * @param d dimension
   * @param k number of clusters, at least 1
   * @param maxIterations Lloyd iterations at most
   * @param rng source of the k-means++ choices
   * @return the cluster of every point, in {@code [0, k)}; a cluster may end up empty when there
   *     are fewer distinct points than clusters
   */
  public static int[] cluster(
      double[] x, int n, int d, int k, int maxIterations, SplittableRandom rng) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be >= 1: " + k);
    }
    int[] assign = new int[n];
    if (n == 0 || k == 1) {
      return assign;
    }
    double[] centers = seed(x, n, d, k, rng);
    Arrays.fill(assign, -1);
    double[] sums = new double[k * d];
    int[] counts = new int[k];
    for (int it = 0; it < maxIterations; it++) {
      boolean changed = false;
      for (int p = 0; p < n; p++) {
        int best = nearest(x, p * d, centers, d, k);
        if (best != assign[p]) {
          assign[p] = best;
          changed = true;
        }
      }
      if (!changed) {
        break;
      }
      Arrays.fill(sums, 0.0);
      Arrays.fill(counts, 0);
      for (int p = 0; p < n; p++) {
        int c = assign[p];
        counts[c]++;
        for (int j = 0; j < d; j++) {
          sums[c * d + j] += x[p * d + j];
        }
      }
      for (int c = 0; c < k; c++) {
        if (counts[c] > 0) {
          for (int j = 0; j < d; j++) {
            centers[c * d + j] = sums[c * d + j] / counts[c];
          }
        }
      }
    }
    return assign;
  }

  /**
   * Clusters {@code n} distinct points with integer multiplicities {@code weight}: the same
   * algorithm as {@link #cluster} run on the points repeated as often as their weight (k-means++
   * picks the first centre with probability ∝ weight and the next ones ∝ weight × squared distance;
   * Lloyd centres are weighted means), at the cost of the distinct points only.
   *
   * @param x points, {@code n × d} row-major
   * @param weight multiplicity of every point, each at least 1
   * @return the cluster of every point, in {@code [0, k)}
   */
  public static int[] clusterWeighted(
      double[] x, long[] weight, int n, int d, int k, int maxIterations, SplittableRandom rng) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be >= 1: " + k);
    }
    int[] assign = new int[n];
    if (n == 0 || k == 1) {
      return assign;
    }
    long totalWeight = 0;
    for (long w : weight) {
      if (w < 1) {
        throw new IllegalArgumentException("weights must be >= 1: " + w);
      }
      totalWeight += w;
    }
    double[] centers = new double[k * d];
    double[] dist = new double[n];
    int first = pickByWeight(weight, rng.nextLong(totalWeight));
    System.arraycopy(x, first * d, centers, 0, d);
    for (int p = 0; p < n; p++) {
      dist[p] = squared(x, p * d, centers, 0, d);
    }
    for (int c = 1; c < k; c++) {
      double total = 0;
      for (int p = 0; p < n; p++) {
        total += weight[p] * dist[p];
      }
      int pick;
      if (total > 0) {
        double u = rng.nextDouble() * total;
        pick = n - 1;
        double acc = 0;
        for (int p = 0; p < n; p++) {
          acc += weight[p] * dist[p];
          if (acc > u && dist[p] > 0) {
            pick = p;
            break;
          }
        }
      } else {
        pick = pickByWeight(weight, rng.nextLong(totalWeight));
      }
      System.arraycopy(x, pick * d, centers, c * d, d);
      for (int p = 0; p < n; p++) {
        dist[p] = Math.min(dist[p], squared(x, p * d, centers, c * d, d));
      }
    }
    Arrays.fill(assign, -1);
    double[] sums = new double[k * d];
    long[] counts = new long[k];
    for (int it = 0; it < maxIterations; it++) {
      boolean changed = false;
      for (int p = 0; p < n; p++) {
        int best = nearest(x, p * d, centers, d, k);
        if (best != assign[p]) {
          assign[p] = best;
          changed = true;
        }
      }
      if (!changed) {
        break;
      }
      Arrays.fill(sums, 0.0);
      Arrays.fill(counts, 0);
      for (int p = 0; p < n; p++) {
        int c = assign[p];
        counts[c] += weight[p];
        for (int j = 0; j < d; j++) {
          sums[c * d + j] += weight[p] * x[p * d + j];
        }
      }
      for (int c = 0; c < k; c++) {
        if (counts[c] > 0) {
          for (int j = 0; j < d; j++) {
            centers[c * d + j] = sums[c * d + j] / counts[c];
          }
        }
      }
    }
    return assign;
  }

  /** The point holding unit {@code r} when the points are laid out by weight. */
  private static int pickByWeight(long[] weight, long r) {
    long acc = 0;
    for (int p = 0; p < weight.length; p++) {
      acc += weight[p];
      if (acc > r) {
        return p;
      }
    }
    return weight.length - 1;
  }

  /** k-means++: the first centre uniformly, each next one with probability ∝ squared distance. */
  private static double[] seed(double[] x, int n, int d, int k, SplittableRandom rng) {
    double[] centers = new double[k * d];
    double[] dist = new double[n];
    int first = rng.nextInt(n);
    System.arraycopy(x, first * d, centers, 0, d);
    for (int p = 0; p < n; p++) {
      dist[p] = squared(x, p * d, centers, 0, d);
    }
    for (int c = 1; c < k; c++) {
      double total = 0;
      for (double v : dist) {
        total += v;
      }
      int pick;
      if (total > 0) {
        double u = rng.nextDouble() * total;
        pick = n - 1;
        double acc = 0;
        for (int p = 0; p < n; p++) {
          acc += dist[p];
          if (acc > u && dist[p] > 0) {
            pick = p;
            break;
          }
        }
      } else {
        pick = rng.nextInt(n);
      }
      System.arraycopy(x, pick * d, centers, c * d, d);
      for (int p = 0; p < n; p++) {
        dist[p] = Math.min(dist[p], squared(x, p * d, centers, c * d, d));
      }
    }
    return centers;
  }

  private static int nearest(double[] x, int from, double[] centers, int d, int k) {
    int best = 0;
    double bestDist = Double.POSITIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      double s = squared(x, from, centers, c * d, d);
      if (s < bestDist) {
        bestDist = s;
        best = c;
      }
    }
    return best;
  }

  private static double squared(double[] x, int from, double[] y, int yFrom, int d) {
    double s = 0;
    for (int j = 0; j < d; j++) {
      double t = x[from + j] - y[yFrom + j];
      s += t * t;
    }
    return s;
  }
}
