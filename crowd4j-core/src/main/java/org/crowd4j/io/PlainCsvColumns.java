package org.crowd4j.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The fast path of the CSV readers: the id columns of a file that needs none of {@link CsvRecords}'
 * care, read straight from its bytes — in parallel chunks on large files — with each distinct id
 * turned into a string once and every row into integer codes.
 *
 * <p>A file is plain when it is uncompressed, has no quote and no control character (other than the
 * delimiter and the line ends), is ASCII outside the id columns and valid UTF-8 inside them, ends
 * its lines with LF or CRLF, has its header on the first line and no blank line before a record,
 * every record as wide as the header, and ids that are non-empty with no surrounding blanks. On
 * such a file the strict reader would return the same values line by line; on any other file {@link
 * #read} returns {@code null}, and the caller reads the file with the strict reader, which also
 * words every error.
 */
public final class PlainCsvColumns {
  /** Files smaller than this are read by one thread. */
  private static final long MIN_BYTES_PER_CHUNK = 8L << 20;

  /** Bytes read from the file at a time by one chunk. */
  private static final int BLOCK = 1 << 20;

  /** The longest header line looked for. */
  private static final int MAX_HEADER = 1 << 16;

  /** Byte classes: an ordinary byte, the delimiter, LF, CR, a byte that is never plain, UTF-8. */
  private static final byte PLAIN = 0;

  private static final byte DELIMITER = 1;
  private static final byte LF = 2;
  private static final byte CR = 3;
  private static final byte NEVER = 4;
  private static final byte HIGH = 5;

  /** The dictionary of a column read as free text, one string per row. */
  public static final int TEXT = -1;

  /**
   * What was read: {@code codes[c][r]} indexes {@code names[dictionary of c]}; a {@link #TEXT}
   * column has {@code texts[c][r]} instead (and no codes).
   */
  public record Table(int rows, int[][] codes, String[][] names, String[][] texts) {}

  /** Thrown inside the parser when the file is not plain; never escapes this class. */
  private static final class NotPlain extends Exception {
    private static final long serialVersionUID = 1L;
    private static final NotPlain INSTANCE = new NotPlain();

    private NotPlain() {
      super(null, null, false, false);
    }
  }

  private final Path file;
  private final byte[] classes;
  private final String[] columns;
  private final int[] dictionaryOf;
  private final int dictionaries;
  private int width;
  private int[] columnAt;
  private boolean[] isId;

  private PlainCsvColumns(Path file, char delimiter, String[] columns, int[] dictionaryOf) {
    this.file = file;
    this.columns = columns;
    this.dictionaryOf = dictionaryOf;
    this.dictionaries = Arrays.stream(dictionaryOf).max().orElse(-1) + 1;
    this.classes = new byte[256];
    for (int b = 0; b < 256; b++) {
      classes[b] = b < 0x20 || b == '"' || b == 0x7F ? NEVER : b >= 0x80 ? HIGH : PLAIN;
    }
    classes['\n'] = LF;
    classes['\r'] = CR;
    classes[delimiter] = DELIMITER;
  }

  /**
   * Reads columns {@code columns} (header names) of {@code file}, column {@code c} interned in
   * dictionary {@code dictionaryOf[c]} (columns may share one, as the two items of a comparison
   * do), or kept as free text, one string per row, when {@code dictionaryOf[c]} is {@link #TEXT}
   * (as typed: blanks kept, may be empty); ids are numbered in order of first appearance, row by
   * row and within a row in the order of {@code columns}. Returns {@code null} when the file is not
   * plain, a column is missing or there is no record.
   *
   * @param bytesRead told the bytes read so far now and then, and the file's size at the end (may
   *     be {@code null})
   * @throws CrowdFormatException when the file cannot be read
   */
  public static Table read(
      Path file, char delimiter, String[] columns, int[] dictionaryOf, LongConsumer bytesRead)
      throws CrowdFormatException {
    return read(file, delimiter, columns, dictionaryOf, bytesRead, 0);
  }

  /**
   * As {@link #read(Path, char, String[], int[], LongConsumer)} in {@code parts} chunks (0: by
   * size).
   */
  static Table read(
      Path file,
      char delimiter,
      String[] columns,
      int[] dictionaryOf,
      LongConsumer bytesRead,
      int parts)
      throws CrowdFormatException {
    if (delimiter >= 0x80
        || delimiter == '"'
        || delimiter == ' '
        || delimiter == '\n'
        || delimiter == '\r'
        || file.toString().endsWith(".gz")) {
      return null;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      return new PlainCsvColumns(file, delimiter, columns, dictionaryOf)
          .read(channel, bytesRead, parts);
    } catch (IOException e) {
      throw StrictInput.unreadable(file, e);
    } catch (NotPlain e) {
      return null;
    }
  }

  private Table read(FileChannel channel, LongConsumer bytesRead, int forcedParts)
      throws IOException, NotPlain {
    long size = channel.size();
    long dataStart = readHeader(channel, size);
    int parts =
        forcedParts > 0
            ? forcedParts
            : (int) Math.max(1, Math.min(threads(), (size - dataStart) / MIN_BYTES_PER_CHUNK));
    Chunk[] chunks = new Chunk[parts];
    AtomicLong progress = new AtomicLong(dataStart);
    for (int i = 0; i < parts; i++) {
      long from = dataStart + (size - dataStart) * i / parts;
      long to = dataStart + (size - dataStart) * (i + 1) / parts;
      chunks[i] = new Chunk(channel, from, to, from > dataStart, progress);
    }
    Thread[] others = new Thread[parts - 1];
    for (int i = 1; i < parts; i++) {
      Chunk c = chunks[i];
      others[i - 1] = new Thread(c::runCaught, "crowd4j-csv-" + i);
      others[i - 1].setDaemon(true);
      others[i - 1].start();
    }
    chunks[0].run(bytesRead);
    for (Thread t : others) {
      joinReporting(t, progress, bytesRead);
    }
    for (Chunk c : chunks) {
      c.rethrow();
    }
    for (int i = 0; i + 1 < parts; i++) {
      if (chunks[i].sawBlank && laterHasRecord(chunks, i + 1)) {
        throw NotPlain.INSTANCE;
      }
    }
    Table table = merge(chunks);
    if (bytesRead != null) {
      bytesRead.accept(size);
    }
    return table.rows() == 0 ? null : table;
  }

  private static int threads() {
    return Math.max(1, Math.min(8, Runtime.getRuntime().availableProcessors()));
  }

  private static boolean laterHasRecord(Chunk[] chunks, int from) {
    for (int i = from; i < chunks.length; i++) {
      if (chunks[i].rows > 0) {
        return true;
      }
    }
    return false;
  }

  private static void joinReporting(Thread t, AtomicLong progress, LongConsumer bytesRead) {
    boolean interrupted = false;
    while (t.isAlive()) {
      try {
        t.join(100);
      } catch (InterruptedException e) {
        interrupted = true;
      }
      if (bytesRead != null && t.isAlive()) {
        bytesRead.accept(progress.get());
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Reads and checks the header line; returns the offset of the first byte after it. */
  private long readHeader(FileChannel channel, long size) throws IOException, NotPlain {
    byte[] head = new byte[(int) Math.min(size, MAX_HEADER)];
    readFully(channel, ByteBuffer.wrap(head), 0);
    int start =
        head.length >= 3
                && (head[0] & 0xFF) == 0xEF
                && (head[1] & 0xFF) == 0xBB
                && (head[2] & 0xFF) == 0xBF
            ? 3
            : 0;
    int end = start;
    while (end < head.length && head[end] != '\n') {
      end++;
    }
    if (end == head.length) {
      throw NotPlain.INSTANCE;
    }
    int textEnd = end > start && head[end - 1] == '\r' ? end - 1 : end;
    if (textEnd == start) {
      throw NotPlain.INSTANCE;
    }
    java.util.List<String> names = new java.util.ArrayList<>();
    int f = start;
    for (int i = start; i <= textEnd; i++) {
      byte c = i == textEnd ? DELIMITER : classes[head[i] & 0xFF];
      if (c == DELIMITER) {
        names.add(new String(head, f, i - f, StandardCharsets.US_ASCII).trim());
        f = i + 1;
      } else if (c != PLAIN) {
        throw NotPlain.INSTANCE;
      }
    }
    width = names.size();
    columnAt = new int[width];
    Arrays.fill(columnAt, -1);
    isId = new boolean[width];
    for (int c = 0; c < columns.length; c++) {
      int at = names.indexOf(columns[c]);
      if (at < 0 || isId[at]) {
        throw NotPlain.INSTANCE;
      }
      columnAt[at] = c;
      isId[at] = true;
    }
    return end + 1;
  }

  private static void readFully(FileChannel channel, ByteBuffer into, long at) throws IOException {
    long pos = at;
    while (into.hasRemaining()) {
      int n = channel.read(into, pos);
      if (n < 0) {
        break;
      }
      pos += n;
    }
  }

  /** Joins the chunks' dictionaries in file order and renumbers their codes. */
  private Table merge(Chunk[] chunks) throws NotPlain {
    long total = 0;
    for (Chunk c : chunks) {
      total += c.rows;
    }
    if (total > Integer.MAX_VALUE - 16) {
      throw NotPlain.INSTANCE;
    }
    int rows = (int) total;
    ByteDictionary[] global = new ByteDictionary[dictionaries];
    for (int d = 0; d < dictionaries; d++) {
      global[d] = chunks.length == 1 ? chunks[0].dictionaries[d] : new ByteDictionary();
    }
    int[][] codes = new int[columns.length][];
    String[][] texts = new String[columns.length][];
    for (int c = 0; c < columns.length; c++) {
      if (dictionaryOf[c] == TEXT) {
        texts[c] = new String[rows];
        int at = 0;
        for (Chunk chunk : chunks) {
          System.arraycopy(chunk.texts[c], 0, texts[c], at, chunk.rows);
          at += chunk.rows;
        }
      }
    }
    if (chunks.length == 1) {
      for (int c = 0; c < columns.length; c++) {
        if (dictionaryOf[c] != TEXT) {
          codes[c] =
              chunks[0].codes[c].length == rows
                  ? chunks[0].codes[c]
                  : Arrays.copyOf(chunks[0].codes[c], rows);
        }
      }
    } else {
      for (int c = 0; c < columns.length; c++) {
        if (dictionaryOf[c] != TEXT) {
          codes[c] = new int[rows];
        }
      }
      int at = 0;
      for (Chunk chunk : chunks) {
        int[][] toGlobal = new int[dictionaries][];
        for (int d = 0; d < dictionaries; d++) {
          toGlobal[d] = global[d].internAll(chunk.dictionaries[d]);
        }
        for (int c = 0; c < columns.length; c++) {
          if (dictionaryOf[c] == TEXT) {
            continue;
          }
          int[] map = toGlobal[dictionaryOf[c]];
          int[] from = chunk.codes[c];
          int[] to = codes[c];
          for (int r = 0; r < chunk.rows; r++) {
            to[at + r] = map[from[r]];
          }
        }
        at += chunk.rows;
      }
    }
    String[][] names = new String[dictionaries][];
    for (int d = 0; d < dictionaries; d++) {
      names[d] = global[d].strings();
    }
    return new Table(rows, codes, names, texts);
  }

  /** The lines that start in {@code [from, to)} of the file, parsed by one thread. */
  private final class Chunk {
    private final FileChannel channel;
    private final long from;
    private final long to;
    private final boolean skipFirstLine;
    private final AtomicLong progress;
    final ByteDictionary[] dictionaries = new ByteDictionary[PlainCsvColumns.this.dictionaries];
    int[][] codes = new int[columns.length][];
    String[][] texts = new String[columns.length][];
    private final CharsetDecoder utf8 = ByteDictionary.utf8();
    int rows;
    boolean sawBlank;

    /** Per column, the id of the previous row's value (files often repeat it), or -1. */
    private final int[] lastId;

    /** The {@link ByteDictionary#shortKey} of each column's last id; 0 when it is not short. */
    private final long[] lastKey;

    /** Per column, where the current row's value lies in the buffer, and whether it is ASCII. */
    private final int[] valueStart = new int[columns.length];

    private final int[] valueLength = new int[columns.length];
    private final boolean[] valueHigh = new boolean[columns.length];

    private Throwable failure;

    Chunk(FileChannel channel, long from, long to, boolean skipFirstLine, AtomicLong progress) {
      this.channel = channel;
      this.from = from;
      this.to = to;
      this.skipFirstLine = skipFirstLine;
      this.progress = progress;
      for (int d = 0; d < dictionaries.length; d++) {
        dictionaries[d] = new ByteDictionary();
      }
      lastId = new int[columns.length];
      Arrays.fill(lastId, -1);
      lastKey = new long[columns.length];
      int expected = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, (to - from) / 12));
      for (int c = 0; c < codes.length; c++) {
        if (dictionaryOf[c] == TEXT) {
          texts[c] = new String[expected];
        } else {
          codes[c] = new int[expected];
        }
      }
    }

    void runCaught() {
      try {
        run(null);
      } catch (Throwable t) {
        failure = t;
      }
    }

    void rethrow() throws IOException, NotPlain {
      if (failure instanceof IOException e) {
        throw e;
      } else if (failure instanceof NotPlain e) {
        throw e;
      } else if (failure instanceof RuntimeException e) {
        throw e;
      } else if (failure instanceof Error e) {
        throw e;
      }
    }

    /** Parses the chunk, telling {@code bytesRead} (may be null) the progress of all chunks. */
    void run(LongConsumer bytesRead) throws IOException, NotPlain {
      byte[] buf = new byte[BLOCK];
      long bufPos = skipFirstLine ? from - 1 : from; // the file offset of buf[0]
      int limit = 0;
      int p = 0;
      boolean eof = false;
      boolean skipping = skipFirstLine;
      long reported = 0;
      while (true) {
        if (p > 0) {
          System.arraycopy(buf, p, buf, 0, limit - p);
          limit -= p;
          bufPos += p;
          p = 0;
        }
        if (limit == buf.length) {
          buf = Arrays.copyOf(buf, 2 * buf.length);
        }
        int n = fill(buf, limit, bufPos + limit);
        eof = limit + n < buf.length;
        long counted =
            Math.max(0, Math.min(bufPos + limit + n, to) - Math.max(bufPos + limit, from));
        limit += n;
        long done = progress.addAndGet(counted);
        if (bytesRead != null && done - reported >= (1 << 20)) {
          reported = done;
          bytesRead.accept(done);
        }
        if (skipping) {
          while (p < limit && buf[p] != '\n') {
            p++;
          }
          if (p == limit) {
            if (eof) {
              return;
            }
            continue;
          }
          p++;
          skipping = false;
        }
        p = parseLines(buf, p, limit, eof, bufPos);
        if (eof || bufPos + p >= to) {
          return;
        }
      }
    }

    /** Reads into {@code buf[off..]} from file offset {@code at} until full or at the end. */
    private int fill(byte[] buf, int off, long at) throws IOException {
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

    /**
     * Parses the lines that start at {@code p} and before {@code to}; returns the offset of the
     * first line not parsed (one that runs past {@code limit} while more bytes follow, or the
     * chunk's end).
     */
    private int parseLines(byte[] buf, int p, int limit, boolean eof, long bufPos) throws NotPlain {
      final byte[] cls = classes;
      final int[] at = columnAt;
      final int w = width;
      final long stop = to - bufPos;
      int row = rows;
      while (p < limit && p < stop) {
        int lineStart = p;
        byte first = buf[p];
        if (first == '\n' || first == '\r' && p + 1 < limit && buf[p + 1] == '\n') {
          sawBlank = true;
          p += first == '\n' ? 1 : 2;
          continue;
        }
        if (sawBlank) {
          throw NotPlain.INSTANCE;
        }
        if (row == codes[0].length) {
          grow();
        }
        int q = p;
        int field = 0;
        while (true) {
          int fieldStart = q;
          boolean high = false;
          byte c;
          while (true) {
            if (q == limit) {
              if (!eof) {
                rows = row;
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
            if (q + 1 >= limit) {
              if (!eof) {
                rows = row;
                return lineStart;
              }
              throw NotPlain.INSTANCE;
            }
            if (buf[q + 1] != '\n') {
              throw NotPlain.INSTANCE;
            }
            q++;
            c = LF;
          } else if (c == NEVER) {
            throw NotPlain.INSTANCE;
          }
          if (field >= w) {
            throw NotPlain.INSTANCE;
          }
          int col = at[field];
          if (col >= 0) {
            valueStart[col] = fieldStart;
            valueLength[col] = fieldEnd - fieldStart;
            valueHigh[col] = high;
          } else if (high) {
            throw NotPlain.INSTANCE;
          }
          field++;
          q++; // past the delimiter or the line end
          if (c == LF) {
            if (field != w) {
              throw NotPlain.INSTANCE;
            }
            for (int k = 0; k < valueStart.length; k++) {
              if (dictionaryOf[k] == TEXT) {
                texts[k][row] = textOf(buf, valueStart[k], valueLength[k], valueHigh[k]);
              } else {
                codes[k][row] = idOf(k, buf, valueStart[k], valueLength[k], valueHigh[k]);
              }
            }
            row++;
            p = Math.min(q, limit);
            break;
          }
        }
      }
      rows = row;
      return p;
    }

    /** The free text {@code buf[off, off + len)} as typed: ASCII, or UTF-8 as ids may hold it. */
    private String textOf(byte[] buf, int off, int len, boolean high) throws NotPlain {
      if (!high) {
        return new String(buf, off, len, StandardCharsets.ISO_8859_1);
      }
      String s = ByteDictionary.idText(utf8, buf, off, len);
      if (s == null) {
        throw NotPlain.INSTANCE;
      }
      return s;
    }

    /** The id of the value {@code buf[off, off + len)} of column {@code col}. */
    private int idOf(int col, byte[] buf, int off, int len, boolean high) throws NotPlain {
      if (len == 0 || buf[off] == ' ' || buf[off + len - 1] == ' ') {
        throw NotPlain.INSTANCE;
      }
      ByteDictionary d = dictionaries[dictionaryOf[col]];
      long key = ByteDictionary.shortKey(buf, off, len);
      if (key != 0) {
        if (key == lastKey[col]) {
          return lastId[col];
        }
        int id = d.internShort(key, buf, off, len, high);
        if (id < 0) {
          throw NotPlain.INSTANCE;
        }
        lastKey[col] = key;
        return lastId[col] = id;
      }
      int hash = ByteDictionary.hash(buf, off, len);
      int last = lastId[col];
      if (last >= 0 && d.holds(last, buf, off, len, hash)) {
        return last;
      }
      int id = d.intern(buf, off, len, hash, high);
      if (id < 0) {
        throw NotPlain.INSTANCE;
      }
      lastKey[col] = 0;
      return lastId[col] = id;
    }

    private void grow() {
      for (int c = 0; c < codes.length; c++) {
        if (dictionaryOf[c] == TEXT) {
          texts[c] = Arrays.copyOf(texts[c], texts[c].length + (texts[c].length >> 1) + 16);
        } else {
          codes[c] = Arrays.copyOf(codes[c], codes[c].length + (codes[c].length >> 1) + 16);
        }
      }
    }
  }
}
