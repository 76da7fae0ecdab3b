package org.crowd4j.io;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.aggregate.AggregationResult;

/**
 * Writes aggregated labels as CSV: {@code task,label,p_<class>…} with original task ids and label
 * names, one row per task, through {@link AtomicFiles}.
 */
public final class ResultWriter {
  private ResultWriter() {}

  /** Writes {@code result}'s labels and posteriors to {@code file}. */
  public static void writeLabels(Path file, AggregationResult result) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          int k = result.numLabels();
          String[] row = new String[k + 2];
          row[0] = "task";
          row[1] = "label";
          for (int c = 0; c < k; c++) {
            row[c + 2] = "p_" + result.labelNames().name(c);
          }
          csv.writeRecord(row);
          for (int i = 0; i < result.numTasks(); i++) {
            row[0] = result.tasks().name(i);
            row[1] = result.labelNames().name(result.label(i));
            for (int c = 0; c < k; c++) {
              row[c + 2] = Double.toString(result.posterior(i, c));
            }
            csv.writeRecord(row);
          }
          csv.flush();
          w.flush();
        });
  }
}
