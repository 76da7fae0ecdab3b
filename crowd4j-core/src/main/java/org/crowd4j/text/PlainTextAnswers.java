package org.crowd4j.text;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.ByteDictionary;

/**
 * The fast path of {@link TextReader} for answers without embeddings: a file that needs none of the
 * strict reader's care, read straight from its bytes, each distinct task and worker id made a
 * string once and each text made one string.
 *
 * <p>A file is plain when it is uncompressed; holds no quote and no control character other than
 * the delimiter and line ends (LF or CRLF); has its header (ASCII) on the first line, after an
 * optional byte order mark, naming the task, worker and text columns, each a different one; has no
 * blank line; has every record as wide as the header; has bytes above ASCII only in the id and text
 * columns, there valid UTF-8 without C1 controls or line and paragraph separators; has ids that are
 * non-empty with no surrounding blanks; and no worker answering a task twice. The strict reader
 * returns the same answers from such a file; on any other file {@link #read} returns {@code null}
 * and the caller reads it strictly, which also words every error.
 */
final class PlainTextAnswers {
  private static final int BLOCK = 1 << 20;

  /** Byte classes: an ordinary byte, the delimiter, LF, CR, a byte that is never plain, UTF-8. */
  private static final byte PLAIN = 0;

  private static final byte DELIMITER = 1;
  private static final byte LF = 2;
  private static final byte CR = 3;
  private static final byte NEVER = 4;
  private static final byte HIGH = 5;

  /** Thrown while parsing when the file is not plain; never leaves this class. */
  private static final class NotPlain extends Exception {
    private static final long serialVersionUID = 1L;
    private static final NotPlain INSTANCE = new NotPlain();

    private NotPlain() {
      super(null, null, false, false);
    }
  }

  private final byte[] classes = new byte[256];
  private final String[] columns;
  private final CharsetDecoder utf8 =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);

  /** Per field of a record: 0 task, 1 worker, 2 text, -1 another column. */
  private int[] role;

  private final ByteDictionary tasks = new ByteDictionary();
  private final ByteDictionary workers = new ByteDictionary();
  private int[] task = new int[1024];
  private int[] worker = new int[1024];
  private String[] text = new String[1024];
  private int rows;
  private int lastTask = -1;

  private final int[] valueStart = new int[3];
  private final int[] valueEnd = new int[3];
  private final boolean[] valueHigh = new boolean[3];

  private PlainTextAnswers(char delimiter, String[] columns) {
    this.columns = columns;
    for (int b = 0; b < 256; b++) {
      classes[b] = b < 0x20 || b == '"' || b == 0x7F ? NEVER : b >= 0x80 ? HIGH : PLAIN;
    }
    classes['\n'] = LF;
    classes['\r'] = CR;
    classes[delimiter] = DELIMITER;
  }

  /**
   * The answers of {@code file} (columns {@code task}, {@code worker}, {@code text}, split at
   * {@code delimiter}), or {@code null} when the file is not plain.
   */
  static TextAnswers read(Path file, char delimiter, String task, String worker, String text) {
    if (delimiter >= 0x80
        || delimiter == '"'
        || delimiter == ' '
        || delimiter == '\n'
        || delimiter == '\r'
        || file.toString().endsWith(".gz")) {
      return null;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return new PlainTextAnswers(delimiter, new String[] {task, worker, text}).read(channel);
    } catch (IOException e) {
      return null; // the strict reader words the problem
    } catch (NotPlain e) {
      return null;
    }
  }

  private TextAnswers read(FileChannel channel) throws IOException, NotPlain {
    byte[] buf = new byte[(int) Math.min(BLOCK, channel.size() + 1)];
    long pos = 0;
    int limit = 0;
    int p = 0;
    boolean header = true;
    while (true) {
      if (p > 0) {
        System.arraycopy(buf, p, buf, 0, limit - p);
        limit -= p;
        p = 0;
      }
      if (limit == buf.length) {
        buf = Arrays.copyOf(buf, 2 * buf.length);
      }
      int n = fill(channel, buf, limit, pos);
      pos += n;
      limit += n;
      boolean eof = limit < buf.length;
      if (header) {
        p = header(buf, limit, eof);
        if (p < 0) {
          p = 0;
          continue;
        }
        header = false;
      }
      p = lines(buf, p, limit, eof);
      if (eof) {
        break;
      }
    }
    if (rows == 0) {
      throw NotPlain.INSTANCE;
    }
    TextAnswers data =
        TextAnswers.encoded(
            Vocabulary.of(tasks.strings()),
            Vocabulary.of(workers.strings()),
            Arrays.copyOf(task, rows),
            Arrays.copyOf(worker, rows),
            Arrays.copyOf(text, rows));
    return hasRepeatedAnswer(data) ? null : data;
  }

  private static int fill(FileChannel channel, byte[] buf, int off, long at) throws IOException {
    ByteBuffer into = ByteBuffer.wrap(buf, off, buf.length - off);
    int n = 0;
    while (into.hasRemaining()) {
      int got = channel.read(into, at + n);
      if (got < 0) {
        break;
      }
      n += got;
    }
    return n;
  }

  /** Reads the header line; the offset after it, or -1 when more bytes are needed. */
  private int header(byte[] buf, int limit, boolean eof) throws NotPlain {
    int start =
        limit >= 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF
            ? 3
            : 0;
    int end = start;
    while (end < limit && buf[end] != '\n') {
      end++;
    }
    if (end == limit) {
      if (eof) {
        throw NotPlain.INSTANCE;
      }
      return -1;
    }
    int textEnd = end > start && buf[end - 1] == '\r' ? end - 1 : end;
    List<String> names = new ArrayList<>();
    int f = start;
    for (int i = start; i <= textEnd; i++) {
      byte c = i == textEnd ? DELIMITER : classes[buf[i] & 0xFF];
      if (c == DELIMITER) {
        names.add(new String(buf, f, i - f, StandardCharsets.US_ASCII).trim());
        f = i + 1;
      } else if (c != PLAIN) {
        throw NotPlain.INSTANCE;
      }
    }
    role = new int[names.size()];
    Arrays.fill(role, -1);
    for (int k = 0; k < columns.length; k++) {
      int at = names.indexOf(columns[k]);
      if (at < 0 || role[at] >= 0) {
        throw NotPlain.INSTANCE;
      }
      role[at] = k;
    }
    return end + 1;
  }

  /**
   * Parses the lines that start at {@code p}; returns the offset of the first one not parsed (one
   * that runs past {@code limit} while more bytes follow).
   */
  private int lines(byte[] buf, int p, int limit, boolean eof) throws NotPlain {
    final byte[] cls = classes;
    final int[] roles = role;
    final int width = roles.length;
    while (p < limit) {
      int lineStart = p;
      int q = p;
      int field = 0;
      while (true) {
        int fieldStart = q;
        boolean high = false;
        byte c;
        while (true) {
          if (q == limit) {
            if (!eof) {
              return lineStart;
            }
            c = LF;
            break;
          }
          c = cls[buf[q] & 0xFF];
          if (c == PLAIN) {
            q++;
          } else if (c == HIGH) {
            high = true;
            q++;
          } else {
            break;
          }
        }
        int fieldEnd = q;
        if (c == CR) {
          if (q + 1 >= limit && !eof) {
            return lineStart;
          }
          if (q + 1 >= limit || buf[q + 1] != '\n') {
            throw NotPlain.INSTANCE;
          }
          q++;
          c = LF;
        } else if (c == NEVER) {
          throw NotPlain.INSTANCE;
        }
        if (field >= width) {
          throw NotPlain.INSTANCE;
        }
        int k = roles[field];
        if (k >= 0) {
          valueStart[k] = fieldStart;
          valueEnd[k] = fieldEnd;
          valueHigh[k] = high;
        } else if (high) {
          throw NotPlain.INSTANCE;
        }
        field++;
        q++; // past the delimiter or the line end
        if (c == LF) {
          if (field != width) {
            throw NotPlain.INSTANCE; // also a blank line, unless the header is one column
          }
          record(buf);
          p = q;
          break;
        }
      }
    }
    return p;
  }

  private void record(byte[] buf) throws NotPlain {
    if (rows == task.length) {
      task = Arrays.copyOf(task, 2 * rows);
      worker = Arrays.copyOf(worker, 2 * rows);
      text = Arrays.copyOf(text, 2 * rows);
    }
    checkId(buf, 0);
    int from = valueStart[0];
    int len = valueEnd[0] - from;
    if (lastTask < 0 || !tasks.is(lastTask, buf, from, len)) {
      lastTask = tasks.intern(buf, from, len);
    }
    task[rows] = lastTask;
    checkId(buf, 1);
    worker[rows] = workers.intern(buf, valueStart[1], valueEnd[1] - valueStart[1]);
    text[rows] = string(buf, 2);
    rows++;
  }

  /** Checks that value {@code k} is an id as the strict reader takes it (kept as typed). */
  private void checkId(byte[] buf, int k) throws NotPlain {
    int from = valueStart[k];
    int to = valueEnd[k];
    if (to == from || buf[from] == ' ' || buf[to - 1] == ' ') {
      throw NotPlain.INSTANCE;
    }
    if (valueHigh[k]) {
      string(buf, k);
    }
  }

  /** Value {@code k} as a string: valid UTF-8 without C1 controls or line separators. */
  private String string(byte[] buf, int k) throws NotPlain {
    int from = valueStart[k];
    int len = valueEnd[k] - from;
    if (!valueHigh[k]) {
      return new String(buf, from, len, StandardCharsets.ISO_8859_1);
    }
    String s;
    try {
      s = utf8.decode(ByteBuffer.wrap(buf, from, len)).toString();
    } catch (CharacterCodingException e) {
      throw NotPlain.INSTANCE;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c >= 0x80 && c <= 0x9F) || c == '\u2028' || c == '\u2029') {
        throw NotPlain.INSTANCE;
      }
    }
    return s;
  }

  /** Whether some worker answered some task twice (the strict reader then words the error). */
  private static boolean hasRepeatedAnswer(TextAnswers data) {
    int[] seen = new int[data.workers().size()];
    for (int t = 0; t < data.tasks().size(); t++) {
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        int w = data.worker(data.answerAt(p));
        if (seen[w] == t + 1) {
          return true;
        }
        seen[w] = t + 1;
      }
    }
    return false;
  }
}
