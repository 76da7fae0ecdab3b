package org.crowd4j.text;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.io.CsvWriter;

/**
 * Writes aggregated texts as CSV through {@link CsvWriter}: {@code task,text}, and for methods that
 * choose an answer also the {@code worker} who gave it. Fields are quoted as RFC 4180 asks when
 * they hold a comma, a quote, a line break or leading/trailing spaces.
 */
public final class TextWriter {
  private TextWriter() {}

  /** Writes {@code result} of a fit on {@code data} to {@code file}. */
  public static void writeCsv(Path file, TextResult result, TextAnswers data) throws IOException {
    int[] chosen = result.chosen();
    CsvWriter.write(
        file,
        csv -> {
          csv.field("task").field("text");
          if (chosen != null) {
            csv.field("worker");
          }
          csv.end();
          for (int t = 0; t < result.tasks().size(); t++) {
            csv.field(result.tasks().name(t)).field(result.text(t));
            if (chosen != null) {
              csv.field(data.workers().name(data.worker(chosen[t])));
            }
            csv.end();
          }
        });
  }
}
