package org.crowd4j.simulate;

import java.util.SplittableRandom;

/**
 * Common plus individual noise with hidden annotator and instance embeddings (Chu et al. 2021,
 * §"Simulation"): annotator r's answer on item i follows the shared matrix Π^g with probability
 * ω_ir = σ(u_r · v_i + b), otherwise her own matrix Π^r. Instance embeddings v_i = W_v x_i come
 * from the item features through a random linear map, annotator embeddings u_r are random, and the
 * offset b is found by bisection so that the mean of ω over all (item, annotator) pairs equals the
 * requested common-noise share (normalised cosines could not reach means outside [0.27, 0.73]).
 */
public final class CommonNoisePool implements AnnotatorPool {
  private final double[][] common;
  private final double[][][] individual;
  private final float[] itemEmbedding;
  private final double[] annotatorEmbedding;
  private final int dim;
  private final double offset;

  private CommonNoisePool(
      double[][] common,
      double[][][] individual,
      float[] itemEmbedding,
      double[] annotatorEmbedding,
      int dim,
      double offset) {
    this.common = common;
    this.individual = individual;
    this.itemEmbedding = itemEmbedding;
    this.annotatorEmbedding = annotatorEmbedding;
    this.dim = dim;
    this.offset = offset;
  }

  /**
   * Builds the pool.
   *
   * @param features item features, {@code n × d} row-major
   * @param d feature dimension
   * @param common the shared confusion Π^g
   * @param individual one confusion per annotator
   * @param embeddingDim size of the hidden embeddings (CoNAL: 20)
   * @param meanCommonShare the target mean of ω in (0, 1)
   * @param rng source of the hidden weights
   */
  public static CommonNoisePool create(
      float[] features,
      int d,
      double[][] common,
      double[][][] individual,
      int embeddingDim,
      double meanCommonShare,
      SplittableRandom rng) {
    if (!(meanCommonShare >= 0 && meanCommonShare <= 1)) {
      throw new IllegalArgumentException("meanCommonShare must be in [0, 1]: " + meanCommonShare);
    }
    Confusions.check(common);
    for (double[][] m : individual) {
      Confusions.check(m);
    }
    int n = features.length / d;
    int e = embeddingDim;
    double[] wv = gaussian(d * e, 1.0 / Math.sqrt(d), rng);
    float[] v = new float[n * e];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < e; j++) {
        double s = 0;
        for (int f = 0; f < d; f++) {
          s += features[i * d + f] * wv[f * e + j];
        }
        v[i * e + j] = (float) s;
      }
    }
    double[] u = gaussian(individual.length * e, 1.0 / Math.sqrt(e), rng);
    double b = solveOffset(v, u, e, n, individual.length, meanCommonShare, rng);
    return new CommonNoisePool(common, individual, v, u, e, b);
  }

  private static double solveOffset(
      float[] v, double[] u, int e, int n, int r, double target, SplittableRandom rng) {
    if (target <= 0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (target >= 1) {
      return Double.POSITIVE_INFINITY;
    }
    long pairs = (long) n * r;
    int samples = (int) Math.min(pairs, 400_000);
    double[] dots = new double[samples];
    for (int s = 0; s < samples; s++) {
      long p = samples == pairs ? s : (long) (rng.nextDouble() * pairs);
      int i = (int) (p / r);
      int a = (int) (p % r);
      dots[s] = dot(v, i * e, u, a * e, e);
    }
    double lo = -50;
    double hi = 50;
    for (int it = 0; it < 100; it++) {
      double mid = 0.5 * (lo + hi);
      double mean = 0;
      for (double x : dots) {
        mean += sigmoid(x + mid);
      }
      mean /= samples;
      if (mean < target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return 0.5 * (lo + hi);
  }

  @Override
  public int size() {
    return individual.length;
  }

  @Override
  public int numLabels() {
    return common.length;
  }

  @Override
  public double[][] confusion(int r) {
    return individual[r];
  }

  @Override
  public double[][] commonConfusion() {
    return common;
  }

  @Override
  public double commonProbability(int r, int i) {
    if (offset == Double.NEGATIVE_INFINITY) {
      return 0;
    }
    if (offset == Double.POSITIVE_INFINITY) {
      return 1;
    }
    return sigmoid(dot(itemEmbedding, i * dim, annotatorEmbedding, r * dim, dim) + offset);
  }

  @Override
  public String describe(int r) {
    return "common+individual";
  }

  private static double dot(float[] v, int vo, double[] u, int uo, int e) {
    double s = 0;
    for (int j = 0; j < e; j++) {
      s += v[vo + j] * u[uo + j];
    }
    return s;
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  private static double[] gaussian(int len, double scale, SplittableRandom rng) {
    double[] out = new double[len];
    for (int j = 0; j < len; j++) {
      out[j] = scale * Gaussians.standardNormal(rng);
    }
    return out;
  }
}
