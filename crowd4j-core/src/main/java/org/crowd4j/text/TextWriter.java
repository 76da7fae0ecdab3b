package org.crowd4j.text;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvFields;

/**
 * Writes aggregated texts as CSV through a temporary file moved into place: {@code task,text}, and
 * for methods that choose an answer also the {@code worker} who gave it. Fields are quoted as RFC
 * 4180 asks when they hold a comma, a quote, a line break or leading/trailing spaces.
 */
public final class TextWriter {
  private TextWriter() {}

  /** Writes {@code result} of a fit on {@code data} to {@code file}. */
  public static void writeCsv(Path file, TextResult result, TextAnswers data) throws IOException {
    int[] chosen = result.chosen();
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          w.write(chosen == null ? "task,text\n" : "task,text,worker\n");
          for (int t = 0; t < result.tasks().size(); t++) {
            w.write(CsvFields.field(result.tasks().name(t)));
            w.write(',');
            w.write(CsvFields.field(result.text(t)));
            if (chosen != null) {
              w.write(',');
              w.write(CsvFields.field(data.workers().name(data.worker(chosen[t]))));
            }
            w.write('\n');
          }
          w.flush();
        });
  }
}
