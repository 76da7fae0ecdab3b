package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;

/**
 * The param {@code predictionPrefix}: the prefix of the answer columns that hold a classifier's
 * probability of each class ({@code p_} gives {@code p_cat, p_dog}), read by {@link
 * SparkClassifierEm}, {@link SparkCrowdLab} and their models: their answers must have the columns
 * ({@code transformSchema}), and the fit and {@code transform} join them into the answer blocks
 * ({@link TaskPredictions}).
 *
 * @param <T> the stage itself, returned by the setter
 */
public interface HasPredictionPrefix<T> extends MixinParams {
  /** The default prefix, the command line's {@code p_}. */
  String DEFAULT = "p_";

  /** Prefix of the prediction columns, one per class. */
  default Param<String> predictionPrefix() {
    return declaredParams().get("predictionPrefix");
  }

  /** The value of {@link #predictionPrefix()}. */
  default String getPredictionPrefix() {
    return getOrDefault(predictionPrefix());
  }

  /** Sets {@link #predictionPrefix()} (not empty). */
  @SuppressWarnings("unchecked")
  default T setPredictionPrefix(String prefix) {
    if (prefix == null || prefix.isEmpty()) {
      throw new IllegalArgumentException("predictionPrefix must not be empty");
    }
    set(predictionPrefix(), prefix);
    return (T) this;
  }

  /** Declares {@link #predictionPrefix()} of {@code stage} with the default {@code p_}. */
  static void declare(HasPredictionPrefix<?> stage) {
    DeclaredParams.declare(
        stage,
        new Param<>(
            stage,
            "predictionPrefix",
            "prefix of the columns of a classifier's probabilities, one per class (default p_)"),
        DEFAULT);
  }
}
