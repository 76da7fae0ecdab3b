package org.crowd4j.io.platform;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.io.LabelsFile;

/**
 * Writes aggregated labels as a Toloka-style aggregated results table: a TSV with {@code
 * INPUT:<taskField>}, {@code OUTPUT:<answerField>} and {@code CONFIDENCE:<answerField>} columns
 * (the layout of Toloka's aggregation download), the confidence being the label's posterior (empty
 * when unknown).
 */
public final class TolokaResults {
  private TolokaResults() {}

  /** Writes {@code labels} to {@code file} atomically. */
  public static void write(Path file, LabelsFile labels, String taskField, String answerField)
      throws IOException {
    int n = labels.tasks().size();
    double[] confidence = new double[n];
    for (int i = 0; i < n; i++) {
      confidence[i] = labels.confidence(i);
    }
    write(
        file,
        labels.tasks().toArray(new String[0]),
        labels.labels().toArray(new String[0]),
        confidence,
        taskField,
        answerField);
  }

  /**
   * Writes task {@code tasks[i]}'s label {@code labels[i]} with {@code confidence[i]} ({@code NaN}:
   * none) to {@code file} atomically.
   */
  public static void write(
      Path file,
      String[] tasks,
      String[] labels,
      double[] confidence,
      String taskField,
      String answerField)
      throws IOException {
    if (labels.length != tasks.length || confidence.length != tasks.length) {
      throw new IllegalArgumentException("tasks, labels and confidences differ in length");
    }
    CsvWriter.write(
        file,
        '\t',
        csv -> {
          csv.row("INPUT:" + taskField, "OUTPUT:" + answerField, "CONFIDENCE:" + answerField);
          for (int i = 0; i < tasks.length; i++) {
            double c = confidence[i];
            csv.field(tasks[i]).field(labels[i]);
            if (Double.isFinite(c)) {
              csv.number(c);
            } else {
              csv.field("");
            }
            csv.end();
          }
        });
  }
}
