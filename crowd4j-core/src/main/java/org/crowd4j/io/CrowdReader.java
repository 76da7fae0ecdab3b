package org.crowd4j.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicateAnswerException;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads crowd data from RFC 4180 CSV/TSV files (UTF-8, with or without BOM; blank lines skipped;
 * {@code .gz} files decompressed) through {@link CsvRecords}: answers in long format, gold labels
 * and task features. Every problem is a {@link CrowdFormatException} naming file, line and field.
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
    CrowdDataset plain = readPlainAnswers(file, format, bytesRead);
    return plain != null ? plain : readAnswersStrictly(file, format, bytesRead);
  }

  /** Reads answers with {@link CsvRecords} only (the path every file that is not plain takes). */
  static CrowdDataset readAnswersStrictly(Path file, CsvFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    return readAnswers(CsvRecords.open(file, format, bytesRead), format, plainFileSize(file));
  }

  /** Reads answers through {@link PlainCsvColumns}; {@code null} when the file is not plain. */
  static CrowdDataset readPlainAnswers(Path file, CsvFormat format, LongConsumer bytesRead)
      throws CrowdFormatException {
    boolean anonymous = format.workerColumn() == null;
    String[] columns =
        anonymous
            ? new String[] {format.taskColumn(), format.labelColumn()}
            : new String[] {format.taskColumn(), format.labelColumn(), format.workerColumn()};
    int[] dictionaries = anonymous ? new int[] {0, 1} : new int[] {0, 1, 2};
    PlainCsvColumns.Table t =
        PlainCsvColumns.read(file, format.delimiterFor(file), columns, dictionaries, bytesRead);
    if (t == null) {
      return null;
    }
    int[] workers = anonymous ? filled(t.rows(), -1) : t.codes()[2];
    String[] workerNames = anonymous ? new String[0] : t.names()[2];
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    builder.addEncoded(
        t.names()[0], t.codes()[0], workerNames, workers, t.names()[1], t.codes()[1], 2L);
    try {
      return builder.build();
    } catch (DuplicateAnswerException e) {
      throw new CrowdFormatException(
          file, e.duplicateLine(), format.workerColumn(), e.getMessage());
    }
  }

  private static int[] filled(int n, int value) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, value);
    return a;
  }

  /**
   * Reads answers from {@code in} (closed here) as {@link #readAnswers(Path, CsvFormat)} reads a
   * file: {@code name} appears in messages and, by its extension, chooses the delimiter and whether
   * the bytes are gzipped.
   */
  public static CrowdDataset readAnswers(Path name, InputStream in, CsvFormat format)
      throws CrowdFormatException {
    return readAnswers(CsvRecords.open(name, in, format), format, -1);
  }

  private static CrowdDataset readAnswers(CsvRecords in, CsvFormat format, long fileBytes)
      throws CrowdFormatException {
    Path file = in.file();
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    try (in) {
      int taskCol = in.column(format.taskColumn());
      int workerCol = format.workerColumn() == null ? -1 : in.column(format.workerColumn());
      int labelCol = in.column(format.labelColumn());
      long sampledChars = 0;
      int rows = 0;
      while (in.next()) {
        if (rows < SIZE_SAMPLE && fileBytes > 0) {
          for (int f = 0; f < in.fieldCount(); f++) {
            sampledChars += in.field(f).length() + 1;
          }
          if (++rows == SIZE_SAMPLE) {
            // size the columns once from the record length so far (10 % spare)
            double perRecord = (double) sampledChars / rows;
            builder.expectAnswers(
                (int) Math.min(Integer.MAX_VALUE - 16, 1.1 * fileBytes / perRecord));
          }
        }
        String task = in.id(taskCol);
        String worker = workerCol < 0 ? null : in.id(workerCol);
        String label = in.id(labelCol);
        builder.add(task, worker, label, in.line());
      }
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
   * answer uses are kept (they count as errors) and reported with a warning; gold tasks without
   * answers are left out with a warning, and a file none of whose tasks has answers is an error.
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
    if (gold.isEmpty()) {
      throw new CrowdFormatException(file, 0, null, "no gold labels after the header");
    }
    if (g.count() == 0) {
      throw new CrowdFormatException(
          file,
          0,
          taskColumn,
          "none of its "
              + gold.size()
              + " task(s) has answers (first: '"
              + gold.keySet().iterator().next()
              + "'): is it the gold of these answers?");
    }
    if (g.unmatchedTasks() > 0) {
      LOG.warn("{}: {} gold task(s) have no answers and are not scored", file, g.unmatchedTasks());
    }
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
    return readGoldMap(CsvRecords.open(file, rules.rulesOnly()), taskColumn, labelColumn);
  }

  /**
   * Reads gold labels from {@code in} (closed here); {@code name} appears in messages and chooses
   * delimiter and compression by its extension.
   */
  public static Map<String, String> readGoldMap(
      Path name, InputStream in, String taskColumn, String labelColumn, CsvFormat rules)
      throws CrowdFormatException {
    return readGoldMap(CsvRecords.open(name, in, rules.rulesOnly()), taskColumn, labelColumn);
  }

  private static Map<String, String> readGoldMap(
      CsvRecords in, String taskColumn, String labelColumn) throws CrowdFormatException {
    Map<String, String> out = new LinkedHashMap<>();
    try (in) {
      int taskCol = in.column(taskColumn);
      int labelCol = in.column(labelColumn);
      while (in.nextOfAnyWidth()) {
        in.requireWidth();
        String task = in.id(taskCol);
        String label = in.id(labelCol);
        String before = out.putIfAbsent(task, label);
        if (before != null && !before.equals(label)) {
          throw in.error(
              labelColumn,
              "task '" + task + "' has two gold labels: '" + before + "' and '" + label + "'");
        }
      }
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
    return readFeatures(CsvRecords.open(file, rules.rulesOnly(), bytesRead));
  }

  /**
   * Reads task features from {@code in} (closed here); {@code name} appears in messages and chooses
   * delimiter and compression by its extension.
   */
  public static TaskFeatures readFeatures(Path name, InputStream in, CsvFormat rules)
      throws CrowdFormatException {
    return readFeatures(CsvRecords.open(name, in, rules.rulesOnly()));
  }

  private static TaskFeatures readFeatures(CsvRecords in) throws CrowdFormatException {
    Path file = in.file();
    List<String> tasks = new ArrayList<>();
    float[] values = new float[1024];
    int size = 0;
    int dim = in.width() - 1;
    try (in) {
      List<String> header = in.headerFields();
      if (dim < 1) {
        throw new CrowdFormatException(file, 1, null, "expected a task column and features");
      }
      while (in.nextOfAnyWidth()) {
        in.requireWidth();
        tasks.add(in.id(0, header.get(0)));
        if (size + dim > values.length) {
          values = java.util.Arrays.copyOf(values, Math.max(size + dim, values.length * 2));
        }
        for (int j = 0; j < dim; j++) {
          String s = in.field(j + 1).trim();
          float v;
          try {
            v = Float.parseFloat(s);
          } catch (NumberFormatException e) {
            throw in.error(
                header.get(j + 1),
                "field '" + header.get(j + 1) + "' is not a number: '" + s + "'");
          }
          if (!Float.isFinite(v)) {
            throw in.error(
                header.get(j + 1), "field '" + header.get(j + 1) + "' is not finite: '" + s + "'");
          }
          if (!Decimals.isDecimal(s)) {
            throw in.error(
                header.get(j + 1),
                "field '" + header.get(j + 1) + "' is not a decimal number: '" + s + "'");
          }
          values[size++] = v;
        }
      }
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
}
