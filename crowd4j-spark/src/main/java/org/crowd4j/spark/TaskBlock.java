package org.crowd4j.spark;

import java.io.Serializable;

/**
 * The answers of one partition as primitive arrays, built once and cached: the tasks of the
 * partition with their answers in CSR form ({@code off}) and each answer's worker as a
 * <em>block-local</em> id; what an answer says is the subclass's ({@link AnswerBlock}: a label,
 * {@link NumericBlock}: a value).
 *
 * <p>Local worker ids index {@link #workerIds()}, the sorted global ids of the workers that answer
 * in this block, so the statistics a block sends to the driver cover only its own workers and the
 * parameters it reads are gathered into small local tables ({@link #gather}).
 */
abstract class TaskBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] tasks;
  private final int[] off;
  private final int[] worker;
  private final int[] workerIds;

  TaskBlock(String[] tasks, int[] off, int[] worker, int[] workerIds) {
    this.tasks = tasks;
    this.off = off;
    this.worker = worker;
    this.workerIds = workerIds;
  }

  /** Number of tasks. */
  final int numTasks() {
    return tasks.length;
  }

  /** Number of answers. */
  final int numAnswers() {
    return worker.length;
  }

  /** Number of distinct workers in this block. */
  final int numLocalWorkers() {
    return workerIds.length;
  }

  /** Task names, in block order. */
  final String[] tasks() {
    return tasks;
  }

  /** Task offsets: the answers of task {@code i} are {@code [off[i], off[i+1])}. */
  final int[] off() {
    return off;
  }

  /** Block-local worker id per answer. */
  final int[] worker() {
    return worker;
  }

  /** Global worker id of every local worker, ascending. */
  final int[] workerIds() {
    return workerIds;
  }

  /** Number of tasks with a gold label or value. */
  abstract int numGold();

  /**
   * The rows of a global per-worker table ({@code stride} values per worker) that this block's
   * workers use, in local order.
   */
  final double[] gather(double[] global, int stride) {
    double[] out = new double[workerIds.length * stride];
    for (int j = 0; j < workerIds.length; j++) {
      System.arraycopy(global, workerIds[j] * stride, out, j * stride, stride);
    }
    return out;
  }

  /** Answers per local worker. */
  final int[] localWorkerSizes() {
    int[] size = new int[workerIds.length];
    for (int w : worker) {
      size[w]++;
    }
    return size;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName()
        + "[tasks="
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
