package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;

/**
 * The columns that answers of every kind have: the task and worker ids and, optionally, the known
 * truth of the row's task (gold), with one getter and one setter each.
 *
 * @param <T> the stage itself, returned by the setters
 */
public interface HasAnswerColumns<T> extends MixinParams {
  /** The task id column (default {@code task}). */
  default Param<String> taskCol() {
    return declaredParams().get("taskCol");
  }

  /** The worker id column (default {@code worker}). */
  default Param<String> workerCol() {
    return declaredParams().get("workerCol");
  }

  /**
   * A column with the known truth of the row's task, null where unknown; the tasks that have one
   * are clamped to it, in a fit and in a model's {@code transform} (default: empty, none).
   */
  default Param<String> goldCol() {
    return declaredParams().get("goldCol");
  }

  /** The value of {@link #taskCol()}. */
  default String getTaskCol() {
    return getOrDefault(taskCol());
  }

  /** Sets {@link #taskCol()}. */
  @SuppressWarnings("unchecked")
  default T setTaskCol(String name) {
    set(taskCol(), name);
    return (T) this;
  }

  /** The value of {@link #workerCol()}. */
  default String getWorkerCol() {
    return getOrDefault(workerCol());
  }

  /** Sets {@link #workerCol()}. */
  @SuppressWarnings("unchecked")
  default T setWorkerCol(String name) {
    set(workerCol(), name);
    return (T) this;
  }

  /** The value of {@link #goldCol()} (empty for none). */
  default String getGoldCol() {
    return getOrDefault(goldCol());
  }

  /** Sets {@link #goldCol()}; null or empty for none. */
  @SuppressWarnings("unchecked")
  default T setGoldCol(String name) {
    set(goldCol(), name == null ? "" : name);
    return (T) this;
  }

  /**
   * Declares the three columns of {@code stage} with their defaults ({@code task}, {@code worker},
   * none), the gold column documented as {@code goldDoc}.
   */
  static void declare(HasAnswerColumns<?> stage, String goldDoc) {
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage, "taskCol", "task (item) id column of the answers (default task)", false),
        SharedParams.TASK);
    DeclaredParams.declare(
        stage,
        SharedParams.column(
            stage,
            "workerCol",
            "worker (annotator) id column of the answers (default worker)",
            false),
        SharedParams.WORKER);
    DeclaredParams.declare(stage, SharedParams.column(stage, "goldCol", goldDoc, true), "");
  }
}
