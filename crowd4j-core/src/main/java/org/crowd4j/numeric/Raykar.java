package org.crowd4j.numeric;

import java.util.Arrays;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.internal.kernel.RaykarKernel;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitProgress;

/**
 * The Gaussian annotator model of Raykar, Yu, Zhao, Valadez, Florin, Bogoni, Moy, "Learning from
 * crowds", JMLR 11, 2010, section 3 (regression), without features and with a bias per annotator
 * ({@code raykar}).
 *
 * <p><b>Model.</b> The truth of task i is t_i ~ N(μ, s²) (the paper's t = wᵀx + N(0, 1/γ) with the
 * constant feature only); annotator j answers x_ij = t_i + b_j + N(0, σ_j²) (the paper's eq. for
 * y_i^j with noise precision τ_j = 1/σ_j², here with a bias b_j added). Only μ + b_j is identified;
 * the stated constraint is that the bias is 0 on average over the answers, Σ_j n_j b_j = 0 (n_j the
 * answers of annotator j): the crowd as a whole is unbiased. With gold the known values fix the
 * level and no constraint is imposed. {@code bias = false} gives the paper's model, b_j = 0.
 *
 * <p><b>EM.</b> E-step: the posterior of t_i is Gaussian with precision P_i = 1/s² + Σ_j 1/σ_j² and
 * mean m_i = (μ/s² + Σ_j (x_ij − b_j)/σ_j²) / P_i; a task with gold has t_i fixed at its value.
 * M-step, exact: μ = mean m_i, s² = mean((m_i − μ)² + v_i), b_j = mean_i(x_ij − m_i), σ_j² =
 * mean_i((x_ij − b_j − m_i)² + v_i) with v_i = 1/P_i; then the shift (μ + c, b_j − c) that meets
 * the constraint, which leaves the likelihood unchanged. Start: m_i = the task's mean answer. The
 * variances are floored at {@code varianceFloor} × the crowd's pooled within-task variance: an
 * annotator with one answer is fitted exactly by its bias and its variance would otherwise shrink
 * to 0 (the floored M-step is the exact constrained maximiser, so EM stays monotone). Such an
 * annotator's answer says almost nothing about the truth; a task answered only by such annotators
 * keeps an estimate near its start.
 *
 * <p><b>Stopping.</b> The objective is the marginal log-likelihood per answer, (1/m) Σ_i log
 * p(x_i), in closed form (a Gaussian integral over t_i), evaluated in each E-step; it never
 * decreases. EM stops when it gains less than {@code tol}. The estimate is the posterior mean m_i;
 * the worker weight is the precision 1/σ_j² (normalised). Time {@code O(m)} per iteration, memory
 * {@code O(n + W)}.
 */
public final class Raykar extends NumericMethod<Raykar.Options> {
  /**
   * Options of {@link Raykar}.
   *
   * @param maxIterations EM iterations at most; 0 returns the mean start's parameters
   * @param tol stop when the log-likelihood per answer gains less than this
   * @param varianceFloor floor of every variance, as a fraction of the pooled within-task variance
   * @param bias whether annotators have a bias (false: the paper's unbiased annotators)
   */
  public record Options(
      @Describe("EM iterations at most; 0 returns the mean start's parameters") int maxIterations,
      @Describe("stop when the log-likelihood per answer gains less than this") double tol,
      @Describe("floor of every variance, as a fraction of the pooled within-task variance")
          double varianceFloor,
      @Describe("whether annotators have a bias (false: the paper's unbiased annotators)")
          boolean bias)
      implements LoopOptions {
    /** Validates. */
    public Options {
      NumericFits.requireLoopOptions(maxIterations, tol);
      if (!(varianceFloor > 0 && varianceFloor < 1)) {
        throw new IllegalArgumentException("varianceFloor must be in (0, 1): " + varianceFloor);
      }
    }

    /** 500 iterations, tol 1e-7, variance floor 1e-3, with biases. */
    public static Options defaults() {
      return new Options(500, 1e-7, 1e-3, true);
    }
  }

  /** The model with {@code options}. */
  public Raykar(Options options) {
    super("raykar", FitProgress.Mode.ASCENT, options);
  }

  /** The model with default options. */
  public Raykar() {
    this(Options.defaults());
  }

  @Override
  NumericResult fit(NumericAnswers data, double[] gold, FitProgress progress, long start) {
    int n = data.numTasks();
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    boolean anyGold = false;
    for (double g : gold) {
      anyGold |= !Double.isNaN(g);
    }
    double floor = options().varianceFloor() * NumericFits.pooledVariance(data);
    Params p = new Params(data, floor, options().bias(), !anyGold);

    double[] mean = NumericFits.means(data);
    NumericFits.clamp(mean, gold);
    double[] postVar = new double[n];
    p.maximise(mean, postVar);

    for (int it = 1; it <= options().maxIterations(); it++) {
      double ll = p.expect(gold, mean, postVar);
      if (!progress.record(ll / m)) {
        break;
      }
      p.maximise(mean, postVar);
    }
    if (options().maxIterations() == 0) {
      p.expect(gold, mean, postVar);
    }
    double[] bias = p.bias.clone();
    double[] variance = p.variance.clone();
    double[] weight = new double[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      if (data.workerSize(w) == 0) {
        bias[w] = Double.NaN;
        variance[w] = Double.NaN;
      } else {
        weight[w] = 1 / variance[w];
      }
    }
    return new NumericResult(
        name(),
        data.tasks(),
        data.workers(),
        mean,
        bias,
        variance,
        NumericFits.normalised(data, weight),
        progress.diagnostics("marginal log-likelihood per answer"),
        provenance(data::digest, start),
        null);
  }

  /** The model's parameters, and its E-step and exact M-step ({@link RaykarKernel}). */
  private static final class Params {
    private final int[] off;
    private final int[] worker;
    private final double[] value;
    private final int[] count;
    final double[] bias;
    final double[] variance;
    private final double[] residualSum;
    private final double[] squareSum;
    private double priorMean;
    private double priorVariance = 1;
    private final double floor;
    private final boolean withBias;
    private final boolean centre;

    Params(NumericAnswers data, double floor, boolean withBias, boolean centre) {
      this.off = data.offsetArray();
      this.worker = data.workerArray();
      this.value = data.valueArray();
      this.count = data.workerSizes();
      int workers = count.length;
      this.bias = new double[workers];
      this.variance = new double[workers];
      Arrays.fill(variance, 1);
      this.residualSum = new double[workers];
      this.squareSum = new double[workers];
      this.floor = floor;
      this.withBias = withBias;
      this.centre = centre && withBias;
    }

    /**
     * E-step: writes the posterior mean and variance of every task and returns the marginal
     * log-likelihood of all answers (and of the known values of gold tasks).
     */
    double expect(double[] gold, double[] postMean, double[] postVar) {
      return RaykarKernel.expect(
          off, worker, value, gold, priorMean, priorVariance, bias, variance, postMean, postVar);
    }

    /** The parameters maximising the expected complete log-likelihood under the posteriors. */
    void maximise(double[] postMean, double[] postVar) {
      int n = postMean.length;
      double mu = NumericKernel.addValues(postMean, 0, n, 0) / n;
      Arrays.fill(residualSum, 0);
      NumericKernel.addResiduals(off, worker, value, postMean, residualSum);
      RaykarKernel.biases(residualSum, count, withBias, bias);
      Arrays.fill(squareSum, 0);
      RaykarKernel.addSquares(off, worker, value, postMean, postVar, bias, squareSum);
      double[] prior =
          RaykarKernel.maximise(
              mu,
              RaykarKernel.priorSquares(postMean, postVar, mu),
              n,
              squareSum,
              count,
              floor,
              centre,
              bias,
              variance);
      priorMean = prior[0];
      priorVariance = prior[1];
    }
  }
}
