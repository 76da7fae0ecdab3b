package org.crowd4j.pairwise;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.ConfiguredMethod;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;

/**
 * Bradley–Terry model of pairwise comparisons (Bradley &amp; Terry 1952): item {@code i} beats
 * {@code j} with probability {@code p_i / (p_i + p_j)}, fitted by Hunter's (2004) MM algorithm, the
 * simultaneous update of his eq. (3) that crowd-kit's {@code BradleyTerry} runs:
 *
 * <pre>
 *   p_i ← (W_i + λ) / ( Σ_j n_ij / (p_i + p_j) + 2λ / (p_i + 1) )
 * </pre>
 *
 * with {@code W_i} the wins of {@code i}, {@code n_ij} the comparisons of {@code i} and {@code j}
 * and {@code λ} the prior: λ virtual wins and λ virtual losses of every item against a reference of
 * strength 1 (log-prior {@code λ[log σ(θ_i) + log σ(−θ_i)]} on the log-score {@code θ_i = log p_i},
 * the same form as crowd-kit's NoisyBT regularisation). With λ = 0 (the default, crowd-kit's model)
 * the strengths are rescaled to sum to one after every update; an item that never won gets 0 and
 * the scores of one that never lost tend to 1 (no finite maximum exists). Each update increases the
 * log-likelihood (log-posterior with λ &gt; 0); it stops when the L1 change of the normalised
 * scores is at most {@code tol} (crowd-kit's rule) or after {@code maxIterations}.
 *
 * <p>Standard errors: the observed Fisher information of the log-likelihood in the log-scores (pair
 * weights {@code n_ij π_ij (1 − π_ij)}, plus the prior's {@code 2λ σ(θ)(1 − σ(θ))}), inverted per
 * component as {@link ScoreErrors} says. O(pairs) per iteration after an O(m log m) fold of the m
 * comparisons into pairs.
 *
 * <p>Hunter, D. R. MM algorithms for generalized Bradley–Terry models. Ann. Statist. 32(1), 2004.
 */
public final class BradleyTerry
    extends ConfiguredMethod<Comparisons, Void, Ranking, BradleyTerry.Options> {
  /** Method name in results and provenance. */
  public static final String NAME = "bt";

  /**
   * Options.
   *
   * @param maxIterations MM updates at most (crowd-kit's {@code n_iter})
   * @param tol stop when the L1 change of the normalised scores is at most this
   * @param prior λ ≥ 0, virtual wins and losses against a reference item (0 = crowd-kit's MLE)
   * @param maxDenseErrors largest component whose information matrix is inverted for the errors
   */
  public record Options(
      @Describe("MM updates at most (crowd-kit's n_iter)") int maxIterations,
      @Describe("stop when the L1 change of the normalised scores is at most this") double tol,
      @Describe("λ ≥ 0, virtual wins and losses against a reference item (0 = crowd-kit's MLE)")
          double prior,
      @Describe("largest component whose information matrix is inverted for the errors")
          int maxDenseErrors) {
    /** Validates. */
    public Options {
      Fits.requireOptions(maxIterations, tol, prior, maxDenseErrors);
    }

    /** 100 iterations, tol 1e-5 (crowd-kit's default), no prior, errors inverted up to 2000. */
    public static Options defaults() {
      return new Options(100, 1e-5, 0, 2000);
    }

    /** These options with another iteration limit and tolerance. */
    public Options withIterations(int max, double tolerance) {
      return new Options(max, tolerance, prior, maxDenseErrors);
    }

    /** These options with another prior. */
    public Options withPrior(double lambda) {
      return new Options(maxIterations, tol, lambda, maxDenseErrors);
    }
  }

  /** A fitter with {@code options}. */
  public BradleyTerry(Options options) {
    super(NAME, options);
  }

  /**
   * Fits the scores of {@code data}, reporting each iteration to the context's listener (there is
   * no gold for rankings).
   */
  @Override
  public Ranking fit(Comparisons data, FitContext<Void> context) {
    long start = System.nanoTime();
    return fit(PairCounts.of(data), data.items(), data::digest, start, context.listener());
  }

  /**
   * Fits the scores of the comparisons counted in {@code wins}: the same scores and standard errors
   * as {@link #fit(Object)} on those comparisons, since the pair wins are the model's sufficient
   * statistics.
   */
  public Ranking fit(PairWins wins) {
    return fit(wins, IterationListener.NONE);
  }

  /** Fits the scores of {@code wins}, reporting each iteration to {@code listener}. */
  public Ranking fit(PairWins wins, IterationListener listener) {
    long start = System.nanoTime();
    return fit(wins.counts(), wins.items(), wins::digest, start, listener);
  }

  private Ranking fit(
      PairCounts counts,
      Vocabulary items,
      Supplier<String> digest,
      long start,
      IterationListener listener) {
    int n = counts.items;
    double lambda = options().prior();
    double[] p = new double[n];
    double[] next = new double[n];
    double[] denominator = new double[n];
    double[] normalised = new double[n];
    Arrays.fill(p, 1.0);
    for (int i = 0; i < n; i++) {
      if (lambda == 0 && counts.compared[i] == 0) {
        p[i] = 0;
      }
    }
    normalise(p, normalised);
    double[] history = new double[options().maxIterations()];
    int iterations = 0;
    boolean converged = false;
    String reason = "iteration limit " + options().maxIterations() + " reached";
    while (iterations < options().maxIterations()) {
      Arrays.fill(denominator, 0);
      for (int q = 0; q < counts.pairs(); q++) {
        int a = counts.a[q];
        int b = counts.b[q];
        double s = p[a] + p[b];
        double share = s > 0 ? counts.count[q] / s : Double.POSITIVE_INFINITY;
        denominator[a] += share;
        denominator[b] += share;
      }
      for (int i = 0; i < n; i++) {
        if (lambda > 0) {
          next[i] = (counts.wins[i] + lambda) / (denominator[i] + 2 * lambda / (p[i] + 1));
        } else {
          next[i] = counts.compared[i] == 0 ? 0 : counts.wins[i] / denominator[i];
        }
      }
      if (lambda == 0) {
        normalise(next, next);
      }
      double change = 0;
      double total = sum(next);
      for (int i = 0; i < n; i++) {
        double v = next[i] / total;
        change += Math.abs(v - normalised[i]);
        normalised[i] = v;
      }
      double[] swap = p;
      p = next;
      next = swap;
      double objective = logLikelihood(counts, p, lambda);
      history[iterations++] = objective;
      if (!Double.isFinite(change)) {
        reason = String.format(Locale.ROOT, "scores are not finite at iteration %d", iterations);
        break;
      }
      if (!listener.onIteration(NAME, iterations, options().maxIterations(), objective)) {
        reason = "stopped by the listener at iteration " + iterations;
        break;
      }
      if (change <= options().tol()) {
        converged = true;
        reason =
            String.format(
                Locale.ROOT,
                "L1 change of the scores %.3g <= tol %s at iteration %d",
                change,
                options().tol(),
                iterations);
        break;
      }
    }
    double[] scores = new double[n];
    double[] logScores = new double[n];
    boolean[] usable = new boolean[n];
    for (int i = 0; i < n; i++) {
      boolean never = counts.compared[i] == 0;
      scores[i] = never && lambda == 0 ? Double.NaN : normalised[i];
      logScores[i] = never && lambda == 0 ? Double.NaN : Math.log(lambda > 0 ? p[i] : scores[i]);
      usable[i] = p[i] > 0 && !never;
    }
    double[] pairInfo = new double[counts.pairs()];
    for (int q = 0; q < counts.pairs(); q++) {
      double pa = p[counts.a[q]];
      double pb = p[counts.b[q]];
      double s = pa + pb;
      pairInfo[q] = s > 0 ? counts.count[q] * (pa / s) * (pb / s) : 0;
    }
    double[] itemInfo = null;
    if (lambda > 0) {
      itemInfo = new double[n];
      for (int i = 0; i < n; i++) {
        itemInfo[i] = 2 * lambda * p[i] / ((1 + p[i]) * (1 + p[i]));
      }
    }
    ScoreErrors.Result errors =
        ScoreErrors.of(counts, pairInfo, itemInfo, usable, options().maxDenseErrors());
    List<String> notes = Fits.notes(counts, lambda, items, errors.stderr());
    Diagnostics diagnostics =
        new Diagnostics(
            iterations,
            converged,
            Arrays.copyOf(history, iterations),
            lambda > 0 ? "log-posterior (log-likelihood + prior)" : "log-likelihood",
            reason);
    return new Ranking(
        items,
        scores,
        logScores,
        errors.stderr(),
        counts.component,
        counts.components,
        errorMethod(
            "observed Fisher information of the Bradley-Terry log-likelihood"
                + (lambda > 0 ? " and prior" : ""),
            errors,
            options().maxDenseErrors()),
        null,
        diagnostics,
        provenance(digest.get(), start),
        notes);
  }

  /** The errors' description in words. */
  static String errorMethod(String information, ScoreErrors.Result errors, int maxDense) {
    String s =
        information
            + ", inverted per connected component; standard error of the natural-log score"
            + " relative to its component's mean";
    if (errors.largestDiagonal() > 0) {
      s +=
          "; components of more than "
              + maxDense
              + " items: conditional errors 1/sqrt(I_ii), a lower bound";
    }
    return s;
  }

  /**
   * Log-likelihood of the pair counts at strengths {@code p}, plus the log-prior {@code λ Σ [log p
   * − 2 log(1 + p)]} when λ &gt; 0; terms {@code 0 · log 0} count as 0.
   */
  static double logLikelihood(PairCounts counts, double[] p, double lambda) {
    double ll = 0;
    for (int q = 0; q < counts.pairs(); q++) {
      double pa = p[counts.a[q]];
      double pb = p[counts.b[q]];
      int winsA = counts.winsA[q];
      int winsB = counts.count[q] - winsA;
      double logSum = Math.log(pa + pb);
      if (winsA > 0) {
        ll += winsA * (Math.log(pa) - logSum);
      }
      if (winsB > 0) {
        ll += winsB * (Math.log(pb) - logSum);
      }
    }
    if (lambda > 0) {
      for (double v : p) {
        ll += lambda * (Math.log(v) - 2 * Math.log1p(v));
      }
    }
    return ll;
  }

  private static void normalise(double[] from, double[] to) {
    double total = sum(from);
    for (int i = 0; i < from.length; i++) {
      to[i] = from[i] / total;
    }
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }
}
