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
 * <p>Standard errors ({@link Options#standardErrors()}): from the observed Fisher information of
 * the log-likelihood in the log-scores (pair weights {@code n_ij π_ij (1 − π_ij)}, plus the prior's
 * {@code 2λ σ(θ)(1 − σ(θ))}), its diagonal only or inverted per component as {@link ScoreErrors}
 * says. O(pairs) per iteration, the log-likelihood included, after an O(m + n) fold of the m
 * comparisons of n items into pairs.
 *
 * <p>Hunter, D. R. MM algorithms for generalized Bradley–Terry models. Ann. Statist. 32(1), 2004.
 */
public final class BradleyTerry
    extends ConfiguredMethod<Comparisons, Void, Ranking, BradleyTerry.Options> {
  /** Method name in results and provenance. */
  public static final String NAME = "bt";

  /** Comparisons of one pair up to which its sum enters the running product factor by factor. */
  private static final int MULTIPLY = 4;

  /** Pairs between two splits of the running product's exponent. */
  private static final int BLOCK = 8;

  private static final long ONE_BITS = 0x3ff0000000000000L;

  private static final long MANTISSA = 0x800fffffffffffffL;

  private static final double LN2 = Math.log(2);

  /**
   * Options.
   *
   * @param maxIterations MM updates at most (crowd-kit's {@code n_iter})
   * @param tol stop when the L1 change of the normalised scores is at most this
   * @param prior λ ≥ 0, virtual wins and losses against a reference item (0 = crowd-kit's MLE)
   * @param standardErrors which standard errors of the log-scores to compute
   * @param maxDenseErrors largest component whose information matrix is inverted for {@link
   *     StandardErrors#EXACT} errors
   */
  public record Options(
      @Describe("MM updates at most (crowd-kit's n_iter)") int maxIterations,
      @Describe("stop when the L1 change of the normalised scores is at most this") double tol,
      @Describe("λ ≥ 0, virtual wins and losses against a reference item (0 = crowd-kit's MLE)")
          double prior,
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
     * 100 iterations, tol 1e-5 (crowd-kit's default), no prior, diagonal errors (exact ones
     * inverted up to 2000 items).
     */
    public static Options defaults() {
      return new Options(100, 1e-5, 0, StandardErrors.DIAGONAL, 2000);
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

  /**
   * The log-scores of the comparisons counted in {@code counts}, as {@link Ranking#logScores()} of
   * a fit gives them, without standard errors, notes or ranks.
   */
  double[] logScores(PairCounts counts) {
    Updates u = iterate(counts, IterationListener.NONE);
    double[] logScores = new double[counts.items];
    for (int i = 0; i < counts.items; i++) {
      logScores[i] = logScore(counts, u, i);
    }
    return logScores;
  }

  private Ranking fit(
      PairCounts counts,
      Vocabulary items,
      Supplier<String> digest,
      long start,
      IterationListener listener) {
    int n = counts.items;
    double lambda = options().prior();
    Updates u = iterate(counts, listener);
    double[] p = u.strengths;
    double[] scores = new double[n];
    double[] logScores = new double[n];
    boolean[] usable = new boolean[n];
    for (int i = 0; i < n; i++) {
      boolean never = counts.compared[i] == 0;
      scores[i] = never && lambda == 0 ? Double.NaN : u.normalised[i];
      logScores[i] = logScore(counts, u, i);
      usable[i] = p[i] > 0 && !never;
    }
    ScoreErrors.Result errors = errors(counts, p, usable);
    List<String> notes = Fits.notes(counts, lambda, items, errors.stderr());
    Diagnostics diagnostics =
        new Diagnostics(
            u.iterations,
            u.converged,
            u.history,
            lambda > 0 ? "log-posterior (log-likelihood + prior)" : "log-likelihood",
            u.reason);
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
            options().standardErrors(),
            options().maxDenseErrors()),
        null,
        diagnostics,
        provenance(digest, start),
        notes);
  }

  /** The strengths, normalised scores and diagnostics of the MM updates. */
  private record Updates(
      double[] strengths,
      double[] normalised,
      double[] history,
      int iterations,
      boolean converged,
      String reason) {}

  /**
   * Runs the MM updates. Each pass over the pairs both sums the update's denominators at the
   * current strengths and the {@code Σ n_ab log(p_a + p_b)} of their log-likelihood, {@code Σ_i W_i
   * log p_i − Σ_pairs n_ab log(p_a + p_b)}, so the objective after an update costs one {@code log}
   * per pair and no extra pass.
   */
  private Updates iterate(PairCounts counts, IterationListener listener) {
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
    denominators(counts, p, denominator);
    while (iterations < options().maxIterations()) {
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
      double logSums = denominators(counts, p, denominator);
      double objective = objective(counts, p, lambda, logSums);
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
    return new Updates(
        p, normalised, Arrays.copyOf(history, iterations), iterations, converged, reason);
  }

  private double logScore(PairCounts counts, Updates u, int i) {
    double lambda = options().prior();
    if (counts.compared[i] == 0 && lambda == 0) {
      return Double.NaN;
    }
    return Math.log(lambda > 0 ? u.strengths[i] : u.normalised[i]);
  }

  /** The errors the options ask for, at strengths {@code p}. */
  private ScoreErrors.Result errors(PairCounts counts, double[] p, boolean[] usable) {
    StandardErrors mode = options().standardErrors();
    if (mode == StandardErrors.NONE) {
      return ScoreErrors.none(counts.items);
    }
    double lambda = options().prior();
    double[] pairInfo = new double[counts.pairs()];
    for (int q = 0; q < counts.pairs(); q++) {
      double pa = p[counts.a[q]];
      double pb = p[counts.b[q]];
      double s = pa + pb;
      pairInfo[q] = s > 0 ? counts.count[q] * (pa / s) * (pb / s) : 0;
    }
    double[] itemInfo = null;
    if (lambda > 0) {
      itemInfo = new double[counts.items];
      for (int i = 0; i < counts.items; i++) {
        itemInfo[i] = 2 * lambda * p[i] / ((1 + p[i]) * (1 + p[i]));
      }
    }
    return ScoreErrors.of(counts, pairInfo, itemInfo, usable, mode, options().maxDenseErrors());
  }

  /** The errors' description in words. */
  static String errorMethod(
      String information, ScoreErrors.Result errors, StandardErrors mode, int maxDense) {
    return switch (mode) {
      case NONE -> "none computed (standard errors: none)";
      case DIAGONAL ->
          information
              + ", its diagonal only: lower bound (1 - 1/k)/sqrt(v'Iv), v = e_i - 1/k, of the"
              + " standard error of the natural-log score relative to the mean of its component of"
              + " k items ((1 - 1/k)/sqrt(I_ii) without a prior)";
      case EXACT -> {
        String s =
            information
                + ", inverted per connected component; standard error of the natural-log score"
                + " relative to its component's mean";
        if (errors.largestDiagonal() > 0) {
          s +=
              "; components of more than "
                  + maxDense
                  + " items: the diagonal lower bound (1 - 1/k)/sqrt(I_ii)";
        }
        yield s;
      }
    };
  }

  /**
   * Fills {@code denominator} with {@code Σ_j n_ij / (p_i + p_j)} of every item and returns {@code
   * Σ_pairs n_ab log(p_a + p_b)}. The sum of logs is taken as the log of a running product of the
   * sums {@code p_a + p_b}, its binary exponent split off (exactly, from the bits) after every
   * {@link #BLOCK} pairs so it never overflows or underflows: one {@code log} per pass instead of
   * one per pair. That needs every factor within [2⁻⁵⁰, 2⁵¹], which holds when every compared
   * strength is within [2⁻⁵⁰, 2⁵⁰] or is 0 for an item that never won (checked in O(items));
   * otherwise {@link #guardedDenominators} checks every pair. Rounding: about one unit in the last
   * place per factor, so the relative error of the product stays below {@code 2⁻⁵² · pairs}, far
   * below the 1e-9 the objective is held to. The denominators add the pairs' shares in pair order,
   * as one pass over the pairs one by one would: the same bits, so the same scores.
   */
  static double denominators(PairCounts counts, double[] p, double[] denominator) {
    for (int i = 0; i < counts.items; i++) {
      boolean zero = p[i] == 0 && counts.wins[i] == 0;
      if (counts.compared[i] > 0 && !zero && !(p[i] >= 0x1p-50 && p[i] <= 0x1p50)) {
        return guardedDenominators(counts, p, denominator);
      }
    }
    Arrays.fill(denominator, 0);
    int[] first = counts.start;
    int[] b = counts.b;
    int[] count = counts.count;
    double logSums = 0;
    double product = 1;
    long exponent = 0;
    for (int i = 0; i < counts.items; i++) {
      double pi = p[i];
      int last = first[i + 1];
      for (int q = first[i]; q < last; ) {
        for (int end = Math.min(q + BLOCK, last); q < end; q++) {
          int j = b[q];
          int k = count[q];
          double s = pi + p[j];
          double share = k / s;
          denominator[i] += share;
          denominator[j] += share;
          // s², or s · 1 for a pair compared once, without a branch
          long twice = (1 - k) >> 31;
          double second =
              Double.longBitsToDouble(
                  (Double.doubleToRawLongBits(s) & twice) | (ONE_BITS & ~twice));
          product *= s * second;
          if (k > 2) {
            logSums += (k - 2) * Math.log(s);
          }
        }
        long bits = Double.doubleToRawLongBits(product);
        exponent += ((bits >>> 52) & 0x7ff) - 1023;
        product = Double.longBitsToDouble((bits & MANTISSA) | ONE_BITS);
      }
    }
    return logSums + Math.log(product) + exponent * LN2;
  }

  /**
   * {@link #denominators} for any strengths: each sum within [2⁻⁴⁰, 2⁴⁰] of a pair compared at most
   * {@link #MULTIPLY} times enters the running product, any other pair takes its own {@code log}.
   */
  static double guardedDenominators(PairCounts counts, double[] p, double[] denominator) {
    Arrays.fill(denominator, 0);
    int[] first = counts.start;
    int[] b = counts.b;
    int[] count = counts.count;
    double logSums = 0;
    double product = 1;
    long exponent = 0;
    int factors = 0;
    for (int i = 0; i < counts.items; i++) {
      double pi = p[i];
      for (int q = first[i]; q < first[i + 1]; q++) {
        int j = b[q];
        int k = count[q];
        double s = pi + p[j];
        double share = s > 0 ? k / s : Double.POSITIVE_INFINITY;
        denominator[i] += share;
        denominator[j] += share;
        if (k <= MULTIPLY && s >= 0x1p-40 && s <= 0x1p40) {
          for (int t = 0; t < k; t++) {
            product *= s;
          }
          factors += k;
        } else {
          logSums += k * Math.log(s);
        }
        if (factors >= 16) {
          long bits = Double.doubleToRawLongBits(product);
          exponent += ((bits >>> 52) & 0x7ff) - 1023;
          product = Double.longBitsToDouble((bits & MANTISSA) | ONE_BITS);
          factors = 0;
        }
      }
    }
    return logSums + Math.log(product) + exponent * LN2;
  }

  /**
   * Log-likelihood {@code Σ_i W_i log p_i − logSums} at strengths {@code p}, plus the log-prior
   * {@code λ Σ [log p − 2 log(1 + p)]} when λ &gt; 0; terms {@code 0 · log 0} count as 0.
   */
  private static double objective(PairCounts counts, double[] p, double lambda, double logSums) {
    double ll = -logSums;
    for (int i = 0; i < p.length; i++) {
      if (counts.wins[i] > 0) {
        ll += counts.wins[i] * Math.log(p[i]);
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
