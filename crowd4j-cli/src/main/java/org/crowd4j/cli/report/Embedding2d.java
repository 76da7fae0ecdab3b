package org.crowd4j.cli.report;

import java.util.SplittableRandom;
import tagbio.umap.Umap;

/**
 * 2-D layout of annotator embeddings. UMAP (McInnes et al. 2018; Tag.bio's Java port, MIT) with
 * min(15, n − 1) neighbours and a fixed seed when there are at least {@link #UMAP_MIN} annotators;
 * below that (UMAP's neighbour graph is meaningless on a handful of points), or if UMAP fails, the
 * documented fallback: the projection on the first two principal components (power iteration on the
 * covariance, the second component kept orthogonal to the first).
 */
final class Embedding2d {
  static final int UMAP_MIN = 10;

  /** The layout and how it was obtained. */
  record Layout(double[][] points, String method) {}

  private Embedding2d() {}

  static Layout project(float[][] x, long seed) {
    int n = x.length;
    if (n >= UMAP_MIN) {
      try {
        int nn = Math.min(15, n - 1);
        Umap umap = new Umap();
        umap.setNumberComponents(2);
        umap.setNumberNearestNeighbours(nn);
        umap.setSeed(seed);
        umap.setThreads(1);
        umap.setVerbose(false);
        float[][] y = umap.fitTransform(x);
        double[][] out = new double[n][2];
        boolean finite = true;
        for (int i = 0; i < n; i++) {
          out[i][0] = y[i][0];
          out[i][1] = y[i][1];
          finite &= Double.isFinite(out[i][0]) && Double.isFinite(out[i][1]);
        }
        if (finite) {
          return new Layout(out, "UMAP (" + nn + " neighbours, Euclidean, seed " + seed + ")");
        }
      } catch (RuntimeException e) {
        // fall through to PCA
      }
    }
    return new Layout(pca(x, seed), "PCA (first two principal components)");
  }

  /** Projection of the centred rows on the first two principal components. */
  static double[][] pca(float[][] x, long seed) {
    int n = x.length;
    int d = n == 0 ? 0 : x[0].length;
    double[][] c = new double[n][d];
    for (int j = 0; j < d; j++) {
      double m = 0;
      for (float[] row : x) {
        m += row[j];
      }
      m /= Math.max(1, n);
      for (int i = 0; i < n; i++) {
        c[i][j] = x[i][j] - m;
      }
    }
    double[][] cov = new double[d][d];
    for (double[] row : c) {
      for (int a = 0; a < d; a++) {
        for (int b = 0; b < d; b++) {
          cov[a][b] += row[a] * row[b];
        }
      }
    }
    double trace = 0;
    for (int a = 0; a < d; a++) {
      trace += cov[a][a];
    }
    double[][] out = new double[n][2];
    double[][] comps = new double[2][];
    SplittableRandom rng = new SplittableRandom(seed);
    for (int comp = 0; comp < Math.min(2, d); comp++) {
      double[] v = new double[d];
      for (int j = 0; j < d; j++) {
        v[j] = rng.nextDouble() - 0.5;
      }
      boolean found = false;
      for (int it = 0; it < 300; it++) {
        double[] nv = new double[d];
        for (int a = 0; a < d; a++) {
          for (int b = 0; b < d; b++) {
            nv[a] += cov[a][b] * v[b];
          }
        }
        // stay orthogonal to the components found so far
        for (int prev = 0; prev < comp; prev++) {
          if (comps[prev] != null) {
            double dot = 0;
            for (int a = 0; a < d; a++) {
              dot += nv[a] * comps[prev][a];
            }
            for (int a = 0; a < d; a++) {
              nv[a] -= dot * comps[prev][a];
            }
          }
        }
        double norm = 0;
        for (double e : nv) {
          norm += e * e;
        }
        norm = Math.sqrt(norm);
        if (norm <= 1e-12 * Math.max(trace, 1e-300)) {
          found = false;
          break;
        }
        for (int a = 0; a < d; a++) {
          v[a] = nv[a] / norm;
        }
        found = true;
      }
      if (!found) {
        break;
      }
      comps[comp] = v;
      for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < d; j++) {
          s += c[i][j] * v[j];
        }
        out[i][comp] = s;
      }
    }
    return out;
  }
}
