package org.crowd4j.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The characters of a CSV/TSV file as the CSV parser reads them, checked on the way: the bytes must
 * be UTF-8 (a leading byte order mark is dropped), and quoting follows RFC 4180 — a quote opens a
 * field only at its start, is doubled inside it and is closed before the next delimiter or line
 * end. A quote that is never closed is an error naming the line where its field began; in strict
 * mode a quote inside an unquoted field and text after a closing quote are errors too. Lines are
 * counted as the parser counts them (LF, CR and CRLF each end one).
 */
final class StrictText extends Reader {
  /**
   * A problem at a line, thrown from {@link #read} and turned into a {@link CrowdFormatException}.
   */
  static final class TextException extends IOException {
    private static final long serialVersionUID = 1L;
    private final long line;

    TextException(long line, String message) {
      super(message);
      this.line = line;
    }

    long line() {
      return line;
    }
  }

  private static final int FIELD_START = 0;
  private static final int UNQUOTED = 1;
  private static final int QUOTED = 2;
  private static final int QUOTE_IN_QUOTED = 3;

  private final InputStream in;
  private final char delimiter;
  private final boolean lenientQuotes;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
  private final char[] spare = new char[2];
  private int spareFrom;
  private int spareTo;
  private boolean eof;
  private boolean flushed;
  private boolean started;
  private int state = FIELD_START;
  private long line = 1;
  private boolean afterCr;
  private long quoteLine;

  StrictText(InputStream in, char delimiter, boolean lenientQuotes) {
    this.in = in;
    this.delimiter = delimiter;
    this.lenientQuotes = lenientQuotes;
  }

  /** The line of the next character (1-based). */
  long line() {
    return line;
  }

  @Override
  public int read(char[] buf, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (spareFrom < spareTo) {
      int n = Math.min(len, spareTo - spareFrom);
      System.arraycopy(spare, spareFrom, buf, off, n);
      spareFrom += n; // checked when decoded into the spare buffer
      return n;
    }
    if (len < spare.length) {
      // too small for a surrogate pair: decode into the spare buffer first
      int n = read(spare, 0, spare.length);
      if (n < 0) {
        return -1;
      }
      int give = Math.min(len, n);
      System.arraycopy(spare, 0, buf, off, give);
      spareFrom = give;
      spareTo = n;
      return give;
    }
    CharBuffer out = CharBuffer.wrap(buf, off, len);
    while (true) {
      CoderResult r = flushed ? CoderResult.UNDERFLOW : decoder.decode(bytes, out, eof);
      int n = out.position() - off;
      if (r.isUnderflow() && eof && !flushed) {
        r = decoder.flush(out);
        flushed = true;
        n = out.position() - off;
      }
      if (n > 0 && !started) {
        started = true;
        if (buf[off] == '\uFEFF') {
          // the byte order mark is not part of the first field
          System.arraycopy(buf, off + 1, buf, off, n - 1);
          out.position(out.position() - 1);
          n--;
        }
      }
      if (n > 0) {
        // hand over what decoded cleanly; an error in the bytes after it shows on the next call
        check(buf, off, n);
        return n;
      }
      if (r.isError()) {
        throw new TextException(line, "the bytes are not UTF-8 text (save the file as UTF-8)");
      }
      if (r.isUnderflow()) {
        if (eof) {
          end();
          return -1;
        }
        bytes.compact();
        int got = in.read(bytes.array(), bytes.position(), bytes.remaining());
        if (got < 0) {
          eof = true;
        } else {
          bytes.position(bytes.position() + got);
        }
        bytes.flip();
      }
    }
  }

  private void check(char[] buf, int off, int n) throws TextException {
    int i = off;
    int end = off + n;
    for (; i < end; i++) {
      char c = buf[i];
      boolean lineEnd = c == '\n' || c == '\r';
      switch (state) {
        case FIELD_START -> {
          if (c == '"') {
            state = QUOTED;
            quoteLine = line;
          } else if (c != delimiter && !lineEnd) {
            state = UNQUOTED;
          }
        }
        case UNQUOTED -> {
          if (c == delimiter || lineEnd) {
            state = FIELD_START;
          } else if (c == '"' && !lenientQuotes) {
            throw new TextException(
                line,
                "a quote inside an unquoted field (quote the whole field and double its quotes:"
                    + " \"say \"\"hi\"\"\")");
          }
        }
        case QUOTED -> {
          if (c == '"') {
            state = QUOTE_IN_QUOTED;
          }
        }
        default -> {
          if (c == '"') {
            state = QUOTED;
          } else if (c == delimiter || lineEnd) {
            state = FIELD_START;
          } else if (lenientQuotes) {
            state = UNQUOTED;
          } else {
            throw new TextException(
                line,
                "text after the closing quote of a field that begins at line "
                    + quoteLine
                    + " (quote the whole field and double its quotes)");
          }
        }
      }
      if (c == '\n') {
        if (!afterCr) {
          line++;
        }
        afterCr = false;
      } else if (c == '\r') {
        line++;
        afterCr = true;
      } else {
        afterCr = false;
      }
    }
  }

  private void end() throws TextException {
    if (state == QUOTED) {
      throw new TextException(
          quoteLine,
          "a quoted field is never closed: the quote that opens it, at line "
              + quoteLine
              + ", has no closing quote before the end of the file");
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
