package org.crowd4j.cli;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.AtomicFiles;

/**
 * Small CSV files (RFC 4180, LF line ends) written through a temporary sibling moved into place.
 */
final class CsvFiles {
  private CsvFiles() {}

  /** Writes {@code header} and {@code rows} to {@code file}. */
  static void write(Path file, List<String> header, Iterable<String[]> rows) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          CsvWriter csv = CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(w);
          csv.writeRecord(header);
          for (String[] row : rows) {
            csv.writeRecord(row);
          }
          csv.flush();
          w.flush();
        });
  }
}
