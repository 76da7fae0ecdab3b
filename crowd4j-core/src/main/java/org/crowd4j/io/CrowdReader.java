package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import de.siegmar.fastcsv.reader.FieldMismatchStrategy;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicateAnswerException;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads crowd data from RFC 4180 CSV/TSV files (UTF-8, with or without BOM; blank lines skipped;
 * {@code .gz} files decompressed): answers in long format, gold labels and task features. Every
 * problem is a {@link CrowdFormatException} naming file, line and field.
 */
public final class CrowdReader {
  private static final Logger LOG = LoggerFactory.getLogger(CrowdReader.class);

  /** Records read before the columns are sized from the file length. */
  private static final int SIZE_SAMPLE = 4096;

  private CrowdReader() {}

  /** Reads answers with the default format ({@code task,worker,label}). */
  public static CrowdDataset readAnswers(Path file) throws CrowdFormatException {
    return readAnswers(file, CsvFormat.defaults());
  }

  /** Reads answers laid out as {@code format} says. */
  public static CrowdDataset readAnswers(Path file, CsvFormat format) throws CrowdFormatException {
    return readAnswers(file, format, null);
  }

  /**
   * Reads answers laid out as {@code format} says and reports progress to {@code bytesRead} (may be
   * {@code null}): the number of bytes of the file read so far (of the compressed file for {@code
   * .gz}), about every megabyte and once at the end, so that a caller can compare it with the
   * file's size.
   */
  public static CrowdDataset readAnswers(Path file, CsvFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    return readAnswers(file, openFile(file, bytesRead), format, plainFileSize(file));
  }

  /**
   * Reads answers from {@code in} (closed here) as {@link #readAnswers(Path, CsvFormat)} reads a
   * file: {@code name} appears in messages and, by its extension, chooses the delimiter and whether
   * the bytes are gzipped.
   */
  public static CrowdDataset readAnswers(Path name, InputStream in, CsvFormat format)
      throws CrowdFormatException {
    return readAnswers(name, in, format, -1);
  }

  private static CrowdDataset readAnswers(
      Path file, InputStream raw, CsvFormat format, long fileBytes) throws CrowdFormatException {
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    StrictText text = null;
    try (InputStream in = decompressed(file, raw);
        StrictText t = text = text(in, format.delimiterFor(file), format);
        CsvReader<CsvRecord> csv = csv(t, format.delimiterFor(file), format)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      CsvRecord header = it.next();
      int taskCol = column(file, header, format.taskColumn());
      int workerCol =
          format.workerColumn() == null ? -1 : column(file, header, format.workerColumn());
      int labelCol = column(file, header, format.labelColumn());
      int width = header.getFieldCount();
      long sampledChars = 0;
      int rows = 0;
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
        if (rows < SIZE_SAMPLE && fileBytes > 0) {
          for (int f = 0; f < r.getFieldCount(); f++) {
            sampledChars += r.getField(f).length() + 1;
          }
          if (++rows == SIZE_SAMPLE) {
            // size the columns once from the record length so far (10 % spare)
            double perRecord = (double) sampledChars / rows;
            builder.expectAnswers(
                (int) Math.min(Integer.MAX_VALUE - 16, 1.1 * fileBytes / perRecord));
          }
        }
        if (r.getFieldCount() != width) {
          throw new CrowdFormatException(
              file,
              line,
              null,
              "expected " + width + " fields as in the header, found " + r.getFieldCount());
        }
        String task = id(file, line, r, taskCol, format.taskColumn(), format);
        String worker =
            workerCol < 0 ? null : id(file, line, r, workerCol, format.workerColumn(), format);
        String label = id(file, line, r, labelCol, format.labelColumn(), format);
        builder.add(task, worker, label, line);
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw parseError(file, text, e);
    } catch (IOException e) {
      throw unreadable(file, text, e);
    }
    if (builder.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no answers after the header");
    }
    try {
      return builder.build();
    } catch (DuplicateAnswerException e) {
      throw new CrowdFormatException(
          file, e.duplicateLine(), format.workerColumn(), e.getMessage());
    }
  }

  /** Size of an uncompressed file, or -1 (compressed, or unknown). */
  static long plainFileSize(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (name.endsWith(".gz")) {
      return -1;
    }
    try {
      return Files.size(file);
    } catch (IOException e) {
      return -1;
    }
  }

  /**
   * Reads gold labels ({@code task,label} header) and aligns them to {@code data}. Gold labels no
   * answer uses are kept (they count as errors) and reported with a warning.
   */
  public static Gold readGold(Path file, CrowdDataset data) throws CrowdFormatException {
    return readGold(file, data, "task", "label");
  }

  /** Reads gold labels with the given column names and aligns them to {@code data}. */
  public static Gold readGold(Path file, CrowdDataset data, String taskColumn, String labelColumn)
      throws CrowdFormatException {
    return readGold(file, data, taskColumn, labelColumn, CsvFormat.defaults());
  }

  /**
   * Reads gold labels with the given column names and text rules (quotes, control characters) and
   * aligns them to {@code data}.
   */
  public static Gold readGold(
      Path file, CrowdDataset data, String taskColumn, String labelColumn, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, String> gold = readGoldMap(file, taskColumn, labelColumn, rules);
    Gold g = Gold.of(data, gold);
    if (g.unknownLabels() > 0) {
      LOG.warn(
          "{}: {} gold label(s) never occur in the answers; they count as errors",
          file,
          g.unknownLabels());
    }
    return g;
  }

  /** Reads a gold file as task → label names, in file order (a repeated task must agree). */
  public static Map<String, String> readGoldMap(Path file, String taskColumn, String labelColumn)
      throws CrowdFormatException {
    return readGoldMap(file, taskColumn, labelColumn, CsvFormat.defaults());
  }

  /**
   * Reads a gold file as {@link #readGoldMap(Path, String, String)} does, with the text rules
   * (quotes, control characters) of {@code rules}.
   */
  public static Map<String, String> readGoldMap(
      Path file, String taskColumn, String labelColumn, CsvFormat rules)
      throws CrowdFormatException {
    return readGoldMap(file, openFile(file, null), taskColumn, labelColumn, rules);
  }

  /**
   * Reads gold labels from {@code in} (closed here); {@code name} appears in messages and chooses
   * delimiter and compression by its extension.
   */
  public static Map<String, String> readGoldMap(
      Path name, InputStream in, String taskColumn, String labelColumn, CsvFormat rules)
      throws CrowdFormatException {
    Path file = name;
    char delimiter = CsvFormat.defaults().delimiterFor(file);
    Map<String, String> out = new LinkedHashMap<>();
    StrictText text = null;
    try (InputStream plain = decompressed(file, in);
        StrictText t = text = text(plain, delimiter, rules);
        CsvReader<CsvRecord> csv = csv(t, delimiter, rules)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      CsvRecord header = it.next();
      int taskCol = column(file, header, taskColumn);
      int labelCol = column(file, header, labelColumn);
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
        if (r.getFieldCount() != header.getFieldCount()) {
          throw new CrowdFormatException(
              file,
              line,
              null,
              "expected " + header.getFieldCount() + " fields, found " + r.getFieldCount());
        }
        String task = id(file, line, r, taskCol, taskColumn, rules);
        String label = id(file, line, r, labelCol, labelColumn, rules);
        String before = out.putIfAbsent(task, label);
        if (before != null && !before.equals(label)) {
          throw new CrowdFormatException(
              file,
              line,
              labelColumn,
              "task '" + task + "' has two gold labels: '" + before + "' and '" + label + "'");
        }
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw parseError(file, text, e);
    } catch (IOException e) {
      throw unreadable(file, text, e);
    }
    return out;
  }

  /**
   * Reads task features: a header whose first column is the task id and whose other columns are
   * numbers ({@code task,f0,f1,…}). Non-numeric, NaN or infinite values are errors.
   */
  public static TaskFeatures readFeatures(Path file) throws CrowdFormatException {
    return readFeatures(file, null);
  }

  /**
   * Reads task features as {@link #readFeatures(Path)} does and reports the bytes read so far to
   * {@code bytesRead} (may be {@code null}), as {@link #readAnswers(Path, CsvFormat, LongConsumer)}
   * does.
   */
  public static TaskFeatures readFeatures(Path file, LongConsumer bytesRead)
      throws CrowdFormatException {
    return readFeatures(file, CsvFormat.defaults(), bytesRead);
  }

  /**
   * Reads task features as {@link #readFeatures(Path, LongConsumer)} does, with the text rules
   * (quotes, control characters in task ids) of {@code rules}.
   */
  public static TaskFeatures readFeatures(Path file, CsvFormat rules, LongConsumer bytesRead)
      throws CrowdFormatException {
    return readFeatures(file, openFile(file, bytesRead), rules);
  }

  /**
   * Reads task features from {@code in} (closed here); {@code name} appears in messages and chooses
   * delimiter and compression by its extension.
   */
  public static TaskFeatures readFeatures(Path name, InputStream in, CsvFormat rules)
      throws CrowdFormatException {
    Path file = name;
    char delimiter = CsvFormat.defaults().delimiterFor(file);
    List<String> tasks = new ArrayList<>();
    float[] values = new float[1024];
    int size = 0;
    int dim;
    StrictText text = null;
    try (InputStream plain = decompressed(file, in);
        StrictText t = text = text(plain, delimiter, rules);
        CsvReader<CsvRecord> csv = csv(t, delimiter, rules)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      CsvRecord header = it.next();
      dim = header.getFieldCount() - 1;
      if (dim < 1) {
        throw new CrowdFormatException(file, 1, null, "expected a task column and features");
      }
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
        if (r.getFieldCount() != dim + 1) {
          throw new CrowdFormatException(
              file, line, null, "expected " + (dim + 1) + " fields, found " + r.getFieldCount());
        }
        tasks.add(id(file, line, r, 0, header.getField(0), rules));
        if (size + dim > values.length) {
          values = java.util.Arrays.copyOf(values, Math.max(size + dim, values.length * 2));
        }
        for (int j = 0; j < dim; j++) {
          String s = r.getField(j + 1).trim();
          float v;
          try {
            v = Float.parseFloat(s);
          } catch (NumberFormatException e) {
            throw new CrowdFormatException(
                file,
                line,
                header.getField(j + 1),
                "field '" + header.getField(j + 1) + "' is not a number: '" + s + "'");
          }
          if (!Float.isFinite(v)) {
            throw new CrowdFormatException(
                file,
                line,
                header.getField(j + 1),
                "field '" + header.getField(j + 1) + "' is not finite: '" + s + "'");
          }
          values[size++] = v;
        }
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw parseError(file, text, e);
    } catch (IOException e) {
      throw unreadable(file, text, e);
    }
    if (tasks.isEmpty()) {
      throw new CrowdFormatException(file, 0, null, "no rows after the header");
    }
    Vocabulary vocab;
    try {
      vocab = Vocabulary.of(tasks);
    } catch (IllegalArgumentException e) {
      throw new CrowdFormatException(file, 0, null, "repeated task id: " + e.getMessage());
    }
    return new TaskFeatures(vocab, dim, java.util.Arrays.copyOf(values, size));
  }

  /** The file's bytes, counted for {@code bytesRead} when not null; opened lazily. */
  static InputStream openFile(Path file, LongConsumer bytesRead) throws CrowdFormatException {
    InputStream raw;
    try {
      raw = Files.newInputStream(file);
    } catch (IOException e) {
      throw unreadable(file, null, e);
    }
    return bytesRead == null ? raw : new CountingStream(raw, bytesRead);
  }

  /** {@code raw} buffered, and decompressed when {@code file}'s name ends with {@code .gz}. */
  static InputStream decompressed(Path file, InputStream raw) throws IOException {
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (name.endsWith(".gz")) {
      try {
        in = new GZIPInputStream(in, 1 << 16);
      } catch (IOException e) {
        raw.close();
        throw e;
      }
    }
    return in;
  }

  static StrictText text(InputStream in, char delimiter, CsvFormat rules) {
    return new StrictText(in, delimiter, rules.lenientQuotes());
  }

  // lenient quotes keep FastCSV's own leniency after a closing quote (deprecated there, with no
  // replacement yet); the strict rules are checked by StrictText before the parser sees the text
  @SuppressWarnings("removal")
  static CsvReader<CsvRecord> csv(StrictText text, char delimiter, CsvFormat rules) {
    return CsvReader.builder()
        .fieldSeparator(delimiter)
        .quoteCharacter('"')
        .skipEmptyLines(true)
        .extraFieldStrategy(FieldMismatchStrategy.IGNORE)
        .missingFieldStrategy(FieldMismatchStrategy.IGNORE)
        .allowExtraCharsAfterClosingQuote(rules.lenientQuotes())
        .ofCsvRecord(text);
  }

  /** Counts the bytes read and reports them about every megabyte and at the end. */
  private static final class CountingStream extends FilterInputStream {
    private final LongConsumer report;
    private long count;
    private long reported;

    CountingStream(InputStream in, LongConsumer report) {
      super(in);
      this.report = report;
    }

    private void add(long n) {
      if (n > 0) {
        count += n;
        if (count - reported >= 1 << 20) {
          reported = count;
          report.accept(count);
        }
      } else if (n < 0 && reported != count) {
        reported = count;
        report.accept(count);
      }
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      add(b < 0 ? -1 : 1);
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      add(n);
      return n;
    }

    @Override
    public void close() throws IOException {
      if (reported != count) {
        reported = count;
        report.accept(count);
      }
      super.close();
    }
  }

  static int column(Path file, CsvRecord header, String name) throws CrowdFormatException {
    for (int i = 0; i < header.getFieldCount(); i++) {
      if (header.getField(i).trim().equals(name)) {
        return i;
      }
    }
    throw new CrowdFormatException(
        file,
        header.getStartingLineNumber(),
        name,
        "missing column '" + name + "'; the header has " + header.getFields());
  }

  /**
   * Field {@code col} trimmed, which must not be empty nor, unless {@code rules} allow them, hold a
   * line break or another control character.
   */
  static String id(Path file, long line, CsvRecord r, int col, String name, CsvFormat rules)
      throws CrowdFormatException {
    return StrictInput.id(file, line, name, r.getField(col), rules);
  }

  static CrowdFormatException parseError(Path file, StrictText text, RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StrictText.TextException x) {
        return new CrowdFormatException(file, x.line(), null, x.getMessage(), e);
      }
      if (t instanceof java.util.zip.ZipException || t instanceof java.io.EOFException) {
        return new CrowdFormatException(
            file, 0, null, "not a complete gzip file: " + rootMessage(e), e);
      }
    }
    long line = text == null ? 0 : text.line();
    return new CrowdFormatException(file, line, null, "cannot parse: " + rootMessage(e), e);
  }

  static CrowdFormatException unreadable(Path file, StrictText text, IOException e) {
    if (e instanceof StrictText.TextException x) {
      return new CrowdFormatException(file, x.line(), null, x.getMessage(), e);
    }
    if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
      return new CrowdFormatException(
          file, 0, null, "not a complete gzip file: " + e.getMessage(), e);
    }
    String why =
        e instanceof NoSuchFileException ? "no such file" : "cannot read: " + e.getMessage();
    return new CrowdFormatException(file, 0, null, why, e);
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
