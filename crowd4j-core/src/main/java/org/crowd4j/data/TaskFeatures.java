package org.crowd4j.data;

import java.util.Arrays;

/**
 * Dense instance features: an {@code n × d} row-major {@code float} matrix whose row {@code i}
 * belongs to task {@code i} of its {@link #tasks()} vocabulary.
 */
public final class TaskFeatures {
  private final Vocabulary tasks;
  private final int dim;
  private final float[] values;

  /** Wraps a copy of {@code values} ({@code tasks.size() × dim}, row-major). */
  public TaskFeatures(Vocabulary tasks, int dim, float[] values) {
    if (dim <= 0) {
      throw new IllegalArgumentException("dim must be positive: " + dim);
    }
    if (values.length != (long) tasks.size() * dim) {
      throw new IllegalArgumentException(
          "expected " + tasks.size() + " × " + dim + " values, got " + values.length);
    }
    this.tasks = tasks;
    this.dim = dim;
    this.values = values.clone();
  }

  /** Number of rows. */
  public int numRows() {
    return tasks.size();
  }

  /** Number of features per row. */
  public int dim() {
    return dim;
  }

  /** Feature {@code j} of row {@code i}. */
  public float get(int i, int j) {
    return values[i * dim + j];
  }

  /** A copy of row {@code i}. */
  public float[] row(int i) {
    return Arrays.copyOfRange(values, i * dim, (i + 1) * dim);
  }

  /** The task ids of the rows. */
  public Vocabulary tasks() {
    return tasks;
  }

  /**
   * The rows re-ordered to follow {@code order}'s task ids; fails naming the first task without
   * features.
   */
  public TaskFeatures alignedTo(Vocabulary order) {
    float[] out = new float[order.size() * dim];
    for (int i = 0; i < order.size(); i++) {
      int src = tasks.id(order.name(i));
      if (src < 0) {
        throw new IllegalArgumentException("no features for task '" + order.name(i) + "'");
      }
      System.arraycopy(values, src * dim, out, i * dim, dim);
    }
    return new TaskFeatures(order, dim, out);
  }

  /** A copy of all values, row-major. */
  public float[] toArray() {
    return values.clone();
  }
}
