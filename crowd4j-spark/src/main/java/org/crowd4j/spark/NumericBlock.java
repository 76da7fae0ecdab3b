package org.crowd4j.spark;

/**
 * The numeric answers of one partition ({@link TaskBlock}): each answer's value and each task's
 * known value (NaN for none). Immutable.
 */
final class NumericBlock extends TaskBlock {
  private static final long serialVersionUID = 1L;

  private final double[] value;
  private final double[] gold;

  NumericBlock(
      String[] tasks, int[] off, int[] worker, double[] value, double[] gold, int[] workerIds) {
    super(tasks, off, worker, workerIds);
    this.value = value;
    this.gold = gold;
  }

  /** Value per answer. */
  double[] value() {
    return value;
  }

  /** Known value per task, NaN where there is none. */
  double[] gold() {
    return gold;
  }

  @Override
  int numGold() {
    int c = 0;
    for (double g : gold) {
      if (!Double.isNaN(g)) {
        c++;
      }
    }
    return c;
  }
}
