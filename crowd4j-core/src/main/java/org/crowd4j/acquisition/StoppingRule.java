package org.crowd4j.acquisition;

import java.util.Arrays;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.DawidSkeneMap;
import org.crowd4j.aggregate.NoiseModel;
import org.crowd4j.aggregate.select.AnswerFolds;
import org.crowd4j.data.CrowdDataset;

/**
 * When a task is settled and gets no more answers ("dynamic overlap"): when it has at least {@code
 * minAnswers} answers and its <em>calibrated</em> chance of a correct consensus reaches {@code
 * target}.
 *
 * <p>Dawid–Skene's posteriors on a handful of answers are overconfident (confusions fitted to few
 * answers, errors that are not independent given the truth), so a raw "0.999 sure" is not 0.999
 * right. The calibrated rule tempers every posterior, q_T(z) ∝ q(z)^{1/T}, with the temperature T ≥
 * 1 chosen on the user's own answers, without gold: the answers are split into {@code folds} folds
 * ({@link AnswerFolds}); the method is refitted without each fold, and every hidden answer l of
 * annotator w on task i is predicted by Σ_z q_T(z) P(l | z, w) from the fit that did not see it (q
 * the task's posterior there); T is the temperature of {@code temperatures} with the highest mean
 * log-likelihood of the hidden answers. If the posteriors claim more certainty than the answers
 * bear out, the hidden answers disagree with the consensus more often than predicted and a T above
 * 1 predicts them better. The settled tasks' accuracy is then estimated as the mean of their
 * calibrated top posteriors, each at least {@code target}; the raw threshold it amounts to (for two
 * classes, the raw top posterior whose tempered value is {@code target}) is chosen per run and per
 * round by the answers, not fixed in advance. {@link #fixed} is the uncalibrated rule (T = 1).
 *
 * @param target calibrated top posterior at which a task is settled, in (0, 1]
 * @param minAnswers answers a task has before it can be settled, at least 1
 * @param folds folds of the held-out answers (0: no calibration, T = 1)
 * @param temperatures temperatures tried, each at least 1
 * @param seed seed of the folds
 * @param model the method whose posteriors decide (and whose fits the calibration refits), or
 *     {@code null} for the consensus method itself
 */
public record StoppingRule(
    double target, int minAnswers, int folds, double[] temperatures, long seed, Aggregator model) {
  /** Temperatures tried by default: 1 to 8. */
  public static final double[] TEMPERATURES = {1, 1.25, 1.5, 2, 2.5, 3, 4, 6, 8};

  /** Validates and copies. */
  public StoppingRule {
    if (!(target > 0 && target <= 1)) {
      throw new IllegalArgumentException("target must be in (0, 1]: " + target);
    }
    if (minAnswers < 1) {
      throw new IllegalArgumentException("minAnswers must be >= 1: " + minAnswers);
    }
    if (folds == 1 || folds < 0) {
      throw new IllegalArgumentException("folds must be 0 (none) or >= 2: " + folds);
    }
    temperatures = temperatures.clone();
    if (folds > 0 && temperatures.length == 0) {
      throw new IllegalArgumentException("temperatures must not be empty");
    }
    for (double t : temperatures) {
      if (!(t >= 1) || Double.isInfinite(t)) {
        throw new IllegalArgumentException("every temperature must be >= 1 and finite: " + t);
      }
    }
  }

  @Override
  public double[] temperatures() {
    return temperatures.clone();
  }

  /** Pseudo-counts per confusion row of the Dawid–Skene fit the calibrated rule reads. */
  public static final double CONFUSION_PRIOR = 2;

  /**
   * The calibrated rule: posteriors of Dawid–Skene with a pooled confusion prior of {@link
   * #CONFUSION_PRIOR} pseudo-counts per row (confusions fitted to a handful of answers, taken as
   * they are, make the held-out answers look surprising and T large for the wrong reason), 5 folds,
   * temperatures 1–8, fold seed 0.
   */
  public static StoppingRule calibrated(double target, int minAnswers) {
    return new StoppingRule(
        target, minAnswers, 5, TEMPERATURES, 0L, new DawidSkeneMap().withStrength(CONFUSION_PRIOR));
  }

  /** The uncalibrated rule: a raw top posterior of {@code stopAt} settles a task. */
  public static StoppingRule fixed(double stopAt, int minAnswers) {
    return new StoppingRule(stopAt, minAnswers, 0, new double[0], 0L, null);
  }

  /** The same rule deciding with {@code model}'s posteriors. */
  public StoppingRule withModel(Aggregator model) {
    return new StoppingRule(target, minAnswers, folds, temperatures, seed, model);
  }

  /** Whether the posteriors are calibrated on held-out answers. */
  public boolean isCalibrated() {
    return folds > 0;
  }

  /**
   * The rule's decision for a fit.
   *
   * @param settled whether each task is settled
   * @param temperature the temperature the posteriors were tempered with
   * @param calibratedTop each task's tempered top posterior
   * @param estimatedAccuracy the mean tempered top posterior of the settled tasks (NaN if none)
   */
  public record Decision(
      boolean[] settled, double temperature, double[] calibratedTop, double estimatedAccuracy) {
    /** Number of settled tasks. */
    public int numSettled() {
      int n = 0;
      for (boolean s : settled) {
        n += s ? 1 : 0;
      }
      return n;
    }
  }

  /**
   * Decides which tasks of {@code data} are settled under {@code fit} (of {@code method} on {@code
   * data}); a task is settled only with at least {@code minAnswers} answers.
   */
  public Decision decide(CrowdDataset data, Aggregator method, AggregationResult fit) {
    if (model != null) {
      method = model;
      fit = model.fit(data);
    }
    double t = isCalibrated() ? temperature(data, method, folds, seed, temperatures) : 1;
    int n = data.numTasks();
    int k = data.numLabels();
    boolean[] settled = new boolean[n];
    double[] top = new double[n];
    double[] q = new double[k];
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
      for (int z = 0; z < k; z++) {
        q[z] = fit.posterior(i, z);
      }
      top[i] = max(temper(q, t));
      // a tiny tolerance, so that a posterior of exactly the target settles despite rounding
      if (data.taskSize(i) >= minAnswers && top[i] >= target - 1e-12) {
        settled[i] = true;
        sum += top[i];
        count++;
      }
    }
    return new Decision(settled, t, top, count == 0 ? Double.NaN : sum / count);
  }

  /** q tempered by T: q_T(z) ∝ q(z)^{1/T} (a new array). */
  public static double[] temper(double[] q, double t) {
    double[] out = new double[q.length];
    double best = Double.NEGATIVE_INFINITY;
    for (int z = 0; z < q.length; z++) {
      out[z] = q[z] > 0 ? Math.log(q[z]) / t : Double.NEGATIVE_INFINITY;
      best = Math.max(best, out[z]);
    }
    double sum = 0;
    for (int z = 0; z < q.length; z++) {
      out[z] = Math.exp(out[z] - best);
      sum += out[z];
    }
    for (int z = 0; z < q.length; z++) {
      out[z] /= sum;
    }
    return out;
  }

  /**
   * The temperature of {@code temperatures} under which the fits without each fold predict its
   * hidden answers best (mean log-likelihood); 1 when no answer can be held out.
   */
  public static double temperature(
      CrowdDataset data, Aggregator method, int folds, long seed, double[] temperatures) {
    AnswerFolds split = AnswerFolds.of(data, folds, seed);
    if (split.hiddenTotal() == 0) {
      return 1;
    }
    int k = data.numLabels();
    double[][] posterior = new double[split.hiddenTotal()][];
    double[][] likelihood = new double[split.hiddenTotal()][];
    int j = 0;
    for (int f = 0; f < split.numFolds(); f++) {
      int[] hidden = split.hidden(f);
      if (hidden.length == 0) {
        continue;
      }
      AggregationResult fit = method.fit(data.restrictedTo(split.trainMask(f)));
      NoiseModel noise = fit.noise();
      for (int a : hidden) {
        int i = data.task(a);
        int w = data.worker(a);
        int l = data.label(a);
        posterior[j] = fit.posteriorRow(i);
        likelihood[j] = new double[k];
        for (int z = 0; z < k; z++) {
          likelihood[j][z] = noise.probability(i, w, z, l);
        }
        j++;
      }
    }
    return bestTemperature(Arrays.copyOf(posterior, j), Arrays.copyOf(likelihood, j), temperatures);
  }

  /**
   * The temperature of {@code temperatures} maximising Σ_j log Σ_z q_T,j(z) · likelihood[j][z] (the
   * first of equals): {@code posterior[j]} is the posterior of a held-out answer's task from a fit
   * without it, {@code likelihood[j][z]} the probability that fit gives the answer if the truth is
   * z.
   */
  public static double bestTemperature(
      double[][] posterior, double[][] likelihood, double[] temperatures) {
    double best = Double.NEGATIVE_INFINITY;
    double chosen = 1;
    for (double t : temperatures) {
      double ll = 0;
      for (int j = 0; j < posterior.length; j++) {
        double[] qt = temper(posterior[j], t);
        double p = 0;
        for (int z = 0; z < qt.length; z++) {
          p += qt[z] * likelihood[j][z];
        }
        ll += Math.log(Math.max(p, Double.MIN_NORMAL));
      }
      if (ll > best + 1e-12) {
        best = ll;
        chosen = t;
      }
    }
    return chosen;
  }

  private static double max(double[] q) {
    double m = 0;
    for (double p : q) {
      m = Math.max(m, p);
    }
    return m;
  }
}
