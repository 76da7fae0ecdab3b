package org.crowd4j.aggregate;

import java.util.Objects;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * The immutable outcome of {@link Aggregator#fit}: a posterior distribution over the {@code K}
 * labels for every task (rows sum to 1), the chosen label per task, the learnt {@link WorkerModel},
 * {@link Diagnostics} and {@link Provenance}. Posteriors that are not probabilities (NaN, infinite,
 * negative) are rejected: a numerical failure is an error, never a silent label 0.
 */
public final class AggregationResult implements FitResult {
  private final Vocabulary tasks;
  private final Vocabulary labelNames;
  private final double[] posteriors;
  private final int[] labels;
  private final double[] classPriors;
  private final WorkerModel workers;
  private final NoiseModel noise;
  private final Diagnostics diagnostics;
  private final Provenance provenance;
  private final MethodSelection selection;

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
    this(data, posteriors, labels, classPriors, workers, null, diagnostics, provenance);
  }

  /**
   * Builds a result whose answer model is {@code noise} instead of the one {@link NoiseModels}
   * derives from {@code workers} ({@code null}: derived).
   */
  public AggregationResult(
      CrowdDataset data,
      double[] posteriors,
      int[] labels,
      double[] classPriors,
      WorkerModel workers,
      NoiseModel noise,
      Diagnostics diagnostics,
      Provenance provenance) {
    int n = data.numTasks();
    int k = data.numLabels();
    if (posteriors.length != n * k) {
      throw new IllegalArgumentException(
          "posteriors must have " + n + "×" + k + " entries, got " + posteriors.length);
    }
    for (int j = 0; j < posteriors.length; j++) {
      double p = posteriors[j];
      if (!(p >= 0 && p <= 1 + 1e-9)) {
        throw new IllegalArgumentException(
            "posterior of task '"
                + data.tasks().name(j / k)
                + "', class '"
                + data.labels().name(j % k)
                + "' is "
                + p
                + " (not a probability): the fit failed numerically");
      }
    }
    this.tasks = data.tasks();
    this.labelNames = data.labels();
    this.posteriors = posteriors.clone();
    this.labels = labels == null ? Posteriors.argmax(posteriors, n, k) : labels.clone();
    this.classPriors = classPriors == null ? null : classPriors.clone();
    this.workers = Objects.requireNonNull(workers, "workers");
    this.noise = noise != null ? noise : NoiseModels.of(data, workers, this.posteriors);
    if (this.noise.numLabels() != k) {
      throw new IllegalArgumentException(
          "the noise model has " + this.noise.numLabels() + " classes, the data " + k);
    }
    this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
    this.provenance = Objects.requireNonNull(provenance, "provenance");
    this.selection = null;
  }

  private AggregationResult(AggregationResult r, Provenance provenance, MethodSelection selection) {
    this.tasks = r.tasks;
    this.labelNames = r.labelNames;
    this.posteriors = r.posteriors;
    this.labels = r.labels;
    this.classPriors = r.classPriors;
    this.workers = r.workers;
    this.noise = r.noise;
    this.diagnostics = r.diagnostics;
    this.provenance = provenance;
    this.selection = selection;
  }

  /**
   * This result as the outcome of a method choice: the same fit, with {@code provenance} (naming
   * the choosing method) and how the choice was made ({@code null}: no choice was made).
   */
  public AggregationResult chosenBy(Provenance provenance, MethodSelection selection) {
    return new AggregationResult(this, Objects.requireNonNull(provenance, "provenance"), selection);
  }

  /** How the method was chosen, when this result comes from a gold-free choice ({@code auto}). */
  public java.util.Optional<MethodSelection> selection() {
    return java.util.Optional.ofNullable(selection);
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

  /** The answer model: P(answer | true label, task, worker) as this fit implies it. */
  public NoiseModel noise() {
    return noise;
  }

  /**
   * P(worker {@code worker} answers {@code label} on task {@code task}) = Σ_z q_task(z) P(label |
   * z, task, worker): the fitted model's prediction of an answer, with the task's posterior for its
   * true label. {@code worker} indexes the fitted data's worker vocabulary.
   */
  public double answerProbability(int task, int worker, int label) {
    int k = labelNames.size();
    double p = 0;
    for (int z = 0; z < k; z++) {
      double q = posteriors[task * k + z];
      if (q > 0) {
        p += q * noise.probability(task, worker, z, label);
      }
    }
    return p;
  }

  /** The predicted answer distribution of {@code worker} on {@code task}; sums to 1. */
  public double[] answerDistribution(int task, int worker) {
    int k = labelNames.size();
    double[] out = new double[k];
    for (int l = 0; l < k; l++) {
      out[l] = answerProbability(task, worker, l);
    }
    return out;
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
