package org.crowd4j.nn;

import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;

/**
 * Gold-labelled items for model selection (or evaluation): their features and their true label ids
 * in the training data's label vocabulary ({@code -1} = unknown, not counted).
 *
 * @param features one row per item
 * @param labels label id per row
 */
public record Validation(TaskFeatures features, int[] labels) {
  /**
   * Checks sizes and copies.
   *
   * @param features one row per item
   * @param labels label id per row
   */
  public Validation {
    Objects.requireNonNull(features, "features");
    if (labels.length != features.numRows()) {
      throw new IllegalArgumentException(
          labels.length + " labels for " + features.numRows() + " feature rows");
    }
    labels = labels.clone();
  }

  /**
   * Aligns gold labels given by name ({@code task → label}) to the rows of {@code features}; rows
   * without gold, and gold labels outside {@code labelNames}, get {@code -1}.
   *
   * @param features one row per item
   * @param gold task name → label name
   * @param labelNames the training data's labels
   * @return the validation items
   */
  public static Validation of(
      TaskFeatures features, Map<String, String> gold, Vocabulary labelNames) {
    int[] ids = new int[features.numRows()];
    for (int i = 0; i < ids.length; i++) {
      String l = gold.get(features.tasks().name(i));
      ids[i] = l == null ? -1 : labelNames.id(l);
    }
    return new Validation(features, ids);
  }

  /**
   * Number of rows with a known label.
   *
   * @return the count
   */
  public int count() {
    int c = 0;
    for (int l : labels) {
      if (l >= 0) {
        c++;
      }
    }
    return c;
  }

  /**
   * Accuracy of {@code predicted} label ids over rows with a known label ({@code NaN} if none).
   *
   * @param predicted one label id per row
   * @return the accuracy
   */
  public double accuracy(int[] predicted) {
    int hits = 0;
    int c = 0;
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] >= 0) {
        c++;
        if (predicted[i] == labels[i]) {
          hits++;
        }
      }
    }
    return c == 0 ? Double.NaN : (double) hits / c;
  }

  /**
   * A copy of the label ids.
   *
   * @return the copy
   */
  @Override
  public int[] labels() {
    return labels.clone();
  }
}
