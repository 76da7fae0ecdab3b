package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * A CSV/TSV file read row by row with the same rules as {@link CrowdReader}: UTF-8, strict RFC 4180
 * quoting unless the format is lenient, {@code .gz} decompressed, blank lines skipped, every row as
 * wide as the header, ids non-empty and free of control characters unless allowed. Readers of other
 * answer kinds (texts, masks) build on it; every problem is a {@link CrowdFormatException} naming
 * file, line and field.
 */
public final class CsvTable implements AutoCloseable {
  private final Path file;
  private final CsvFormat rules;
  private final StrictText text;
  private final CsvReader<CsvRecord> csv;
  private final Iterator<CsvRecord> rows;
  private final CsvRecord header;
  private CsvRecord row;

  private CsvTable(Path file, InputStream in, CsvFormat rules) throws CrowdFormatException {
    this.file = file;
    this.rules = rules;
    char delimiter = rules.delimiterFor(file);
    StrictText t = null;
    try {
      t = CrowdReader.text(CrowdReader.decompressed(file, in), delimiter, rules);
      this.csv = CrowdReader.csv(t, delimiter, rules);
      this.rows = csv.iterator();
      if (!rows.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      this.header = rows.next();
    } catch (CsvParseException | UncheckedIOException e) {
      closeQuietly(t);
      throw CrowdReader.parseError(file, t, e);
    } catch (IOException e) {
      closeQuietly(t);
      throw CrowdReader.unreadable(file, t, e);
    }
    this.text = t;
  }

  /** Opens {@code file} read with the text rules and delimiter of {@code rules}. */
  public static CsvTable open(Path file, CsvFormat rules) throws CrowdFormatException {
    return new CsvTable(file, CrowdReader.openFile(file, null), rules);
  }

  /** The file named in messages. */
  public Path file() {
    return file;
  }

  /** The header's field names (trimmed). */
  public String[] header() {
    String[] h = new String[header.getFieldCount()];
    for (int i = 0; i < h.length; i++) {
      h[i] = header.getField(i).trim();
    }
    return h;
  }

  /** The index of the column named {@code name}; an error naming the header when it is missing. */
  public int column(String name) throws CrowdFormatException {
    return CrowdReader.column(file, header, name);
  }

  /** The index of the column named {@code name}, or -1. */
  public int optionalColumn(String name) {
    for (int i = 0; i < header.getFieldCount(); i++) {
      if (header.getField(i).trim().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Moves to the next row; false at the end. A row narrower or wider than the header is an error.
   */
  public boolean next() throws CrowdFormatException {
    try {
      if (!rows.hasNext()) {
        row = null;
        return false;
      }
      row = rows.next();
    } catch (CsvParseException | UncheckedIOException e) {
      throw CrowdReader.parseError(file, text, e);
    }
    if (row.getFieldCount() != header.getFieldCount()) {
      throw error(
          null,
          "expected "
              + header.getFieldCount()
              + " fields as in the header, found "
              + row.getFieldCount());
    }
    return true;
  }

  /** The 1-based line where the current row starts. */
  public long line() {
    return row == null ? 0 : row.getStartingLineNumber();
  }

  /** Field {@code col} of the current row as an id: trimmed, non-empty, single-line. */
  public String id(int col) throws CrowdFormatException {
    return CrowdReader.id(file, line(), row, col, header.getField(col).trim(), rules);
  }

  /**
   * Field {@code col} of the current row as typed (not trimmed, may be empty); control characters
   * other than tab are errors unless the rules allow them.
   */
  public String raw(int col) throws CrowdFormatException {
    return StrictInput.text(file, line(), header.getField(col).trim(), row.getField(col), rules);
  }

  /** The name of column {@code col}. */
  public String name(int col) {
    return header.getField(col).trim();
  }

  /** A problem in {@code field} (or the whole row when {@code null}) at the current line. */
  public CrowdFormatException error(String field, String problem) {
    return new CrowdFormatException(file, line(), field, problem);
  }

  @Override
  public void close() throws CrowdFormatException {
    try {
      csv.close();
    } catch (IOException e) {
      throw CrowdReader.unreadable(file, text, e);
    }
  }

  private static void closeQuietly(StrictText t) {
    if (t != null) {
      try {
        t.close();
      } catch (IOException ignored) {
        // already failing
      }
    }
  }
}
