package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.MLReader;
import org.crowd4j.internal.kernel.NumericKernel;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.NoOptions;
import org.crowd4j.numeric.TaskStatistic;

/**
 * {@link TaskStatistic} on Spark: the mean ({@code mean}) or the median ({@code median}) of every
 * task's answers, all workers alike; closed form, gold not used. One pass gives the estimates when
 * they are used; two jobs measure every worker's bias and variance against them, as the core does.
 */
public final class SparkTaskStatistic extends SparkNumericAggregator<SparkTaskStatistic> {
  private static final long serialVersionUID = 1L;

  private final Param<String> statistic;

  /** The per-task mean. */
  public SparkTaskStatistic() {
    this(newUid("mean"));
  }

  /** The per-task mean with the uid {@code uid} (for Spark ML's readers). */
  public SparkTaskStatistic(String uid) {
    super(uid);
    statistic =
        new Param<>(
            this,
            "statistic",
            "the statistic of each task's answers: MEAN or MEDIAN",
            ParamValidators.inArray(SharedParams.names(TaskStatistic.Statistic.values())));
    setDefault(statistic, TaskStatistic.Statistic.MEAN.name());
  }

  /** Reads an estimator saved with {@link #write()}. */
  public static MLReader<SparkTaskStatistic> read() {
    return new DefaultParamsReader<>();
  }

  /** {@code read().load(path)}. */
  public static SparkTaskStatistic load(String path) {
    return read().load(path);
  }

  /** {@code mean} or {@code median}, as the core's method names it. */
  @Override
  public String name() {
    return getStatistic().equals(TaskStatistic.Statistic.MEAN.name()) ? "mean" : "median";
  }

  /** The statistic, {@code MEAN} (default) or {@code MEDIAN}. */
  public Param<String> statistic() {
    return statistic;
  }

  /** The value of {@link #statistic()}. */
  public String getStatistic() {
    return $(statistic);
  }

  /** Sets {@link #statistic()}: {@code mean} or {@code median}, any case. */
  public SparkTaskStatistic setStatistic(String name) {
    String s = name == null ? "" : name.trim().toUpperCase(java.util.Locale.ROOT);
    if (!SharedParams.names(TaskStatistic.Statistic.values()).contains(s)) {
      throw new IllegalArgumentException("statistic must be MEAN or MEDIAN: " + name);
    }
    set(statistic, s);
    return this;
  }

  /** None: the core's method has no options. */
  @Override
  public NoOptions options() {
    return new NoOptions();
  }

  /** Accepts the core's empty options record. */
  @Override
  public SparkTaskStatistic setOptions(Record options) {
    expect(options, NoOptions.class);
    return this;
  }

  @Override
  Estimates fit(PreparedNumeric data) {
    NumericScorer scorer =
        getStatistic().equals(TaskStatistic.Statistic.MEAN.name())
            ? NumericScorer.mean()
            : NumericScorer.median(false);
    return measured(
        data, scorer, NumericKernel.equalWeights(data.workerSizes()), Diagnostics.closedForm());
  }
}
