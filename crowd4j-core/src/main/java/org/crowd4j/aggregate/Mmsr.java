package org.crowd4j.aggregate;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.internal.kernel.Mt19937;
import org.crowd4j.method.Describe;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.FitProgress;
import org.crowd4j.method.Provenance;

/**
 * M-MSR, the matrix mean-subsequence-reduced algorithm of Ma &amp; Olshevsky (2020, "Adversarial
 * crowdsourcing through robust rank-one matrix completion", NeurIPS; Algorithm 1 and the sign
 * determination of its Section 4), as implemented by crowd-kit 1.4.1's {@code MMSR}.
 *
 * <p><b>Model.</b> Worker w answers correctly with probability p_w and otherwise uniformly among
 * the other M − 1 labels. With s_w = (M p_w − 1) / (M − 1), the pairwise agreement matrix C_ij = (M
 * / (M − 1)) · (fraction of common tasks on which i and j agree) − 1 / (M − 1) has expectation s_i
 * s_j off the diagonal, so estimating s is a rank-one matrix completion problem on the observed
 * pairs (workers with at least one common task).
 *
 * <p><b>Updates.</b> With X = |C| on observed pairs and u, v initialised to the same uniform draws,
 * each iteration sets, for every worker j, v_j = the F-trimmed mean of {X_ij / u_i} over her
 * observed partners i, then u_i = the F-trimmed mean of {X_ij / v_j}; F = max(0, ⌊d_min / 2⌋ − 1)
 * with d_min the smallest number of partners of a worker who has any (a worker without partners
 * takes no part in the trimmed means). Trimming removes the F smallest and the F largest values,
 * or, on a side where fewer than F values lie beyond the current estimate, all values beyond it.
 * crowd-kit takes d_min over all workers, isolated ones included, so one worker with at most one
 * partner gives F = −1, which its trimming reads as "keep only the largest value" and turns every
 * trimmed mean into a maximum; {@link SignGraph#CROWDKIT} (the parity preset) keeps that rule. It
 * stops when ‖u vᵀ − u' v'ᵀ‖_F &lt; {@code tol} (computed in O(W) without cancellation: its square
 * is ‖a‖²‖v‖² + ‖u'‖²‖c v − v'‖² with c = u·u' / u'·u', a = u − c u') or after {@code
 * maxIterations}, or (not converged) when u vᵀ overflows, keeping the last finite iterate. Then |s|
 * = u · sqrt(‖v‖ / ‖u‖), signs come from the spectral sign determination ({@link MmsrSigns}), s is
 * clipped to [−1/(M − 1) + 1/√n, 1 − 1/√n] (n = number of tasks), p = s (M − 1)/M + 1/M, and the
 * worker weight (skill) is log((M − 1) p / (1 − p)).
 *
 * <p><b>Labels and posteriors.</b> Task scores are the weighted votes Σ_{answers of i with label l}
 * skill_w. Under the one-coin model these are the log-posterior up to a constant, so {@link
 * PosteriorRule#ONE_COIN} (default) returns their softmax (a proper posterior with a uniform class
 * prior); {@link PosteriorRule#CLIPPED_SCORES} returns the scores clipped at 0 and normalised
 * (uniform when no score is positive). Labels are the argmax of the raw scores, ties to the lowest
 * label id. crowd-kit's {@code scores_} divide the raw scores by their row sum, which can be
 * negative (then its argmax picks the <em>lowest</em> weighted label); see {@link #crowdKitScores}.
 *
 * <p><b>Differences from crowd-kit.</b> (1) Memory: crowd-kit builds dense W × W and W × n matrices
 * and a dense matrix over workers plus positively correlated pairs for the sign step (it ran out of
 * 15 GB on 92,721 answers); here everything is sparse: O(P) memory for P observed pairs. (2) Signs:
 * crowd-kit's matrix gives every pair without common tasks, and every worker with herself, C =
 * −1/(M − 1), so its sign graph links all unobserved pairs as "opposite sign"; the default {@link
 * SignGraph#OBSERVED} uses observed pairs only, one connected component at a time, each oriented so
 * that most workers are better than random. {@link SignGraph#CROWDKIT} reproduces crowd-kit
 * (implicitly, still in O(P) memory). (3) Labels use the raw scores (see above); {@code
 * crowdKitLabels} restores crowd-kit's argmax of the scores divided by their sum, whose sign flip
 * often cancels a wrongly signed worker. {@link Options#crowdKit()} sets (2)–(4) as crowd-kit, and
 * then reproduces its labels on the shared datasets. Measured there (accuracy against gold), the
 * default differs from that preset by +6.0 points on music, +4.0 on snow-rte, +0.6 on labelme and
 * snow-temp, +0.5 on crowdtruth-mre-cause, 0 on bluebirds and sentiment-polarity, −0.2 on web, −0.5
 * on dog and −3.3 on adult. (4) The initial draws: {@link Init#NUMPY} reproduces crowd-kit's {@code
 * scipy.stats.uniform.rvs(random_state=seed)}; the fixed point depends on the start, so only this
 * start reproduces crowd-kit's numbers. (5) With fewer than two distinct labels, or when no two
 * workers share a task, every worker gets weight 1 (crowd-kit divides by M − 1 = 0, or keeps the
 * random start); a worker without partners gets the median estimate of the others (crowd-kit: her
 * random start value; kept with {@link SignGraph#CROWDKIT}); a non-finite estimate (possible when
 * some u_i becomes 0) gives weight 0 instead of NaN. Duplicate answers of a worker to a task count
 * once in C (the last one, as crowd-kit's observation matrix) and every time in the vote.
 *
 * <p>Time O(Σ_i n_i² + T · P) expected for T iterations and tasks of n_i answers: the trimmed means
 * come from counts, selection and value windows carried between iterations instead of sorting each
 * worker's d values (see {@link #update}); the workers of a half-step run in parallel in fixed
 * chunks. Memory O(m + P).
 */
public final class Mmsr implements Aggregator {
  private static final int PAIRS_PER_CHUNK = 16_384;
  private static final int MAX_CHUNKS = 64;

  /**
   * Options of {@link Mmsr}.
   *
   * @param maxIterations M-MSR iterations at most
   * @param tol stop when the Frobenius change of u vᵀ falls below this
   * @param seed seed of the initial u = v
   * @param init generator of the initial draws
   * @param signGraph which pairs take part in sign determination
   * @param posteriors how weighted votes become posteriors
   * @param crowdKitLabels choose labels as crowd-kit does, by the argmax of the weighted votes
   *     divided by their (possibly negative) sum
   */
  public record Options(
      @Describe("M-MSR iterations at most") int maxIterations,
      @Describe("stop when the Frobenius change of u vᵀ falls below this") double tol,
      @Describe("seed of the initial u = v") long seed,
      @Describe("generator of the initial draws") Init init,
      @Describe("which pairs take part in sign determination") SignGraph signGraph,
      @Describe("how weighted votes become posteriors") PosteriorRule posteriors,
      @Describe(
              "choose labels as crowd-kit does, by the argmax of the weighted votes divided by their (possibly negative) sum")
          boolean crowdKitLabels) {
    /** Validates. */
    public Options {
      FitProgress.requireLimits(maxIterations, tol);
      Objects.requireNonNull(init, "init");
      Objects.requireNonNull(signGraph, "signGraph");
      Objects.requireNonNull(posteriors, "posteriors");
      if (init == Init.NUMPY && (seed < 0 || seed > 0xffffffffL)) {
        throw new IllegalArgumentException(
            "seed must be in [0, 2^32 - 1] with init=NUMPY: " + seed);
      }
    }

    /** crowd-kit's iteration defaults (10,000, tol 1e-10, seed 0) with the corrected sign graph. */
    public static Options defaults() {
      return new Options(
          10_000, 1e-10, 0L, Init.NUMPY, SignGraph.OBSERVED, PosteriorRule.ONE_COIN, false);
    }

    /** Settings that reproduce crowd-kit 1.4.1's skills and labels. */
    public static Options crowdKit() {
      return new Options(
          10_000, 1e-10, 0L, Init.NUMPY, SignGraph.CROWDKIT, PosteriorRule.ONE_COIN, true);
    }
  }

  /** Generator of the initial u = v. */
  public enum Init {
    /** numpy's legacy MT19937 {@code RandomState(seed).random_sample}, as crowd-kit draws. */
    NUMPY,
    /** {@link SplittableRandom#nextDouble()} with the seed. */
    SPLITTABLE
  }

  /** Which pairs of workers take part in sign determination. */
  public enum SignGraph {
    /** Pairs with common tasks only, per connected component. */
    OBSERVED,
    /** crowd-kit's graph: unobserved pairs and the diagonal count as negatively correlated. */
    CROWDKIT
  }

  /** How weighted votes become posteriors. */
  public enum PosteriorRule {
    /** Softmax of the weighted votes: the one-coin posterior under a uniform class prior. */
    ONE_COIN,
    /** Weighted votes clipped at 0 and normalised; uniform when none is positive. */
    CLIPPED_SCORES
  }

  private final Options options;

  /** M-MSR with {@code options}. */
  public Mmsr(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** M-MSR with default options. */
  public Mmsr() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "mmsr";
  }

  @Override
  public AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context) {
    long start = System.nanoTime();
    int n = data.numTasks();
    int k = data.numLabels();
    int numWorkers = data.numWorkers();
    boolean[] seenLabel = new boolean[k];
    int observedLabels = 0;
    int answeredTasks = 0;
    for (int i = 0; i < n; i++) {
      if (data.taskSize(i) > 0) {
        answeredTasks++;
      }
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        if (!seenLabel[data.label(a)]) {
          seenLabel[data.label(a)] = true;
          observedLabels++;
        }
      }
    }
    double[] skills = new double[numWorkers];
    int iterations = 0;
    boolean converged = true;
    double[] history = new double[0];
    if (observedLabels < 2) {
      Arrays.fill(skills, 1.0);
    } else {
      Pairs pairs = Pairs.of(data, observedLabels);
      double[] u = initial(numWorkers);
      double[] v = u.clone();
      int f =
          options.signGraph() == SignGraph.CROWDKIT
              ? Math.floorDiv(pairs.minDegree(), 2) - 1
              : Math.max(0, Math.floorDiv(pairs.minPositiveDegree(), 2) - 1);
      double[][] buf = new double[pairs.chunks().length - 1][2 * Math.max(1, pairs.maxDegree())];
      Windows forV = new Windows(numWorkers);
      Windows forU = new Windows(numWorkers);
      double[] uPrev = new double[numWorkers];
      double[] vPrev = new double[numWorkers];
      double[] loss = new double[Math.min(options.maxIterations(), 1024)];
      converged = options.maxIterations() == 0;
      for (int it = 1; it <= options.maxIterations(); it++) {
        System.arraycopy(u, 0, uPrev, 0, numWorkers);
        System.arraycopy(v, 0, vPrev, 0, numWorkers);
        update(pairs, u, v, f, answeredTasks, buf, forV);
        update(pairs, v, u, f, answeredTasks, buf, forU);
        double change = rankOneChange(u, v, uPrev, vPrev);
        if (!Double.isFinite(change)) {
          // u vᵀ overflows: the iteration diverges; keep the last finite iterate
          System.arraycopy(uPrev, 0, u, 0, numWorkers);
          System.arraycopy(vPrev, 0, v, 0, numWorkers);
          break;
        }
        if (it > loss.length) {
          loss = Arrays.copyOf(loss, Math.min(options.maxIterations(), 2 * loss.length));
        }
        loss[it - 1] = change;
        iterations = it;
        boolean keepGoing =
            context.listener().onIteration(name(), it, options.maxIterations(), change);
        if (change < options.tol()) {
          converged = true;
          break;
        }
        if (!keepGoing) {
          break;
        }
      }
      history = Arrays.copyOf(loss, iterations);
      double normU = norm(u);
      double normV = norm(v);
      double[] magnitude = new double[numWorkers];
      double scale = normU > 0 && normV > 0 ? Math.sqrt(normV / normU) : 0;
      for (int w = 0; w < numWorkers; w++) {
        magnitude[w] = u[w] * scale;
      }
      double[] sign =
          MmsrSigns.signs(
              pairs, magnitude, options.signGraph() == SignGraph.CROWDKIT, options.seed());
      double[] estimate = new double[numWorkers];
      for (int w = 0; w < numWorkers; w++) {
        estimate[w] = sign[w] * magnitude[w];
      }
      boolean anyPartner =
          options.signGraph() == SignGraph.CROWDKIT || assumeAverage(pairs, estimate);
      double m1 = observedLabels - 1.0;
      double root = Math.sqrt(answeredTasks);
      for (int w = 0; w < numWorkers; w++) {
        double e = estimate[w];
        if (!anyPartner) {
          skills[w] = 1.0;
        } else if (!Double.isFinite(e)) {
          skills[w] = 0;
        } else {
          e = Math.max(Math.min(e, 1 - 1 / root), -1 / m1 + 1 / root);
          double p = e * m1 / observedLabels + 1.0 / observedLabels;
          skills[w] = Math.log(p * m1 / (1 - p));
        }
      }
    }

    double[] scores = Votes.weightedCounts(data, skills);
    int[] labels = Posteriors.argmax(scores, n, k);
    if (options.crowdKitLabels()) {
      double[] normalised = crowdKitScores(data, skills);
      for (int i = 0; i < n; i++) {
        if (Double.isFinite(normalised[i * k])) {
          labels[i] = Posteriors.argmaxRow(normalised, i * k, k);
        }
      }
    }
    double[] post = scores.clone();
    for (int i = 0; i < n; i++) {
      if (options.posteriors() == PosteriorRule.ONE_COIN) {
        Posteriors.softmaxInPlace(post, i * k, k);
      } else {
        for (int c = 0; c < k; c++) {
          post[i * k + c] = Math.max(0.0, post[i * k + c]);
        }
        Posteriors.normalizeInPlace(post, i * k, k);
      }
    }
    return new AggregationResult(
        data,
        post,
        labels,
        null,
        new WorkerSkills(skills),
        new Diagnostics(iterations, converged, history, "Frobenius change of u v^T"),
        Provenance.of(name(), options, data::digest, start));
  }

  /**
   * Gives every worker without partners (nothing to estimate her from) the median estimate of the
   * others; returns false when no worker has a partner.
   */
  private static boolean assumeAverage(Pairs pairs, double[] estimate) {
    double[] known = new double[estimate.length];
    int count = 0;
    for (int w = 0; w < estimate.length; w++) {
      if (pairs.degree(w) > 0 && Double.isFinite(estimate[w])) {
        known[count++] = estimate[w];
      }
    }
    if (count == 0) {
      return false;
    }
    Arrays.sort(known, 0, count);
    double median =
        count % 2 == 1 ? known[count / 2] : 0.5 * (known[count / 2 - 1] + known[count / 2]);
    for (int w = 0; w < estimate.length; w++) {
      if (pairs.degree(w) == 0) {
        estimate[w] = median;
      }
    }
    return true;
  }

  /**
   * crowd-kit's {@code scores_} for given worker weights: per task, the weighted votes divided by
   * their sum ({@code NaN} where the sum is 0), flat {@code n × K}.
   */
  public static double[] crowdKitScores(CrowdDataset data, double[] skills) {
    int k = data.numLabels();
    double[] scores = Votes.weightedCounts(data, skills);
    for (int i = 0; i < data.numTasks(); i++) {
      double sum = 0;
      for (int c = 0; c < k; c++) {
        sum += scores[i * k + c];
      }
      for (int c = 0; c < k; c++) {
        scores[i * k + c] /= sum;
      }
    }
    return scores;
  }

  private double[] initial(int numWorkers) {
    double[] u = new double[numWorkers];
    if (options.init() == Init.NUMPY) {
      Mt19937 rng = new Mt19937(options.seed());
      for (int w = 0; w < numWorkers; w++) {
        u[w] = rng.nextDouble();
      }
    } else {
      SplittableRandom rng = new SplittableRandom(options.seed());
      for (int w = 0; w < numWorkers; w++) {
        u[w] = rng.nextDouble();
      }
    }
    return u;
  }

  /** Ranks kept beyond the trimmed range on each side when a worker's window is (re)set. */
  private static final int WINDOW_MARGIN = 8;

  /**
   * Per worker, a value window [low, high] that held the kept ranks (with a margin) the last time,
   * for one direction of the half-steps; NaN where unknown.
   */
  static final class Windows {
    final double[] low;
    final double[] high;

    Windows(int numWorkers) {
      low = new double[numWorkers];
      high = new double[numWorkers];
      Arrays.fill(low, Double.NaN);
      Arrays.fill(high, Double.NaN);
    }
  }

  /**
   * One half-step: {@code target[j]} = trimmed mean of X_ij / {@code other[i]} over j's partners,
   * trimmed around the current {@code target[j]} (see {@link #trimmedMean}). Workers are
   * independent: they run in parallel in fixed chunks, so the result does not depend on the thread
   * count.
   *
   * <p>The kept values are the ranks [lo, hi) of the sorted values, and lo and hi follow from
   * counts (of values below, at most a, NaN). Rather than sorting, one pass computes the values and
   * these counts and also collects the values inside the worker's window from the previous
   * iteration, counting those below it: when the window holds the ranks [lo, hi), only the
   * collected values are sorted. Otherwise the ends of the range are found by selection (expected
   * O(d)) and the window is reset around them. Either way the kept values are summed in sorted
   * order, so the result is that of sorting all values.
   */
  static void update(
      Pairs pairs,
      double[] other,
      double[] target,
      int f,
      int numTasks,
      double[][] bufs,
      Windows windows) {
    int[] start = pairs.start();
    int[] partner = pairs.partner();
    double[] c = pairs.covariation();
    int[] bounds = pairs.chunks();
    IntStream range = IntStream.range(0, bounds.length - 1);
    (bounds.length > 2 ? range.parallel() : range)
        .forEach(
            ch -> {
              for (int j = bounds[ch]; j < bounds[ch + 1]; j++) {
                if (start[j + 1] > start[j]) {
                  target[j] =
                      updateWorker(
                          j, start, partner, c, other, target[j], f, numTasks, bufs[ch], windows);
                }
              }
            });
  }

  /** The half-step of worker {@code j} (with partners), current estimate {@code a}. */
  private static double updateWorker(
      int j,
      int[] start,
      int[] partner,
      double[] c,
      double[] other,
      double a,
      int f,
      int numTasks,
      double[] buf,
      Windows windows) {
    int half = buf.length / 2;
    int d = start[j + 1] - start[j];
    double low = windows.low[j];
    double high = windows.high[j];
    int below = 0;
    int atMost = 0;
    int nan = 0;
    int underWindow = 0;
    int inWindow = 0;
    for (int p = 0, q = start[j]; p < d; p++, q++) {
      double y = Math.abs(c[q]) / other[partner[q]];
      buf[p] = y;
      below += y < a ? 1 : 0;
      atMost += y <= a ? 1 : 0;
      nan += y != y ? 1 : 0;
      underWindow += y < low ? 1 : 0;
      buf[half + inWindow] = y;
      inWindow += y >= low && y <= high ? 1 : 0;
    }
    return trimmedMean(
        buf, d, d - nan, below, atMost, half, underWindow, inWindow, f, a, numTasks, j, windows);
  }

  /**
   * crowd-kit's {@code _remove_largest_and_smallest_F_value} followed by the mean, with numpy's
   * semantics for infinities and NaN (sorted last, never compare true): of the values sorted,
   * remove the F smallest, or, if fewer than F lie below {@code a}, every value below {@code a}
   * (and every NaN); then of the rest remove the F largest, or, if fewer than F of them lie above
   * {@code a}, every value above {@code a} (and every NaN); F &lt; 0 keeps the last −F values.
   * Returns the mean of what is left, {@code a} when nothing is, and 1/√{@code numTasks} when a
   * single 0 is. {@code y[0 .. len)} is reordered.
   */
  static double trimmedMean(double[] y, int len, int f, double a, int numTasks) {
    int below = 0;
    int atMost = 0;
    int nan = 0;
    for (int p = 0; p < len; p++) {
      below += y[p] < a ? 1 : 0;
      atMost += y[p] <= a ? 1 : 0;
      nan += Double.isNaN(y[p]) ? 1 : 0;
    }
    return trimmedMean(y, len, len - nan, below, atMost, len, 0, 0, f, a, numTasks, -1, null);
  }

  /**
   * {@link #trimmedMean(double[], int, int, double, int)} from the counts: {@code finite} values
   * are not NaN, {@code below} are &lt; a and {@code atMost} ≤ a; {@code y[len .. len + inWindow)}
   * holds the values inside worker {@code j}'s window (if {@code windows} is given), {@code
   * underWindow} values lie below it.
   */
  private static double trimmedMean(
      double[] y,
      int len,
      int finite,
      int below,
      int atMost,
      int collected,
      int underWindow,
      int inWindow,
      int f,
      double a,
      int numTasks,
      int j,
      Windows windows) {
    int lo;
    int hi;
    if (f < 0) {
      lo = Math.max(0, len + f);
      hi = len;
    } else {
      int above = Double.isNaN(a) ? 0 : finite - atMost;
      if (below < f) {
        // keep y >= a: drop the values below a and every NaN
        lo = below;
        hi = Double.isNaN(a) ? lo : finite;
      } else {
        lo = f;
        hi = len;
      }
      // the values above a hold the ranks [finite − above, finite)
      int aboveKept = Math.max(0, Math.min(hi, finite) - Math.max(lo, finite - above));
      if (aboveKept < f) {
        // keep y <= a: the ranks below atMost
        hi = Math.max(lo, Math.min(hi, atMost));
      } else {
        hi -= f;
      }
    }
    int size = hi - lo;
    if (size <= 0) {
      return a;
    }
    if (hi > finite) {
      return Double.NaN;
    }
    double[] kept;
    int from;
    if (windows != null && underWindow <= lo && underWindow + inWindow >= hi) {
      // the window holds the kept ranks: order what it collected, by selection when it is many
      int first = Math.max(0, lo - WINDOW_MARGIN - underWindow);
      int last = Math.min(inWindow - 1, hi - 1 + WINDOW_MARGIN - underWindow);
      if (inWindow > 4 * WINDOW_MARGIN) {
        select(y, collected, collected + inWindow, collected + first);
        if (last > first) {
          select(y, collected + first + 1, collected + inWindow, collected + last);
        }
        Arrays.sort(y, collected + first, collected + last + 1);
      } else {
        Arrays.sort(y, collected, collected + inWindow);
      }
      windows.low[j] = y[collected + first];
      windows.high[j] = y[collected + last];
      kept = y;
      from = collected + lo - underWindow;
    } else {
      // NaN last, as a sort puts it; then select the ends of the kept ranks and their margins
      for (int p = 0, end = len; p < end; ) {
        if (Double.isNaN(y[p])) {
          end--;
          swap(y, p, end);
        } else {
          p++;
        }
      }
      int first = windows == null ? lo : Math.max(0, lo - WINDOW_MARGIN);
      int last = windows == null ? hi - 1 : Math.min(finite - 1, hi - 1 + WINDOW_MARGIN);
      select(y, 0, finite, first);
      if (last > first) {
        select(y, first + 1, finite, last);
      }
      Arrays.sort(y, first, last + 1);
      if (windows != null) {
        windows.low[j] = y[first];
        windows.high[j] = y[last];
      }
      kept = y;
      from = lo;
    }
    if (size == 1 && kept[from] == 0) {
      return 1 / Math.sqrt(numTasks);
    }
    double sum = 0;
    for (int p = from; p < from + size; p++) {
      sum += kept[p];
    }
    return sum / size;
  }

  /**
   * Reorders the non-NaN values {@code y[from .. to)} so that {@code y[kth]} holds the value of
   * that rank, with no larger value before it and no smaller one after it: quickselect with a
   * median-of-three pivot, finishing with a sort on short ranges or when the range stops shrinking.
   */
  static void select(double[] y, int from, int to, int kth) {
    int lo = from;
    int hi = to - 1;
    int budget = 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from))) + 4;
    while (hi > lo) {
      if (hi - lo < 16 || budget-- == 0) {
        Arrays.sort(y, lo, hi + 1);
        return;
      }
      int mid = (lo + hi) >>> 1;
      if (y[mid] < y[lo]) {
        swap(y, mid, lo);
      }
      if (y[hi] < y[lo]) {
        swap(y, hi, lo);
      }
      if (y[hi] < y[mid]) {
        swap(y, hi, mid);
      }
      double pivot = y[mid];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (y[i] < pivot) {
          i++;
        }
        while (y[j] > pivot) {
          j--;
        }
        if (i <= j) {
          swap(y, i, j);
          i++;
          j--;
        }
      }
      if (kth <= j) {
        hi = j;
      } else if (kth >= i) {
        lo = i;
      } else {
        return;
      }
    }
  }

  private static void swap(double[] y, int i, int j) {
    double t = y[i];
    y[i] = y[j];
    y[j] = t;
  }

  /**
   * ‖u vᵀ − u' v'ᵀ‖_F in O(W) without cancellation: with c = u·u'/u'·u' and a = u − c u' ⊥ u', the
   * difference is a vᵀ + u' (c v − v')ᵀ, two Frobenius-orthogonal terms. Rows (columns) where u or
   * u' (v or v') is NaN or infinite are left out: such an estimate (after a division by an estimate
   * of 0) stays so, and would make the change NaN for ever.
   */
  static double rankOneChange(double[] u, double[] v, double[] uPrev, double[] vPrev) {
    double uu = 0;
    double up = 0;
    for (int w = 0; w < u.length; w++) {
      if (Double.isFinite(u[w]) && Double.isFinite(uPrev[w])) {
        uu += uPrev[w] * uPrev[w];
        up += u[w] * uPrev[w];
      }
    }
    double c = uu > 0 ? up / uu : 0;
    double aa = 0;
    double vv = 0;
    double bb = 0;
    for (int w = 0; w < u.length; w++) {
      if (Double.isFinite(u[w]) && Double.isFinite(uPrev[w])) {
        double a = u[w] - c * uPrev[w];
        aa += a * a;
      }
      if (Double.isFinite(v[w]) && Double.isFinite(vPrev[w])) {
        double b = c * v[w] - vPrev[w];
        vv += v[w] * v[w];
        bb += b * b;
      }
    }
    return Math.sqrt(aa * vv + uu * bb);
  }

  private static double norm(double[] x) {
    double s = 0;
    for (double e : x) {
      s += e * e;
    }
    return Math.sqrt(s);
  }

  /**
   * Observed worker pairs in CSR form (both directions, partners in increasing id order) with their
   * covariation C_ij.
   *
   * @param start row offsets, length W + 1
   * @param partner partner worker per entry
   * @param covariation C per entry
   * @param numLabels M, the number of distinct labels observed
   * @param chunks bounds of the fixed worker chunks the updates run in, by number of entries
   */
  record Pairs(int[] start, int[] partner, double[] covariation, int numLabels, int[] chunks) {
    int numWorkers() {
      return start.length - 1;
    }

    int degree(int w) {
      return start[w + 1] - start[w];
    }

    int minDegree() {
      int min = Integer.MAX_VALUE;
      for (int w = 0; w < numWorkers(); w++) {
        min = Math.min(min, degree(w));
      }
      return numWorkers() == 0 ? 0 : min;
    }

    /** The smallest number of partners among workers with at least one (0 when none has). */
    int minPositiveDegree() {
      int min = Integer.MAX_VALUE;
      for (int w = 0; w < numWorkers(); w++) {
        if (degree(w) > 0) {
          min = Math.min(min, degree(w));
        }
      }
      return min == Integer.MAX_VALUE ? 0 : min;
    }

    int maxDegree() {
      int max = 0;
      for (int w = 0; w < numWorkers(); w++) {
        max = Math.max(max, degree(w));
      }
      return max;
    }

    /** Counts common tasks and agreements per pair, keeping a worker's last answer per task. */
    static Pairs of(CrowdDataset data, int numLabels) {
      int n = data.numTasks();
      int numWorkers = data.numWorkers();
      // one answer per (task, worker): the last one in stored (input) order
      int[] stamp = new int[numWorkers];
      Arrays.fill(stamp, -1);
      int[] taskOff = new int[n + 1];
      int[] dw = new int[data.numAnswers()];
      int[] dl = new int[data.numAnswers()];
      int kept = 0;
      for (int i = 0; i < n; i++) {
        taskOff[i] = kept;
        for (int a = data.taskEnd(i) - 1; a >= data.taskStart(i); a--) {
          int w = data.worker(a);
          if (stamp[w] != i) {
            stamp[w] = i;
            dw[kept] = w;
            dl[kept] = data.label(a);
            kept++;
          }
        }
      }
      taskOff[n] = kept;
      // worker view of the deduplicated answers
      int[] wOff = new int[numWorkers + 1];
      for (int p = 0; p < kept; p++) {
        wOff[dw[p] + 1]++;
      }
      for (int w = 0; w < numWorkers; w++) {
        wOff[w + 1] += wOff[w];
      }
      int[] wTask = new int[kept];
      int[] wLabel = new int[kept];
      int[] next = Arrays.copyOf(wOff, numWorkers);
      for (int i = 0; i < n; i++) {
        for (int p = taskOff[i]; p < taskOff[i + 1]; p++) {
          int q = next[dw[p]]++;
          wTask[q] = i;
          wLabel[q] = dl[p];
        }
      }
      int[] common = new int[numWorkers];
      int[] agree = new int[numWorkers];
      int[] touched = new int[numWorkers];
      int[] start = new int[numWorkers + 1];
      int[] partner = new int[16];
      double[] cov = new double[16];
      int size = 0;
      double m = numLabels;
      for (int w = 0; w < numWorkers; w++) {
        int t = 0;
        for (int q = wOff[w]; q < wOff[w + 1]; q++) {
          int i = wTask[q];
          int l = wLabel[q];
          for (int p = taskOff[i]; p < taskOff[i + 1]; p++) {
            int o = dw[p];
            if (o == w) {
              continue;
            }
            if (common[o]++ == 0) {
              touched[t++] = o;
            }
            if (dl[p] == l) {
              agree[o]++;
            }
          }
        }
        Arrays.sort(touched, 0, t);
        if (size + t > partner.length) {
          int cap = Math.max(size + t, 2 * partner.length);
          partner = Arrays.copyOf(partner, cap);
          cov = Arrays.copyOf(cov, cap);
        }
        for (int j = 0; j < t; j++) {
          int o = touched[j];
          partner[size] = o;
          cov[size] = (double) agree[o] / common[o] * (m / (m - 1)) - 1 / (m - 1);
          size++;
          common[o] = 0;
          agree[o] = 0;
        }
        start[w + 1] = size;
      }
      return new Pairs(
          start,
          Arrays.copyOf(partner, size),
          Arrays.copyOf(cov, size),
          numLabels,
          chunkBounds(start, PAIRS_PER_CHUNK, MAX_CHUNKS));
    }

    /** About one chunk per {@code perChunk} entries, at most {@code maxChunks}, at least one. */
    static int[] chunkBounds(int[] start, int perChunk, int maxChunks) {
      int numWorkers = start.length - 1;
      long total = start[numWorkers];
      int chunks = (int) Math.max(1, Math.min(maxChunks, Math.min(numWorkers, total / perChunk)));
      int[] b = new int[chunks + 1];
      int c = 1;
      for (int w = 0; w < numWorkers && c < chunks; w++) {
        if ((long) start[w + 1] * chunks >= total * c) {
          b[c++] = w + 1;
        }
      }
      while (c <= chunks) {
        b[c++] = numWorkers;
      }
      for (int j = 1; j <= chunks; j++) {
        b[j] = Math.max(b[j], b[j - 1]);
      }
      return b;
    }
  }
}
