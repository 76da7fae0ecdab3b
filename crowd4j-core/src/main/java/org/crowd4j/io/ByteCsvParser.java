package org.crowd4j.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A byte-level RFC 4180 parser for UTF-8 input that exposes each record's fields as byte ranges, so
 * that callers can intern ids without creating a string per field.
 *
 * <p>Accepts what the answer reader accepted before: CR, LF and CRLF line ends (also inside quoted
 * fields), a field is quoted only when the quote is its first byte, {@code ""} inside quotes is a
 * quote, an unterminated quote runs to the end of the input, a UTF-8 byte order mark is skipped,
 * and lines with no bytes at all are skipped (they still count for line numbers). Anything but a
 * delimiter or line end after a closing quote is an error. Records of more than {@value
 * #MAX_RECORD} bytes are refused.
 */
final class ByteCsvParser {
  /** The largest record accepted, in bytes. */
  static final int MAX_RECORD = 64 << 20;

  private static final byte QUOTE = '"';
  private static final byte CR = '\r';
  private static final byte LF = '\n';

  private final InputStream in;
  private final byte delimiter;
  private byte[] buf;
  private int pos;
  private int limit;
  private boolean eof;
  private boolean skipLf;
  private boolean started;
  private long line = 1;

  /** Bytes of input dropped from the front of the buffer so far. */
  private long dropped;

  private byte[] scratch = new byte[256];
  private int scratchSize;
  private int fields;
  private int[] from = new int[8];
  private int[] to = new int[8];
  private boolean[] quoted = new boolean[8];
  private long recordLine;

  /** Thrown for malformed input; carries the line where the record started. */
  static final class ParseException extends Exception {
    private final long line;

    ParseException(long line, String message) {
      super(message);
      this.line = line;
    }

    long line() {
      return line;
    }
  }

  ByteCsvParser(InputStream in, char delimiter) {
    this(in, delimiter, 1 << 20);
  }

  /** Whether {@code delimiter} can be used: an ASCII character other than a quote or line end. */
  static boolean supports(char delimiter) {
    return delimiter < 0x80 && delimiter != '"' && delimiter != '\r' && delimiter != '\n';
  }

  /**
   * A parser starting with a buffer of {@code bufferSize} bytes, at least 4 (it grows for longer
   * records).
   */
  ByteCsvParser(InputStream in, char delimiter, int bufferSize) {
    this.buf = new byte[Math.max(4, bufferSize)];
    if (!supports(delimiter)) {
      throw new IllegalArgumentException("unsupported delimiter: " + (int) delimiter);
    }
    this.in = in;
    this.delimiter = (byte) delimiter;
  }

  /**
   * Moves to the next non-blank record.
   *
   * @return {@code false} at the end of the input
   */
  boolean next() throws IOException, ParseException {
    if (!started) {
      started = true;
      fill();
      if (limit - pos >= 3
          && buf[pos] == (byte) 0xEF
          && buf[pos + 1] == (byte) 0xBB
          && buf[pos + 2] == (byte) 0xBF) {
        pos += 3;
      }
    }
    while (true) {
      if (pos == limit && !fill()) {
        return false;
      }
      if (skipLf) {
        skipLf = false;
        if (buf[pos] == LF) {
          pos++;
          continue;
        }
      }
      byte b = buf[pos];
      if (b == LF) {
        pos++;
        line++;
        continue;
      }
      if (b == CR) {
        pos++;
        line++;
        skipLf = true;
        continue;
      }
      if (scan()) {
        return true;
      }
    }
  }

  /** Bytes of input consumed so far (up to the end of the current record). */
  long position() {
    return dropped + pos;
  }

  /** Number of fields of the current record. */
  int fieldCount() {
    return fields;
  }

  /** The 1-based line where the current record starts. */
  long line() {
    return recordLine;
  }

  /** The bytes holding field {@code f} (read with {@link #from} and {@link #to}). */
  byte[] bytes(int f) {
    return quoted[f] ? scratch : buf;
  }

  /** Start of field {@code f} in {@link #bytes}. */
  int from(int f) {
    return from[f];
  }

  /** End (exclusive) of field {@code f} in {@link #bytes}. */
  int to(int f) {
    return to[f];
  }

  /** Field {@code f} decoded as UTF-8 (untrimmed). */
  String field(int f) {
    return new String(bytes(f), from[f], to[f] - from[f], StandardCharsets.UTF_8);
  }

  /**
   * Scans one record starting at {@code pos} (a non-line-end byte). Returns {@code true} with the
   * record parsed, or {@code false} when the buffer was refilled and scanning must restart.
   */
  private boolean scan() throws IOException, ParseException {
    final int start = pos;
    recordLine = line;
    fields = 0;
    scratchSize = 0;
    final byte[] b = buf;
    final byte d = delimiter;
    int p = pos;
    int fieldStart = p;
    while (true) {
      if (p == limit) {
        if (refill(start)) {
          return restart();
        }
        addField(fieldStart, p, false);
        pos = p;
        return true;
      }
      byte c = b[p];
      if (c == d) {
        addField(fieldStart, p, false);
        fieldStart = ++p;
      } else if (c == LF || c == CR) {
        addField(fieldStart, p, false);
        endRecord(p, c);
        return true;
      } else if (c == QUOTE && p == fieldStart) {
        p = quotedField(p + 1, start);
        if (p < 0) {
          return restart();
        }
        if (p == limit) {
          // the closing quote ended the input
          pos = p;
          return true;
        }
        c = b[p];
        if (c == d) {
          fieldStart = ++p;
        } else if (c == LF || c == CR) {
          endRecord(p, c);
          return true;
        } else {
          throw new ParseException(
              recordLine,
              String.format(
                  "unexpected character after closing quote: '%c' (0x%x)",
                  (char) (c & 0xff), c & 0xff));
        }
      } else {
        p++;
      }
    }
  }

  private void endRecord(int p, byte lineEnd) {
    line++;
    pos = p + 1;
    skipLf = lineEnd == CR;
  }

  /**
   * Reads a quoted field whose content starts at {@code p}, unescaped into the scratch buffer.
   * Returns the position after the closing quote (or the end of the input when the quote is never
   * closed), or -1 when the buffer was refilled and the record must be rescanned.
   */
  private int quotedField(int p, int recordStart) throws IOException, ParseException {
    int begin = scratchSize;
    int segment = p;
    while (true) {
      // keep one byte of look-ahead for "" and CRLF
      if (p + 1 >= limit && refill(recordStart)) {
        return -1;
      }
      if (p == limit) {
        copyToScratch(segment, p);
        addField(begin, scratchSize, true);
        return p;
      }
      byte c = buf[p];
      if (c == QUOTE) {
        copyToScratch(segment, p);
        if (p + 1 < limit && buf[p + 1] == QUOTE) {
          appendScratch(QUOTE);
          p += 2;
          segment = p;
          continue;
        }
        addField(begin, scratchSize, true);
        return p + 1;
      }
      if (c == LF || (c == CR && !(p + 1 < limit && buf[p + 1] == LF))) {
        line++;
      }
      p++;
    }
  }

  private boolean restart() {
    line = recordLine;
    return false;
  }

  /**
   * Makes room for more input keeping {@code [recordStart, limit)}, and reads. Returns {@code true}
   * when the buffer changed (positions moved: the record must be rescanned), {@code false} when the
   * input had already ended.
   */
  private boolean refill(int recordStart) throws IOException, ParseException {
    if (eof) {
      return false;
    }
    int keep = limit - recordStart;
    if (keep >= MAX_RECORD) {
      throw new ParseException(
          recordLine, "a record longer than " + (MAX_RECORD >> 20) + " MiB (unterminated quote?)");
    }
    if (recordStart > 0) {
      System.arraycopy(buf, recordStart, buf, 0, keep);
      dropped += recordStart;
    } else if (keep == buf.length) {
      buf = Arrays.copyOf(buf, Math.min(MAX_RECORD + 1, buf.length * 2));
    }
    pos = 0;
    limit = keep;
    read();
    return true;
  }

  /** Refills an exhausted buffer between records. */
  private boolean fill() throws IOException {
    dropped += limit;
    pos = 0;
    limit = 0;
    return read();
  }

  private boolean read() throws IOException {
    if (eof) {
      return false;
    }
    int before = limit;
    while (limit < buf.length) {
      int n = in.read(buf, limit, buf.length - limit);
      if (n < 0) {
        eof = true;
        break;
      }
      limit += n;
      if (n == 0) {
        break;
      }
    }
    return limit > before;
  }

  private void addField(int f, int t, boolean inScratch) {
    if (fields == from.length) {
      from = Arrays.copyOf(from, fields * 2);
      to = Arrays.copyOf(to, fields * 2);
      quoted = Arrays.copyOf(quoted, fields * 2);
    }
    from[fields] = f;
    to[fields] = t;
    quoted[fields] = inScratch;
    fields++;
  }

  private void copyToScratch(int f, int t) {
    int n = t - f;
    if (scratchSize + n > scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(scratch.length * 2, scratchSize + n));
    }
    System.arraycopy(buf, f, scratch, scratchSize, n);
    scratchSize += n;
  }

  private void appendScratch(byte c) {
    if (scratchSize == scratch.length) {
      scratch = Arrays.copyOf(scratch, scratch.length * 2);
    }
    scratch[scratchSize++] = c;
  }
}
