package org.crowd4j.internal.kernel;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.Posteriors;

/**
 * The maths of the answer-only crowd mixture model (Mena &amp; Ñanculef 2019) over primitive
 * arrays, shared by the single-machine and the Spark implementations: the per-task E-step with its
 * M-step counts, the first M-step from the k-means groups, the EM state of one restart ({@link
 * Run}, whose M-step and stopping rule work on the summed counts only) and the per-answer terms of
 * the worker memberships.
 *
 * <p>Parameters are the class prior ρ ({@code K}), the group weights α ({@code M}) and the group
 * confusions β ({@code [m][k][l]}); the E-step only needs ρ and the pooled confusion P = Σ_m α_m
 * β^(m) ({@code [k][l]}), so its input does not grow with the data.
 */
public final class CrowdMixtureKernel {
  /** log ε, ε = float32 machine epsilon: the log of a zero one-hot entry in the features. */
  public static final double LOG_EPSILON = Math.log(Math.ulp(1.0f));

  private CrowdMixtureKernel() {}

  /**
   * E-step of one task with answers {@code [from, to)} and its M-step counts: writes q(z) into
   * {@code post[row .. row+K)} (clamped to {@code goldLabel} when it is {@code >= 0}), adds it to
   * {@code rhoCounts} and to {@code counts[k][l]} for every answer label {@code l}; returns the
   * task's log marginal likelihood (for a gold task the complete-data term of its label).
   */
  public static double sweepTask(
      int[] label,
      int from,
      int to,
      double[] logRho,
      double[] logP,
      int k,
      int goldLabel,
      double[] post,
      int row,
      double[] rhoCounts,
      double[] counts) {
    for (int c = 0; c < k; c++) {
      post[row + c] = logRho[c];
    }
    for (int a = from; a < to; a++) {
      int l = label[a];
      for (int c = 0; c < k; c++) {
        post[row + c] += logP[c * k + l];
      }
    }
    double logLik;
    if (goldLabel >= 0) {
      logLik = post[row + goldLabel];
      Arrays.fill(post, row, row + k, 0.0);
      post[row + goldLabel] = 1.0;
    } else {
      logLik = Posteriors.softmaxInPlace(post, row, k);
    }
    for (int c = 0; c < k; c++) {
      rhoCounts[c] += post[row + c];
    }
    for (int a = from; a < to; a++) {
      int l = label[a];
      for (int c = 0; c < k; c++) {
        counts[c * k + l] += post[row + c];
      }
    }
    return logLik;
  }

  /**
   * Counts of the first M-step from one task: adds its starting distribution {@code post[row ..
   * row+K)} to {@code rho} and, for every answer {@code a} in group {@code g = group[a - shift]}, 1
   * to {@code alpha[g]} and z = λ_g q + (1 − λ_g) onehot(l) to {@code beta[g][·][l]}.
   */
  public static void accumulateStart(
      int[] label,
      int from,
      int to,
      int[] group,
      int shift,
      double[] lambda,
      double[] post,
      int row,
      int k,
      double[] rho,
      double[] alpha,
      double[] beta) {
    for (int c = 0; c < k; c++) {
      rho[c] += post[row + c];
    }
    for (int a = from; a < to; a++) {
      int g = group[a - shift];
      int l = label[a];
      alpha[g] += 1.0;
      for (int c = 0; c < k; c++) {
        double z = lambda[g] * post[row + c] + (c == l ? 1.0 - lambda[g] : 0.0);
        beta[(g * k + c) * k + l] += z;
      }
    }
  }

  /**
   * Adds, for every answer of one task, log max(Σ_k q(k) β^(m)[k, l], MIN_NORMAL) to {@code
   * out[worker][m]}: the per-answer terms of log p(g = m | worker) (paper §3.4).
   */
  public static void membershipTask(
      int[] worker,
      int[] label,
      int from,
      int to,
      double[] post,
      int row,
      double[] beta,
      int groups,
      int k,
      double[] out) {
    for (int a = from; a < to; a++) {
      int w = worker[a];
      int l = label[a];
      for (int g = 0; g < groups; g++) {
        double p = 0;
        for (int c = 0; c < k; c++) {
          p += post[row + c] * beta[(g * k + c) * k + l];
        }
        out[w * groups + g] += Math.log(Math.max(p, Double.MIN_NORMAL));
      }
    }
  }

  /**
   * The k-means input of the initialisation, aggregated: the distinct (answer label, soft
   * majority-vote row of its task) pairs with the number of answers that share them, in a canonical
   * order (label, then the row compared entry by entry with {@link Double#compare}). Every answer
   * of one such pair has the same k-means feature, so clustering these weighted points ({@link
   * KMeans#clusterWeighted}) is clustering the answers, at a cost that depends on the number of
   * distinct pairs only; and the result depends only on the set of answers, not on their order, so
   * a distributed run finds the same groups.
   */
  public static final class StartPoints {
    private final int k;
    private final int[] label;
    private final double[] softMv;
    private final long[] weight;
    private final java.util.HashMap<Key, Integer> index;

    private StartPoints(int k, java.util.List<Key> keys, java.util.Map<Key, long[]> counts) {
      this.k = k;
      int n = keys.size();
      this.label = new int[n];
      this.softMv = new double[n * k];
      this.weight = new long[n];
      this.index = new java.util.HashMap<>(Math.max(16, 2 * n));
      for (int p = 0; p < n; p++) {
        Key key = keys.get(p);
        label[p] = key.label;
        System.arraycopy(key.row, 0, softMv, p * k, k);
        weight[p] = counts.get(key)[0];
        index.put(key, p);
      }
    }

    /** A builder for {@code k} classes. */
    public static Builder builder(int k) {
      return new Builder(k);
    }

    /** Collects (label, row) pairs with counts; equal pairs are merged. */
    public static final class Builder {
      private final int k;
      private final java.util.HashMap<Key, long[]> counts = new java.util.HashMap<>();

      private Builder(int k) {
        this.k = k;
      }

      /**
       * Adds {@code count} answers with {@code label} on a task whose row is {@code row[off ..]}.
       */
      public Builder add(int label, double[] row, int off, long count) {
        Key key = new Key(label, Arrays.copyOfRange(row, off, off + k));
        long[] c = counts.get(key);
        if (c == null) {
          counts.put(key, new long[] {count});
        } else {
          c[0] += count;
        }
        return this;
      }

      /** The points in canonical order. */
      public StartPoints build() {
        java.util.List<Key> keys = new java.util.ArrayList<>(counts.keySet());
        keys.sort(Key::compareTo);
        return new StartPoints(k, keys, counts);
      }
    }

    /**
     * The points as one array, {@code K + 2} entries each: label, weight, then the row (weights are
     * exact up to 2^53); {@link #unpack} restores them.
     */
    public double[] pack() {
      int n = size();
      double[] out = new double[n * (k + 2)];
      for (int p = 0; p < n; p++) {
        int b = p * (k + 2);
        out[b] = label[p];
        out[b + 1] = weight[p];
        System.arraycopy(softMv, p * k, out, b + 2, k);
      }
      return out;
    }

    /** Adds packed points ({@link #pack}) to {@code builder}. */
    public static void unpack(double[] packed, Builder builder) {
      int stride = builder.k + 2;
      for (int b = 0; b + stride <= packed.length; b += stride) {
        builder.add((int) packed[b], packed, b + 2, (long) packed[b + 1]);
      }
    }

    /** Number of distinct points. */
    public int size() {
      return weight.length;
    }

    /** Answer label of point {@code p}. */
    public int label(int p) {
      return label[p];
    }

    /** Number of answers sharing point {@code p}. */
    public long weight(int p) {
      return weight[p];
    }

    /** Soft majority-vote entry {@code c} of point {@code p}. */
    public double softMv(int p, int c) {
      return softMv[p * k + c];
    }

    /**
     * The point of an answer with {@code label} on a task whose row is {@code row[off ..]}, or −1.
     */
    public int indexOf(int label, double[] row, int off) {
      Integer p = index.get(new Key(label, Arrays.copyOfRange(row, off, off + k)));
      return p == null ? -1 : p;
    }

    /**
     * The k-means features (authors' code): −softMV ⊙ log onehot_ε(l), ε = float32 machine epsilon,
     * each of the K dimensions standardised over the answers.
     */
    public double[] features() {
      int n = size();
      double[] x = new double[n * k];
      long m = 0;
      for (int p = 0; p < n; p++) {
        m += weight[p];
        for (int c = 0; c < k; c++) {
          x[p * k + c] = c == label[p] ? 0.0 : -softMv[p * k + c] * LOG_EPSILON;
        }
      }
      for (int c = 0; c < k; c++) {
        double mean = 0;
        for (int p = 0; p < n; p++) {
          mean += weight[p] * x[p * k + c];
        }
        mean /= Math.max(1, m);
        double var = 0;
        for (int p = 0; p < n; p++) {
          double t = x[p * k + c] - mean;
          var += weight[p] * t * t;
        }
        double sd = Math.sqrt(var / Math.max(1, m));
        for (int p = 0; p < n; p++) {
          x[p * k + c] = sd > 0 ? (x[p * k + c] - mean) / sd : 0.0;
        }
      }
      return x;
    }

    /**
     * One restart's k-means groups of the points ({@code groups} clusters, at most {@code
     * maxIterations} Lloyd iterations), drawing from {@code rng}.
     */
    public int[] cluster(double[] features, int groups, int maxIterations, SplittableRandom rng) {
      return KMeans.clusterWeighted(features, weight, size(), k, groups, maxIterations, rng);
    }

    private static final class Key implements Comparable<Key> {
      final int label;
      final double[] row;
      final int hash;

      Key(int label, double[] row) {
        this.label = label;
        this.row = row;
        this.hash = 31 * label + Arrays.hashCode(row);
      }

      @Override
      public boolean equals(Object o) {
        return o instanceof Key other && other.label == label && Arrays.equals(other.row, row);
      }

      @Override
      public int hashCode() {
        return hash;
      }

      @Override
      public int compareTo(Key o) {
        if (label != o.label) {
          return Integer.compare(label, o.label);
        }
        for (int c = 0; c < row.length; c++) {
          int cmp = Double.compare(row[c], o.row[c]);
          if (cmp != 0) {
            return cmp;
          }
        }
        return 0;
      }
    }
  }

  /**
   * One restart's EM state: parameters, objective history and stopping rule. Drive it with {@link
   * #start} once, then per iteration an E-step over all tasks with {@link #logRho()} and {@link
   * #logP()} ({@link #sweepTask}) followed by {@link #update}, while {@link #active()}.
   */
  public static final class Run {
    private final int k;
    private final int groups;
    private final int maxIterations;
    private final double tol;
    private final boolean laplace;
    private final double prior;
    private final double[] rho;
    private double[] alpha;
    private final double[] beta;
    private final double[] pooled;
    private final double[] logP;
    private final double[] logRho;
    private final double[] next;
    private final double[] history;
    private int iterations;
    private boolean converged;
    private boolean interrupted;
    private boolean done;
    private String stopReason;
    private double objective = Double.NEGATIVE_INFINITY;
    private double previous = Double.NaN;

    /** Which stopping rule a run applies. */
    public enum Rule {
      /**
       * Exact EM (aggregation): converged when the objective changes by at most {@code tol}
       * relative to its size and no entry of ρ or of the pooled confusion P moves by more than
       * {@code tol}; a falling or non-finite objective ends the run unconverged.
       */
      SETTLED,
      /**
       * The authors' rule, for EM rounds with a network in between (whose objective may dip): the
       * relative change of the objective and the mean relative change of the β entries both at most
       * {@code tol}.
       */
      AUTHORS
    }

    private final Rule rule;

    /**
     * A restart with {@code groups} groups over {@code k} classes under the {@link Rule#SETTLED}
     * stopping rule.
     *
     * @param laplace add 1 to every α and β count
     */
    public Run(int k, int groups, int maxIterations, double tol, boolean laplace) {
      this(k, groups, maxIterations, tol, laplace, Rule.SETTLED);
    }

    /**
     * A restart with {@code groups} groups over {@code k} classes and the stopping {@code rule}.
     *
     * @param laplace add 1 to every α and β count
     */
    public Run(int k, int groups, int maxIterations, double tol, boolean laplace, Rule rule) {
      this.rule = java.util.Objects.requireNonNull(rule, "rule");
      this.k = k;
      this.groups = groups;
      this.maxIterations = maxIterations;
      this.tol = tol;
      this.laplace = laplace;
      this.prior = laplace ? 1.0 : 0.0;
      this.rho = new double[k];
      this.alpha = new double[groups];
      this.beta = new double[groups * k * k];
      this.pooled = new double[k * k];
      this.logP = new double[k * k];
      this.logRho = new double[k];
      this.next = new double[groups * k * k];
      this.history = new double[maxIterations];
      Arrays.fill(alpha, prior);
      Arrays.fill(beta, prior);
      this.done = maxIterations == 0;
      if (done) {
        converged = true;
        objective = 0;
        stopReason = "no iterations asked for";
      }
    }

    /** The pseudo-count every α and β count starts from (1 with the Laplace priors, else 0). */
    public double prior() {
      return prior;
    }

    /**
     * The first M-step: {@code rhoCounts} and the {@link #accumulateStart} counts, which must have
     * started from {@link #prior()}, are normalised into ρ, α and β; prepares the first E-step.
     */
    public void start(double[] rhoCounts, double[] alphaCounts, double[] betaCounts) {
      System.arraycopy(rhoCounts, 0, rho, 0, k);
      System.arraycopy(alphaCounts, 0, alpha, 0, groups);
      System.arraycopy(betaCounts, 0, beta, 0, beta.length);
      normalize(rho, alpha, beta, k, groups);
      prepare();
    }

    private void prepare() {
      int k2 = k * k;
      Arrays.fill(pooled, 0.0);
      for (int g = 0; g < groups; g++) {
        for (int j = 0; j < k2; j++) {
          pooled[j] += alpha[g] * beta[g * k2 + j];
        }
      }
      for (int j = 0; j < k2; j++) {
        logP[j] = Math.log(Math.max(pooled[j], Double.MIN_NORMAL));
      }
      for (int c = 0; c < k; c++) {
        logRho[c] = Math.log(rho[c]);
      }
    }

    /** log ρ for the next E-step (do not modify). */
    public double[] logRho() {
      return logRho;
    }

    /** log P, P = Σ_m α_m β^(m) floored at MIN_NORMAL, for the next E-step (do not modify). */
    public double[] logP() {
      return logP;
    }

    /** Whether more iterations are due. */
    public boolean active() {
      return !done;
    }

    /**
     * Takes the sums of an E-step at {@link #logRho()}, {@link #logP()} — the log-likelihood and
     * the {@link #sweepTask} counts over all tasks — records the objective (per answer, {@code
     * numAnswers}), runs the M-step, asks {@code listener} (given the objective) whether to go on
     * and applies the stopping rule; a {@code false} from the listener ends the run as interrupted.
     *
     * @return the objective of this iteration
     */
    public double update(
        double logLik,
        double[] rhoCounts,
        double[] counts,
        long numAnswers,
        java.util.function.DoublePredicate listener) {
      if (done) {
        throw new IllegalStateException("the run has ended");
      }
      int k2 = k * k;
      double obj = (logLik + logPrior()) / Math.max(1, numAnswers);
      iterations++;
      history[iterations - 1] = obj;
      objective = obj;

      Arrays.fill(next, prior);
      double[] nextAlpha = new double[groups];
      Arrays.fill(nextAlpha, prior);
      for (int g = 0; g < groups; g++) {
        for (int j = 0; j < k2; j++) {
          double p = pooled[j];
          if (p > 0 && counts[j] > 0) {
            double c = counts[j] * alpha[g] * beta[g * k2 + j] / p;
            next[g * k2 + j] += c;
            nextAlpha[g] += c;
          }
        }
      }
      double[] oldRho = rho.clone();
      System.arraycopy(rhoCounts, 0, rho, 0, k);
      normalize(rho, nextAlpha, next, k, groups);
      double change = rule == Rule.SETTLED ? identifiedChange(oldRho, nextAlpha) : betaChange();
      System.arraycopy(next, 0, beta, 0, next.length);
      alpha = nextAlpha;

      boolean keepGoing = listener.test(obj);
      double relative = Math.abs(obj - previous) / Math.max(Math.abs(previous), 1e-300);
      if (rule == Rule.SETTLED && !Double.isFinite(obj)) {
        done = true;
        stopReason = "objective is " + obj + " at iteration " + iterations;
      } else if (rule == Rule.SETTLED && obj < previous - 1e-9 * Math.max(1, Math.abs(previous))) {
        done = true;
        stopReason = "objective fell at iteration " + iterations;
      } else if (relative <= tol && change <= tol) {
        converged = true;
        done = true;
        stopReason =
            rule == Rule.SETTLED
                ? "objective, class prior and pooled confusion settled"
                : "objective and group confusions settled";
      } else {
        previous = obj;
        if (!keepGoing) {
          interrupted = true;
          done = true;
          stopReason = "stopped by the listener at iteration " + iterations;
        } else if (iterations >= maxIterations) {
          done = true;
          stopReason = "iteration limit " + maxIterations + " reached";
        }
      }
      if (!done) {
        prepare();
      }
      return obj;
    }

    /**
     * The largest move of what the data identify: the class prior ({@code oldRho} → ρ) and the
     * pooled confusion (P → Σ_m α'_m β'^(m), with β' in {@code next}).
     */
    private double identifiedChange(double[] oldRho, double[] nextAlpha) {
      int k2 = k * k;
      double change = 0;
      for (int c = 0; c < k; c++) {
        change = Math.max(change, Math.abs(rho[c] - oldRho[c]));
      }
      for (int j = 0; j < k2; j++) {
        double p = 0;
        for (int g = 0; g < groups; g++) {
          p += nextAlpha[g] * next[g * k2 + j];
        }
        change = Math.max(change, Math.abs(p - pooled[j]));
      }
      return change;
    }

    /** The mean relative change of the β entries (β → β' in {@code next}), the authors' rule. */
    private double betaChange() {
      double change = 0;
      for (int j = 0; j < next.length; j++) {
        change += Math.abs(next[j] - beta[j]) / Math.max(beta[j], 1e-12);
      }
      return change / Math.max(1, next.length);
    }

    /** Σ log α + Σ log β when the Laplace priors are on (the Dirichlet(2) log density + const). */
    private double logPrior() {
      if (!laplace) {
        return 0;
      }
      double s = 0;
      for (double v : alpha) {
        s += Math.log(v);
      }
      for (double v : beta) {
        s += Math.log(v);
      }
      return s;
    }

    /** Class prior ρ (a copy). */
    public double[] rho() {
      return rho.clone();
    }

    /** Group weights α (a copy). */
    public double[] alpha() {
      return alpha.clone();
    }

    /** Group confusions β, {@code [m][k][l]} (a copy). */
    public double[] beta() {
      return beta.clone();
    }

    /** The objective after each iteration run (a copy). */
    public double[] history() {
      return Arrays.copyOf(history, iterations);
    }

    /** Iterations run. */
    public int iterations() {
      return iterations;
    }

    /** Whether the stopping rule fired. */
    public boolean converged() {
      return converged;
    }

    /** Why the run ended, or {@code null} while it is active. */
    public String stopReason() {
      return stopReason;
    }

    /** Whether a listener stopped the run. */
    public boolean interrupted() {
      return interrupted;
    }

    /** The last objective (0 without iterations, −∞ before the first). */
    public double objective() {
      return objective;
    }
  }

  private static void normalize(double[] rho, double[] alpha, double[] beta, int k, int groups) {
    Posteriors.normalizeInPlace(rho, 0, k);
    Posteriors.normalizeInPlace(alpha, 0, groups);
    for (int r = 0; r < groups * k; r++) {
      Posteriors.normalizeInPlace(beta, r * k, k);
    }
  }
}
