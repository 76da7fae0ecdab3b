package org.crowd4j.simulate;

import java.util.SplittableRandom;

/**
 * The "perturbed classifier" annotator groups of Mena &amp; Ñanculef 2019: a classifier is trained
 * on the true labels, its weights are perturbed by Gaussian noise at M levels (weights z-scored,
 * N(0, σ_m²) added, un-standardised), and each perturbed model's confusion matrix on the data
 * becomes a group's confusion (rows L1-normalised; a class with no item gets a uniform row).
 *
 * <p>The classifier here is multinomial logistic regression trained by full-batch gradient descent
 * on standardised features; the authors used a small MLP (4 hidden units) — a linear model keeps
 * the simulator free of a neural-network engine and gives the same kind of graded groups.
 */
public final class PerturbedClassifiers {
  private PerturbedClassifiers() {}

  /**
   * Group confusions, one per noise level.
   *
   * @param features {@code n × d} row-major
   * @param d feature dimension
   * @param truth true class per item
   * @param k number of classes
   * @param sigmas noise levels σ_m (e.g. 0.2, 0.8, 1.5 for the synthetic set)
   * @param rng source of the perturbations
   * @return {@code M × K × K} row-stochastic matrices
   */
  public static double[][][] groupConfusions(
      float[] features, int d, int[] truth, int k, double[] sigmas, SplittableRandom rng) {
    int n = truth.length;
    double[] mean = new double[d];
    double[] sd = new double[d];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < d; f++) {
        mean[f] += features[i * d + f] / (double) n;
      }
    }
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < d; f++) {
        double x = features[i * d + f] - mean[f];
        sd[f] += x * x / n;
      }
    }
    for (int f = 0; f < d; f++) {
      sd[f] = sd[f] > 0 ? Math.sqrt(sd[f]) : 1;
    }
    double[] w = train(features, d, truth, k, mean, sd);
    double wm = 0;
    for (double v : w) {
      wm += v / w.length;
    }
    double ws = 0;
    for (double v : w) {
      ws += (v - wm) * (v - wm) / w.length;
    }
    ws = ws > 0 ? Math.sqrt(ws) : 1;
    double[][][] out = new double[sigmas.length][][];
    for (int m = 0; m < sigmas.length; m++) {
      double[] p = new double[w.length];
      for (int j = 0; j < w.length; j++) {
        double z = (w[j] - wm) / ws + sigmas[m] * Gaussians.standardNormal(rng);
        p[j] = z * ws + wm;
      }
      out[m] = confusion(features, d, truth, k, mean, sd, p);
    }
    return out;
  }

  /** Weights {@code (d + 1) × k} (last row = bias) of softmax regression, 300 GD steps. */
  private static double[] train(float[] x, int d, int[] y, int k, double[] mean, double[] sd) {
    int n = y.length;
    double[] w = new double[(d + 1) * k];
    double[] grad = new double[w.length];
    double[] logits = new double[k];
    double lr = 0.5;
    for (int step = 0; step < 300; step++) {
      java.util.Arrays.fill(grad, 0);
      for (int i = 0; i < n; i++) {
        scores(x, i, d, k, mean, sd, w, logits);
        softmax(logits);
        logits[y[i]] -= 1;
        for (int f = 0; f <= d; f++) {
          double xf = f == d ? 1 : (x[i * d + f] - mean[f]) / sd[f];
          for (int c = 0; c < k; c++) {
            grad[f * k + c] += xf * logits[c] / n;
          }
        }
      }
      for (int j = 0; j < w.length; j++) {
        w[j] -= lr * (grad[j] + 1e-4 * w[j]);
      }
    }
    return w;
  }

  private static double[][] confusion(
      float[] x, int d, int[] y, int k, double[] mean, double[] sd, double[] w) {
    double[][] c = new double[k][k];
    double[] logits = new double[k];
    for (int i = 0; i < y.length; i++) {
      scores(x, i, d, k, mean, sd, w, logits);
      int best = 0;
      for (int j = 1; j < k; j++) {
        if (logits[j] > logits[best]) {
          best = j;
        }
      }
      c[y[i]][best]++;
    }
    for (double[] row : c) {
      double z = 0;
      for (double v : row) {
        z += v;
      }
      for (int j = 0; j < k; j++) {
        row[j] = z > 0 ? row[j] / z : 1.0 / k;
      }
    }
    return c;
  }

  private static void scores(
      float[] x, int i, int d, int k, double[] mean, double[] sd, double[] w, double[] out) {
    for (int c = 0; c < k; c++) {
      out[c] = w[d * k + c];
    }
    for (int f = 0; f < d; f++) {
      double xf = (x[i * d + f] - mean[f]) / sd[f];
      for (int c = 0; c < k; c++) {
        out[c] += xf * w[f * k + c];
      }
    }
  }

  private static void softmax(double[] s) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : s) {
      max = Math.max(max, v);
    }
    double z = 0;
    for (int c = 0; c < s.length; c++) {
      s[c] = Math.exp(s[c] - max);
      z += s[c];
    }
    for (int c = 0; c < s.length; c++) {
      s[c] /= z;
    }
  }
}
