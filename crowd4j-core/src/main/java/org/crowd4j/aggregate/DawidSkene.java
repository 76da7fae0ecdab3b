package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.DawidSkeneKernel;
import org.crowd4j.internal.kernel.TaskChunks;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

/**
 * Dawid–Skene EM (Dawid &amp; Skene 1979, "Maximum likelihood estimation of observer error-rates
 * using the EM algorithm").
 *
 * <p><b>Model.</b> True label z_i ~ Categorical(ρ); worker w answers l with probability Π_w[z_i,
 * l], independently across answers.
 *
 * <p><b>Updates.</b> Start from soft majority-vote posteriors q (gold tasks clamped) and take an
 * M-step. E-step, in log space: log q_i(k) = log ρ_k + Σ_{a ∈ i} log Π_{w(a)}[k, l(a)] − log Z_i,
 * posteriors floored at {@code floor} and renormalised. M-step: ρ = mean q; Π_w[k, l] ∝ max(Σ_{a of
 * w, l(a)=l} q_{i(a)}(k), floor) — crowd-kit's clipping.
 *
 * <p><b>Stopping.</b> The objective is the marginal log-likelihood per answer, (1/m) Σ_i log Z_i,
 * evaluated in each E-step; EM stops when it gains less than {@code tol} or after {@code
 * maxIterations}. crowd-kit 1.4.1 computes its ELBO with the log prior added once per
 * <em>answer</em> instead of once per task; that ELBO often falls after 2–4 iterations, stopping
 * crowd-kit short of convergence (shared adult, fact-eval, zencrowd-in and zencrowd-us), which
 * {@link Stopping#CROWDKIT_ELBO} reproduces. crowd-kit also normalises a confusion column over the
 * labels the worker gave rather than all K, which matters only for a column with almost no
 * posterior mass, as in the majority-vote start: the 2-iteration posteriors differ by up to 0.041
 * on adult (2 of 11,040 labels) and 0.008 on fact-eval (no label).
 *
 * <p>Gold tasks (from the {@link FitContext}) are clamped to their label in every E-step. Initial
 * confusion matrices can be added to the first M-step's counts or assigned outright, as crowd-kit's
 * {@code initial_error}. Time {@code O(m K)} per iteration; memory {@code O(n K + W K²)}; runs on
 * all cores with results independent of the thread count.
 */
public final class DawidSkene implements Aggregator {
  /**
   * Options of {@link DawidSkene}.
   *
   * @param maxIterations EM iterations at most; 0 returns the majority-vote start
   * @param tol stop when the log-likelihood per answer gains less than this
   * @param floor probability floor for posteriors and confusion counts (crowd-kit: 1e-10)
   * @param stopping which objective the stopping rule watches
   * @param confusionPrior pseudo-counts per confusion row of a Dirichlet prior (MAP estimate); 0 =
   *     maximum likelihood
   * @param priorShape how the pseudo-counts of a row are spread over the answers
   */
  public record Options(
      @Describe("EM iterations at most; 0 returns the majority-vote start") int maxIterations,
      @Describe("stop when the log-likelihood per answer gains less than this") double tol,
      @Describe("probability floor for posteriors and confusion counts (crowd-kit: 1e-10)")
          double floor,
      @Describe("which objective the stopping rule watches") Stopping stopping,
      @Describe(
              "pseudo-counts per confusion row of a Dirichlet prior (MAP estimate); 0 = maximum likelihood")
          double confusionPrior,
      @Describe("how the pseudo-counts of a row are spread over the answers")
          PriorShape priorShape) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      if (!(floor > 0 && floor < 0.01)) {
        throw new IllegalArgumentException(
            "floor must be in (0, 0.01) (0 gives 0/0 for a class no answer supports): " + floor);
      }
      Objects.requireNonNull(stopping, "stopping");
      if (!(confusionPrior >= 0) || Double.isInfinite(confusionPrior)) {
        throw new IllegalArgumentException(
            "confusionPrior must be >= 0 and finite: " + confusionPrior);
      }
      Objects.requireNonNull(priorShape, "priorShape");
    }

    /** Maximum likelihood (no prior) with the given loop settings. */
    public Options(int maxIterations, double tol, double floor, Stopping stopping) {
      this(maxIterations, tol, floor, stopping, 0, PriorShape.DIAGONAL);
    }

    /** crowd-kit's defaults: 100 iterations, tol 1e-5, floor 1e-10, no prior. */
    public static Options defaults() {
      return new Options(100, 1e-5, 1e-10, Stopping.LIKELIHOOD);
    }

    /** A copy with a Dirichlet prior of {@code strength} pseudo-counts per row. */
    public Options withConfusionPrior(double strength, PriorShape shape) {
      return new Options(maxIterations, tol, floor, stopping, strength, shape);
    }
  }

  /**
   * How the {@code confusionPrior} pseudo-counts of a confusion row are spread over the answers.
   */
  public enum PriorShape {
    /** The same share for every answer: a symmetric Dirichlet. */
    UNIFORM,
    /** Half on the correct answer, half spread evenly over all answers. */
    DIAGONAL,
    /**
     * Proportional to the crowd's pooled confusion row (all workers' counts together under the
     * majority-vote start): each worker is shrunk towards the average annotator (empirical Bayes).
     */
    POOLED
  }

  /** The objective watched by the stopping rule. */
  public enum Stopping {
    /** The marginal log-likelihood per answer (monotone under EM). */
    LIKELIHOOD,
    /**
     * crowd-kit 1.4.1's ELBO per answer, which adds the log prior once per answer; not monotone,
     * kept for exact parity with that library.
     */
    CROWDKIT_ELBO;

    /** The name of the objective this rule watches, as {@link Diagnostics#objectiveName()}. */
    public String objectiveName() {
      return this == CROWDKIT_ELBO ? "crowd-kit ELBO per answer" : "log-likelihood per answer";
    }
  }

  /** How initial confusion matrices enter the first M-step. */
  public enum InitialErrorStrategy {
    /** Added to the majority-vote confusion counts before normalising (pseudo-counts). */
    ADDITION,
    /** Replace the workers' matrices; each row must sum to 1 and every worker must be given. */
    ASSIGN
  }

  private final Options options;
  private final Map<String, double[][]> initialErrors;
  private final InitialErrorStrategy initialStrategy;

  /** Dawid–Skene with {@code options}. */
  public DawidSkene(Options options) {
    this(options, null, InitialErrorStrategy.ADDITION);
  }

  /** Dawid–Skene with default options. */
  public DawidSkene() {
    this(Options.defaults());
  }

  private DawidSkene(
      Options options, Map<String, double[][]> initialErrors, InitialErrorStrategy strategy) {
    this.options = Objects.requireNonNull(options, "options");
    this.initialErrors = initialErrors == null ? null : Map.copyOf(initialErrors);
    this.initialStrategy = Objects.requireNonNull(strategy, "strategy");
  }

  /**
   * A copy that starts from the given confusion matrices: worker name → {@code K × K} matrix (rows
   * = true label, columns = answer, both in the dataset's label order).
   */
  public DawidSkene withInitialErrors(
      Map<String, double[][]> matrices, InitialErrorStrategy strategy) {
    return new DawidSkene(options, matrices, strategy);
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "ds";
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
    int[] cell = DawidSkeneKernel.cells(data);
    int[] gold = goldLabels(context.gold(), n);

    double[] post = Votes.softStart(data, gold);
    double[] errorCounts = new double[numWorkers * k * k];
    double[] priorCounts = new double[k];
    DawidSkeneKernel.accumulateTasks(cell, off, 0, n, post, k, errorCounts, priorCounts);
    double[] logPrior = new double[k];
    double[] logError = new double[numWorkers * k * k];
    DawidSkeneKernel.logPriorFromCounts(priorCounts, k, floor, logPrior);
    applyInitialErrors(data, errorCounts);
    double[] pseudo = priorPseudoCounts(errorCounts, numWorkers, k);
    DawidSkeneKernel.addConfusionPrior(errorCounts, numWorkers, k, pseudo);
    DawidSkeneKernel.logErrorsFromCounts(errorCounts, numWorkers, k, floor, logError);
    if (initialErrors != null && initialStrategy == InitialErrorStrategy.ASSIGN) {
      assignInitialErrors(data, logError);
    }

    TaskChunks chunks = TaskChunks.of(data, 65_536, 64);
    int c = chunks.count();
    boolean perChunkCounts = (long) c * numWorkers * k * k <= 16_000_000L;
    double[][] chunkErrors = new double[perChunkCounts ? c : 1][];
    double[][] chunkPriors = new double[c][k];
    double[] chunkLogLik = new double[c];
    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    for (int it = 1; it <= options.maxIterations(); it++) {
      final double[] lp = logPrior;
      final double[] le = logError;
      if (perChunkCounts) {
        chunks.forEach(
            ch -> {
              double[] ec = chunkErrors[ch];
              if (ec == null) {
                ec = new double[numWorkers * k * k];
                chunkErrors[ch] = ec;
              } else {
                Arrays.fill(ec, 0.0);
              }
              double[] pc = chunkPriors[ch];
              Arrays.fill(pc, 0.0);
              chunkLogLik[ch] =
                  DawidSkeneKernel.sweep(
                      cell,
                      off,
                      chunks.from(ch),
                      chunks.to(ch),
                      lp,
                      le,
                      k,
                      gold,
                      floor,
                      post,
                      ec,
                      pc);
            });
        Arrays.fill(errorCounts, 0.0);
        Arrays.fill(priorCounts, 0.0);
        for (int ch = 0; ch < c; ch++) {
          double[] ec = chunkErrors[ch];
          for (int j = 0; j < ec.length; j++) {
            errorCounts[j] += ec[j];
          }
          for (int j = 0; j < k; j++) {
            priorCounts[j] += chunkPriors[ch][j];
          }
        }
      } else {
        chunks.forEach(
            ch ->
                chunkLogLik[ch] =
                    DawidSkeneKernel.sweep(
                        cell,
                        off,
                        chunks.from(ch),
                        chunks.to(ch),
                        lp,
                        le,
                        k,
                        gold,
                        floor,
                        post,
                        null,
                        null));
        Arrays.fill(errorCounts, 0.0);
        Arrays.fill(priorCounts, 0.0);
        DawidSkeneKernel.accumulateTasks(cell, off, 0, n, post, k, errorCounts, priorCounts);
      }
      double ll = 0;
      for (int ch = 0; ch < c; ch++) {
        ll += chunkLogLik[ch];
      }
      // the log-posterior is that of the parameters this E-step used: their likelihood and prior
      double usedLogPrior =
          options.confusionPrior() > 0 && options.stopping() != Stopping.CROWDKIT_ELBO
              ? DawidSkeneKernel.confusionLogPrior(logError, numWorkers, k, pseudo)
              : 0;
      DawidSkeneKernel.logPriorFromCounts(priorCounts, k, floor, logPrior);
      DawidSkeneKernel.addConfusionPrior(errorCounts, numWorkers, k, pseudo);
      DawidSkeneKernel.logErrorsFromCounts(errorCounts, numWorkers, k, floor, logError);
      double objective;
      if (options.stopping() == Stopping.CROWDKIT_ELBO) {
        objective =
            DawidSkeneKernel.crowdKitElbo(cell, off, 0, n, post, logPrior, logError, k)
                / Math.max(1, m);
      } else {
        objective = m == 0 ? 0 : (ll + usedLogPrior) / m;
      }
      if (!progress.record(objective)) {
        break;
      }
    }

    double[] prior = new double[k];
    for (int j = 0; j < k; j++) {
      prior[j] = Math.exp(logPrior[j]);
    }
    return new AggregationResult(
        data,
        post,
        null,
        prior,
        confusions(logError, numWorkers, k),
        progress.diagnostics(objectiveName()),
        Provenance.of(name(), options, data::digest, start));
  }

  private String objectiveName() {
    if (options.confusionPrior() > 0 && options.stopping() == Stopping.LIKELIHOOD) {
      return "log-posterior per answer";
    }
    return options.stopping().objectiveName();
  }

  /**
   * The prior's pseudo-counts, flat {@code K × K} (row = true label; all 0 without a prior). {@link
   * PriorShape#POOLED} takes the rows of the crowd's pooled confusion from the first M-step's
   * counts {@code [w][l][k]} (the majority-vote start) and keeps them fixed, so EM climbs one fixed
   * posterior.
   */
  private double[] priorPseudoCounts(double[] counts, int numWorkers, int k) {
    double strength = options.confusionPrior();
    double[] pseudo = new double[k * k];
    if (strength <= 0) {
      return pseudo;
    }
    switch (options.priorShape()) {
      case UNIFORM -> Arrays.fill(pseudo, strength / k);
      case DIAGONAL -> {
        for (int c = 0; c < k; c++) {
          for (int l = 0; l < k; l++) {
            pseudo[c * k + l] = strength * (0.5 / k + (c == l ? 0.5 : 0));
          }
        }
      }
      case POOLED -> {
        for (int w = 0; w < numWorkers; w++) {
          int wb = w * k * k;
          for (int l = 0; l < k; l++) {
            for (int c = 0; c < k; c++) {
              pseudo[c * k + l] += counts[wb + l * k + c];
            }
          }
        }
        for (int c = 0; c < k; c++) {
          double row = 0;
          for (int l = 0; l < k; l++) {
            row += pseudo[c * k + l];
          }
          for (int l = 0; l < k; l++) {
            pseudo[c * k + l] = row > 0 ? strength * pseudo[c * k + l] / row : strength / k;
          }
        }
      }
    }
    return pseudo;
  }

  static int[] goldLabels(Gold gold, int n) {
    int[] g = new int[n];
    Arrays.fill(g, -1);
    if (gold != null) {
      if (gold.numTasks() != n) {
        throw new IllegalArgumentException(
            "gold is aligned to " + gold.numTasks() + " tasks, the data has " + n);
      }
      for (int i = 0; i < n; i++) {
        g[i] = gold.hasKnown(i) ? gold.label(i) : -1;
      }
    }
    return g;
  }

  /** Transposes log entries {@code [w][l][k]} into probabilities {@code [w][k][l]}. */
  static ConfusionMatrices confusions(double[] logError, int numWorkers, int k) {
    double[] out = new double[numWorkers * k * k];
    for (int w = 0; w < numWorkers; w++) {
      int b = w * k * k;
      for (int l = 0; l < k; l++) {
        for (int c = 0; c < k; c++) {
          out[b + c * k + l] = Math.exp(logError[b + l * k + c]);
        }
      }
    }
    return new ConfusionMatrices(numWorkers, k, out);
  }

  private void applyInitialErrors(CrowdDataset data, double[] errorCounts) {
    if (initialErrors == null || initialStrategy != InitialErrorStrategy.ADDITION) {
      return;
    }
    int k = data.numLabels();
    for (Map.Entry<String, double[][]> e : initialErrors.entrySet()) {
      int w = data.workers().id(e.getKey());
      if (w < 0) {
        continue;
      }
      double[][] mat = checkShape(e.getKey(), e.getValue(), k);
      for (int c = 0; c < k; c++) {
        for (int l = 0; l < k; l++) {
          errorCounts[(w * k + l) * k + c] += mat[c][l];
        }
      }
    }
  }

  private void assignInitialErrors(CrowdDataset data, double[] logError) {
    int k = data.numLabels();
    for (int w = 0; w < data.numWorkers(); w++) {
      String name = data.workers().name(w);
      double[][] mat = initialErrors.get(name);
      if (mat == null) {
        throw new IllegalArgumentException(
            "initial errors (assign) must cover every worker; missing '" + name + "'");
      }
      checkShape(name, mat, k);
      for (int c = 0; c < k; c++) {
        double sum = 0;
        for (int l = 0; l < k; l++) {
          sum += mat[c][l];
        }
        if (Math.abs(sum - 1.0) > 1e-6) {
          throw new IllegalArgumentException(
              "initial error matrix of worker '"
                  + name
                  + "' row "
                  + c
                  + " sums to "
                  + sum
                  + ", not 1");
        }
        for (int l = 0; l < k; l++) {
          logError[(w * k + l) * k + c] = Math.log(Math.max(mat[c][l], options.floor()));
        }
      }
    }
  }

  private static double[][] checkShape(String worker, double[][] mat, int k) {
    if (mat.length != k) {
      throw new IllegalArgumentException(
          "initial error matrix of worker '" + worker + "' must be " + k + "×" + k);
    }
    for (double[] row : mat) {
      if (row.length != k) {
        throw new IllegalArgumentException(
            "initial error matrix of worker '" + worker + "' must be " + k + "×" + k);
      }
    }
    return mat;
  }
}
