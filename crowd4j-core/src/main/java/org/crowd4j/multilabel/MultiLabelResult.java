package org.crowd4j.multilabel;

import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * Aggregated tag sets: for every task and tag the probability that the task has the tag and whether
 * it was chosen, with the single-label result of every tag's binary question (its worker skills,
 * diagnostics and provenance).
 */
public final class MultiLabelResult implements FitResult {
  private final String method;
  private final Vocabulary tasks;
  private final Vocabulary tags;
  private final double[] presence;
  private final boolean[] chosen;
  private final List<AggregationResult> perTag;
  private final Provenance provenance;

  /**
   * @param method the single-label method each tag was aggregated with
   * @param tasks the tasks
   * @param tags the tags
   * @param presence P(task i has tag t) at {@code i * tags + t}
   * @param chosen whether tag t was chosen for task i, same layout
   * @param perTag the result of every tag's binary question, in tag order
   * @param provenance the method, options and digest of the answers
   */
  public MultiLabelResult(
      String method,
      Vocabulary tasks,
      Vocabulary tags,
      double[] presence,
      boolean[] chosen,
      List<AggregationResult> perTag,
      Provenance provenance) {
    int cells = tasks.size() * tags.size();
    if (presence.length != cells || chosen.length != cells || perTag.size() != tags.size()) {
      throw new IllegalArgumentException(
          "a multi-label result of " + tasks.size() + " tasks and " + tags.size() + " tags");
    }
    this.method = method;
    this.tasks = tasks;
    this.tags = tags;
    this.presence = presence.clone();
    this.chosen = chosen.clone();
    this.perTag = List.copyOf(perTag);
    this.provenance = java.util.Objects.requireNonNull(provenance, "provenance");
  }

  /**
   * The tags' fits as one: the most iterations any tag took, converged when every tag did (the tags
   * have no common objective; each tag's own diagnostics are in {@link #tag(int)}).
   */
  @Override
  public Diagnostics diagnostics() {
    int most = 0;
    int settled = 0;
    for (AggregationResult r : perTag) {
      most = Math.max(most, r.diagnostics().iterations());
      settled += r.diagnostics().converged() ? 1 : 0;
    }
    return new Diagnostics(
        most,
        settled == perTag.size(),
        new double[0],
        "none",
        settled + " of " + perTag.size() + " tags converged");
  }

  @Override
  public Provenance provenance() {
    return provenance;
  }

  /** The single-label method of the tags' binary questions. */
  public String method() {
    return method;
  }

  /** The tasks. */
  public Vocabulary tasks() {
    return tasks;
  }

  /** The tags. */
  public Vocabulary tags() {
    return tags;
  }

  /** Number of tasks. */
  public int numTasks() {
    return tasks.size();
  }

  /** Number of tags. */
  public int numTags() {
    return tags.size();
  }

  /** P(task {@code i} has tag {@code t}). */
  public double presence(int i, int t) {
    return presence[i * tags.size() + t];
  }

  /** Whether tag {@code t} was chosen for task {@code i}. */
  public boolean chosen(int i, int t) {
    return chosen[i * tags.size() + t];
  }

  /** The chosen tag ids of task {@code i}, in tag order. */
  public int[] chosenTags(int i) {
    int m = tags.size();
    int c = 0;
    for (int t = 0; t < m; t++) {
      if (chosen[i * m + t]) {
        c++;
      }
    }
    int[] out = new int[c];
    c = 0;
    for (int t = 0; t < m; t++) {
      if (chosen[i * m + t]) {
        out[c++] = t;
      }
    }
    return out;
  }

  /** The chosen tags of task {@code i} as names joined with {@code separator}, in tag order. */
  public String joinedTags(int i, char separator) {
    StringBuilder b = new StringBuilder();
    for (int t : chosenTags(i)) {
      if (b.length() > 0) {
        b.append(separator);
      }
      b.append(tags.name(t));
    }
    return b.toString();
  }

  /** The chosen tags of every task, tasks × tags row-major. */
  public boolean[] chosen() {
    return chosen.clone();
  }

  /** The result of tag {@code t}'s binary question (labels "0", "1"). */
  public AggregationResult tag(int t) {
    return perTag.get(t);
  }

  /** Whether every tag's fit converged. */
  public boolean converged() {
    for (AggregationResult r : perTag) {
      if (!r.diagnostics().converged()) {
        return false;
      }
    }
    return true;
  }
}
