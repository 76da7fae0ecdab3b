package org.crowd4j.text;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.Vocabulary;

/**
 * Known embeddings of some tasks' true answers (crowd-kit's {@code true_embeddings}): where given,
 * they replace the aggregated embedding of the task in every iteration.
 *
 * @param tasks task ids, one row each
 * @param dim embedding dimension
 * @param values {@code tasks.size() × dim} values, row-major
 */
public record TaskEmbeddings(Vocabulary tasks, int dim, double[] values) {
  /** Validates and copies. */
  public TaskEmbeddings {
    Objects.requireNonNull(tasks, "tasks");
    if (dim < 1 || values.length != (long) tasks.size() * dim) {
      throw new IllegalArgumentException(
          "true embeddings: expected " + tasks.size() + " x " + dim + " values");
    }
    values = values.clone();
  }

  @Override
  public double[] values() {
    return values.clone();
  }

  /** The embedding of task {@code name}, or {@code null} when not given. */
  public double[] get(String name) {
    if (!tasks.contains(name)) {
      return null;
    }
    int t = tasks.id(name);
    return Arrays.copyOfRange(values, t * dim, (t + 1) * dim);
  }
}
