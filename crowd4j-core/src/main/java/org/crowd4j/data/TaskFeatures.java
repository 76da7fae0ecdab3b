package org.crowd4j.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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

  /**
   * How these rows cover {@code answered} (the tasks of the answers): how many tasks have a row,
   * which have none, and which rows belong to no task, with up to three examples of each.
   */
  public Coverage coverage(Vocabulary answered) {
    int covered = 0;
    List<String> missing = new ArrayList<>();
    int numMissing = 0;
    for (int i = 0; i < answered.size(); i++) {
      if (tasks.id(answered.name(i)) >= 0) {
        covered++;
      } else if (numMissing++ < 3) {
        missing.add(answered.name(i));
      }
    }
    List<String> extra = new ArrayList<>();
    int numExtra = 0;
    for (int r = 0; r < tasks.size(); r++) {
      if (answered.id(tasks.name(r)) < 0 && numExtra++ < 3) {
        extra.add(tasks.name(r));
      }
    }
    return new Coverage(covered, numMissing, numExtra, List.copyOf(missing), List.copyOf(extra));
  }

  /**
   * The match between feature rows and answered tasks.
   *
   * @param covered answered tasks with a row
   * @param missing answered tasks without a row
   * @param extra rows of tasks without answers
   * @param missingExamples up to three of the tasks without a row
   * @param extraExamples up to three of the rows without answers
   */
  public record Coverage(
      int covered,
      int missing,
      int extra,
      List<String> missingExamples,
      List<String> extraExamples) {
    /** Whether every answered task has a row and every row an answered task. */
    public boolean exact() {
      return missing == 0 && extra == 0;
    }
  }

  /** A copy of all values, row-major. */
  public float[] toArray() {
    return values.clone();
  }
}
