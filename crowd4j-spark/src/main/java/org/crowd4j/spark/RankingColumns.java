package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;

/**
 * The output columns that a pairwise estimator ({@link SparkBradleyTerry}) and its model share: the
 * item column of the DataFrames the model transforms and the columns it adds, with one getter and
 * one setter each, declared once here ({@link #declare}).
 *
 * @param <T> the stage itself, returned by the setters
 */
public interface RankingColumns<T> extends MixinParams {
  /** The item column of the DataFrames to transform (default {@code item}). */
  default Param<String> itemCol() {
    return declaredParams().get("itemCol");
  }

  /** The output column of the item's score (default {@code score}). */
  default Param<String> scoreCol() {
    return declaredParams().get("scoreCol");
  }

  /** The output column of the standard error of the item's log-score (default {@code stderr}). */
  default Param<String> stderrCol() {
    return declaredParams().get("stderrCol");
  }

  /** The output column of the item's rank (default {@code rank}). */
  default Param<String> rankCol() {
    return declaredParams().get("rankCol");
  }

  /** The value of {@link #itemCol()}. */
  default String getItemCol() {
    return getOrDefault(itemCol());
  }

  /** Sets {@link #itemCol()}. */
  @SuppressWarnings("unchecked")
  default T setItemCol(String name) {
    set(itemCol(), name);
    return (T) this;
  }

  /** The value of {@link #scoreCol()}. */
  default String getScoreCol() {
    return getOrDefault(scoreCol());
  }

  /** Sets {@link #scoreCol()}. */
  @SuppressWarnings("unchecked")
  default T setScoreCol(String name) {
    set(scoreCol(), name);
    return (T) this;
  }

  /** The value of {@link #stderrCol()}. */
  default String getStderrCol() {
    return getOrDefault(stderrCol());
  }

  /** Sets {@link #stderrCol()}. */
  @SuppressWarnings("unchecked")
  default T setStderrCol(String name) {
    set(stderrCol(), name);
    return (T) this;
  }

  /** The value of {@link #rankCol()}. */
  default String getRankCol() {
    return getOrDefault(rankCol());
  }

  /** Sets {@link #rankCol()}. */
  @SuppressWarnings("unchecked")
  default T setRankCol(String name) {
    set(rankCol(), name);
    return (T) this;
  }

  /** Declares the four columns of {@code stage} with their defaults. */
  static void declare(RankingColumns<?> stage) {
    DeclaredParams.declare(
        stage,
        RankingParams.column(
            stage, "itemCol", "item id column of the DataFrame to transform (default item)"),
        RankingParams.ITEM);
    DeclaredParams.declare(
        stage,
        RankingParams.column(
            stage, "scoreCol", "output column of the item's score (default score)"),
        RankingParams.SCORE);
    DeclaredParams.declare(
        stage,
        RankingParams.column(
            stage,
            "stderrCol",
            "output column of the standard error of the item's natural-log score relative to its"
                + " component's mean (default stderr)"),
        RankingParams.STDERR);
    DeclaredParams.declare(
        stage,
        RankingParams.column(
            stage, "rankCol", "output column of the item's 1-based rank (default rank)"),
        RankingParams.RANK);
  }
}
