package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The strict-input rules of {@link CrowdReader} for readers of other layouts (the platforms'
 * exports): opening a file (decompressed when its name ends with {@code .gz}), reading a CSV/TSV
 * file record by record under the same quoting and UTF-8 rules, and checking an id or a label.
 * Every problem is a {@link CrowdFormatException} naming file, line and field.
 */
public final class StrictInput {
  private StrictInput() {}

  /** One record of a delimited file: its first line and its fields as typed. */
  @FunctionalInterface
  public interface Records {
    /** Called for the header first, then for every record; blank lines are skipped. */
    void accept(long line, List<String> fields) throws CrowdFormatException;
  }

  /** The bytes of {@code file}, buffered and decompressed when its name ends with {@code .gz}. */
  public static InputStream open(Path file) throws CrowdFormatException {
    return decompressed(file, CrowdReader.openFile(file, null));
  }

  /** {@code raw} buffered and decompressed when {@code name} ends with {@code .gz}. */
  public static InputStream decompressed(Path name, InputStream raw) throws CrowdFormatException {
    try {
      return CrowdReader.decompressed(name, raw);
    } catch (IOException e) {
      throw CrowdReader.unreadable(name, null, e);
    }
  }

  /**
   * Reads the delimited text of {@code in} (closed here; already decompressed) record by record
   * under the text rules of {@code rules}; {@code name} appears in messages.
   */
  public static void readRecords(
      Path name, InputStream in, char delimiter, CsvFormat rules, Records records)
      throws CrowdFormatException {
    StrictText text = null;
    try (StrictText t = text = CrowdReader.text(in, delimiter, rules);
        CsvReader<CsvRecord> csv = CrowdReader.csv(t, delimiter, rules)) {
      for (CsvRecord r : csv) {
        records.accept(r.getStartingLineNumber(), r.getFields());
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw CrowdReader.parseError(name, text, e);
    } catch (IOException e) {
      throw CrowdReader.unreadable(name, text, e);
    }
  }

  /**
   * Free text as typed (not trimmed, may be empty), in which control characters other than tab are
   * errors unless {@code rules} allow them; {@code field} names it in messages.
   */
  public static String text(Path file, long line, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    if (!rules.controlCharacters()) {
      for (int i = 0; i < raw.length(); i++) {
        char c = raw.charAt(i);
        if ((c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029') {
          throw new CrowdFormatException(
              file,
              line,
              field,
              String.format(
                  Locale.ROOT,
                  "field '%s' holds the control character U+%04X (--allow-control-chars keeps it)",
                  field,
                  (int) c));
        }
      }
    }
    return raw;
  }

  /**
   * {@code raw} trimmed, which must not be empty nor, unless {@code rules} allow them, hold a line
   * break or another control character; {@code field} names it in messages.
   */
  public static String id(Path file, long line, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    String v = raw.trim();
    if (v.isEmpty()) {
      throw new CrowdFormatException(file, line, field, "field '" + field + "' is empty");
    }
    if (!rules.controlCharacters()) {
      for (int i = 0; i < raw.length(); i++) {
        char c = raw.charAt(i);
        boolean control =
            (c < 0x20 && c != '\t')
                || (c >= 0x7F && c <= 0x9F)
                || c == '\u2028'
                || c == '\u2029'
                || (c == '\t' && v.indexOf('\t') >= 0);
        if (control) {
          String what =
              c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029'
                  ? line > 0
                      ? "a line break (a quoted field that spans lines: is a quote at line "
                          + line
                          + " closed too late?)"
                      : "a line break"
                  : String.format(Locale.ROOT, "the control character U+%04X", (int) c);
          throw new CrowdFormatException(
              file,
              line,
              field,
              "field '"
                  + field
                  + "' holds "
                  + what
                  + "; ids and labels are single-line text (--allow-control-chars keeps them)");
        }
      }
    }
    return v;
  }
}
