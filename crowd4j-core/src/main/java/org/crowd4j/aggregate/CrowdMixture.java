package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.AnswerPatterns;
import org.crowd4j.internal.kernel.CrowdMixtureKernel;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

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
 * have only K dimensions). All answers with the same label on tasks with the same soft-MV row share
 * one feature, so the k-means runs on these distinct points weighted by their number of answers
 * ({@link CrowdMixtureKernel.StartPoints}, {@link
 * org.crowd4j.internal.kernel.KMeans#clusterWeighted}): the same algorithm at the cost of the
 * distinct points, and a result that depends on the set of answers only, not on their order, which
 * lets the Spark implementation find the same groups. Each answer's group is its cluster; its class
 * distribution is z = λ_m softMV_i + (1 − λ_m) onehot(l) with λ_m ~ U(0,1) per group ({@code
 * randomLambda}, as the authors' experiment scripts) or 1; the first step is an M-step from these.
 *
 * <p><b>Stopping.</b> When the objective changes by at most {@code tol} relative to its size and no
 * entry of the class prior ρ or of the pooled confusion P = Σ_m α_m β^(m) moves by more than {@code
 * tol} — the quantities the data identify (see below), on which the posteriors depend — or after
 * {@code maxIterations}. The authors' rule watches the β entries instead, which drift along the
 * likelihood's flat directions long after the posteriors have settled, so it rarely fires; at the
 * paper's 0.03 it stops EM after a handful of iterations. A falling or non-finite objective ends
 * the restart as not converged. {@code restarts} independent initialisations are run (paper: 20;
 * default 5) and the one with the highest final objective is kept.
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
 * <p>Gold tasks (from the {@link FitContext}) are clamped. The E-step runs once per distinct
 * multiset of answer labels ({@link AnswerPatterns}), since tasks that share one share their
 * posterior. Time {@code O(m K M + P K iterations)} per restart for P ≤ n patterns; memory {@code
 * O(n K + m K)}.
 */
public final class CrowdMixture implements Aggregator {
  private static final int KMEANS_ITERATIONS = 100;

  /**
   * Options of {@link CrowdMixture}.
   *
   * @param groups number of groups M
   * @param maxIterations EM iterations per restart at most
   * @param tol converged when the objective changes by at most this, relative to its size, and no
   *     entry of the class prior or of the pooled confusion moves by more than this
   * @param restarts independent initialisations; the best objective is kept
   * @param laplace add 1 to every α and β count (authors' code)
   * @param randomLambda draw the initial mixing λ_m ~ U(0,1) per group instead of λ = 1
   * @param seed seed of the k-means and λ draws
   */
  public record Options(
      @Describe("number of groups M") int groups,
      @Describe("EM iterations per restart at most") int maxIterations,
      @Describe(
              "converged when the objective changes by at most this, relative to its size, and no entry of the class prior or of the pooled confusion moves by more than this")
          double tol,
      @Describe("independent initialisations; the best objective is kept") int restarts,
      @Describe("add 1 to every α and β count (authors' code)") boolean laplace,
      @Describe("draw the initial mixing λ_m ~ U(0,1) per group instead of λ = 1")
          boolean randomLambda,
      @Describe("seed of the k-means and λ draws") long seed) {
    /** Validates. */
    public Options {
      if (groups < 1) {
        throw new IllegalArgumentException("groups must be >= 1: " + groups);
      }
      FitProgress.requireLimits(maxIterations, tol);
      if (restarts < 1) {
        throw new IllegalArgumentException("restarts must be >= 1: " + restarts);
      }
    }

    /**
     * M = 3, at most 1,000 iterations, tol 1e-5, 5 restarts, Laplace priors, random λ, seed 0 (the
     * paper's 50 iterations and tol 0.03 stop before the posteriors settle on most real crowds).
     */
    public static Options defaults() {
      return new Options(3, 1000, 1e-5, 5, true, true, 0L);
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

  /** One restart's EM state and its final posteriors. */
  private record Run(CrowdMixtureKernel.Run em, double[] post) {}

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int m = data.numAnswers();
    int[] off = data.taskOffsets();
    int[] label = data.labelColumn();
    int[] gold = DawidSkene.goldLabels(context.gold(), n);

    double[] softMv = Votes.weightedCounts(data, null);
    Votes.normalizeRows(softMv, n, k);
    CrowdMixtureKernel.StartPoints.Builder builder = CrowdMixtureKernel.StartPoints.builder(k);
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        builder.add(label[a], softMv, i * k, 1);
      }
    }
    CrowdMixtureKernel.StartPoints points = builder.build();
    double[] features = points.features();
    int[] pointOf = new int[m];
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        pointOf[a] = points.indexOf(label[a], softMv, i * k);
      }
    }

    AnswerPatterns patterns = AnswerPatterns.of(off, label, k, gold);
    SplittableRandom root = new SplittableRandom(options.seed());
    int budget = options.restarts() * options.maxIterations();
    int[] counter = {0};
    Run best = null;
    boolean stopped = false;
    for (int r = 0; r < options.restarts() && !stopped; r++) {
      SplittableRandom rng = root.split();
      Run run =
          runOnce(
              data, context, softMv, points, features, pointOf, patterns, off, label, gold, rng,
              counter, budget);
      stopped = run.em().interrupted();
      if (best == null || run.em().objective() > best.em().objective()) {
        best = run;
      }
    }

    CrowdMixtureKernel.Run em = best.em();
    double[] membership = membership(data, em, best.post(), off, label, k);
    return new AggregationResult(
        data,
        best.post(),
        null,
        em.rho(),
        new GroupMixtureModel(em.alpha(), em.beta(), membership, k),
        new Diagnostics(
            em.iterations(),
            em.converged(),
            em.history(),
            options.laplace() ? "log-posterior per answer" : "log-likelihood per answer",
            "best of " + options.restarts() + " restarts: " + em.stopReason()),
        Provenance.of(name(), options, data::digest, start));
  }

  private Run runOnce(
      CrowdDataset data,
      FitContext<Gold> context,
      double[] softMv,
      CrowdMixtureKernel.StartPoints points,
      double[] features,
      int[] pointOf,
      AnswerPatterns patterns,
      int[] off,
      int[] label,
      int[] gold,
      SplittableRandom rng,
      int[] counter,
      int budget) {
    int n = data.numTasks();
    int k = data.numLabels();
    int m = data.numAnswers();
    int groups = options.groups();

    int[] pointCluster = points.cluster(features, groups, KMEANS_ITERATIONS, rng);
    int[] cluster = new int[m];
    for (int a = 0; a < m; a++) {
      cluster[a] = pointCluster[pointOf[a]];
    }
    double[] lambda = new double[groups];
    for (int g = 0; g < groups; g++) {
      lambda[g] = options.randomLambda() ? rng.nextDouble() : 1.0;
    }
    CrowdMixtureKernel.Run em =
        new CrowdMixtureKernel.Run(
            k, groups, options.maxIterations(), options.tol(), options.laplace());
    double[] post = softMv.clone();
    for (int i = 0; i < n; i++) {
      if (gold[i] >= 0) {
        Arrays.fill(post, i * k, (i + 1) * k, 0.0);
        post[i * k + gold[i]] = 1.0;
      }
    }
    double[] rho = new double[k];
    double[] alpha = new double[groups];
    double[] beta = new double[groups * k * k];
    Arrays.fill(alpha, em.prior());
    Arrays.fill(beta, em.prior());
    for (int i = 0; i < n; i++) {
      CrowdMixtureKernel.accumulateStart(
          label, off[i], off[i + 1], cluster, 0, lambda, post, i * k, k, rho, alpha, beta);
    }
    em.start(rho, alpha, beta);

    double[] patternPost = new double[patterns.size() * k];
    double[] counts = new double[k * k];
    boolean swept = false;
    while (em.active()) {
      double logLik = 0;
      Arrays.fill(counts, 0.0);
      double[] rhoCounts = new double[k];
      double[] logRho = em.logRho();
      double[] logP = em.logP();
      for (int p = 0; p < patterns.size(); p++) {
        logLik += patterns.sweep(p, logRho, logP, k, patternPost, p * k, rhoCounts, counts);
      }
      for (int i = 0; i < n; i++) {
        if (gold[i] >= 0) {
          logLik +=
              CrowdMixtureKernel.sweepTask(
                  label,
                  off[i],
                  off[i + 1],
                  logRho,
                  logP,
                  k,
                  gold[i],
                  post,
                  i * k,
                  rhoCounts,
                  counts);
        }
      }
      swept = true;
      em.update(
          logLik,
          rhoCounts,
          counts,
          m,
          objective -> context.listener().onIteration(name(), ++counter[0], budget, objective));
    }
    if (swept) {
      for (int i = 0; i < n; i++) {
        int p = patterns.patternOf(i);
        if (p >= 0) {
          System.arraycopy(patternPost, p * k, post, i * k, k);
        }
      }
    }
    return new Run(em, post);
  }

  /** p(g = m | worker) ∝ α_m Π_{her answers} Σ_k q_i(k) β^(m)[k, l], in log space. */
  private double[] membership(
      CrowdDataset data, CrowdMixtureKernel.Run em, double[] post, int[] off, int[] label, int k) {
    int groups = options.groups();
    int numWorkers = data.numWorkers();
    double[] alpha = em.alpha();
    double[] beta = em.beta();
    int[] worker = data.workerColumn();
    double[] out = new double[numWorkers * groups];
    for (int w = 0; w < numWorkers; w++) {
      for (int g = 0; g < groups; g++) {
        out[w * groups + g] = Math.log(alpha[g]);
      }
    }
    for (int i = 0; i < data.numTasks(); i++) {
      CrowdMixtureKernel.membershipTask(
          worker, label, off[i], off[i + 1], post, i * k, beta, groups, k, out);
    }
    for (int w = 0; w < numWorkers; w++) {
      Posteriors.softmaxInPlace(out, w * groups, groups);
    }
    return out;
  }
}
