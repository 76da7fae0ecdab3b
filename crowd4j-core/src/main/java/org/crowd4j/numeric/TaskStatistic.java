package org.crowd4j.numeric;

import java.util.Objects;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.method.Provenance;

/**
 * One statistic of every task's answers, all workers alike: the mean ({@code mean}: t̂_i =
 * (1/|W_i|) Σ_{j ∈ W_i} x_ij, the maximum-likelihood estimate when every worker answers {@code x =
 * t + N(0, σ²)} with one σ) or the median ({@code median}; of an even count, the mean of the two
 * middle answers: the estimate that minimises Σ_j |x_ij − t_i|, robust to a minority of wild
 * answers). Closed form; gold is not used. Every worker gets the same weight; bias and variance are
 * measured against the estimates ({@link NumericResult}). Time {@code O(m)} (mean) or {@code O(m
 * log m)} (median), memory {@code O(m)}.
 */
public final class TaskStatistic implements Method<NumericAnswers, NumericGold, NumericResult> {
  /** Which statistic. */
  public enum Statistic {
    /** The mean of the task's answers. */
    MEAN,
    /** The median of the task's answers. */
    MEDIAN
  }

  private final Statistic statistic;

  /** The per-task {@code statistic}. */
  public TaskStatistic(Statistic statistic) {
    this.statistic = Objects.requireNonNull(statistic, "statistic");
  }

  /** The per-task mean. */
  public static TaskStatistic mean() {
    return new TaskStatistic(Statistic.MEAN);
  }

  /** The per-task median. */
  public static TaskStatistic median() {
    return new TaskStatistic(Statistic.MEDIAN);
  }

  @Override
  public String name() {
    return statistic == Statistic.MEAN ? "mean" : "median";
  }

  @Override
  public NumericResult fit(NumericAnswers data, FitContext<NumericGold> context) {
    long start = System.nanoTime();
    NumericFits.requireAnswers(data);
    NumericFits.gold(context.gold(), data.numTasks());
    return NumericFits.measured(
        name(),
        data,
        statistic == Statistic.MEAN ? NumericFits.means(data) : NumericFits.medians(data),
        NumericFits.equalWeights(data),
        Diagnostics.closedForm(),
        Provenance.of(name(), null, data::digest, start));
  }
}
