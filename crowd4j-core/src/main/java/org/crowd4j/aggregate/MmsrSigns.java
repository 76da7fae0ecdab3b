package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Spectral sign determination of M-MSR (Ma &amp; Olshevsky 2020, Section 4): given the signs of the
 * pairwise covariations C_ij ≈ s_i s_j, find signs σ_i with σ_i σ_j = sign(C_ij) as often as
 * possible.
 *
 * <p>The signed graph is lifted to an unsigned one in which a negative pair is an edge (endpoints
 * should differ) and a positive pair is a path through a new middle node (endpoints should agree).
 * A perfectly consistent sign pattern makes the lifted graph bipartite, and its two sides are read
 * off the eigenvector of the random-walk matrix D⁻¹A for the eigenvalue closest to −1 (crowd-kit
 * asks ARPACK for the smallest-magnitude eigenvalue of D⁻¹A + I). We compute the same vector as the
 * bottom eigenvector of the symmetric D^{-1/2} A D^{-1/2} (same signs, D &gt; 0): dense Jacobi
 * rotations for small graphs, single-vector LOBPCG (Knyazev 2001) otherwise, never forming A.
 *
 * <p>With {@code crowdKit} the graph is crowd-kit 1.4.1's: over workers whose row of the dense C
 * does not sum to 0, every pair without common tasks and every worker with herself count as
 * negative (C = −1/(M − 1) there), and one global orientation makes most signs positive (all signs
 * become 0 if they tie, as in crowd-kit). These dense negative edges are represented implicitly as
 * "all pairs minus the observed non-negative ones", so memory stays O(P). Otherwise only observed
 * pairs are used, one connected component at a time; each component is oriented so that most of its
 * workers (then most of the magnitude) are positive, and an isolated worker is positive.
 */
final class MmsrSigns {
  private static final int DENSE_LIMIT = 64;
  private static final int MAX_LOBPCG_ITERATIONS = 20_000;
  private static final double RESIDUAL_TOL = 1e-10;

  private MmsrSigns() {}

  /** A sign in {−1, 0, +1} per worker. */
  static double[] signs(Mmsr.Pairs pairs, double[] magnitude, boolean crowdKit, long seed) {
    return crowdKit ? crowdKitSigns(pairs, seed) : componentSigns(pairs, magnitude, seed);
  }

  private static double[] crowdKitSigns(Mmsr.Pairs pairs, long seed) {
    int numWorkers = pairs.numWorkers();
    int[] start = pairs.start();
    double[] c = pairs.covariation();
    double unobserved = -1.0 / (pairs.numLabels() - 1);
    int[] local = new int[numWorkers];
    int k = 0;
    for (int w = 0; w < numWorkers; w++) {
      double sum = (numWorkers - pairs.degree(w)) * unobserved;
      for (int q = start[w]; q < start[w + 1]; q++) {
        sum += c[q];
      }
      local[w] = sum != 0 ? k++ : -1;
    }
    int[] global = new int[k];
    for (int w = 0; w < numWorkers; w++) {
      if (local[w] >= 0) {
        global[local[w]] = w;
      }
    }
    double[] out = new double[numWorkers];
    if (k == 0) {
      return out;
    }
    Lifted g = build(pairs, local, global, true);
    double[] vec = bottomEigenvector(g, seed);
    double total = 0;
    for (int i = 0; i < k; i++) {
      total += Math.signum(vec[i]);
    }
    double orientation = Math.signum(total);
    for (int i = 0; i < k; i++) {
      out[global[i]] = orientation * Math.signum(vec[i]);
    }
    return out;
  }

  private static double[] componentSigns(Mmsr.Pairs pairs, double[] magnitude, long seed) {
    int numWorkers = pairs.numWorkers();
    int[] start = pairs.start();
    int[] partner = pairs.partner();
    double[] c = pairs.covariation();
    int[] parent = new int[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      parent[w] = w;
    }
    for (int w = 0; w < numWorkers; w++) {
      for (int q = start[w]; q < start[w + 1]; q++) {
        if (c[q] != 0) {
          int a = find(parent, w);
          int b = find(parent, partner[q]);
          if (a != b) {
            parent[Math.max(a, b)] = Math.min(a, b);
          }
        }
      }
    }
    // members of each component, in worker order
    int[] size = new int[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      size[find(parent, w)]++;
    }
    int[] compStart = new int[numWorkers + 1];
    for (int w = 0; w < numWorkers; w++) {
      compStart[w + 1] = compStart[w] + size[w];
    }
    int[] members = new int[numWorkers];
    int[] next = Arrays.copyOf(compStart, numWorkers);
    for (int w = 0; w < numWorkers; w++) {
      members[next[find(parent, w)]++] = w;
    }
    double[] out = new double[numWorkers];
    int[] local = new int[numWorkers];
    Arrays.fill(local, -1);
    for (int root = 0; root < numWorkers; root++) {
      int k = size[root];
      if (k == 0) {
        continue;
      }
      if (k == 1) {
        out[members[compStart[root]]] = 1.0;
        continue;
      }
      int[] global = Arrays.copyOfRange(members, compStart[root], compStart[root + 1]);
      for (int i = 0; i < k; i++) {
        local[global[i]] = i;
      }
      Lifted g = build(pairs, local, global, false);
      double[] vec = bottomEigenvector(g, seed);
      double count = 0;
      double weighted = 0;
      for (int i = 0; i < k; i++) {
        count += Math.signum(vec[i]);
        weighted += Math.signum(vec[i]) * Math.abs(magnitude[global[i]]);
      }
      double orientation = count != 0 ? Math.signum(count) : weighted < 0 ? -1.0 : 1.0;
      for (int i = 0; i < k; i++) {
        out[global[i]] = orientation * Math.signum(vec[i]);
        local[global[i]] = -1;
      }
    }
    return out;
  }

  private static int find(int[] parent, int w) {
    while (parent[w] != w) {
      parent[w] = parent[parent[w]];
      w = parent[w];
    }
    return w;
  }

  /**
   * The lifted graph over the workers {@code global} (local ids via {@code local}, −1 = absent). In
   * complement mode the explicit lists hold the observed partners with C ≥ 0, to be removed from
   * the implicit complete negative graph (self-loops included); otherwise they hold the negative
   * partners.
   */
  private static Lifted build(Mmsr.Pairs pairs, int[] local, int[] global, boolean complement) {
    int k = global.length;
    int[] start = pairs.start();
    int[] partner = pairs.partner();
    double[] c = pairs.covariation();
    int[] listStart = new int[k + 1];
    int aux = 0;
    for (int i = 0; i < k; i++) {
      int w = global[i];
      int count = 0;
      for (int q = start[w]; q < start[w + 1]; q++) {
        int j = local[partner[q]];
        if (j < 0) {
          continue;
        }
        if (complement ? c[q] >= 0 : c[q] < 0) {
          count++;
        }
        if (c[q] > 0 && j > i) {
          aux++;
        }
      }
      listStart[i + 1] = listStart[i] + count;
    }
    int[] list = new int[listStart[k]];
    int[] auxA = new int[aux];
    int[] auxB = new int[aux];
    double[] degree = new double[k + aux];
    int e = 0;
    for (int i = 0; i < k; i++) {
      int w = global[i];
      int p = listStart[i];
      int zero = 0;
      int neg = 0;
      int pos = 0;
      for (int q = start[w]; q < start[w + 1]; q++) {
        int j = local[partner[q]];
        if (j < 0) {
          continue;
        }
        if (complement ? c[q] >= 0 : c[q] < 0) {
          list[p++] = j;
        }
        if (c[q] > 0) {
          pos++;
          if (j > i) {
            auxA[e] = i;
            auxB[e] = j;
            e++;
          }
        } else if (c[q] < 0) {
          neg++;
        } else {
          zero++;
        }
      }
      degree[i] = complement ? k - zero : neg + pos;
    }
    for (int a = 0; a < aux; a++) {
      degree[k + a] = 2;
    }
    double[] invSqrt = new double[k + aux];
    for (int v = 0; v < k + aux; v++) {
      invSqrt[v] = degree[v] > 0 ? 1 / Math.sqrt(degree[v]) : 0;
    }
    return new Lifted(k, complement, listStart, list, auxA, auxB, invSqrt);
  }

  /** The lifted graph and products with its normalised adjacency D^{-1/2} A D^{-1/2}. */
  private record Lifted(
      int k,
      boolean complement,
      int[] listStart,
      int[] list,
      int[] auxA,
      int[] auxB,
      double[] invSqrt) {
    int size() {
      return k + auxA.length;
    }

    void multiply(double[] z, double[] out, double[] scratch) {
      int n = size();
      double total = 0;
      for (int v = 0; v < n; v++) {
        scratch[v] = z[v] * invSqrt[v];
        if (v < k) {
          total += scratch[v];
        }
      }
      for (int i = 0; i < k; i++) {
        double acc = complement ? total : 0;
        for (int p = listStart[i]; p < listStart[i + 1]; p++) {
          acc += complement ? -scratch[list[p]] : scratch[list[p]];
        }
        out[i] = acc;
      }
      for (int e = 0; e < auxA.length; e++) {
        int a = auxA[e];
        int b = auxB[e];
        out[k + e] = scratch[a] + scratch[b];
        out[a] += scratch[k + e];
        out[b] += scratch[k + e];
      }
      for (int v = 0; v < n; v++) {
        out[v] *= invSqrt[v];
      }
    }
  }

  /** Eigenvector of the smallest eigenvalue of the normalised adjacency. */
  private static double[] bottomEigenvector(Lifted g, long seed) {
    int n = g.size();
    if (n <= DENSE_LIMIT) {
      double[] dense = new double[n * n];
      double[] unit = new double[n];
      double[] col = new double[n];
      double[] scratch = new double[n];
      for (int j = 0; j < n; j++) {
        unit[j] = 1;
        g.multiply(unit, col, scratch);
        unit[j] = 0;
        for (int i = 0; i < n; i++) {
          dense[i * n + j] = col[i];
        }
      }
      double[] vectors = new double[n * n];
      double[] values = SymmetricEigen.jacobi(dense, n, vectors);
      int best = 0;
      for (int j = 1; j < n; j++) {
        if (values[j] < values[best]) {
          best = j;
        }
      }
      double[] out = new double[n];
      for (int i = 0; i < n; i++) {
        out[i] = vectors[i * n + best];
      }
      return out;
    }
    return lobpcg(g, seed);
  }

  /** Single-vector LOBPCG for the smallest eigenvalue (Rayleigh–Ritz on [x, r, p]). */
  private static double[] lobpcg(Lifted g, long seed) {
    int n = g.size();
    double[] scratch = new double[n];
    SplittableRandom rng = new SplittableRandom(seed);
    double[] x = new double[n];
    for (int v = 0; v < n; v++) {
      x[v] = rng.nextDouble() - 0.5;
    }
    scale(x, 1 / norm(x));
    double[] ax = new double[n];
    g.multiply(x, ax, scratch);
    double[] p = null;
    double[][] basis = new double[3][];
    double[][] images = new double[3][];
    for (int it = 0; it < MAX_LOBPCG_ITERATIONS; it++) {
      double lambda = dot(x, ax);
      double[] r = new double[n];
      for (int v = 0; v < n; v++) {
        r[v] = ax[v] - lambda * x[v];
      }
      if (norm(r) < RESIDUAL_TOL) {
        break;
      }
      int q = 0;
      basis[q] = x;
      images[q] = ax;
      q++;
      double[][] candidates = p == null ? new double[][] {r} : new double[][] {r, p};
      for (double[] cand : candidates) {
        double[] w = cand.clone();
        for (int pass = 0; pass < 2; pass++) {
          for (int b = 0; b < q; b++) {
            axpy(-dot(basis[b], w), basis[b], w);
          }
        }
        double nw = norm(w);
        if (nw > 1e-12) {
          scale(w, 1 / nw);
          double[] aw = new double[n];
          g.multiply(w, aw, scratch);
          basis[q] = w;
          images[q] = aw;
          q++;
        }
      }
      if (q == 1) {
        break;
      }
      double[] gram = new double[q * q];
      for (int a = 0; a < q; a++) {
        for (int b = a; b < q; b++) {
          double v = 0.5 * (dot(basis[a], images[b]) + dot(basis[b], images[a]));
          gram[a * q + b] = v;
          gram[b * q + a] = v;
        }
      }
      double[] vecs = new double[q * q];
      double[] vals = SymmetricEigen.jacobi(gram, q, vecs);
      int best = 0;
      for (int j = 1; j < q; j++) {
        if (vals[j] < vals[best]) {
          best = j;
        }
      }
      double[] nx = new double[n];
      double[] nax = new double[n];
      double[] np = new double[n];
      for (int b = 0; b < q; b++) {
        double coef = vecs[b * q + best];
        axpy(coef, basis[b], nx);
        axpy(coef, images[b], nax);
        if (b > 0) {
          axpy(coef, basis[b], np);
        }
      }
      double nn = norm(nx);
      scale(nx, 1 / nn);
      scale(nax, 1 / nn);
      x = nx;
      ax = nax;
      p = np;
      if (it % 50 == 49) {
        g.multiply(x, ax, scratch);
      }
    }
    return x;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double norm(double[] a) {
    return Math.sqrt(dot(a, a));
  }

  private static void scale(double[] a, double f) {
    for (int i = 0; i < a.length; i++) {
      a[i] *= f;
    }
  }

  private static void axpy(double f, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += f * x[i];
    }
  }
}
