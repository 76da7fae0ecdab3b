package org.crowd4j.pairwise;

import java.util.Arrays;
import java.util.Locale;
import org.crowd4j.internal.kernel.Lbfgs;
import org.crowd4j.method.ConfiguredMethod;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;

/**
 * Noisy Bradley–Terry, crowd-kit's {@code NoisyBradleyTerry}: each worker {@code w} follows the
 * items' Bradley–Terry scores with probability {@code σ(γ_w)} (its skill) and otherwise picks the
 * left item with probability {@code σ(q_w)} (its position bias), so a judgement {@code y = ±1} on
 * {@code (l, r)} has the likelihood {@code σ(γ_w) σ(y(θ_l − θ_r)) + (1 − σ(γ_w)) σ(y q_w)} (see
 * {@link NoisyBtObjective}). Item log-scores θ, biases and skills maximise the log-likelihood plus
 * the prior {@code λ Σ_i [log σ(θ_i) + log σ(−θ_i)]} (crowd-kit's regularisation, with its
 * reference score fixed at 0, which removes the shift the likelihood cannot see) by L-BFGS,
 * starting from the Bradley–Terry scores (prior 1), skills {@code σ(1)} and no bias: no random
 * start, so equal data gives equal results. Stops when one step lowers the negative objective by at
 * most {@code tol} relative to its size (scipy's {@code ftol} rule, which crowd-kit uses) or after
 * {@code maxIterations} steps. Scores are {@code σ(θ_i)}, as crowd-kit reports them.
 *
 * <p>Standard errors ({@link Options#standardErrors()}): from the outer product of the
 * per-comparison gradients with respect to the log-scores (BHHH), with the workers' skills and
 * biases held at their estimates, plus the prior's information, its diagonal only or inverted per
 * component as {@link ScoreErrors} says. O(m) per evaluation.
 *
 * <p>Differences from crowd-kit 1.4.1, whose code this does not follow: its analytic gradient
 * writes the bias and skill derivatives one slot too early and overwrites instead of summing them,
 * and the sign of its regularisation gradient disagrees with its objective; its start is random.
 */
public final class NoisyBradleyTerry
    extends ConfiguredMethod<Comparisons, Void, Ranking, NoisyBradleyTerry.Options> {
  /** Method name in results and provenance. */
  public static final String NAME = "noisy-bt";

  /**
   * Options.
   *
   * @param maxIterations L-BFGS steps at most (crowd-kit's {@code n_iter}, default 100)
   * @param tol relative decrease of the objective at which to stop (crowd-kit's {@code tol})
   * @param prior λ ≥ 0 (crowd-kit's {@code regularization_ratio}, default 1e-5)
   * @param standardErrors which standard errors of the log-scores to compute
   * @param maxDenseErrors largest component whose information matrix is inverted for {@link
   *     StandardErrors#EXACT} errors
   */
  public record Options(
      @Describe("L-BFGS steps at most (crowd-kit's n_iter, default 100)") int maxIterations,
      @Describe("relative decrease of the objective at which to stop (crowd-kit's tol)") double tol,
      @Describe("λ ≥ 0 (crowd-kit's regularization_ratio, default 1e-5)") double prior,
      @Describe(
              "standard errors of the log-scores: diagonal (a lower bound from each item's own information), exact (inverse information per component) or none")
          StandardErrors standardErrors,
      @Describe("largest component whose information matrix is inverted for exact errors")
          int maxDenseErrors) {
    /** Validates. */
    public Options {
      Fits.requireOptions(maxIterations, tol, prior, standardErrors, maxDenseErrors);
    }

    /** These options with diagonal standard errors. */
    public Options(int maxIterations, double tol, double prior, int maxDenseErrors) {
      this(maxIterations, tol, prior, StandardErrors.DIAGONAL, maxDenseErrors);
    }

    /**
     * crowd-kit's defaults: 100 steps, tol 1e-5, prior 1e-5; diagonal errors (exact ones inverted
     * up to 2000 items).
     */
    public static Options defaults() {
      return new Options(100, 1e-5, 1e-5, StandardErrors.DIAGONAL, 2000);
    }

    /** These options with another iteration limit and tolerance. */
    public Options withIterations(int max, double tolerance) {
      return new Options(max, tolerance, prior, standardErrors, maxDenseErrors);
    }

    /** These options with another prior. */
    public Options withPrior(double lambda) {
      return new Options(maxIterations, tol, lambda, standardErrors, maxDenseErrors);
    }

    /** These options with other standard errors. */
    public Options withStandardErrors(StandardErrors errors) {
      return new Options(maxIterations, tol, prior, errors, maxDenseErrors);
    }
  }

  /** Initial skill logit γ: σ(1) ≈ 0.73. */
  private static final double START_SKILL = 1.0;

  /** Largest change of one parameter in one step. */
  private static final double MAX_STEP = 5.0;

  /** Gradient size (max norm) under which a failed line search counts as converged. */
  private static final double STATIONARY = 1e-4;

  /** The start: Bradley–Terry log-scores with prior 1. */
  private static final BradleyTerry START =
      new BradleyTerry(new BradleyTerry.Options(200, 1e-8, 1.0, StandardErrors.NONE, 0));

  /** A fitter with {@code options}. */
  public NoisyBradleyTerry(Options options) {
    super(NAME, options);
  }

  /** Fits {@code data}, reporting each step to the context's listener (no gold for rankings). */
  @Override
  public Ranking fit(Comparisons data, FitContext<Void> context) {
    IterationListener listener = context.listener();
    long began = System.nanoTime();
    int n = data.numItems();
    int workers = data.numWorkers();
    PairCounts counts = PairCounts.of(data);
    NoisyBtObjective f = new NoisyBtObjective(data, options().prior());
    double[] x = new double[f.dimension()];
    double[] start = START.logScores(counts);
    System.arraycopy(start, 0, x, 0, n);
    Arrays.fill(x, f.skillOffset(), f.dimension(), START_SKILL);
    int[] judgements = new int[workers];
    for (int c = 0; c < data.size(); c++) {
      judgements[data.worker(c)]++;
    }
    double[] diag = new double[f.dimension()];
    for (int i = 0; i < n; i++) {
      diag[i] = 1 / Math.max(1, 0.25 * counts.compared[i]);
    }
    for (int w = 0; w < workers; w++) {
      diag[f.biasOffset() + w] = 1 / Math.max(1, 0.25 * judgements[w]);
      diag[f.skillOffset() + w] = 1 / Math.max(1, 0.25 * judgements[w]);
    }
    double[] gradient = new double[f.dimension()];
    double value = f.evaluate(x, gradient);
    Lbfgs lbfgs = new Lbfgs(f.dimension(), 10);
    double[] history = new double[options().maxIterations()];
    int steps = 0;
    boolean converged = false;
    String reason = "iteration limit " + options().maxIterations() + " reached";
    while (steps < options().maxIterations()) {
      Lbfgs.Result r = lbfgs.minimize(f, x, value, gradient, diag, 1, -1, MAX_STEP, steps > 0);
      if (r.steps() == 0) {
        double largest = 0;
        for (double g : gradient) {
          largest = Math.max(largest, Math.abs(g));
        }
        converged = largest <= STATIONARY;
        reason =
            String.format(
                Locale.ROOT,
                "no step lowers the objective at step %d (largest gradient entry %.3g%s)",
                steps + 1,
                largest,
                converged ? "" : ", not stationary");
        break;
      }
      double decrease = value - r.value();
      double relative = decrease / Math.max(Math.max(Math.abs(value), Math.abs(r.value())), 1);
      value = r.value();
      history[steps++] = -value;
      if (!listener.onIteration(NAME, steps, options().maxIterations(), -value)) {
        reason = "stopped by the listener at step " + steps;
        break;
      }
      if (relative <= options().tol()) {
        converged = true;
        reason =
            String.format(
                Locale.ROOT,
                "relative decrease %.3g <= tol %s at step %d",
                relative,
                options().tol(),
                steps);
        break;
      }
    }
    double[] itemInfo = new double[n];
    boolean[] usable = new boolean[n];
    double[] scores = new double[n];
    double[] logScores = new double[n];
    for (int i = 0; i < n; i++) {
      double s = NoisyBtObjective.sigmoid(x[i]);
      itemInfo[i] = 2 * options().prior() * s * (1 - s);
      usable[i] = counts.compared[i] > 0;
      // without a prior nothing pins an item never compared: no score, as for Bradley-Terry
      boolean unknown = !usable[i] && options().prior() == 0;
      scores[i] = unknown ? Double.NaN : s;
      logScores[i] = unknown ? Double.NaN : x[i];
    }
    ScoreErrors.Result errors = errors(f, x, gradient, counts, data, itemInfo, usable);
    double[] skills = new double[workers];
    double[] biases = new double[workers];
    for (int w = 0; w < workers; w++) {
      skills[w] = NoisyBtObjective.sigmoid(x[f.skillOffset() + w]);
      biases[w] = NoisyBtObjective.sigmoid(x[f.biasOffset() + w]);
    }
    Diagnostics diagnostics =
        new Diagnostics(
            steps,
            converged,
            Arrays.copyOf(history, steps),
            "log-posterior (log-likelihood + prior)",
            reason);
    return new Ranking(
        data.items(),
        scores,
        logScores,
        errors.stderr(),
        counts.component,
        counts.components,
        BradleyTerry.errorMethod(
            "outer product of the per-comparison score gradients (skills and biases held fixed)"
                + " and the prior's information",
            errors,
            options().standardErrors(),
            options().maxDenseErrors()),
        new AnnotatorReliability(data.workers(), skills, biases, judgements),
        diagnostics,
        provenance(data::digest, began),
        Fits.notes(counts, options().prior(), data.items(), errors.stderr()));
  }

  /**
   * The errors the options ask for: BHHH pair weights from the per-comparison slopes at the final
   * point {@code x}.
   */
  private ScoreErrors.Result errors(
      NoisyBtObjective f,
      double[] x,
      double[] gradient,
      PairCounts counts,
      Comparisons data,
      double[] itemInfo,
      boolean[] usable) {
    StandardErrors mode = options().standardErrors();
    if (mode == StandardErrors.NONE) {
      return ScoreErrors.none(counts.items);
    }
    f.keepSlopes(true);
    f.evaluate(x, gradient);
    double[] slope = f.slopes();
    double[] pairInfo = new double[counts.pairs()];
    for (int c = 0; c < data.size(); c++) {
      pairInfo[counts.pairOf[c]] += slope[c] * slope[c];
    }
    return ScoreErrors.of(counts, pairInfo, itemInfo, usable, mode, options().maxDenseErrors());
  }
}
