package org.crowd4j.text;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * The aggregated text of every task. Methods that choose one of the answers ({@link
 * ClosestToAverage}, {@link Rasa}, {@link Hrrasa}) also give the chosen answer, the aggregated
 * embedding of each task and, when they estimate them, the workers' global reliabilities.
 *
 * @param tasks task ids ({@code texts[t]} belongs to {@code tasks.name(t)})
 * @param texts aggregated text per task
 * @param chosen the answer whose text was returned per task, or {@code null} (ROVER builds text)
 * @param dim embedding dimension (0 when there are none)
 * @param aggregated aggregated embedding per task ({@code tasks × dim}), or {@code null}
 * @param workers worker ids of {@code skills}
 * @param skills estimated global reliability per worker, or {@code null}
 * @param diagnostics iterations and loss history
 * @param provenance method, options, data digest, versions
 */
public record TextResult(
    Vocabulary tasks,
    String[] texts,
    int[] chosen,
    int dim,
    double[] aggregated,
    Vocabulary workers,
    double[] skills,
    Diagnostics diagnostics,
    Provenance provenance)
    implements FitResult {

  /** Copies the arrays. */
  public TextResult {
    Objects.requireNonNull(tasks, "tasks");
    texts = texts.clone();
    chosen = chosen == null ? null : chosen.clone();
    aggregated = aggregated == null ? null : aggregated.clone();
    skills = skills == null ? null : skills.clone();
  }

  @Override
  public String[] texts() {
    return texts.clone();
  }

  @Override
  public int[] chosen() {
    return chosen == null ? null : chosen.clone();
  }

  @Override
  public double[] aggregated() {
    return aggregated == null ? null : aggregated.clone();
  }

  @Override
  public double[] skills() {
    return skills == null ? null : skills.clone();
  }

  /** The text of task {@code t}. */
  public String text(int t) {
    return texts[t];
  }

  /** The aggregated embedding of task {@code t}. */
  public double[] aggregated(int t) {
    return Arrays.copyOfRange(aggregated, t * dim, (t + 1) * dim);
  }
}
