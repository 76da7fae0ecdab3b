package org.crowd4j.data;

import java.util.Arrays;
import java.util.Map;

/**
 * Known true labels for some tasks of a {@link CrowdDataset}, aligned to its task and label ids. A
 * gold label that no answer uses is kept as {@link #UNKNOWN_LABEL}: it can never be predicted and
 * counts as an error in accuracy.
 */
public final class Gold {
  /** Marks a task without gold. */
  public static final int NONE = -1;

  /** Marks a gold label outside the dataset's label vocabulary. */
  public static final int UNKNOWN_LABEL = -2;

  private final int[] label;
  private final int count;
  private final int unknownLabels;
  private final int unmatchedTasks;

  private Gold(int[] label, int unmatchedTasks) {
    this.label = label;
    int c = 0;
    int u = 0;
    for (int l : label) {
      if (l != NONE) {
        c++;
      }
      if (l == UNKNOWN_LABEL) {
        u++;
      }
    }
    this.count = c;
    this.unknownLabels = u;
    this.unmatchedTasks = unmatchedTasks;
  }

  /**
   * Aligns gold labels given by original names to {@code data}. Gold for tasks without answers is
   * counted in {@link #unmatchedTasks()} and otherwise ignored.
   */
  public static Gold of(CrowdDataset data, Map<String, String> taskToLabel) {
    int[] label = new int[data.numTasks()];
    Arrays.fill(label, NONE);
    int unmatched = 0;
    for (Map.Entry<String, String> e : taskToLabel.entrySet()) {
      int t = data.tasks().id(e.getKey());
      if (t < 0) {
        unmatched++;
        continue;
      }
      int l = data.labels().id(e.getValue());
      label[t] = l < 0 ? UNKNOWN_LABEL : l;
    }
    return new Gold(label, unmatched);
  }

  /** Gold from label ids aligned to task ids ({@link #NONE} for no gold). */
  public static Gold ofIds(int[] labelPerTask) {
    return new Gold(labelPerTask.clone(), 0);
  }

  /** Gold label id of task {@code i}, {@link #NONE} or {@link #UNKNOWN_LABEL}. */
  public int label(int i) {
    return label[i];
  }

  /** Whether task {@code i} has a gold label. */
  public boolean has(int i) {
    return label[i] != NONE;
  }

  /** Whether task {@code i} has a gold label that is in the label vocabulary. */
  public boolean hasKnown(int i) {
    return label[i] >= 0;
  }

  /** Number of tasks of the dataset that have gold. */
  public int count() {
    return count;
  }

  /** Number of tasks whose gold label never occurs in the answers. */
  public int unknownLabels() {
    return unknownLabels;
  }

  /** Number of gold rows whose task has no answers. */
  public int unmatchedTasks() {
    return unmatchedTasks;
  }

  /** Number of tasks this gold is aligned to. */
  public int numTasks() {
    return label.length;
  }

  /** A copy of the label ids per task. */
  public int[] labels() {
    return label.clone();
  }

  /**
   * Accuracy of {@code predicted} (label id per task) over the tasks with gold; {@code NaN} when
   * there is none.
   */
  public double accuracy(int[] predicted) {
    if (predicted.length != label.length) {
      throw new IllegalArgumentException(
          "predicted has " + predicted.length + " tasks, gold " + label.length);
    }
    int hits = 0;
    for (int i = 0; i < label.length; i++) {
      if (label[i] >= 0 && predicted[i] == label[i]) {
        hits++;
      }
    }
    return count == 0 ? Double.NaN : (double) hits / count;
  }
}
