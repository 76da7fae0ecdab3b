package org.crowd4j.numeric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.method.Describe;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.method.Provenance;

/**
 * Gold-free choice among the numeric methods by held-out answers ({@code auto}).
 *
 * <p><b>Criterion.</b> A seeded {@code holdOut} share of the answers is hidden (never the last
 * answer of a task or of a worker, so every task keeps an estimate and every worker its
 * parameters). Every candidate is fitted on the other answers, without gold, and predicts each
 * hidden answer x_ij with its own fitted worker model, the Gaussian N(t̂_i + b_j, σ_j²) of {@link
 * NumericResult}: estimate, worker bias and worker variance; {@code mean} and {@code median}, which
 * treat all workers alike, use the pooled residual variance of all workers instead of σ_j².
 * Variances are floored at {@code varianceFloor} × the pooled within-task variance of the training
 * answers. A candidate's score is the mean log-density of the hidden answers; the best score wins
 * (ties: the earlier candidate) and is refitted on all answers with the caller's gold and listener
 * (clamped by the iterative methods, ignored by {@code mean} and {@code median}, as when they run
 * alone). Every candidate's score is kept in {@link NumericResult#selection()}.
 *
 * <p>The criterion rewards the model that predicts what annotators answer, which is not always the
 * one closest to the truth (a shared bias of the whole crowd is invisible to it). When no answer
 * can be hidden (every task or every worker has a single answer), the first candidate is taken
 * unscored. Cost: two fits of every candidate.
 */
public final class NumericAuto implements Method<NumericAnswers, NumericGold, NumericResult> {
  /**
   * Options of {@link NumericAuto}.
   *
   * @param candidates comma-separated method names; empty = every method of {@link
   *     NumericMethods#CANDIDATES}
   * @param holdOut share of the answers hidden and scored
   * @param seed seed of the held-out split
   * @param varianceFloor floor of a predictive variance, as a fraction of the pooled within-task
   *     variance
   */
  public record Options(
      @Describe("comma-separated method names to choose among (empty: all of them)")
          String candidates,
      @Describe("share of the answers hidden from the candidates and scored") double holdOut,
      @Describe("seed of the held-out split") long seed,
      @Describe("floor of a predictive variance, as a fraction of the pooled within-task variance")
          double varianceFloor) {
    /** Validates. */
    public Options {
      candidates = candidates == null ? "" : candidates.strip();
      for (String name : names(candidates)) {
        candidate(name);
      }
      if (!(holdOut > 0 && holdOut < 1)) {
        throw new IllegalArgumentException("holdOut must be in (0, 1): " + holdOut);
      }
      if (!(varianceFloor > 0 && varianceFloor < 1)) {
        throw new IllegalArgumentException("varianceFloor must be in (0, 1): " + varianceFloor);
      }
    }

    /** All methods, a fifth of the answers held out, seed 0, floor 1e-3 (as {@link Raykar}). */
    public static Options defaults() {
      return new Options("", 0.2, 0L, 1e-3);
    }

    /** The candidate names, in order. */
    public List<String> candidateNames() {
      return names(candidates);
    }
  }

  private final Options options;

  /** Auto with {@code options}. */
  public NumericAuto(Options options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /** Auto with default options. */
  public NumericAuto() {
    this(Options.defaults());
  }

  /** The options. */
  public Options options() {
    return options;
  }

  @Override
  public String name() {
    return "auto";
  }

  /**
   * The numeric method called {@code name}, with default options.
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static Method<NumericAnswers, NumericGold, NumericResult> candidate(String name) {
    return NumericMethods.CANDIDATES.create(name, Map.of());
  }

  private static List<String> names(String candidates) {
    String list =
        candidates.isEmpty() ? String.join(",", NumericMethods.CANDIDATES.names()) : candidates;
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      String t = s.strip();
      if (t.isEmpty()) {
        throw new IllegalArgumentException("empty candidate name in '" + candidates + "'");
      }
      if (out.contains(t)) {
        throw new IllegalArgumentException("candidate '" + t + "' listed twice");
      }
      out.add(t);
    }
    return out;
  }

  @Override
  public NumericResult fit(NumericAnswers data, FitContext<NumericGold> context) {
    long start = System.nanoTime();
    NumericFits.requireAnswers(data);
    NumericFits.gold(context.gold(), data.numTasks());
    List<String> names = options.candidateNames();
    boolean[] hidden = split(data, options.holdOut(), options.seed());
    int h = 0;
    for (boolean b : hidden) {
      if (b) {
        h++;
      }
    }
    List<NumericSelection.Score> scores = new ArrayList<>();
    String chosen = names.get(0);
    String rule;
    if (h == 0) {
      rule =
          "no answer could be held out (every task or every worker has one answer): first candidate";
    } else {
      boolean[] keep = new boolean[hidden.length];
      for (int a = 0; a < keep.length; a++) {
        keep[a] = !hidden[a];
      }
      NumericAnswers train = data.restrictedTo(keep);
      double floor = options.varianceFloor() * NumericFits.pooledVariance(train);
      double best = Double.NEGATIVE_INFINITY;
      for (String name : names) {
        Method<NumericAnswers, NumericGold, NumericResult> method = candidate(name);
        NumericResult r = method.fit(train);
        NumericSelection.Score s =
            score(name, method instanceof TaskStatistic, r, data, hidden, floor);
        scores.add(s);
        if (s.meanLogLikelihood() > best) {
          best = s.meanLogLikelihood();
          chosen = name;
        }
      }
      rule = "highest mean log-likelihood of the held-out answers";
    }
    NumericResult fit = candidate(chosen).fit(data, context);
    NumericSelection selection = new NumericSelection(options.seed(), h, scores, chosen, rule);
    return new NumericResult(
        name(),
        data.tasks(),
        data.workers(),
        fit.estimates(),
        fit.bias(),
        fit.variance(),
        fit.weights(),
        fit.diagnostics(),
        Provenance.of(name(), options, data::digest, start),
        selection);
  }

  /**
   * Marks about {@code share} of the answers, in a seeded random order, skipping any answer that is
   * the last one left to its task or to its worker.
   */
  static boolean[] split(NumericAnswers data, double share, long seed) {
    int m = data.numAnswers();
    int target = (int) Math.round(share * m);
    int[] order = new int[m];
    for (int a = 0; a < m; a++) {
      order[a] = a;
    }
    SplittableRandom rng = new SplittableRandom(seed);
    for (int a = m - 1; a > 0; a--) {
      int j = rng.nextInt(a + 1);
      int t = order[a];
      order[a] = order[j];
      order[j] = t;
    }
    int[] taskLeft = new int[data.numTasks()];
    int[] workerLeft = new int[data.numWorkers()];
    for (int i = 0; i < taskLeft.length; i++) {
      taskLeft[i] = data.taskSize(i);
    }
    for (int w = 0; w < workerLeft.length; w++) {
      workerLeft[w] = data.workerSize(w);
    }
    boolean[] hidden = new boolean[m];
    int h = 0;
    for (int k = 0; k < m && h < target; k++) {
      int a = order[k];
      int i = data.task(a);
      int w = data.worker(a);
      if (taskLeft[i] > 1 && workerLeft[w] > 1) {
        hidden[a] = true;
        taskLeft[i]--;
        workerLeft[w]--;
        h++;
      }
    }
    return hidden;
  }

  /**
   * The mean log-density and RMSE of the hidden answers under {@code r}'s predictive Gaussians;
   * {@code sameForAll} for a method that treats all workers alike (their pooled variance is used).
   */
  static NumericSelection.Score score(
      String name,
      boolean sameForAll,
      NumericResult r,
      NumericAnswers data,
      boolean[] hidden,
      double floor) {
    double[] t = r.estimates();
    double[] bias = r.bias();
    double[] variance = r.variance();
    if (sameForAll) {
      double s = 0;
      double c = 0;
      for (int w = 0; w < variance.length; w++) {
        if (!Double.isNaN(variance[w])) {
          // the training answers of w: all its answers except the hidden ones
          int n = 0;
          for (int k = data.workerStart(w); k < data.workerEnd(w); k++) {
            if (!hidden[data.workerAnswer(k)]) {
              n++;
            }
          }
          s += n * variance[w];
          c += n;
        }
      }
      java.util.Arrays.fill(variance, c > 0 ? s / c : 1);
    }
    double ll = 0;
    double se = 0;
    int count = 0;
    for (int a = 0; a < hidden.length; a++) {
      if (!hidden[a]) {
        continue;
      }
      int w = data.worker(a);
      double v = Math.max(variance[w], floor);
      double r0 = data.value(a) - t[data.task(a)] - bias[w];
      ll += -0.5 * (Math.log(2 * Math.PI * v) + r0 * r0 / v);
      se += r0 * r0;
      count++;
    }
    return new NumericSelection.Score(name, ll / count, Math.sqrt(se / count));
  }
}
