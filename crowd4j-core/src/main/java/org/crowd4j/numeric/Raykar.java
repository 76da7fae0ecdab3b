package org.crowd4j.numeric;

import java.util.Arrays;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Method;
import org.crowd4j.method.Provenance;

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
public final class Raykar implements Method<NumericAnswers, NumericGold, NumericResult> {
  private static final double LOG_2PI = Math.log(2 * Math.PI);

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
          boolean bias) {
    /** Validates. */
    public Options {
      if (maxIterations < 0) {
        throw new IllegalArgumentException("maxIterations must be >= 0: " + maxIterations);
      }
      if (!(tol >= 0) || Double.isInfinite(tol)) {
        throw new IllegalArgumentException("tol must be >= 0 and finite: " + tol);
      }
      if (!(varianceFloor > 0 && varianceFloor < 1)) {
        throw new IllegalArgumentException("varianceFloor must be in (0, 1): " + varianceFloor);
      }
    }

    /** 500 iterations, tol 1e-7, variance floor 1e-3, with biases. */
    public static Options defaults() {
      return new Options(500, 1e-7, 1e-3, true);
    }
  }

  private final Options options;

  /** The model with {@code options}. */
  public Raykar(Options options) {
    this.options = java.util.Objects.requireNonNull(options, "options");
  }

  /** The model with default options. */
  public Raykar() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "raykar";
  }

  @Override
  public NumericResult fit(NumericAnswers data, FitContext<NumericGold> context) {
    long start = System.nanoTime();
    NumericFits.requireAnswers(data);
    int n = data.numTasks();
    int numWorkers = data.numWorkers();
    int m = data.numAnswers();
    double[] gold = NumericFits.gold(context.gold(), n);
    boolean anyGold = false;
    for (double g : gold) {
      anyGold |= !Double.isNaN(g);
    }
    double floor = options.varianceFloor() * NumericFits.pooledVariance(data);
    Params p = new Params(numWorkers, floor, options.bias(), !anyGold);

    double[] mean = NumericFits.means(data);
    NumericFits.clamp(mean, gold);
    double[] postVar = new double[n];
    p.maximise(data, mean, postVar);

    FitProgress progress =
        FitProgress.ascent(name(), options.maxIterations(), options.tol(), context.listener());
    for (int it = 1; it <= options.maxIterations(); it++) {
      double ll = expect(data, p, gold, mean, postVar);
      if (!progress.record(ll / m)) {
        break;
      }
      p.maximise(data, mean, postVar);
    }
    if (options.maxIterations() == 0) {
      expect(data, p, gold, mean, postVar);
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
        Provenance.of(name(), options, data.digest(), start),
        null);
  }

  /**
   * E-step: writes the posterior mean and variance of every task and returns the marginal
   * log-likelihood of all answers (and of the known values of gold tasks) under {@code p}.
   */
  static double expect(
      NumericAnswers data, Params p, double[] gold, double[] postMean, double[] postVar) {
    double ll = 0;
    double logPrior = Math.log(p.priorVariance);
    for (int i = 0; i < data.numTasks(); i++) {
      int from = data.taskStart(i);
      int to = data.taskEnd(i);
      double logDet = 0;
      for (int a = from; a < to; a++) {
        logDet += Math.log(p.variance[data.worker(a)]);
      }
      if (!Double.isNaN(gold[i])) {
        double g = gold[i];
        double q = sq(g - p.priorMean) / p.priorVariance;
        for (int a = from; a < to; a++) {
          int w = data.worker(a);
          q += sq(data.value(a) - p.bias[w] - g) / p.variance[w];
        }
        ll += -0.5 * ((to - from + 1) * LOG_2PI + logPrior + logDet + q);
        postMean[i] = g;
        postVar[i] = 0;
        continue;
      }
      double precision = 1 / p.priorVariance;
      double num = p.priorMean / p.priorVariance;
      for (int a = from; a < to; a++) {
        int w = data.worker(a);
        precision += 1 / p.variance[w];
        num += (data.value(a) - p.bias[w]) / p.variance[w];
      }
      double t = num / precision;
      double q = sq(p.priorMean - t) / p.priorVariance;
      for (int a = from; a < to; a++) {
        int w = data.worker(a);
        q += sq(data.value(a) - p.bias[w] - t) / p.variance[w];
      }
      ll += -0.5 * ((to - from) * LOG_2PI + logPrior + logDet + Math.log(precision) + q);
      postMean[i] = t;
      postVar[i] = 1 / precision;
    }
    return ll;
  }

  private static double sq(double x) {
    return x * x;
  }

  /** The model's parameters and the exact M-step. */
  static final class Params {
    final double[] bias;
    final double[] variance;
    double priorMean;
    double priorVariance;
    private final double floor;
    private final boolean withBias;
    private final boolean centre;

    Params(int workers, double floor, boolean withBias, boolean centre) {
      this.bias = new double[workers];
      this.variance = new double[workers];
      Arrays.fill(variance, 1);
      this.priorVariance = 1;
      this.floor = floor;
      this.withBias = withBias;
      this.centre = centre && withBias;
    }

    /** The parameters maximising the expected complete log-likelihood under the posteriors. */
    void maximise(NumericAnswers data, double[] postMean, double[] postVar) {
      int n = postMean.length;
      double mu = 0;
      for (double t : postMean) {
        mu += t;
      }
      mu /= n;
      double s2 = 0;
      for (int i = 0; i < n; i++) {
        s2 += sq(postMean[i] - mu) + postVar[i];
      }
      double shift = 0;
      int answered = 0;
      for (int w = 0; w < bias.length; w++) {
        int c = data.workerSize(w);
        if (c == 0) {
          bias[w] = 0;
          variance[w] = 1;
          continue;
        }
        double b = 0;
        if (withBias) {
          for (int k = data.workerStart(w); k < data.workerEnd(w); k++) {
            int a = data.workerAnswer(k);
            b += data.value(a) - postMean[data.task(a)];
          }
          b /= c;
        }
        double v = 0;
        for (int k = data.workerStart(w); k < data.workerEnd(w); k++) {
          int a = data.workerAnswer(k);
          int i = data.task(a);
          v += sq(data.value(a) - b - postMean[i]) + postVar[i];
        }
        bias[w] = b;
        variance[w] = Math.max(v / c, floor);
        shift += c * b;
        answered += c;
      }
      if (centre && answered > 0) {
        shift /= answered;
        for (int w = 0; w < bias.length; w++) {
          if (data.workerSize(w) > 0) {
            bias[w] -= shift;
          }
        }
        mu += shift;
      }
      priorMean = mu;
      priorVariance = Math.max(s2 / n, floor);
    }
  }
}
