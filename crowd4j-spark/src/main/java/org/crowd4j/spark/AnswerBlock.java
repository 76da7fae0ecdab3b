package org.crowd4j.spark;

import java.io.Serializable;

/**
 * The answers of one partition as primitive arrays, built once and cached: the tasks of the
 * partition with their answers in CSR form ({@code off}), each answer's worker as a
 * <em>block-local</em> id and its label id, and each task's gold label id (−1 for none).
 *
 * <p>Local worker ids index {@link #workerIds()}, the sorted global ids of the workers that answer
 * in this block, so the statistics a block sends to the driver cover only its own workers and the
 * parameters it reads are gathered into small local tables ({@link #gather}). Immutable apart from
 * the lazily derived {@link #cells()}.
 */
final class AnswerBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] tasks;
  private final int[] off;
  private final int[] worker;
  private final int[] label;
  private final int[] gold;
  private final int[] workerIds;
  private final int numLabels;
  private final double[] taskValue;
  private transient int[] cells;

  AnswerBlock(
      String[] tasks,
      int[] off,
      int[] worker,
      int[] label,
      int[] gold,
      int[] workerIds,
      int numLabels,
      double[] taskValue) {
    this.tasks = tasks;
    this.off = off;
    this.worker = worker;
    this.label = label;
    this.gold = gold;
    this.workerIds = workerIds;
    this.numLabels = numLabels;
    this.taskValue = taskValue;
  }

  /** Number of tasks. */
  int numTasks() {
    return tasks.length;
  }

  /** Number of answers. */
  int numAnswers() {
    return worker.length;
  }

  /** Number of distinct workers in this block. */
  int numLocalWorkers() {
    return workerIds.length;
  }

  /** Number of classes {@code K}. */
  int numLabels() {
    return numLabels;
  }

  /** Task names, in block order. */
  String[] tasks() {
    return tasks;
  }

  /** Task offsets: the answers of task {@code i} are {@code [off[i], off[i+1])}. */
  int[] off() {
    return off;
  }

  /** Block-local worker id per answer. */
  int[] worker() {
    return worker;
  }

  /** Label id per answer. */
  int[] label() {
    return label;
  }

  /** Gold label id per task, −1 where there is none. */
  int[] gold() {
    return gold;
  }

  /** Global worker id of every local worker, ascending. */
  int[] workerIds() {
    return workerIds;
  }

  /**
   * A per-task value joined from a model's task table (GLAD's β when scoring new answers), NaN
   * where the task is not in it; {@code null} when no table was joined.
   */
  double[] taskValue() {
    return taskValue;
  }

  /** Number of tasks with a gold label. */
  int numGold() {
    int c = 0;
    for (int g : gold) {
      if (g >= 0) {
        c++;
      }
    }
    return c;
  }

  /**
   * {@code localWorker * K + label} per answer (the layout of {@code DawidSkeneKernel.cells}),
   * derived on first use.
   */
  synchronized int[] cells() {
    if (cells == null) {
      int[] c = new int[worker.length];
      for (int a = 0; a < c.length; a++) {
        c[a] = worker[a] * numLabels + label[a];
      }
      cells = c;
    }
    return cells;
  }

  /**
   * The rows of a global per-worker table ({@code stride} values per worker) that this block's
   * workers use, in local order.
   */
  double[] gather(double[] global, int stride) {
    double[] out = new double[workerIds.length * stride];
    for (int j = 0; j < workerIds.length; j++) {
      System.arraycopy(global, workerIds[j] * stride, out, j * stride, stride);
    }
    return out;
  }

  /** Answers per local worker. */
  int[] localWorkerSizes() {
    int[] size = new int[workerIds.length];
    for (int w : worker) {
      size[w]++;
    }
    return size;
  }

  @Override
  public String toString() {
    return "AnswerBlock[tasks="
        + tasks.length
        + ", answers="
        + worker.length
        + ", workers="
        + workerIds.length
        + ", first="
        + (tasks.length == 0 ? "-" : tasks[0])
        + "]";
  }
}
