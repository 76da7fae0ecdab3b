package org.crowd4j.spark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.method.Diagnostics;

/**
 * Everything a fitted model needs on the driver, independent of the answers it was fitted to: what
 * a saved model holds besides its worker and task tables.
 *
 * <p>{@code eStep} are the parameters of the fit's last E-step, in the layout of the method's
 * scorer ({@link CrowdModel#scorer}): entry {@code j} is a model-level array when {@code
 * eStepStrides[j]} is 0, else {@code eStepStrides[j]} numbers per worker (global worker ids); null
 * when no iteration ran (the posteriors are then the soft-majority start).
 *
 * @param method the method's command-line name
 * @param labels label names in the core's order
 * @param counts sizes of the fit
 * @param classPriors class prior, or null for a method without one
 * @param diagnostics the fit's diagnostics
 * @param eStep the E-step's parameters, or null
 * @param eStepStrides per entry of {@code eStep}: 0 or numbers per worker
 * @param arrays other model-level numbers by name (options the scorer needs, group parameters)
 * @param columns the per-worker values of the annotator model
 */
record FittedParameters(
    String method,
    List<String> labels,
    Counts counts,
    double[] classPriors,
    Diagnostics diagnostics,
    double[][] eStep,
    int[] eStepStrides,
    Map<String, double[]> arrays,
    List<WorkerColumn> columns) {

  /**
   * Sizes of the fit.
   *
   * @param numTasks fitted tasks
   * @param numAnswers fitted answers
   * @param numGold fitted tasks with a gold label
   * @param numWorkers workers (ids 0 … numWorkers − 1)
   * @param numPartitions answer blocks of the fit
   */
  record Counts(long numTasks, long numAnswers, long numGold, int numWorkers, int numPartitions) {}

  /** Checks that the per-worker arrays have one entry per worker. */
  FittedParameters {
    Objects.requireNonNull(method, "method");
    labels = List.copyOf(labels);
    Objects.requireNonNull(counts, "counts");
    Objects.requireNonNull(diagnostics, "diagnostics");
    arrays = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arrays));
    columns = List.copyOf(columns);
    int w = counts.numWorkers();
    if ((eStep == null) != (eStepStrides == null)
        || (eStep != null && eStep.length != eStepStrides.length)) {
      throw new IllegalArgumentException("E-step parameters and strides do not match");
    }
    if (eStep != null) {
      for (int j = 0; j < eStep.length; j++) {
        if (eStepStrides[j] > 0 && eStep[j].length != (long) w * eStepStrides[j]) {
          throw new IllegalArgumentException(
              "E-step parameter "
                  + j
                  + " has "
                  + eStep[j].length
                  + " numbers, not "
                  + w
                  + " workers × "
                  + eStepStrides[j]);
        }
      }
    }
    for (WorkerColumn c : columns) {
      if (c.values().length != (long) w * c.width()) {
        throw new IllegalArgumentException(
            "worker column " + c.name() + " does not have one value per worker");
      }
    }
  }

  /** Number of classes. */
  int numLabels() {
    return labels.size();
  }

  /** The model-level array {@code name}. */
  double[] array(String name) {
    double[] a = arrays.get(name);
    if (a == null) {
      throw new IllegalStateException("the " + method + " model has no parameter '" + name + "'");
    }
    return a;
  }

  /** The per-worker values of column {@code name}. */
  double[] column(String name) {
    for (WorkerColumn c : columns) {
      if (c.name().equals(name)) {
        return c.values();
      }
    }
    throw new IllegalStateException("the " + method + " model has no worker column '" + name + "'");
  }
}
