package org.crowd4j.aggregate;

import java.util.Objects;
import org.crowd4j.aggregate.DawidSkene.Stopping;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.DawidSkeneKernel;
import org.crowd4j.internal.kernel.OneCoinKernel;
import org.crowd4j.internal.kernel.TaskChunks;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

/**
 * One-coin Dawid–Skene EM (crowd-kit's {@code OneCoinDawidSkene}; the one-coin model discussed by
 * Zhang, Chen, Zhou &amp; Jordan 2016, "Spectral methods meet EM: a provably optimal algorithm for
 * crowdsourcing", JMLR 17, and the EM of Dawid &amp; Skene 1979 restricted to it).
 *
 * <p><b>Model.</b> True label z_i ~ Categorical(ρ); worker w answers the true label with
 * probability s_w and each of the other K − 1 labels with probability (1 − s_w)/(K − 1): a
 * Dawid–Skene confusion matrix with diagonal s_w and constant off-diagonal. Both entries are
 * clipped to [{@code floor}, 1 − {@code floor}] as crowd-kit does.
 *
 * <p><b>Updates.</b> Start from soft majority-vote posteriors q (gold tasks from the {@link
 * FitContext} clamped) and take an M-step. E-step, in log space, through {@link DawidSkeneKernel}:
 * log q_i(k) = log ρ_k + Σ_{a ∈ i} log e_{w(a)}[l(a), k] − log Z_i, posteriors floored at {@code
 * floor} and renormalised. M-step: ρ = mean q; s_w = mean over w's answers a of q_{i(a)}(l(a)), the
 * expected fraction of correct answers — the exact maximiser of the expected complete-data
 * log-likelihood, so EM never decreases the likelihood (up to the effect of the floors, of order
 * {@code floor} per answer).
 *
 * <p><b>Stopping.</b> By default ({@link Stopping#LIKELIHOOD}) the objective is the marginal
 * log-likelihood per answer, (1/m) Σ_i log Z_i, evaluated in each E-step; EM stops when it gains
 * less than {@code tol} or after {@code maxIterations}. {@link Stopping#CROWDKIT_ELBO} watches
 * crowd-kit 1.4.1's ELBO instead, which adds the log prior once per answer rather than once per
 * task (not a bound of anything, and not monotone), for exact parity with that library.
 *
 * <p><b>Result.</b> Posteriors of the last E-step, class priors, and {@link WorkerSkills} holding
 * s_w of the last M-step (unclipped, crowd-kit's {@code skills_}); the full confusion matrices
 * follow from s_w and K, and the result's {@link NoiseModel} is this one-coin model with s_w
 * clipped to the floors. Time {@code O(m K)} per iteration, memory {@code O(nK + W K²)} (the
 * kernel's log-error layout {@code [w][observed][true]}); runs on all cores with results
 * independent of the thread count.
 */
public final class OneCoinDawidSkene implements Aggregator {
  /**
   * Options of {@link OneCoinDawidSkene}.
   *
   * @param maxIterations EM iterations at most; 0 returns the majority-vote start
   * @param tol stop when the objective gains less than this
   * @param floor probability floor for posteriors, priors and error entries (crowd-kit: 1e-10)
   * @param stopping which objective the stopping rule watches
   */
  public record Options(
      @Describe("EM iterations at most; 0 returns the majority-vote start") int maxIterations,
      @Describe("stop when the objective gains less than this") double tol,
      @Describe("probability floor for posteriors, priors and error entries (crowd-kit: 1e-10)")
          double floor,
      @Describe("which objective the stopping rule watches") Stopping stopping) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      if (!(floor > 0 && floor < 0.01)) {
        throw new IllegalArgumentException("floor must be in (0, 0.01): " + floor);
      }
      Objects.requireNonNull(stopping, "stopping");
    }

    /** crowd-kit's defaults (100 iterations, tol 1e-5, floor 1e-10), likelihood stopping. */
    public static Options defaults() {
      return new Options(100, 1e-5, 1e-10, Stopping.LIKELIHOOD);
    }

    /** crowd-kit's defaults with its ELBO stopping rule, for exact parity. */
    public static Options crowdKit() {
      return new Options(100, 1e-5, 1e-10, Stopping.CROWDKIT_ELBO);
    }
  }

  private final Options options;

  /** One-coin Dawid–Skene with {@code options}. */
  public OneCoinDawidSkene(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** One-coin Dawid–Skene with default options. */
  public OneCoinDawidSkene() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "one-coin-ds";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    double floor = options.floor();
    int[] off = data.taskOffsets();
    int[] worker = data.workerColumn();
    int[] label = data.labelColumn();
    int[] gold = DawidSkene.goldLabels(context.gold(), n);

    double[] post = Votes.softStart(data, gold);
    double[] logPrior = new double[k];
    double[] skills = new double[numWorkers];
    double[] logError = new double[numWorkers * k * k];
    int[] count = new int[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      count[w] = data.workerSize(w);
    }
    mStep(post, off, k, worker, label, count, logPrior, skills, logError);

    TaskChunks chunks = TaskChunks.of(data, 65_536, 64);
    double[] chunkLogLik = new double[chunks.count()];
    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    for (int it = 1; it <= options.maxIterations(); it++) {
      chunks.forEach(
          ch -> {
            double ll = 0;
            for (int i = chunks.from(ch); i < chunks.to(ch); i++) {
              ll +=
                  DawidSkeneKernel.posterior(
                      worker,
                      label,
                      off[i],
                      off[i + 1],
                      logPrior,
                      logError,
                      k,
                      gold[i],
                      floor,
                      post,
                      i * k);
            }
            chunkLogLik[ch] = ll;
          });
      double ll = 0;
      for (double v : chunkLogLik) {
        ll += v;
      }
      mStep(post, off, k, worker, label, count, logPrior, skills, logError);
      double objective;
      if (options.stopping() == Stopping.CROWDKIT_ELBO) {
        objective =
            OneCoinKernel.crowdKitElbo(worker, label, off, 0, n, post, logPrior, logError, k)
                / Math.max(1, m);
      } else {
        objective = m == 0 ? 0 : ll / m;
      }
      if (!progress.record(objective)) {
        break;
      }
    }

    double[] prior = new double[k];
    for (int c = 0; c < k; c++) {
      prior[c] = Math.exp(logPrior[c]);
    }
    double[] accuracy = new double[skills.length];
    for (int w = 0; w < skills.length; w++) {
      accuracy[w] =
          k == 1 ? 1.0 : Math.min(Math.max(skills[w], options.floor()), 1 - options.floor());
    }
    return new AggregationResult(
        data,
        post,
        null,
        prior,
        new WorkerSkills(skills),
        new OneCoinNoise(accuracy, k),
        progress.diagnostics(options.stopping().objectiveName()),
        Provenance.of(name(), options, data::digest, start));
  }

  /** M-step from the posteriors through {@link OneCoinKernel}, task by task. */
  private void mStep(
      double[] post,
      int[] off,
      int k,
      int[] worker,
      int[] label,
      int[] count,
      double[] logPrior,
      double[] skills,
      double[] logError) {
    int n = off.length - 1;
    double[] priorCounts = new double[k];
    double[] sum = new double[skills.length];
    for (int i = 0; i < n; i++) {
      OneCoinKernel.accumulate(worker, label, off[i], off[i + 1], post, i * k, k, priorCounts, sum);
    }
    OneCoinKernel.mStep(priorCounts, sum, count, k, options.floor(), logPrior, skills, logError);
  }
}
