package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.kernel.KMeans;
import org.crowd4j.data.CrowdDataset;

/**
 * The crowd mixture model (CMM) of Mena &amp; Ñanculef 2019 ("Revisiting machine learning from
 * crowds: a mixture model for grouping annotations", CIARP), answer-only: the network f(x) of the
 * paper is replaced by a class prior ρ with item-level true labels.
 *
 * <p><b>Model.</b> Task i has a latent true class z_i ~ Categorical(ρ). Each answer of task i
 * independently picks a group m ~ Categorical(α) and answers l ~ β^(m)[z_i, ·], so p(answers of i)
 * = Σ_k ρ_k Π_a Σ_m α_m β^(m)[k, l_a] (paper eq. 3–4 with f_k(x_i) → the item posterior). Worker
 * ids are not used: the method works on anonymous answers (the paper's "Global" setting) and gives
 * the same fit whether or not ids are present.
 *
 * <p><b>EM</b> (paper eq. 5–6, with z at the item level). E-step: q_i(k) ∝ ρ_k Π_a P[k, l_a], P =
 * Σ_m α_m β^(m), in log space; given z_i = k the group responsibility of an answer with label l is
 * α_m β^(m)[k,l] / P[k,l]. M-step: with N[k,l] = Σ_{answers with label l} q_i(k), ρ ∝ Σ_i q_i; α_m
 * ∝ Σ_{k,l} N[k,l] α_m β^(m)[k,l] / P[k,l] (+1); β^(m)[k,l] ∝ N[k,l] α_m β^(m)[k,l] / P[k,l] (+1).
 * The "+1" are the Laplace priors of the authors' code ({@code laplace}); with them the EM climbs
 * the MAP objective log-likelihood + Σ log α + Σ log β (Dirichlet(2) priors), without them the
 * log-likelihood. The objective is reported per answer.
 *
 * <p><b>Initialisation</b> (authors' code). K-means over answers with the feature −softMV_i ⊙ log
 * onehot_ε(l) (ε = float32 machine epsilon), each dimension standardised; k-means++ seeding and
 * Lloyd iterations (the authors' PCA to 3 dimensions and mini-batches are skipped: the features
 * have only K dimensions). Each answer's group is its cluster; its class distribution is z = λ_m
 * softMV_i + (1 − λ_m) onehot(l) with λ_m ~ U(0,1) per group ({@code randomLambda}, as the authors'
 * experiment scripts) or 1; the first step is an M-step from these.
 *
 * <p><b>Stopping.</b> When the relative change of the objective is at most {@code tol} and the mean
 * relative change of the β entries is at most {@code tol} (the authors' rule; the paper uses 0.03
 * with a network, the default 1e-3 suits aggregation: at 0.03 the web dataset stops after 7
 * iterations at 0.779 accuracy, at 1e-3 it reaches 0.806), or after {@code maxIterations} (paper:
 * 50). {@code restarts} independent initialisations are run (paper: 20; default 5) and the one with
 * the highest final objective is kept.
 *
 * <p><b>Identifiability.</b> Because every answer draws its group independently, the likelihood
 * depends on the groups only through the pooled confusion P = Σ_m α_m β^(m): P (and the task
 * posteriors) are estimated from data, while its split into groups is set by the initialisation and
 * only drifts along the likelihood's flat directions afterwards (with the Laplace priors that drift
 * is slow and often keeps the β criterion from firing before {@code maxIterations}; the posteriors
 * have long settled by then). So this answer-only model is, for inference, a Dawid–Skene model with
 * one confusion matrix shared by all answers. Per-worker group memberships p(g = m | worker) ∝ α_m
 * Π_{her answers} Σ_k q_i(k) β^(m)[k, l] (paper §3.4) are reported in the {@link
 * GroupMixtureModel}. Without the Laplace priors the k-means groups of binary data each hold a
 * single answer label, so every β^(m) has identical rows, P carries no information and EM stops at
 * the class prior; keep {@code laplace} on for real use.
 *
 * <p>Gold tasks (from the {@link FitContext}) are clamped. Time {@code O(m K (M + iterations))} per
 * restart; memory {@code O(n K + m K)}.
 */
public final class CrowdMixture implements Aggregator {
  private static final double LOG_EPSILON = Math.log(Math.ulp(1.0f));
  private static final int KMEANS_ITERATIONS = 100;

  /**
   * Options of {@link CrowdMixture}.
   *
   * @param groups number of groups M
   * @param maxIterations EM iterations per restart at most
   * @param tol relative tolerance of the objective and of the β entries
   * @param restarts independent initialisations; the best objective is kept
   * @param laplace add 1 to every α and β count (authors' code)
   * @param randomLambda draw the initial mixing λ_m ~ U(0,1) per group instead of λ = 1
   * @param seed seed of the k-means and λ draws
   */
  public record Options(
      int groups,
      int maxIterations,
      double tol,
      int restarts,
      boolean laplace,
      boolean randomLambda,
      long seed) {
    /** Validates. */
    public Options {
      if (groups < 1) {
        throw new IllegalArgumentException("groups must be >= 1: " + groups);
      }
      if (maxIterations < 0) {
        throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
      }
      if (!(tol >= 0)) {
        throw new IllegalArgumentException("tol must be >= 0: " + tol);
      }
      if (restarts < 1) {
        throw new IllegalArgumentException("restarts must be >= 1: " + restarts);
      }
    }

    /** M = 3, 50 iterations, tol 1e-3, 5 restarts, Laplace priors, random λ, seed 0. */
    public static Options defaults() {
      return new Options(3, 50, 1e-3, 5, true, true, 0L);
    }
  }

  private final Options options;

  /** The crowd mixture with {@code options}. */
  public CrowdMixture(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** The crowd mixture with default options. */
  public CrowdMixture() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "crowd-mixture";
  }

  /** One restart's state. */
  private static final class Run {
    double[] post;
    double[] rho;
    double[] alpha;
    double[] beta;
    double[] history;
    int iterations;
    boolean converged;
    boolean interrupted;
    double objective = Double.NEGATIVE_INFINITY;
  }

  @Override
  public AggregationResult fit(CrowdDataset data, FitContext context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int m = data.numAnswers();
    int[] off = data.taskOffsets();
    int[] label = data.labelColumn();
    int[] gold = DawidSkene.goldLabels(context.gold(), n);

    double[] softMv = Votes.weightedCounts(data, null);
    Votes.normalizeRows(softMv, n, k);
    double[] features = features(softMv, off, label, n, k, m);

    SplittableRandom root = new SplittableRandom(options.seed());
    int budget = options.restarts() * options.maxIterations();
    int[] counter = {0};
    Run best = null;
    boolean stopped = false;
    for (int r = 0; r < options.restarts() && !stopped; r++) {
      SplittableRandom rng = root.split();
      Run run = runOnce(data, context, softMv, features, off, label, gold, rng, counter, budget);
      stopped = run.interrupted;
      if (best == null || run.objective > best.objective) {
        best = run;
      }
    }

    double[] membership = membership(data, best, off, label, k);
    return new AggregationResult(
        data,
        best.post,
        null,
        best.rho,
        new GroupMixtureModel(best.alpha, best.beta, membership, k),
        new Diagnostics(
            best.iterations,
            best.converged,
            best.history,
            options.laplace() ? "log-posterior per answer" : "log-likelihood per answer"),
        Provenance.of(name(), options, data, start));
  }

  /** −softMV_i ⊙ log onehot_ε(l) per answer, each of the K dimensions standardised. */
  private static double[] features(double[] softMv, int[] off, int[] label, int n, int k, int m) {
    double[] x = new double[m * k];
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        for (int c = 0; c < k; c++) {
          x[a * k + c] = c == label[a] ? 0.0 : -softMv[i * k + c] * LOG_EPSILON;
        }
      }
    }
    for (int c = 0; c < k; c++) {
      double mean = 0;
      for (int a = 0; a < m; a++) {
        mean += x[a * k + c];
      }
      mean /= Math.max(1, m);
      double var = 0;
      for (int a = 0; a < m; a++) {
        double t = x[a * k + c] - mean;
        var += t * t;
      }
      double sd = Math.sqrt(var / Math.max(1, m));
      for (int a = 0; a < m; a++) {
        x[a * k + c] = sd > 0 ? (x[a * k + c] - mean) / sd : 0.0;
      }
    }
    return x;
  }

  private Run runOnce(
      CrowdDataset data,
      FitContext context,
      double[] softMv,
      double[] features,
      int[] off,
      int[] label,
      int[] gold,
      SplittableRandom rng,
      int[] counter,
      int budget) {
    int n = data.numTasks();
    int k = data.numLabels();
    int k2 = k * k;
    int m = data.numAnswers();
    int groups = options.groups();
    double prior = options.laplace() ? 1.0 : 0.0;

    int[] cluster = KMeans.cluster(features, m, k, groups, KMEANS_ITERATIONS, rng);
    double[] lambda = new double[groups];
    for (int g = 0; g < groups; g++) {
      lambda[g] = options.randomLambda() ? rng.nextDouble() : 1.0;
    }
    Run run = new Run();
    run.post = softMv.clone();
    for (int i = 0; i < n; i++) {
      if (gold[i] >= 0) {
        Arrays.fill(run.post, i * k, (i + 1) * k, 0.0);
        run.post[i * k + gold[i]] = 1.0;
      }
    }
    run.rho = new double[k];
    run.alpha = new double[groups];
    run.beta = new double[groups * k2];
    Arrays.fill(run.alpha, prior);
    Arrays.fill(run.beta, prior);
    for (int i = 0; i < n; i++) {
      int row = i * k;
      for (int c = 0; c < k; c++) {
        run.rho[c] += run.post[row + c];
      }
      for (int a = off[i]; a < off[i + 1]; a++) {
        int g = cluster[a];
        int l = label[a];
        run.alpha[g] += 1.0;
        for (int c = 0; c < k; c++) {
          double z = lambda[g] * run.post[row + c] + (c == l ? 1.0 - lambda[g] : 0.0);
          run.beta[(g * k + c) * k + l] += z;
        }
      }
    }
    normalize(run.rho, run.alpha, run.beta, k, groups);

    double[] logP = new double[k2];
    double[] pooled = new double[k2];
    double[] counts = new double[k2];
    double[] next = new double[groups * k2];
    double[] history = new double[options.maxIterations()];
    double previous = Double.NaN;
    for (int it = 1; it <= options.maxIterations(); it++) {
      pool(run.alpha, run.beta, groups, k, pooled);
      for (int j = 0; j < k2; j++) {
        logP[j] = Math.log(Math.max(pooled[j], Double.MIN_NORMAL));
      }
      double logLik = 0;
      Arrays.fill(counts, 0.0);
      double[] rhoCounts = new double[k];
      double[] logRho = new double[k];
      for (int c = 0; c < k; c++) {
        logRho[c] = Math.log(run.rho[c]);
      }
      for (int i = 0; i < n; i++) {
        int row = i * k;
        double[] post = run.post;
        for (int c = 0; c < k; c++) {
          post[row + c] = logRho[c];
        }
        for (int a = off[i]; a < off[i + 1]; a++) {
          int l = label[a];
          for (int c = 0; c < k; c++) {
            post[row + c] += logP[c * k + l];
          }
        }
        if (gold[i] >= 0) {
          logLik += post[row + gold[i]];
          Arrays.fill(post, row, row + k, 0.0);
          post[row + gold[i]] = 1.0;
        } else {
          logLik += Posteriors.softmaxInPlace(post, row, k);
        }
        for (int c = 0; c < k; c++) {
          rhoCounts[c] += post[row + c];
        }
        for (int a = off[i]; a < off[i + 1]; a++) {
          int l = label[a];
          for (int c = 0; c < k; c++) {
            counts[c * k + l] += post[row + c];
          }
        }
      }
      double objective = (logLik + logPrior(run.alpha, run.beta)) / Math.max(1, m);
      history[it - 1] = objective;
      run.iterations = it;
      run.objective = objective;

      // M-step
      Arrays.fill(next, prior);
      double[] nextAlpha = new double[groups];
      Arrays.fill(nextAlpha, prior);
      for (int g = 0; g < groups; g++) {
        for (int j = 0; j < k2; j++) {
          double p = pooled[j];
          if (p > 0 && counts[j] > 0) {
            double c = counts[j] * run.alpha[g] * run.beta[g * k2 + j] / p;
            next[g * k2 + j] += c;
            nextAlpha[g] += c;
          }
        }
      }
      System.arraycopy(rhoCounts, 0, run.rho, 0, k);
      normalize(run.rho, nextAlpha, next, k, groups);
      double change = 0;
      for (int j = 0; j < next.length; j++) {
        change += Math.abs(next[j] - run.beta[j]) / Math.max(run.beta[j], 1e-12);
      }
      change /= Math.max(1, next.length);
      System.arraycopy(next, 0, run.beta, 0, next.length);
      run.alpha = nextAlpha;

      counter[0]++;
      boolean keepGoing = context.listener().onIteration(name(), counter[0], budget, objective);
      double relative = Math.abs(objective - previous) / Math.max(Math.abs(previous), 1e-300);
      if (relative <= options.tol() && change <= options.tol()) {
        run.converged = true;
        break;
      }
      previous = objective;
      if (!keepGoing) {
        run.interrupted = true;
        break;
      }
    }
    if (options.maxIterations() == 0) {
      run.converged = true;
      run.objective = 0;
    }
    run.history = Arrays.copyOf(history, run.iterations);
    return run;
  }

  /** Σ log α + Σ log β when the Laplace priors are on (the Dirichlet(2) log density + const). */
  private double logPrior(double[] alpha, double[] beta) {
    if (!options.laplace()) {
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

  private static void normalize(double[] rho, double[] alpha, double[] beta, int k, int groups) {
    Posteriors.normalizeInPlace(rho, 0, k);
    Posteriors.normalizeInPlace(alpha, 0, groups);
    for (int r = 0; r < groups * k; r++) {
      Posteriors.normalizeInPlace(beta, r * k, k);
    }
  }

  private static void pool(double[] alpha, double[] beta, int groups, int k, double[] out) {
    int k2 = k * k;
    Arrays.fill(out, 0.0);
    for (int g = 0; g < groups; g++) {
      for (int j = 0; j < k2; j++) {
        out[j] += alpha[g] * beta[g * k2 + j];
      }
    }
  }

  /** p(g = m | worker) ∝ α_m Π_{her answers} Σ_k q_i(k) β^(m)[k, l], in log space. */
  private double[] membership(CrowdDataset data, Run run, int[] off, int[] label, int k) {
    int groups = options.groups();
    int numWorkers = data.numWorkers();
    double[] out = new double[numWorkers * groups];
    for (int w = 0; w < numWorkers; w++) {
      for (int g = 0; g < groups; g++) {
        out[w * groups + g] = Math.log(run.alpha[g]);
      }
    }
    for (int i = 0; i < data.numTasks(); i++) {
      int row = i * k;
      for (int a = off[i]; a < off[i + 1]; a++) {
        int w = data.worker(a);
        int l = label[a];
        for (int g = 0; g < groups; g++) {
          double p = 0;
          for (int c = 0; c < k; c++) {
            p += run.post[row + c] * run.beta[(g * k + c) * k + l];
          }
          out[w * groups + g] += Math.log(Math.max(p, Double.MIN_NORMAL));
        }
      }
    }
    for (int w = 0; w < numWorkers; w++) {
      Posteriors.softmaxInPlace(out, w * groups, groups);
    }
    return out;
  }
}
