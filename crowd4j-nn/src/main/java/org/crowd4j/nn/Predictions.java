package org.crowd4j.nn;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CsvWriter;

/** Writes class probabilities as CSV: {@code task,label,p_<class>…}, one row per item. */
public final class Predictions {
  private Predictions() {}

  /**
   * Writes one row per item of {@code tasks}: its most probable label (ties to the lowest id) and
   * its {@code K} probabilities ({@code probs} is {@code n × K} row-major).
   *
   * @param file the CSV file
   * @param tasks the items, in row order
   * @param labels the classes, in column order
   * @param probs the probabilities
   * @throws IOException when the file cannot be written
   */
  public static void write(Path file, Vocabulary tasks, Vocabulary labels, double[] probs)
      throws IOException {
    int k = labels.size();
    int n = tasks.size();
    if (probs.length != n * k) {
      throw new IllegalArgumentException("probs must have " + n + " × " + k + " entries");
    }
    CsvWriter.write(
        file,
        csv -> {
          csv.field("task").field("label");
          for (int c = 0; c < k; c++) {
            csv.field("p_" + labels.name(c));
          }
          csv.end();
          for (int i = 0; i < n; i++) {
            int best = 0;
            for (int c = 1; c < k; c++) {
              if (probs[i * k + c] > probs[i * k + best]) {
                best = c;
              }
            }
            csv.field(tasks.name(i)).field(labels.name(best));
            for (int c = 0; c < k; c++) {
              csv.field(String.format(Locale.ROOT, "%.6g", probs[i * k + c]));
            }
            csv.end();
          }
        });
  }
}
