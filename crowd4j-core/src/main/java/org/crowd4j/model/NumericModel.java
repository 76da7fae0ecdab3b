package org.crowd4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;
import org.crowd4j.numeric.NumericSelection;

/**
 * A numeric model file ({@link NumericModelWriter}): every worker's bias, variance and weight (the
 * worker's answers modelled as {@code x = t + bias + N(0, variance)}).
 *
 * @param formatVersion the file's format version
 * @param method the method's name
 * @param tasks tasks of the fitted data
 * @param workers workers of the fitted data
 * @param answers answers of the fitted data
 * @param workerModels every worker, in file order
 * @param selection how {@code auto} chose, or {@code null}
 * @param diagnostics how the fit ran
 * @param provenance method, options, data digest, versions, time
 */
public record NumericModel(
    int formatVersion,
    String method,
    long tasks,
    long workers,
    long answers,
    List<Worker> workerModels,
    NumericSelection selection,
    Diagnostics diagnostics,
    Provenance provenance)
    implements ModelFile {

  /** Validates and copies the list. */
  public NumericModel {
    Objects.requireNonNull(method, "method");
    workerModels = List.copyOf(workerModels);
    Objects.requireNonNull(diagnostics, "diagnostics");
    Objects.requireNonNull(provenance, "provenance");
  }

  @Override
  public ModelKind kind() {
    return ModelKind.NUMERIC;
  }

  /**
   * One worker.
   *
   * @param worker the worker's id
   * @param answers answers she gave
   * @param bias her bias ({@code NaN} without answers)
   * @param variance her variance ({@code NaN} without answers)
   * @param weight the weight her answers got
   */
  public record Worker(String worker, long answers, double bias, double variance, double weight) {}

  static NumericModel read(Node o, int version) throws ModelFileException {
    String method = o.get("method").text();
    List<Worker> workers = new ArrayList<>();
    for (Node w : o.get("workerModels").elements()) {
      workers.add(
          new Worker(
              w.get("worker").text(),
              w.get("answers").integer(),
              w.optionalNumber("bias"),
              w.optionalNumber("variance"),
              w.optionalNumber("weight")));
    }
    NumericSelection selection = null;
    Node s = o.optional("selection");
    if (s != null) {
      List<NumericSelection.Score> scores = new ArrayList<>();
      for (Node c : s.get("candidates").elements()) {
        scores.add(
            new NumericSelection.Score(
                c.get("name").text(),
                c.optionalNumber("meanLogLikelihood"),
                c.optionalNumber("rmse")));
      }
      selection =
          new NumericSelection(
              s.get("seed").integer(),
              s.get("heldOutAnswers").int32(),
              scores,
              s.get("chosen").text(),
              s.get("rule").text());
    }
    return new NumericModel(
        version,
        method,
        o.get("tasks").integer(),
        o.get("workers").integer(),
        o.get("answers").integer(),
        workers,
        selection,
        Models.diagnostics(o.get("diagnostics")),
        Models.provenance(o.get("provenance"), method, true));
  }
}
