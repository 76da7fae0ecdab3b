package org.crowd4j.io;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  private CrowdReader() {}

  /** Reads answers with the default format ({@code task,worker,label}). */
  public static CrowdDataset readAnswers(Path file) throws CrowdFormatException {
    return readAnswers(file, CsvFormat.defaults());
  }

  /** Reads answers laid out as {@code format} says. */
  public static CrowdDataset readAnswers(Path file, CsvFormat format) throws CrowdFormatException {
    char delimiter = format.delimiterFor(file);
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    try (InputStream raw = openStream(file)) {
      PushbackInputStream in = new PushbackInputStream(raw, 4);
      byte[] head = in.readNBytes(4);
      in.unread(head);
      if (!ByteCsvParser.supports(delimiter) || wideBom(head)) {
        // UTF-16/32 input or an exotic delimiter: the general reader
        return readAnswersGeneral(file, format);
      }
      ByteCsvParser csv = new ByteCsvParser(in, delimiter);
      if (!csv.next()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty (no header)");
      }
      List<String> header = new ArrayList<>(csv.fieldCount());
      for (int f = 0; f < csv.fieldCount(); f++) {
        header.add(csv.field(f));
      }
      long headerLine = csv.line();
      int taskCol = column(file, headerLine, header, format.taskColumn());
      int workerCol =
          format.workerColumn() == null
              ? -1
              : column(file, headerLine, header, format.workerColumn());
      int labelCol = column(file, headerLine, header, format.labelColumn());
      int width = header.size();
      int[] range = new int[6];
      long fileBytes =
          file.getFileName() != null && !file.getFileName().toString().endsWith(".gz")
              ? Files.size(file)
              : -1;
      long headerBytes = csv.position();
      int rows = 0;
      while (csv.next()) {
        if (++rows == 4096 && fileBytes > 0) {
          // size the columns once, from the bytes per record so far (10 % spare)
          double perRecord = (double) (csv.position() - headerBytes) / rows;
          builder.expectAnswers((int) Math.min(Integer.MAX_VALUE, 1.1 * fileBytes / perRecord));
        }
        if (csv.fieldCount() != width) {
          throw new CrowdFormatException(
              file,
              csv.line(),
              null,
              "expected " + width + " fields as in the header, found " + csv.fieldCount());
        }
        byte[] bytes = csv.bytes(taskCol);
        trimmed(file, csv, taskCol, format.taskColumn(), range, 0);
        if (workerCol >= 0) {
          trimmed(file, csv, workerCol, format.workerColumn(), range, 2);
        } else {
          range[2] = -1;
        }
        trimmed(file, csv, labelCol, format.labelColumn(), range, 4);
        if (csv.bytes(workerCol < 0 ? taskCol : workerCol) == bytes
            && csv.bytes(labelCol) == bytes) {
          builder.addUtf8(
              bytes, range[0], range[1], range[2], range[3], range[4], range[5], csv.line());
        } else {
          // a quoted field lives in another buffer: go through strings
          builder.add(
              text(csv, taskCol, range, 0),
              workerCol < 0 ? null : text(csv, workerCol, range, 2),
              text(csv, labelCol, range, 4),
              csv.line());
        }
      }
    } catch (ByteCsvParser.ParseException e) {
      throw new CrowdFormatException(file, e.line(), null, "cannot parse: " + e.getMessage(), e);
    } catch (IOException | UncheckedIOException e) {
      throw unreadable(file, e instanceof UncheckedIOException u ? u.getCause() : (IOException) e);
    }
    return finish(file, format, builder);
  }

  private static CrowdDataset finish(Path file, CsvFormat format, CrowdDataset.Builder builder)
      throws CrowdFormatException {
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

  /** Whether {@code head} starts with a UTF-16 or UTF-32 byte order mark. */
  private static boolean wideBom(byte[] head) {
    if (head.length >= 2
        && ((head[0] == (byte) 0xFE && head[1] == (byte) 0xFF)
            || (head[0] == (byte) 0xFF && head[1] == (byte) 0xFE))) {
      return true;
    }
    return head.length >= 4
        && head[0] == 0
        && head[1] == 0
        && head[2] == (byte) 0xFE
        && head[3] == (byte) 0xFF;
  }

  /**
   * Puts the bounds of field {@code col} without surrounding whitespace (bytes up to 0x20, as
   * {@link String#trim()}) into {@code range[at]} and {@code range[at + 1]}; an empty result is an
   * error naming the column.
   */
  private static void trimmed(
      Path file, ByteCsvParser csv, int col, String name, int[] range, int at)
      throws CrowdFormatException {
    byte[] b = csv.bytes(col);
    int from = csv.from(col);
    int to = csv.to(col);
    while (from < to && (b[from] & 0xff) <= 0x20) {
      from++;
    }
    while (to > from && (b[to - 1] & 0xff) <= 0x20) {
      to--;
    }
    if (from == to) {
      throw new CrowdFormatException(file, csv.line(), name, "field '" + name + "' is empty");
    }
    range[at] = from;
    range[at + 1] = to;
  }

  private static String text(ByteCsvParser csv, int col, int[] range, int at) {
    return new String(csv.bytes(col), range[at], range[at + 1] - range[at], StandardCharsets.UTF_8);
  }

  /** Reads answers through FastCSV (any BOM-declared encoding, any delimiter). */
  static CrowdDataset readAnswersGeneral(Path file, CsvFormat format) throws CrowdFormatException {
    CrowdDataset.Builder builder = CrowdDataset.builder().duplicates(format.duplicates());
    try (CsvReader<CsvRecord> csv = open(file, format.delimiterFor(file))) {
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
      while (it.hasNext()) {
        CsvRecord r = it.next();
        long line = r.getStartingLineNumber();
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
    return finish(file, format, builder);
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
    List<String> tasks = new ArrayList<>();
    float[] values = new float[1024];
    int size = 0;
    int dim;
    try (CsvReader<CsvRecord> csv = open(file, CsvFormat.defaults().delimiterFor(file))) {
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

  /** The file's bytes, decompressed when its name ends with {@code .gz}. */
  private static InputStream openStream(Path file) throws IOException {
    InputStream in = Files.newInputStream(file);
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (name.endsWith(".gz")) {
      try {
        in = new GZIPInputStream(in, 1 << 16);
      } catch (IOException e) {
        in.close();
        throw e;
      }
    }
    return in;
  }

  private static CsvReader<CsvRecord> open(Path file, char delimiter) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
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

  private static int column(Path file, long line, List<String> header, String name)
      throws CrowdFormatException {
    for (int i = 0; i < header.size(); i++) {
      if (header.get(i).trim().equals(name)) {
        return i;
      }
    }
    throw new CrowdFormatException(
        file, line, name, "missing column '" + name + "'; the header has " + header);
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
