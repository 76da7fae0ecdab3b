package org.crowd4j.aggregate;

import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;

/**
 * The immutable outcome of {@link Aggregator#fit}: a posterior distribution over the {@code K}
 * labels for every task (rows sum to 1), the chosen label per task, the learnt {@link WorkerModel},
 * {@link Diagnostics} and {@link Provenance}.
 */
public final class AggregationResult {
  private final Vocabulary tasks;
  private final Vocabulary labelNames;
  private final double[] posteriors;
  private final int[] labels;
  private final double[] classPriors;
  private final WorkerModel workers;
  private final Diagnostics diagnostics;
  private final Provenance provenance;

  /**
   * Builds a result. {@code posteriors} is {@code n × K} row-major; {@code labels} may be {@code
   * null}, in which case each task takes its most probable label, ties going to the lowest label
   * id. {@code classPriors} may be {@code null} for methods without a class prior.
   */
  public AggregationResult(
      CrowdDataset data,
      double[] posteriors,
      int[] labels,
      double[] classPriors,
      WorkerModel workers,
      Diagnostics diagnostics,
      Provenance provenance) {
    int n = data.numTasks();
    int k = data.numLabels();
    if (posteriors.length != n * k) {
      throw new IllegalArgumentException(
          "posteriors must have " + n + "×" + k + " entries, got " + posteriors.length);
    }
    this.tasks = data.tasks();
    this.labelNames = data.labels();
    this.posteriors = posteriors.clone();
    this.labels = labels == null ? Posteriors.argmax(posteriors, n, k) : labels.clone();
    this.classPriors = classPriors == null ? null : classPriors.clone();
    this.workers = Objects.requireNonNull(workers, "workers");
    this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
    this.provenance = Objects.requireNonNull(provenance, "provenance");
  }

  /** Number of tasks. */
  public int numTasks() {
    return labels.length;
  }

  /** Number of classes. */
  public int numLabels() {
    return labelNames.size();
  }

  /** P(true label of task {@code i} = {@code k}). */
  public double posterior(int i, int k) {
    return posteriors[i * labelNames.size() + k];
  }

  /** A copy of task {@code i}'s posterior. */
  public double[] posteriorRow(int i) {
    int k = labelNames.size();
    return java.util.Arrays.copyOfRange(posteriors, i * k, (i + 1) * k);
  }

  /** A copy of all posteriors, {@code n × K} row-major. */
  public double[] posteriors() {
    return posteriors.clone();
  }

  /** The chosen label id of task {@code i}. */
  public int label(int i) {
    return labels[i];
  }

  /** A copy of the chosen label ids. */
  public int[] labels() {
    return labels.clone();
  }

  /** The estimated class prior, or {@code null} when the method has none. */
  public double[] classPriors() {
    return classPriors == null ? null : classPriors.clone();
  }

  /** The annotator model. */
  public WorkerModel workers() {
    return workers;
  }

  /** Iterations, convergence and objective history. */
  public Diagnostics diagnostics() {
    return diagnostics;
  }

  /** Method, options, data digest, versions. */
  public Provenance provenance() {
    return provenance;
  }

  /** Task vocabulary of the fitted data. */
  public Vocabulary tasks() {
    return tasks;
  }

  /** Label vocabulary of the fitted data. */
  public Vocabulary labelNames() {
    return labelNames;
  }
}
