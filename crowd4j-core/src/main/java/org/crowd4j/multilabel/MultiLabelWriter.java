package org.crowd4j.multilabel;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvFields;

/**
 * Writes aggregated tag sets as CSV through a temporary file moved into place: {@code task}, the
 * chosen {@code tags} joined with the separator, then one column {@code p_<tag>} per tag with the
 * probability that the task has it.
 */
public final class MultiLabelWriter {
  private MultiLabelWriter() {}

  /** Writes {@code result} to {@code file}, tags joined with {@code separator}. */
  public static void writeCsv(Path file, MultiLabelResult result, char separator)
      throws IOException {
    int m = result.numTags();
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          w.write("task,tags");
          for (int t = 0; t < m; t++) {
            w.write(',');
            w.write(CsvFields.field("p_" + result.tags().name(t)));
          }
          w.write('\n');
          for (int i = 0; i < result.numTasks(); i++) {
            w.write(CsvFields.field(result.tasks().name(i)));
            w.write(',');
            w.write(CsvFields.field(result.joinedTags(i, separator)));
            for (int t = 0; t < m; t++) {
              w.write(',');
              w.write(Double.toString(result.presence(i, t)));
            }
            w.write('\n');
          }
          w.flush();
        });
  }
}
