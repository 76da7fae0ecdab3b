package org.crowd4j.spark;

/**
 * The classification answers of one partition ({@link TaskBlock}): each answer's label id, each
 * task's gold label id (−1 for none), the number of classes and, when a model's task table was
 * joined, a value per task. Immutable apart from the lazily derived {@link #cells()}.
 */
final class AnswerBlock extends TaskBlock {
  private static final long serialVersionUID = 1L;

  private final int[] label;
  private final int[] gold;
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
    super(tasks, off, worker, workerIds);
    this.label = label;
    this.gold = gold;
    this.numLabels = numLabels;
    this.taskValue = taskValue;
  }

  /** Number of classes {@code K}. */
  int numLabels() {
    return numLabels;
  }

  /** Label id per answer. */
  int[] label() {
    return label;
  }

  /** Gold label id per task, −1 where there is none. */
  int[] gold() {
    return gold;
  }

  /**
   * A per-task value joined from a model's task table (GLAD's β when scoring new answers), NaN
   * where the task is not in it; {@code null} when no table was joined.
   */
  double[] taskValue() {
    return taskValue;
  }

  @Override
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
      int[] worker = worker();
      int[] c = new int[worker.length];
      for (int a = 0; a < c.length; a++) {
        c[a] = worker[a] * numLabels + label[a];
      }
      cells = c;
    }
    return cells;
  }
}
