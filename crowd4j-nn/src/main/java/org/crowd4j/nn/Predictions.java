package org.crowd4j.nn;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.AtomicFiles;

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
    AtomicFiles.write(
        file,
        out -> {
          BufferedWriter w =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
          w.write("task,label");
          for (int c = 0; c < k; c++) {
            w.write(",");
            w.write(quote("p_" + labels.name(c)));
          }
          w.write("\n");
          for (int i = 0; i < n; i++) {
            int best = 0;
            for (int c = 1; c < k; c++) {
              if (probs[i * k + c] > probs[i * k + best]) {
                best = c;
              }
            }
            w.write(quote(tasks.name(i)));
            w.write(",");
            w.write(quote(labels.name(best)));
            for (int c = 0; c < k; c++) {
              w.write(",");
              w.write(String.format(Locale.ROOT, "%.6g", probs[i * k + c]));
            }
            w.write("\n");
          }
          w.flush();
        });
  }

  private static String quote(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }
}
