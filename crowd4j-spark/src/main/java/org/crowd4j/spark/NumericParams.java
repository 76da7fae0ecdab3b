package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;

/**
 * The params that every numeric estimator ({@link SparkNumericAggregator}) and its fitted model
 * ({@link SparkNumericModel}) share: the answers' columns ({@link HasAnswerColumns} and the value),
 * the output column and how answers are laid out in blocks ({@link HasBlockLayout}), with one
 * getter and one setter each, declared once here ({@link #declare}).
 *
 * @param <T> the class itself, returned by the setters
 */
public interface NumericParams<T> extends HasAnswerColumns<T>, HasBlockLayout<T> {
  /**
   * The answered value column: numbers, or strings that read as numbers (default {@code value}).
   */
  default Param<String> valueCol() {
    return declaredParams().get("valueCol");
  }

  /** The output column of the task's estimated value, a double (default {@code estimate}). */
  default Param<String> estimateCol() {
    return declaredParams().get("estimateCol");
  }

  /** The value of {@link #valueCol()}. */
  default String getValueCol() {
    return getOrDefault(valueCol());
  }

  /** Sets {@link #valueCol()}. */
  @SuppressWarnings("unchecked")
  default T setValueCol(String name) {
    set(valueCol(), name);
    return (T) this;
  }

  /** The value of {@link #estimateCol()}. */
  default String getEstimateCol() {
    return getOrDefault(estimateCol());
  }

  /** Sets {@link #estimateCol()}. */
  @SuppressWarnings("unchecked")
  default T setEstimateCol(String name) {
    set(estimateCol(), name);
    return (T) this;
  }

  /** Declares every param of {@code stage} with its default. */
  static void declare(NumericParams<?> stage) {
    HasAnswerColumns.declare(
        stage,
        "column with the known true value of the row's task, null where unknown; tasks with one"
            + " are clamped to it by the methods that use gold (default: empty, none)");
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage,
            "valueCol",
            "answered value column, numbers or strings that read as numbers (default value)",
            false),
        SharedParams.VALUE);
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage,
            "estimateCol",
            "output column of the task's estimated value (default estimate)",
            false),
        SharedParams.ESTIMATE);
    HasBlockLayout.declare(stage);
  }
}
