package org.crowd4j.aggregate.classifier;

import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.ClassifierEmKernel;
import org.crowd4j.internal.kernel.ClassifierEmKernel.Counts;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

/**
 * Dawid–Skene EM (Dawid &amp; Skene 1979) with a classifier's out-of-sample class probabilities
 * p_i, used in one of two ways.
 *
 * <p>{@link Use#ANNOTATOR}: the classifier is one more annotator whose answer on task i is the soft
 * label p_i, with its own confusion Π_M fitted like every annotator's: log q_i(z) = log ρ_z + Σ_l
 * p_i(l) log Π_M[z, l] + Σ_{a ∈ i} log Π_{w(a)}[z, l(a)] − log Z_i, and Π_M[z, l] ∝ Σ_i q_i(z)
 * p_i(l) + α[z, l]. A poor classifier gets a flat Π_M and so little say.
 *
 * <p>{@link Use#PRIOR}: p_i is task i's class prior in place of ρ: log q_i(z) = log p_i(z) + Σ_{a ∈
 * i} log Π_{w(a)}[z, l(a)] − log Z_i (ρ, the mean posterior, for tasks without a prediction).
 *
 * <p>Both start from soft majority vote (the classifier's p_i for a task with no answer) and take
 * MAP M-steps: Π_w[z, l] ∝ Σ_{a of w, l(a)=l} q_i(z) + α[z, l], α {@link Options#confusionPrior}
 * pseudo-counts per row, half on the diagonal. The objective, the log-posterior of the parameters
 * the E-step used per answer, never falls. Gold tasks of the {@link FitContext} are clamped. Time
 * {@code O((m + n K) K)} per iteration.
 */
public final class ClassifierEm implements Aggregator {
  /** How the classifier's probabilities enter the model. */
  public enum Use {
    /** As one more annotator with a fitted confusion matrix. */
    ANNOTATOR,
    /** As each task's class prior. */
    PRIOR
  }

  /**
   * Options of {@link ClassifierEm}.
   *
   * @param use how the classifier enters
   * @param maxIterations EM iterations at most
   * @param tol stop when the objective per answer gains less than this
   * @param confusionPrior pseudo-counts per confusion row (half on the diagonal)
   */
  public record Options(
      @Describe("how the classifier enters: ANNOTATOR or PRIOR") Use use,
      @Describe("EM iterations at most") int maxIterations,
      @Describe("stop when the objective per answer gains less than this") double tol,
      @Describe("pseudo-counts per confusion row, half on the diagonal") double confusionPrior) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(use, "use");
      FitProgress.requireLimits(maxIterations, tol);
      if (!(confusionPrior > 0) || Double.isInfinite(confusionPrior)) {
        throw new IllegalArgumentException("confusionPrior must be > 0: " + confusionPrior);
      }
    }

    /** {@code use} with 100 iterations, tolerance 1e-7 and 2 pseudo-counts per row. */
    public static Options of(Use use) {
      return new Options(use, 100, 1e-7, ConfusionMatrices.PSEUDO_COUNTS);
    }
  }

  private final ClassifierProbabilities predictions;
  private final Options options;

  /** The EM with the classifier's {@code predictions}, used as {@code options} says. */
  public ClassifierEm(ClassifierProbabilities predictions, Options options) {
    this.predictions = Objects.requireNonNull(predictions, "predictions");
    this.options = Objects.requireNonNull(options, "options");
  }

  @Override
  public String name() {
    return options.use() == Use.ANNOTATOR ? "classifier-annotator" : "classifier-prior";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int workers = data.numWorkers();
    ClassifierProbabilities.Aligned aligned = predictions.alignedTo(data);
    double[] p = aligned.probabilities();
    boolean[] has = aligned.has();
    boolean asAnnotator = options.use() == Use.ANNOTATOR;
    int[] gold = context.gold() == null ? null : context.gold().labels();
    int[] off = data.taskOffsets();
    int[] worker = data.workerColumn();
    int[] label = data.labelColumn();
    double[] alpha = ConfusionMatrices.pseudoCounts(k, options.confusionPrior());

    double[] q = new double[n * k];
    double[] labelCounts = new double[k];
    Counts counts = freshCounts(workers, k, asAnnotator, alpha);
    for (int i = 0; i < n; i++) {
      if (data.taskSize(i) == 0 && has[i]) {
        System.arraycopy(p, i * k, q, i * k, k);
      } else {
        data.labelCounts(i, labelCounts);
        System.arraycopy(labelCounts, 0, q, i * k, k);
      }
      Posteriors.normalizeInPlace(q, i * k, k);
      if (gold != null && gold[i] >= 0) {
        java.util.Arrays.fill(q, i * k, i * k + k, 0.0);
        q[i * k + gold[i]] = 1;
      }
      ClassifierEmKernel.accumulate(off, worker, label, i, k, p, has[i], q, counts);
    }

    double[] logConf = new double[workers * k * k];
    double[] logModel = asAnnotator ? new double[k * k] : null;
    double[] rho = new double[k];
    double[] logRho = new double[k];
    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    boolean more = options.maxIterations() > 0;
    double logPrior = mStep(counts, n, k, alpha, logConf, logModel, rho, logRho);
    while (more) {
      counts = freshCounts(workers, k, asAnnotator, alpha);
      double logLikelihood =
          ClassifierEmKernel.sweep(
              off, worker, label, 0, n, k, p, has, logRho, logModel, logConf, gold, q, counts);
      more = progress.record((logLikelihood + logPrior) / Math.max(1, data.numAnswers()));
      if (more) {
        logPrior = mStep(counts, n, k, alpha, logConf, logModel, rho, logRho);
      }
    }
    double[] conf = new double[logConf.length];
    for (int j = 0; j < conf.length; j++) {
      conf[j] = Math.exp(logConf[j]);
    }
    return new AggregationResult(
        data,
        q,
        null,
        rho,
        new ConfusionMatrices(workers, k, conf),
        progress.diagnostics("log-posterior per answer"),
        Provenance.of(name(), options, data::digest, start));
  }

  /** Statistics that start at the pseudo-counts (the rows of every confusion), ρ at 0. */
  private static Counts freshCounts(int workers, int k, boolean withModel, double[] alpha) {
    Counts c = new Counts(workers, k, withModel);
    for (int w = 0; w < workers; w++) {
      System.arraycopy(alpha, 0, c.worker, w * k * k, k * k);
    }
    if (withModel) {
      System.arraycopy(alpha, 0, c.model, 0, k * k);
    }
    return c;
  }

  /**
   * The MAP M-step from {@code counts} (pseudo-counts included): log confusions of the annotators
   * and, when {@code logModel} is not null, of the classifier, and ρ with its log; returns their
   * log Dirichlet prior.
   */
  private static double mStep(
      Counts counts,
      int n,
      int k,
      double[] alpha,
      double[] logConf,
      double[] logModel,
      double[] rho,
      double[] logRho) {
    double logPrior =
        ClassifierEmKernel.logConfusions(
            counts.worker, counts.worker.length / k, k, alpha, false, logConf);
    if (logModel != null) {
      logPrior += ClassifierEmKernel.logConfusions(counts.model, k, k, alpha, false, logModel);
    }
    ClassifierEmKernel.rho(counts.rho, n, rho, logRho);
    return logPrior;
  }
}
