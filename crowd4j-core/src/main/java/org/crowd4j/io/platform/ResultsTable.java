package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvRecords;

/**
 * A platform's results table read through the record source: the header's layout first, then every
 * row, each as wide as the header.
 */
abstract class ResultsTable {
  /** The file named in messages. */
  final Path file;

  ResultsTable(Path file) {
    this.file = file;
  }

  /** Reads every record of {@code in} (closed here). */
  final void readAll(CsvRecords in) throws CrowdFormatException {
    try (in) {
      layout(new Columns(file, in.headerLine(), in.headerFields()));
      while (in.next()) {
        row(in.line(), in.fields());
      }
    }
  }

  /** Finds the columns read in {@code header}. */
  abstract void layout(Columns header) throws CrowdFormatException;

  /** Reads the row at {@code line}. */
  abstract void row(long line, List<String> fields) throws CrowdFormatException;
}
