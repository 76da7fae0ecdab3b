package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    try (CsvReader<CsvRecord> csv = open(file, format.delimiterFor(file), bytesRead)) {
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
      long fileBytes = plainFileSize(file);
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
        String task = nonEmpty(file, line, r, taskCol, format.taskColumn());
        String worker =
            workerCol < 0 ? null : nonEmpty(file, line, r, workerCol, format.workerColumn());
        String label = nonEmpty(file, line, r, labelCol, format.labelColumn());
        builder.add(task, worker, label, line);
      }
    } catch (CsvParseException | UncheckedIOException e) {
      throw new CrowdFormatException(file, 0, null, "cannot parse: " + rootMessage(e), e);
    } catch (IOException e) {
      throw unreadable(file, e);
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
  private static long plainFileSize(Path file) {
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
    Map<String, String> gold = readGoldMap(file, taskColumn, labelColumn);
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
    Map<String, String> out = new LinkedHashMap<>();
    try (CsvReader<CsvRecord> csv = open(file, CsvFormat.defaults().delimiterFor(file))) {
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
        String task = nonEmpty(file, line, r, taskCol, taskColumn);
        String label = nonEmpty(file, line, r, labelCol, labelColumn);
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
      throw new CrowdFormatException(file, 0, null, "cannot parse: " + rootMessage(e), e);
    } catch (IOException e) {
      throw unreadable(file, e);
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
    List<String> tasks = new ArrayList<>();
    float[] values = new float[1024];
    int size = 0;
    int dim;
    try (CsvReader<CsvRecord> csv =
        open(file, CsvFormat.defaults().delimiterFor(file), bytesRead)) {
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
        tasks.add(nonEmpty(file, line, r, 0, header.getField(0)));
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
      throw new CrowdFormatException(file, 0, null, "cannot parse: " + rootMessage(e), e);
    } catch (IOException e) {
      throw unreadable(file, e);
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

  private static CsvReader<CsvRecord> open(Path file, char delimiter) throws IOException {
    return open(file, delimiter, null);
  }

  private static CsvReader<CsvRecord> open(Path file, char delimiter, LongConsumer bytesRead)
      throws IOException {
    InputStream raw = Files.newInputStream(file);
    if (bytesRead != null) {
      raw = new CountingStream(raw, bytesRead);
    }
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (name.endsWith(".gz")) {
      in = new GZIPInputStream(in, 1 << 16);
    }
    return CsvReader.builder()
        .fieldSeparator(delimiter)
        .quoteCharacter('"')
        .skipEmptyLines(true)
        .detectBomHeader(true)
        .allowExtraFields(true)
        .allowMissingFields(true)
        .ofCsvRecord(in, StandardCharsets.UTF_8);
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

  private static int column(Path file, CsvRecord header, String name) throws CrowdFormatException {
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

  private static String nonEmpty(Path file, long line, CsvRecord r, int col, String name)
      throws CrowdFormatException {
    String v = r.getField(col).trim();
    if (v.isEmpty()) {
      throw new CrowdFormatException(file, line, name, "field '" + name + "' is empty");
    }
    return v;
  }

  private static CrowdFormatException unreadable(Path file, IOException e) {
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
