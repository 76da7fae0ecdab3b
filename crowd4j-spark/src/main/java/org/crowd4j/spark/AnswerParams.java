package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;

/**
 * The params that every classification estimator ({@link SparkAggregator}) and its fitted model
 * ({@link CrowdModel}) share: the answers' columns ({@link HasAnswerColumns} and the label), the
 * output columns and how answers are laid out in blocks ({@link HasBlockLayout}), with one getter
 * and one setter each, declared once here ({@link #declare}).
 *
 * @param <T> the class itself, returned by the setters
 */
public interface AnswerParams<T extends AnswerParams<T>>
    extends HasAnswerColumns<T>, HasBlockLayout<T> {
  /** The answered label column (default {@code label}). */
  default Param<String> labelCol() {
    return declaredParams().get("labelCol");
  }

  /** The output column of the most probable label (default {@code prediction}). */
  default Param<String> predictionCol() {
    return declaredParams().get("predictionCol");
  }

  /** The output column of the posterior vector (default {@code probability}). */
  default Param<String> probabilityCol() {
    return declaredParams().get("probabilityCol");
  }

  /** The value of {@link #labelCol()}. */
  default String getLabelCol() {
    return getOrDefault(labelCol());
  }

  /** Sets {@link #labelCol()}. */
  @SuppressWarnings("unchecked")
  default T setLabelCol(String name) {
    set(labelCol(), name);
    return (T) this;
  }

  /** The value of {@link #predictionCol()}. */
  default String getPredictionCol() {
    return getOrDefault(predictionCol());
  }

  /** Sets {@link #predictionCol()}. */
  @SuppressWarnings("unchecked")
  default T setPredictionCol(String name) {
    set(predictionCol(), name);
    return (T) this;
  }

  /** The value of {@link #probabilityCol()}. */
  default String getProbabilityCol() {
    return getOrDefault(probabilityCol());
  }

  /** Sets {@link #probabilityCol()}. */
  @SuppressWarnings("unchecked")
  default T setProbabilityCol(String name) {
    set(probabilityCol(), name);
    return (T) this;
  }

  /** Declares every param of {@code stage} with its default. */
  static void declare(AnswerParams<?> stage) {
    HasAnswerColumns.declare(
        stage,
        "column with the known true label of the row's task, null where unknown; tasks with one"
            + " are clamped to it (default: empty, none)");
    DeclaredParams.declare(
        stage,
        SharedParams.column(stage, "labelCol", "answered label column (default label)", false),
        SharedParams.LABEL);
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage,
            "predictionCol",
            "output column of the most probable label (default prediction)",
            false),
        SharedParams.PREDICTION);
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage,
            "probabilityCol",
            "output column of the posterior, a vector in the model's label order (default"
                + " probability)",
            false),
        SharedParams.PROBABILITY);
    HasBlockLayout.declare(stage);
  }
}
