package org.crowd4j.aggregate.classifier;

import java.util.Objects;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
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
    Gold gold = context.gold();
    double[] alpha = pseudoCounts(k, options.confusionPrior());

    double[] q = new double[n * k];
    double[] counts = new double[k];
    for (int i = 0; i < n; i++) {
      if (data.taskSize(i) == 0 && has[i]) {
        System.arraycopy(p, i * k, q, i * k, k);
      } else {
        data.labelCounts(i, counts);
        System.arraycopy(counts, 0, q, i * k, k);
      }
      Posteriors.normalizeInPlace(q, i * k, k);
      clamp(q, i, k, gold);
    }

    double[] logConf = new double[workers * k * k];
    double[] logModel = new double[k * k];
    double[] logRho = new double[k];
    double[] s = new double[k];
    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    double[] rho = new double[k];
    boolean more = options.maxIterations() > 0;
    while (more) {
      double logPrior = mStep(data, q, alpha, logConf);
      if (asAnnotator) {
        logPrior += modelStep(q, p, has, alpha, k, logModel);
      }
      meanPosterior(q, n, k, rho);
      for (int z = 0; z < k; z++) {
        logRho[z] = Math.log(Math.max(rho[z], 1e-300));
      }
      double logLikelihood = 0;
      for (int i = 0; i < n; i++) {
        for (int z = 0; z < k; z++) {
          double v = has[i] && !asAnnotator ? Math.log(p[i * k + z]) : logRho[z];
          if (asAnnotator && has[i]) {
            for (int l = 0; l < k; l++) {
              v += p[i * k + l] * logModel[z * k + l];
            }
          }
          s[z] = v;
        }
        for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
          int base = data.worker(a) * k * k + data.label(a);
          for (int z = 0; z < k; z++) {
            s[z] += logConf[base + z * k];
          }
        }
        if (gold != null && gold.hasKnown(i)) {
          logLikelihood += s[gold.label(i)];
          clamp(q, i, k, gold);
        } else {
          logLikelihood += Posteriors.softmaxInPlace(s, 0, k);
          System.arraycopy(s, 0, q, i * k, k);
        }
      }
      more = progress.record((logLikelihood + logPrior) / Math.max(1, data.numAnswers()));
    }
    double[] conf = new double[logConf.length];
    if (options.maxIterations() == 0) {
      mStep(data, q, alpha, logConf);
      meanPosterior(q, n, k, rho);
    }
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

  /** The annotators' log confusions from {@code q}; returns their log Dirichlet prior. */
  private static double mStep(CrowdDataset data, double[] q, double[] alpha, double[] logConf) {
    int k = data.numLabels();
    int workers = data.numWorkers();
    for (int w = 0; w < workers; w++) {
      System.arraycopy(alpha, 0, logConf, w * k * k, k * k);
    }
    for (int a = 0; a < data.numAnswers(); a++) {
      int qi = data.task(a) * k;
      int base = data.worker(a) * k * k + data.label(a);
      for (int z = 0; z < k; z++) {
        logConf[base + z * k] += q[qi + z];
      }
    }
    double logPrior = 0;
    for (int row = 0; row < workers * k; row++) {
      logPrior += normalizeLogRow(logConf, row * k, k, alpha, (row % k) * k);
    }
    return logPrior;
  }

  /** The classifier's log confusion from {@code q}; returns its log Dirichlet prior. */
  private static double modelStep(
      double[] q, double[] p, boolean[] has, double[] alpha, int k, double[] logModel) {
    System.arraycopy(alpha, 0, logModel, 0, k * k);
    for (int i = 0; i < has.length; i++) {
      if (!has[i]) {
        continue;
      }
      for (int z = 0; z < k; z++) {
        double qz = q[i * k + z];
        for (int l = 0; l < k; l++) {
          logModel[z * k + l] += qz * p[i * k + l];
        }
      }
    }
    double logPrior = 0;
    for (int z = 0; z < k; z++) {
      logPrior += normalizeLogRow(logModel, z * k, k, alpha, z * k);
    }
    return logPrior;
  }

  /**
   * Turns the counts {@code c[off .. off+k)} into log probabilities; returns Σ_l α_l log π_l, the
   * row's log Dirichlet prior up to a constant.
   */
  private static double normalizeLogRow(double[] c, int off, int k, double[] alpha, int alphaOff) {
    double sum = 0;
    for (int l = 0; l < k; l++) {
      sum += c[off + l];
    }
    double logSum = Math.log(sum);
    double logPrior = 0;
    for (int l = 0; l < k; l++) {
      double v = Math.log(c[off + l]) - logSum;
      c[off + l] = v;
      logPrior += alpha[alphaOff + l] * v;
    }
    return logPrior;
  }

  private static void meanPosterior(double[] q, int n, int k, double[] rho) {
    java.util.Arrays.fill(rho, 0);
    for (int i = 0; i < n; i++) {
      for (int z = 0; z < k; z++) {
        rho[z] += q[i * k + z];
      }
    }
    for (int z = 0; z < k; z++) {
      rho[z] = n == 0 ? 1.0 / k : rho[z] / n;
    }
  }

  private static void clamp(double[] q, int i, int k, Gold gold) {
    if (gold != null && gold.hasKnown(i)) {
      for (int z = 0; z < k; z++) {
        q[i * k + z] = z == gold.label(i) ? 1 : 0;
      }
    }
  }

  /** α[z, l]: {@code total} pseudo-counts per row, half on the diagonal, half spread evenly. */
  static double[] pseudoCounts(int k, double total) {
    double[] a = new double[k * k];
    for (int z = 0; z < k; z++) {
      for (int l = 0; l < k; l++) {
        a[z * k + l] = total * (0.5 / k + (z == l ? 0.5 : 0));
      }
    }
    return a;
  }
}
