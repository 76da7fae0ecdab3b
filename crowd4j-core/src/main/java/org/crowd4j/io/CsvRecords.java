package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The record source every CSV/TSV reader reads through: a file (or stream) taken record by record
 * under the strict rules. The bytes must be UTF-8 (a byte order mark is dropped), {@code .gz} files
 * are decompressed, quoting follows RFC 4180 unless the rules are lenient ({@link StrictText}),
 * blank lines are skipped, the first record is the header, and fields are handed out as typed, as
 * free text ({@link StrictInput#text}) or as ids ({@link StrictInput#id}). Every problem is a
 * {@link CrowdFormatException} naming file, line and field.
 */
public final class CsvRecords implements AutoCloseable {
  private final Path file;
  private final CsvFormat rules;
  private final StrictText text;
  private final CsvReader<CsvRecord> csv;
  private final Iterator<CsvRecord> records;
  private final CsvRecord header;
  private final String[] names;
  private CsvRecord record;

  private CsvRecords(Path file, InputStream plain, char delimiter, CsvFormat rules)
      throws CrowdFormatException {
    this.file = file;
    this.rules = rules;
    StrictText t = new StrictText(plain, delimiter, rules.lenientQuotes());
    try {
      this.csv = parser(t, delimiter, rules);
      this.records = csv.iterator();
      if (!records.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      this.header = records.next();
    } catch (CsvParseException | UncheckedIOException e) {
      closeQuietly(t);
      throw parseError(file, t, e);
    } catch (CrowdFormatException e) {
      closeQuietly(t);
      throw e;
    }
    this.text = t;
    this.names = new String[header.getFieldCount()];
    for (int i = 0; i < names.length; i++) {
      names[i] = header.getField(i).trim();
    }
  }

  /** Opens {@code file} with the text rules of {@code rules}, its delimiter chosen by them. */
  public static CsvRecords open(Path file, CsvFormat rules) throws CrowdFormatException {
    return open(file, rules, null);
  }

  /**
   * As {@link #open(Path, CsvFormat)}, reporting to {@code bytesRead} (may be {@code null}) the
   * bytes of the file read so far (of the compressed file for {@code .gz}), about every megabyte
   * and once at the end, so that a caller can compare it with the file's size.
   */
  public static CsvRecords open(Path file, CsvFormat rules, LongConsumer bytesRead)
      throws CrowdFormatException {
    return new CsvRecords(file, StrictInput.open(file, bytesRead), rules.delimiterFor(file), rules);
  }

  /**
   * Reads {@code in} (closed with these records) as {@link #open(Path, CsvFormat)} reads a file:
   * {@code name} appears in messages and, by its extension, chooses the delimiter and whether the
   * bytes are gzipped.
   */
  public static CsvRecords open(Path name, InputStream in, CsvFormat rules)
      throws CrowdFormatException {
    return new CsvRecords(
        name, StrictInput.decompressed(name, in), rules.delimiterFor(name), rules);
  }

  /**
   * Reads {@code plain} (bytes already decompressed; closed with these records) split at {@code
   * delimiter}; {@code name} appears in messages.
   */
  public static CsvRecords ofText(Path name, InputStream plain, char delimiter, CsvFormat rules)
      throws CrowdFormatException {
    return new CsvRecords(name, plain, delimiter, rules);
  }

  /** The file named in messages. */
  public Path file() {
    return file;
  }

  /** The number of columns: the header's fields. */
  public int width() {
    return names.length;
  }

  /** The header's field names, trimmed. */
  public String[] header() {
    return names.clone();
  }

  /** The header's fields as typed. */
  public List<String> headerFields() {
    return header.getFields();
  }

  /** The 1-based line of the header. */
  public long headerLine() {
    return header.getStartingLineNumber();
  }

  /** The name of column {@code col}, trimmed. */
  public String name(int col) {
    return names[col];
  }

  /** The index of the column named {@code name}; an error naming the header when it is missing. */
  public int column(String name) throws CrowdFormatException {
    int c = optionalColumn(name);
    if (c < 0) {
      throw new CrowdFormatException(
          file,
          headerLine(),
          name,
          "missing column '" + name + "'; the header has " + header.getFields() + delimiterHint());
    }
    return c;
  }

  /** A hint when the header is one field that holds another usual separator. */
  private String delimiterHint() {
    if (names.length != 1) {
      return "";
    }
    for (char d : new char[] {'\t', ',', ';', '|'}) {
      if (names[0].indexOf(d) >= 0) {
        String shown = d == '\t' ? "\\t" : String.valueOf(d);
        return " — one field holding '"
            + shown
            + "': is the file separated by '"
            + shown
            + "'? (set the delimiter, e.g. --delimiter '"
            + shown
            + "')";
      }
    }
    return "";
  }

  /** The index of the column named {@code name}, or -1. */
  public int optionalColumn(String name) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Moves to the next record; false at the end. A record narrower or wider than the header is an
   * error.
   */
  public boolean next() throws CrowdFormatException {
    if (!nextOfAnyWidth()) {
      return false;
    }
    if (record.getFieldCount() != names.length) {
      throw error(
          null,
          "expected " + names.length + " fields as in the header, found " + record.getFieldCount());
    }
    return true;
  }

  /** Moves to the next record whatever its width; false at the end. */
  public boolean nextOfAnyWidth() throws CrowdFormatException {
    try {
      if (!records.hasNext()) {
        record = null;
        return false;
      }
      record = records.next();
    } catch (CsvParseException | UncheckedIOException e) {
      throw parseError(file, text, e);
    }
    return true;
  }

  /**
   * Fails, worded {@code expected W fields, found N}, unless the current record is as wide as the
   * header (the wording of the gold, feature, score and skill files).
   */
  public void requireWidth() throws CrowdFormatException {
    if (record.getFieldCount() != names.length) {
      throw error(null, "expected " + names.length + " fields, found " + record.getFieldCount());
    }
  }

  /** The 1-based line where the current record starts; 0 before the first and after the last. */
  public long line() {
    return record == null ? 0 : record.getStartingLineNumber();
  }

  /** The number of fields of the current record. */
  public int fieldCount() {
    return record.getFieldCount();
  }

  /** Field {@code col} of the current record as typed. */
  public String field(int col) {
    return record.getField(col);
  }

  /** The fields of the current record as typed. */
  public List<String> fields() {
    return record.getFields();
  }

  /** Field {@code col} of the current record as an id: trimmed, non-empty, single-line. */
  public String id(int col) throws CrowdFormatException {
    return StrictInput.id(file, line(), names[col], record.getField(col), rules);
  }

  /** As {@link #id(int)}, the field named {@code field} in messages. */
  public String id(int col, String field) throws CrowdFormatException {
    return StrictInput.id(file, line(), field, record.getField(col), rules);
  }

  /**
   * Field {@code col} of the current record as typed (not trimmed, may be empty); control
   * characters other than tab are errors unless the rules allow them.
   */
  public String text(int col) throws CrowdFormatException {
    return StrictInput.text(file, line(), names[col], record.getField(col), rules);
  }

  /**
   * Field {@code col} of the current record, stripped, as a finite number in the grammar of {@link
   * Decimals}.
   *
   * @throws CrowdFormatException naming file, line and field when it is empty, not a decimal number
   *     or too large for a double
   */
  public double decimal(int col) throws CrowdFormatException {
    return decimal(col, text(col).strip());
  }

  /** As {@link #decimal(int)} for {@code s}, a part of field {@code col} (one of a list). */
  public double decimal(int col, String s) throws CrowdFormatException {
    String field = names[col];
    if (s.isEmpty()) {
      throw error(field, "field '" + field + "' is empty (expected a number)");
    }
    if (!Decimals.isDecimal(s)) {
      throw error(
          field,
          "field '" + field + "' holds '" + s + "', not a decimal number (like 12, -0.5, 3e-2)");
    }
    double v = Double.parseDouble(s);
    if (!Double.isFinite(v)) {
      throw error(field, "field '" + field + "' holds '" + s + "', too large for a double");
    }
    return v;
  }

  /** A problem in {@code field} (or the whole record when {@code null}) at the current line. */
  public CrowdFormatException error(String field, String problem) {
    return new CrowdFormatException(file, line(), field, problem);
  }

  @Override
  public void close() throws CrowdFormatException {
    try {
      csv.close();
    } catch (IOException e) {
      throw unreadable(file, e);
    }
  }

  // lenient quotes keep FastCSV's own leniency after a closing quote (deprecated there, with no
  // replacement yet); the strict rules are checked by StrictText before the parser sees the text
  @SuppressWarnings("removal")
  private static CsvReader<CsvRecord> parser(StrictText text, char delimiter, CsvFormat rules) {
    return CsvReader.builder()
        .fieldSeparator(delimiter)
        .quoteCharacter('"')
        .skipEmptyLines(true)
        .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
        .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
        .allowExtraCharsAfterClosingQuote(rules.lenientQuotes())
        .ofCsvRecord(text);
  }

  private static CrowdFormatException parseError(Path file, StrictText text, RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StrictText.TextException x) {
        return new CrowdFormatException(file, x.line(), null, x.getMessage(), e);
      }
      if (t instanceof java.util.zip.ZipException || t instanceof java.io.EOFException) {
        return new CrowdFormatException(
            file, 0, null, "not a complete gzip file: " + rootMessage(e), e);
      }
    }
    return new CrowdFormatException(file, text.line(), null, "cannot parse: " + rootMessage(e), e);
  }

  private static CrowdFormatException unreadable(Path file, IOException e) {
    if (e instanceof StrictText.TextException x) {
      return new CrowdFormatException(file, x.line(), null, x.getMessage(), e);
    }
    return StrictInput.unreadable(file, e);
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage();
  }

  private static void closeQuietly(StrictText t) {
    try {
      t.close();
    } catch (IOException ignored) {
      // already failing
    }
  }
}
