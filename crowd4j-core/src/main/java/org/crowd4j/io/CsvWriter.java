package org.crowd4j.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The one way the library writes CSV: UTF-8, comma-separated (or tab-separated for TSV), LF line
 * ends, every field quoted as {@link CsvFields#field} says, into a temporary file moved into place
 * ({@link AtomicFiles}) or onto a given {@link Writer}. Fields are appended one by one and {@link
 * #end()} closes the row.
 */
public final class CsvWriter {
  /** What to write. */
  @FunctionalInterface
  public interface Rows {
    /** Writes every row to {@code csv}. */
    void writeTo(CsvWriter csv) throws IOException;
  }

  private final Writer out;
  private final char delimiter;
  private boolean inRow;

  /** Rows written onto {@code out} (flushed and closed by the caller). */
  public CsvWriter(Writer out) {
    this(out, ',');
  }

  /** Rows separated by {@code delimiter} ({@code ','} or {@code '\t'}) written onto {@code out}. */
  public CsvWriter(Writer out, char delimiter) {
    if (delimiter != ',' && delimiter != '\t') {
      throw new IllegalArgumentException("delimiter must be ',' or a tab");
    }
    this.out = out;
    this.delimiter = delimiter;
  }

  /** Writes {@code rows} to {@code file} atomically, creating parent folders. */
  public static void write(Path file, Rows rows) throws IOException {
    write(file, ',', rows);
  }

  /** Writes {@code rows} separated by {@code delimiter} to {@code file} atomically. */
  public static void write(Path file, char delimiter, Rows rows) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          Writer w =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
          rows.writeTo(new CsvWriter(w, delimiter));
          w.flush();
        });
  }

  /** Writes {@code header} and then {@code rows} to {@code file} atomically. */
  public static void write(Path file, List<String> header, Iterable<String[]> rows)
      throws IOException {
    write(
        file,
        csv -> {
          csv.row(header.toArray(String[]::new));
          for (String[] row : rows) {
            csv.row(row);
          }
        });
  }

  /** Appends {@code value} to the row, quoted when it needs to be. */
  public CsvWriter field(String value) throws IOException {
    if (inRow) {
      out.write(delimiter);
    }
    inRow = true;
    out.write(CsvFields.field(value));
    return this;
  }

  /** Appends {@code value} in its shortest exact form ({@link Decimals#shortest(double)}). */
  public CsvWriter number(double value) throws IOException {
    return field(Decimals.shortest(value));
  }

  /** Appends {@code value} in decimal. */
  public CsvWriter number(long value) throws IOException {
    return field(Long.toString(value));
  }

  /** Appends {@code fields} and ends the row. */
  public CsvWriter row(String... fields) throws IOException {
    for (String f : fields) {
      field(f);
    }
    return end();
  }

  /** Ends the row. */
  public CsvWriter end() throws IOException {
    out.write('\n');
    inRow = false;
    return this;
  }
}
