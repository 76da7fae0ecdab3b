package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.MaceKernel;
import org.crowd4j.internal.kernel.SpecialFunctions;
import org.crowd4j.internal.kernel.TaskChunks;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.Provenance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MACE, Multi-Annotator Competence Estimation (Hovy, Berg-Kirkpatrick, Vaswani &amp; Hovy 2013,
 * "Learning whom to trust with MACE", NAACL-HLT).
 *
 * <p><b>Model</b> (the paper's generative story and Fig. 1). The true label T_i is uniform over the
 * {@code K} labels. On each answer worker {@code w} spams with probability 1 − θ_w (S_iw ~
 * Bernoulli(1 − θ_w)); if she does not spam she gives T_i, otherwise she draws her answer from her
 * strategy ξ_w, a distribution over labels. So P(answer l | T = k) = (1 − θ_w) ξ_{wl} + θ_w [l =
 * k].
 *
 * <p><b>Training.</b> {@link Method#EM}: EM with the expected counts smoothed by adding {@code
 * smoothing / K} to every cell before normalising (a MAP estimate under Dirichlet(1 + smoothing /
 * K) priors). {@link Method#VB} (default; the paper's Bayesian variant): mean-field variational
 * Bayes with Beta({@code alpha}, {@code beta}) priors on (spamming, knowing) and symmetric
 * Dirichlet ({@code strategyPrior}) priors on ξ_w; the E-step uses exp E[log ·] of the parameters.
 * Both start from random parameters — each probability vector is drawn from U[1, 2 + {@code
 * defaultNoise}] per entry and normalised, as crowd-kit does — and run {@code restarts} times; the
 * restart with the best final objective is kept. Posteriors are the marginals of T_i; gold tasks
 * from the {@link FitContext} are clamped in every E-step.
 *
 * <p><b>Objective and stopping.</b> Per answer: for EM, the log-likelihood plus the smoothing log
 * prior, which EM never decreases; for VB, the evidence lower bound Σ_i log Σ_k Π_a exp E[log P(l_a
 * | k)] − KL(q ‖ prior), which the coordinate updates never decrease — the variational counterpart
 * of the log marginal likelihood, and what selects the restart. A restart stops when an iteration
 * gains less than {@code tol} relative to its size and no task posterior moved by more than {@code
 * posteriorTol} in the last iteration, or after {@code maxIterations}; the result reports the
 * restart kept.
 *
 * <p><b>Differences from crowd-kit 1.4.1.</b> crowd-kit draws the initial parameters of every
 * restart from the same {@code random_state}, so its restarts are identical and pointless; here
 * restart {@code r} uses its own stream split from {@code seed}. crowd-kit sums the strategy counts
 * grouped by sorted worker and label names but indexes the strategies by first-appearance order, so
 * whenever the two orders differ a worker is scored with another worker's strategy (and labels are
 * permuted); this class keeps them aligned. (Emulating that misalignment reproduces crowd-kit's
 * accuracies on the shared adult, crowdtruth-mre-cause, dog and sentiment-polarity data exactly;
 * with it fixed, crowdtruth-mre-cause drops from 0.7639 to 0.7574 — the majority vote's figure —
 * while bluebirds, web, adult and most others gain.) crowd-kit ignores its {@code smoothing}
 * argument and always uses 0.01 / K, which our default {@code smoothing = 0.01} equals. crowd-kit
 * multiplies raw probabilities per task and selects restarts by Σ log(likelihood + 1e-8); here
 * everything is in log space and restarts are compared on the objective above. Its {@code
 * spamming_} and {@code thetas_} under VB are the unnormalised exp E[log ·] values; the {@link
 * MaceModel} here reports posterior means (VB) or the point estimates (EM). crowd-kit always runs
 * all {@code n_iter} iterations; here a restart stops once it gains less than {@code tol}.
 *
 * <p><b>Complexity.</b> O(m + n·K + W·K) time per iteration (O(1) per answer) and O(n·K + W·K)
 * memory, times {@code restarts}; tasks are processed in parallel chunks with results independent
 * of the thread count.
 */
public final class Mace implements Aggregator {
  private static final Logger LOG = LoggerFactory.getLogger(Mace.class);

  /** How the parameters are fitted. */
  public enum Method {
    /** Variational Bayes with Beta and Dirichlet priors. */
    VB,
    /** Expectation–maximisation with additive smoothing. */
    EM
  }

  /**
   * Options of {@link Mace}.
   *
   * @param method variational Bayes or EM
   * @param restarts random restarts; the best by final objective is kept
   * @param maxIterations iterations per restart at most; 0 returns the E-step of the random start
   * @param tol a restart converges when the objective gains less than this, relative to its size,
   *     and
   * @param posteriorTol no task posterior moves by more than this
   * @param smoothing EM only: {@code smoothing / K} is added to every expected count
   * @param defaultNoise initial entries are drawn from U[1, 2 + defaultNoise] and normalised
   * @param alpha VB only: Beta prior pseudo-count on spamming
   * @param beta VB only: Beta prior pseudo-count on knowing the answer
   * @param strategyPrior VB only: symmetric Dirichlet pseudo-count on each strategy entry
   * @param seed seed of the random starts
   */
  public record Options(
      @Describe("variational Bayes or EM") Method method,
      @Describe("random restarts; the best by final objective is kept") int restarts,
      @Describe("iterations per restart at most; 0 returns the E-step of the random start")
          int maxIterations,
      @Describe(
              "a restart converges when the objective gains less than this, relative to its size, and")
          double tol,
      @Describe("EM only: smoothing / K is added to every expected count") double smoothing,
      @Describe("initial entries are drawn from U[1, 2 + defaultNoise] and normalised")
          double defaultNoise,
      @Describe("VB only: Beta prior pseudo-count on spamming") double alpha,
      @Describe("VB only: Beta prior pseudo-count on knowing the answer") double beta,
      @Describe("VB only: symmetric Dirichlet pseudo-count on each strategy entry")
          double strategyPrior,
      @Describe("seed of the random starts") long seed,
      @Describe("no task posterior moves by more than this") double posteriorTol) {
    /** Validates. */
    public Options {
      if (!(posteriorTol >= 0)) {
        throw new IllegalArgumentException("posteriorTol must be >= 0: " + posteriorTol);
      }
      Objects.requireNonNull(method, "method");
      if (restarts < 1) {
        throw new IllegalArgumentException("restarts must be >= 1: " + restarts);
      }
      FitProgress.requireLimits(maxIterations, tol);
      if (!(smoothing > 0 && smoothing < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("smoothing must be > 0 and finite: " + smoothing);
      }
      if (!(defaultNoise >= 0 && defaultNoise < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("defaultNoise must be >= 0 and finite: " + defaultNoise);
      }
      if (!(alpha > 0 && alpha < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("alpha must be > 0 and finite: " + alpha);
      }
      if (!(beta > 0 && beta < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException("beta must be > 0 and finite: " + beta);
      }
      if (!(strategyPrior > 0 && strategyPrior < Double.POSITIVE_INFINITY)) {
        throw new IllegalArgumentException(
            "strategyPrior must be > 0 and finite: " + strategyPrior);
      }
    }

    /** Options with the objective rule only ({@code posteriorTol} = ∞). */
    public Options(
        Method method,
        int restarts,
        int maxIterations,
        double tol,
        double smoothing,
        double defaultNoise,
        double alpha,
        double beta,
        double strategyPrior,
        long seed) {
      this(
          method,
          restarts,
          maxIterations,
          tol,
          smoothing,
          defaultNoise,
          alpha,
          beta,
          strategyPrior,
          seed,
          Double.POSITIVE_INFINITY);
    }

    /**
     * crowd-kit's model defaults — VB, 10 restarts, Beta(0.5, 0.5), Dirichlet(10), smoothing 0.01 /
     * K, noise 0.5, seed 0 — run to convergence: a restart stops when its objective gains less than
     * 1e-7 of its size and no posterior moves by more than 1e-5 (at most 1,000 iterations;
     * crowd-kit runs a fixed 50, which leaves most restarts unconverged on real data).
     */
    public static Options defaults() {
      return new Options(Method.VB, 10, 1000, 1e-7, 0.01, 0.5, 0.5, 0.5, 10.0, 0L, 1e-5);
    }
  }

  private final Options options;

  /** MACE with {@code options}. */
  public Mace(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** MACE with default options. */
  public Mace() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "mace";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    Shared sh = new Shared(data, DawidSkene.goldLabels(context.gold(), data.numTasks()));
    SplittableRandom root = new SplittableRandom(options.seed());
    int total = options.restarts() * options.maxIterations();
    Restart best = null;
    boolean stopped = false;
    for (int r = 0; r < options.restarts() && !stopped; r++) {
      Restart run = new Restart(sh, root.split());
      stopped = !run.fit(context.listener(), r * options.maxIterations(), total);
      LOG.debug(
          "MACE restart {}: {} iterations, objective {}", r, run.iterations, run.finalObjective);
      if (best == null || run.finalObjective > best.finalObjective) {
        best = run;
      }
    }
    double[] prior = new double[sh.k];
    Arrays.fill(prior, 1.0 / sh.k);
    return new AggregationResult(
        data,
        best.post,
        null,
        prior,
        new MaceModel(best.competence, best.strategyMean, sh.k),
        new Diagnostics(
            best.iterations,
            best.converged,
            Arrays.copyOf(best.history, best.iterations),
            options.method() == Method.VB
                ? "evidence lower bound per answer"
                : "log-likelihood + smoothing log prior per answer",
            "best of " + options.restarts() + " restarts: " + best.stopReason),
        Provenance.of(name(), options, data::digest, start));
  }

  /** Data and counts shared by all restarts. */
  private static final class Shared {
    final int n;
    final int numWorkers;
    final int k;
    final int m;
    final int[] off;
    final int[] worker;
    final int[] label;
    final int[] gold;
    final double[] answerCounts;
    final double[] workerCounts;
    final TaskChunks chunks;

    Shared(CrowdDataset data, int[] gold) {
      this.n = data.numTasks();
      this.numWorkers = data.numWorkers();
      this.k = Math.max(1, data.numLabels());
      this.m = data.numAnswers();
      this.off = data.taskOffsets();
      this.worker = data.workerColumn();
      this.label = data.labelColumn();
      this.gold = gold;
      this.answerCounts = new double[numWorkers * k];
      this.workerCounts = new double[numWorkers];
      for (int a = 0; a < m; a++) {
        answerCounts[worker[a] * k + label[a]]++;
        workerCounts[worker[a]]++;
      }
      long perChunk = Math.max(1L, (long) numWorkers * k);
      int maxChunks = (int) Math.max(1, Math.min(64, 8_000_000L / perChunk));
      this.chunks = TaskChunks.of(data, 65_536, maxChunks);
    }
  }

  /** One random restart: its parameters, posterior and history. */
  private final class Restart {
    final Shared sh;
    final double[] spam;
    final double[] know;
    final double[] strategy;
    final double[] logA;
    final double[] logD;
    final double[] ratio;
    final double[] post;
    final double[] knowing;
    final double[][] chunkKnowing;
    final double[] chunkLogLik;
    final double[] competence;
    final double[] strategyMean;
    final double[] history;
    final double[] pseudo;
    final double[] prior;
    int iterations;
    boolean converged;
    String stopReason;
    double finalObjective = Double.NEGATIVE_INFINITY;

    Restart(Shared sh, SplittableRandom rng) {
      this.sh = sh;
      int wk = sh.numWorkers * sh.k;
      this.spam = new double[sh.numWorkers];
      this.know = new double[sh.numWorkers];
      this.strategy = new double[wk];
      this.logA = new double[wk];
      this.logD = new double[wk];
      this.ratio = new double[wk];
      this.post = new double[sh.n * sh.k];
      this.knowing = new double[wk];
      this.chunkKnowing = new double[sh.chunks.count()][wk];
      this.chunkLogLik = new double[sh.chunks.count()];
      this.competence = new double[sh.numWorkers];
      this.strategyMean = new double[wk];
      this.history = new double[options.maxIterations()];
      this.pseudo = new double[Math.max(2, sh.k)];
      this.prior = new double[Math.max(2, sh.k)];
      double width = 1.0 + options.defaultNoise();
      for (int w = 0; w < sh.numWorkers; w++) {
        double s = 1.0 + width * rng.nextDouble();
        double kn = 1.0 + width * rng.nextDouble();
        spam[w] = s / (s + kn);
        know[w] = kn / (s + kn);
        competence[w] = know[w];
      }
      for (int w = 0; w < sh.numWorkers; w++) {
        double z = 0;
        for (int l = 0; l < sh.k; l++) {
          strategy[w * sh.k + l] = 1.0 + width * rng.nextDouble();
          z += strategy[w * sh.k + l];
        }
        for (int l = 0; l < sh.k; l++) {
          strategy[w * sh.k + l] /= z;
          strategyMean[w * sh.k + l] = strategy[w * sh.k + l];
        }
      }
    }

    /** Runs EM or VB; returns {@code false} when the listener asked to stop. */
    boolean fit(IterationListener listener, int offset, int total) {
      double scale = 1.0 / Math.max(1, sh.m);
      double logLik = eStep();
      double extra = options.method() == Method.EM ? smoothingLogPrior() : 0.0;
      finalObjective = (logLik + extra) * scale;
      converged = options.maxIterations() == 0;
      stopReason = converged ? "no iterations asked for" : null;
      double previous = Double.NEGATIVE_INFINITY;
      double[] before = new double[post.length];
      for (int it = 1; it <= options.maxIterations(); it++) {
        System.arraycopy(post, 0, before, 0, post.length);
        extra = options.method() == Method.EM ? emStep() : vbStep();
        double objective = (eStep() + extra) * scale;
        history[it - 1] = objective;
        iterations = it;
        finalObjective = objective;
        boolean keepGoing = listener.onIteration(name(), offset + it, total, objective);
        if (!Double.isFinite(objective)) {
          stopReason = "objective is " + objective + " at iteration " + it;
          return keepGoing;
        }
        double gain = objective - previous;
        if (gain < options.tol() * Math.max(1, Math.abs(objective))
            && maxChange(before, post) <= options.posteriorTol()) {
          boolean fell = gain < -1e-9 * Math.max(1, Math.abs(objective));
          converged = !fell;
          stopReason =
              fell ? "objective fell at iteration " + it : "objective and posteriors settled";
          return keepGoing;
        }
        previous = objective;
        if (!keepGoing) {
          stopReason = "stopped by the listener at iteration " + it;
          return false;
        }
      }
      stopReason = "iteration limit " + options.maxIterations() + " reached";
      return true;
    }

    private static double maxChange(double[] a, double[] b) {
      double max = 0;
      for (int j = 0; j < a.length; j++) {
        max = Math.max(max, Math.abs(a[j] - b[j]));
      }
      return max;
    }

    /** E-step with the current parameters; sums the knowing counts; returns the log-likelihood. */
    double eStep() {
      MaceKernel.answerTerms(spam, know, strategy, sh.numWorkers, sh.k, logA, logD, ratio);
      TaskChunks chunks = sh.chunks;
      chunks.forEach(
          ch -> {
            double[] kc = chunkKnowing[ch];
            Arrays.fill(kc, 0.0);
            chunkLogLik[ch] =
                MaceKernel.eStep(
                    sh.off,
                    sh.worker,
                    sh.label,
                    chunks.from(ch),
                    chunks.to(ch),
                    sh.k,
                    logA,
                    logD,
                    ratio,
                    sh.gold,
                    post,
                    kc);
          });
      Arrays.fill(knowing, 0.0);
      double logLik = 0;
      for (int ch = 0; ch < chunks.count(); ch++) {
        double[] kc = chunkKnowing[ch];
        for (int j = 0; j < kc.length; j++) {
          knowing[j] += kc[j];
        }
        logLik += chunkLogLik[ch];
      }
      return logLik;
    }

    /** Smoothed EM M-step; returns the smoothing log prior of the new parameters. */
    double emStep() {
      int k = sh.k;
      double s = options.smoothing() / k;
      double logPrior = 0;
      for (int w = 0; w < sh.numWorkers; w++) {
        double knowCount = 0;
        double spamTotal = 0;
        for (int l = 0; l < k; l++) {
          int idx = w * k + l;
          knowCount += knowing[idx];
          spamTotal += spamCount(idx) + s;
        }
        double nw = sh.workerCounts[w];
        double spamCount = Math.max(0.0, nw - knowCount);
        spam[w] = (spamCount + s) / (nw + 2 * s);
        know[w] = (knowCount + s) / (nw + 2 * s);
        competence[w] = know[w];
        logPrior += s * (Math.log(spam[w]) + Math.log(know[w]));
        for (int l = 0; l < k; l++) {
          int idx = w * k + l;
          strategy[idx] = (spamCount(idx) + s) / spamTotal;
          strategyMean[idx] = strategy[idx];
          logPrior += s * Math.log(strategy[idx]);
        }
      }
      return logPrior;
    }

    /** Variational M-step; returns −KL(q(parameters) ‖ prior). */
    double vbStep() {
      int k = sh.k;
      double negKl = 0;
      for (int w = 0; w < sh.numWorkers; w++) {
        double knowCount = 0;
        for (int l = 0; l < k; l++) {
          knowCount += knowing[w * k + l];
        }
        double spamCount = Math.max(0.0, sh.workerCounts[w] - knowCount);
        pseudo[0] = spamCount + options.alpha();
        pseudo[1] = knowCount + options.beta();
        prior[0] = options.alpha();
        prior[1] = options.beta();
        double psiTotal = SpecialFunctions.digamma(pseudo[0] + pseudo[1]);
        spam[w] = Math.exp(SpecialFunctions.digamma(pseudo[0]) - psiTotal);
        know[w] = Math.exp(SpecialFunctions.digamma(pseudo[1]) - psiTotal);
        competence[w] = pseudo[1] / (pseudo[0] + pseudo[1]);
        negKl -= SpecialFunctions.dirichletKl(pseudo, 0, prior, 0, 2);
        double sum = 0;
        for (int l = 0; l < k; l++) {
          pseudo[l] = spamCount(w * k + l) + options.strategyPrior();
          prior[l] = options.strategyPrior();
          sum += pseudo[l];
        }
        double psiSum = SpecialFunctions.digamma(sum);
        for (int l = 0; l < k; l++) {
          int idx = w * k + l;
          strategy[idx] = Math.exp(SpecialFunctions.digamma(pseudo[l]) - psiSum);
          strategyMean[idx] = pseudo[l] / sum;
        }
        negKl -= SpecialFunctions.dirichletKl(pseudo, 0, prior, 0, k);
      }
      return negKl;
    }

    /** Expected number of answers {@code [w][l]} given while spamming. */
    private double spamCount(int idx) {
      return Math.max(0.0, sh.answerCounts[idx] - knowing[idx]);
    }

    /** The smoothing log prior of the current (initial) parameters. */
    double smoothingLogPrior() {
      double s = options.smoothing() / sh.k;
      double sum = 0;
      for (int w = 0; w < sh.numWorkers; w++) {
        sum += s * (Math.log(spam[w]) + Math.log(know[w]));
        for (int l = 0; l < sh.k; l++) {
          sum += s * Math.log(strategy[w * sh.k + l]);
        }
      }
      return sum;
    }
  }
}
