package org.crowd4j.numeric;

import java.util.Objects;
import java.util.Optional;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * The result of a numeric method: an estimate of every task's true value, and for every worker a
 * bias, a variance and the weight the method gave the worker, with diagnostics and provenance.
 * Arrays are copied in and out.
 *
 * <p>Bias and variance mean the same for every method, so results compare: the worker's answers are
 * modelled as {@code x = t_i + bias + N(0, variance)}. For {@link Raykar} they are the fitted model
 * parameters; for the other methods they are measured against the method's estimates (bias = mean
 * of {@code x − t̂_i} over the worker's answers, variance = mean of {@code (x − t̂_i − bias)²}). A
 * worker without answers has {@code NaN} bias and variance and weight 0.
 */
public final class NumericResult implements FitResult {
  private final String method;
  private final Vocabulary tasks;
  private final Vocabulary workers;
  private final double[] estimates;
  private final double[] bias;
  private final double[] variance;
  private final double[] weights;
  private final Diagnostics diagnostics;
  private final Provenance provenance;
  private final NumericSelection selection;

  /**
   * @param method the method's name
   * @param tasks the tasks
   * @param workers the workers
   * @param estimates estimated value of every task
   * @param bias every worker's bias
   * @param variance every worker's variance
   * @param weights the weight every worker's answers got (normalised to sum to 1 over the workers
   *     with answers; equal for the unweighted methods)
   * @param diagnostics how the fit ran
   * @param provenance method, options, data digest
   * @param selection how {@code auto} chose the method, or {@code null}
   */
  public NumericResult(
      String method,
      Vocabulary tasks,
      Vocabulary workers,
      double[] estimates,
      double[] bias,
      double[] variance,
      double[] weights,
      Diagnostics diagnostics,
      Provenance provenance,
      NumericSelection selection) {
    this.method = Objects.requireNonNull(method, "method");
    this.tasks = Objects.requireNonNull(tasks, "tasks");
    this.workers = Objects.requireNonNull(workers, "workers");
    if (estimates.length != tasks.size()) {
      throw new IllegalArgumentException(
          estimates.length + " estimates for " + tasks.size() + " tasks");
    }
    if (bias.length != workers.size()
        || variance.length != workers.size()
        || weights.length != workers.size()) {
      throw new IllegalArgumentException(
          "bias, variance and weights must have one entry per worker (" + workers.size() + ")");
    }
    this.estimates = estimates.clone();
    this.bias = bias.clone();
    this.variance = variance.clone();
    this.weights = weights.clone();
    this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
    this.provenance = Objects.requireNonNull(provenance, "provenance");
    this.selection = selection;
  }

  /** The name of the method that produced this result. */
  public String method() {
    return method;
  }

  /** The tasks, in the order of {@link #estimates()}. */
  public Vocabulary tasks() {
    return tasks;
  }

  /** The workers, in the order of the worker arrays. */
  public Vocabulary workers() {
    return workers;
  }

  /** A copy of the estimate of every task. */
  public double[] estimates() {
    return estimates.clone();
  }

  /** The estimate of task {@code i}. */
  public double estimate(int i) {
    return estimates[i];
  }

  /**
   * The estimate of the task with id {@code taskId}.
   *
   * @throws IllegalArgumentException when the task is unknown
   */
  public double estimate(String taskId) {
    int i = tasks.id(taskId);
    if (i < 0) {
      throw new IllegalArgumentException("no task '" + taskId + "' in the result");
    }
    return estimates[i];
  }

  /** A copy of every worker's bias. */
  public double[] bias() {
    return bias.clone();
  }

  /** A copy of every worker's variance. */
  public double[] variance() {
    return variance.clone();
  }

  /** A copy of every worker's weight (sums to 1 over the workers with answers). */
  public double[] weights() {
    return weights.clone();
  }

  @Override
  public Diagnostics diagnostics() {
    return diagnostics;
  }

  @Override
  public Provenance provenance() {
    return provenance;
  }

  /** How {@code auto} chose the method; empty for the other methods. */
  public Optional<NumericSelection> selection() {
    return Optional.ofNullable(selection);
  }

  @Override
  public String toString() {
    return "NumericResult[method="
        + method
        + ", tasks="
        + tasks.size()
        + ", workers="
        + workers.size()
        + ", "
        + diagnostics.stopReason()
        + "]";
  }
}
