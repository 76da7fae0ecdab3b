package org.crowd4j.io;

import java.io.IOException;
import java.io.OutputStream;
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
  private final OutputStream bytes;
  private final byte[] buffer;
  private int used;
  private final char delimiter;
  private boolean inRow;
  private int precision;

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
    this.bytes = null;
    this.buffer = null;
    this.delimiter = delimiter;
  }

  /**
   * Rows separated by {@code delimiter} ({@code ','} or {@code '\t'}) written as UTF-8 onto {@code
   * out} through a buffer of its own: call {@link #flush()} at the end (the caller closes {@code
   * out}).
   */
  public CsvWriter(OutputStream out, char delimiter) {
    if (delimiter != ',' && delimiter != '\t') {
      throw new IllegalArgumentException("delimiter must be ',' or a tab");
    }
    this.out = null;
    this.bytes = out;
    this.buffer = new byte[1 << 16];
    this.delimiter = delimiter;
  }

  /** Writes what is buffered onto the stream or writer (which stays open). */
  public void flush() throws IOException {
    if (bytes != null) {
      bytes.write(buffer, 0, used);
      used = 0;
      bytes.flush();
    } else {
      out.flush();
    }
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
          CsvWriter csv = new CsvWriter(out, delimiter);
          rows.writeTo(csv);
          csv.flush();
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
    separate();
    if (bytes == null) {
      out.write(CsvFields.field(value));
      return this;
    }
    byte[] b = value.getBytes(StandardCharsets.UTF_8);
    int n = b.length;
    boolean quote = n > 0 && (b[0] == ' ' || b[n - 1] == ' ');
    for (int i = 0; i < n && !quote; i++) {
      byte c = b[i];
      quote = c == ',' || c == '"' || c == '\n' || c == '\r' || c == '\t';
    }
    put(quote ? CsvFields.field(value).getBytes(StandardCharsets.UTF_8) : b);
    return this;
  }

  /**
   * Writes the numbers that follow with {@code digits} significant digits ({@link
   * Decimals#rounded(double, int)}); 0, the default, writes them in their shortest exact form.
   */
  public CsvWriter precision(int digits) {
    if (digits != 0) {
      Decimals.rounded(1, digits); // checks the range
    }
    this.precision = digits;
    return this;
  }

  /**
   * Appends {@code value} in its shortest exact form ({@link Decimals#shortest(double)}), or
   * rounded as {@link #precision(int)} asked.
   */
  public CsvWriter number(double value) throws IOException {
    return plain(precision == 0 ? Decimals.shortest(value) : Decimals.rounded(value, precision));
  }

  /** Appends {@code value} in decimal. */
  public CsvWriter number(long value) throws IOException {
    return plain(Long.toString(value));
  }

  /** Appends {@code ascii}, which needs no quotes (a number). */
  private CsvWriter plain(String ascii) throws IOException {
    separate();
    if (bytes == null) {
      out.write(ascii);
    } else {
      put(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }
    return this;
  }

  private void separate() throws IOException {
    if (inRow) {
      putChar(delimiter);
    }
    inRow = true;
  }

  private void put(byte[] b) throws IOException {
    if (buffer.length - used < b.length) {
      drain();
      if (b.length > buffer.length) {
        bytes.write(b);
        return;
      }
    }
    System.arraycopy(b, 0, buffer, used, b.length);
    used += b.length;
  }

  private void putChar(char c) throws IOException {
    if (bytes == null) {
      out.write(c);
      return;
    }
    if (used == buffer.length) {
      drain();
    }
    buffer[used++] = (byte) c;
  }

  private void drain() throws IOException {
    bytes.write(buffer, 0, used);
    used = 0;
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
    putChar('\n');
    inRow = false;
    return this;
  }
}
