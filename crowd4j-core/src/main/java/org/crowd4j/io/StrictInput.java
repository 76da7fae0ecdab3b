package org.crowd4j.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;

/**
 * The strict-input rules for one value and for opening a file: a file's bytes (decompressed when
 * its name ends with {@code .gz}), an id or a label (trimmed, non-empty, single-line) and free text
 * (no control characters unless allowed). {@link CsvRecords} applies them to the fields of every
 * CSV/TSV record; the platforms' JSON readers apply them to the values of their exports. Every
 * problem is a {@link CrowdFormatException} naming file, line and field.
 */
public final class StrictInput {
  private StrictInput() {}

  /** The bytes of {@code file}, buffered and decompressed when its name ends with {@code .gz}. */
  public static InputStream open(Path file) throws CrowdFormatException {
    return open(file, null);
  }

  /**
   * As {@link #open(Path)}, counting the bytes of the file (compressed or not) for {@code
   * bytesRead} when not null.
   */
  static InputStream open(Path file, LongConsumer bytesRead) throws CrowdFormatException {
    InputStream raw;
    try {
      raw = Files.newInputStream(file);
    } catch (IOException e) {
      throw unreadable(file, e);
    }
    return decompressed(file, bytesRead == null ? raw : new CountingStream(raw, bytesRead));
  }

  /** {@code raw} buffered and decompressed when {@code name} ends with {@code .gz}. */
  public static InputStream decompressed(Path name, InputStream raw) throws CrowdFormatException {
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    String n = name.getFileName() == null ? "" : name.getFileName().toString();
    if (n.endsWith(".gz")) {
      try {
        in = new GZIPInputStream(in, 1 << 16);
      } catch (IOException e) {
        try {
          raw.close();
        } catch (IOException ignored) {
          // already failing
        }
        throw unreadable(name, e);
      }
    }
    return in;
  }

  /** A file that cannot be read: missing, not a complete gzip file, or another I/O problem. */
  static CrowdFormatException unreadable(Path file, IOException e) {
    if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
      return new CrowdFormatException(
          file, 0, null, "not a complete gzip file: " + e.getMessage(), e);
    }
    String why =
        e instanceof NoSuchFileException ? "no such file" : "cannot read: " + e.getMessage();
    return new CrowdFormatException(file, 0, null, why, e);
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
