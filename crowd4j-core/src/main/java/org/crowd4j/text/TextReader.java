package org.crowd4j.text;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;

/**
 * Reads text answers ({@code task,worker,text}, optionally an embedding column of space-separated
 * numbers, crowd-kit's layout), answer embeddings from a separate file ({@code task,worker} and
 * either one column of space-separated numbers or one number per column) and true task embeddings
 * ({@code task} and the same two layouts). The text is kept as typed: not trimmed, and may be
 * empty. Ids follow the strict rules of the record source, {@link CsvRecords}; a repeated (task,
 * worker) pair, a number that does not parse or is not finite, and an embedding of another length
 * are errors naming file, line and field.
 */
public final class TextReader {
  private TextReader() {}

  /**
   * Column names of an answers file.
   *
   * @param task task id column
   * @param worker worker id column
   * @param text answer text column
   * @param embedding column of space-separated embedding numbers, or {@code null}
   */
  public record Layout(String task, String worker, String text, String embedding) {
    /** Validates. */
    public Layout {
      Objects.requireNonNull(task, "task");
      Objects.requireNonNull(worker, "worker");
      Objects.requireNonNull(text, "text");
    }

    /** {@code task,worker,text} without embeddings. */
    public static Layout defaults() {
      return new Layout("task", "worker", "text", null);
    }
  }

  /**
   * Reads answers laid out as {@code layout} says, with the text rules of {@code rules}. A plain
   * file without embeddings is read straight from its bytes ({@link PlainTextAnswers}), to the same
   * answers.
   */
  public static TextAnswers read(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    if (layout.embedding() == null) {
      TextAnswers plain =
          PlainTextAnswers.read(
              file, rules.delimiterFor(file), layout.task(), layout.worker(), layout.text());
      if (plain != null) {
        return plain;
      }
    }
    return readStrictly(file, layout, rules);
  }

  /** Reads answers with {@link CsvRecords} (the path of every file that is not plain). */
  static TextAnswers readStrictly(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    TextAnswers.Builder b = TextAnswers.builder();
    AnswerPairs seen = new AnswerPairs();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.task());
      int wc = t.column(layout.worker());
      int xc = t.column(layout.text());
      int ec = layout.embedding() == null ? -1 : t.column(layout.embedding());
      while (t.next()) {
        String task = t.id(tc);
        String worker = t.id(wc);
        long before = seen.put(b.taskId(task), b.workerId(worker), t.line());
        if (before >= 0) {
          throw t.error(
              layout.worker(),
              "worker '"
                  + worker
                  + "' answered task '"
                  + task
                  + "' again (first at line "
                  + before
                  + ")");
        }
        String text = t.text(xc);
        if (ec < 0) {
          b.add(task, worker, text);
        } else {
          double[] e = vector(t, ec);
          if (b.dim() > 0 && e.length != b.dim()) {
            throw t.error(
                layout.embedding(),
                "embedding has " + e.length + " numbers, earlier rows have " + b.dim());
          }
          try {
            b.add(task, worker, text, e);
          } catch (IllegalArgumentException bad) {
            throw t.error(layout.embedding(), bad.getMessage());
          }
        }
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no answers after the header");
    }
    return b.build();
  }

  /**
   * {@code data} with the embeddings of {@code file}: columns {@code taskColumn}, {@code
   * workerColumn} and the numbers; every answer needs exactly one row.
   */
  public static TextAnswers readEmbeddings(
      Path file, TextAnswers data, String taskColumn, String workerColumn, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, Integer> answer = new HashMap<>();
    for (int a = 0; a < data.size(); a++) {
      answer.put(
          data.tasks().name(data.task(a)) + '\u0000' + data.workers().name(data.worker(a)), a);
    }
    double[] values = null;
    int dim = -1;
    boolean[] filled = new boolean[data.size()];
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(taskColumn);
      int wc = t.column(workerColumn);
      int[] cols = valueColumns(t, tc, wc);
      while (t.next()) {
        String task = t.id(tc);
        String worker = t.id(wc);
        Integer a = answer.get(task + '\u0000' + worker);
        if (a == null) {
          throw t.error(
              workerColumn, "no answer of worker '" + worker + "' to task '" + task + "'");
        }
        if (filled[a]) {
          throw t.error(
              workerColumn, "a second embedding of worker '" + worker + "' on task '" + task + "'");
        }
        double[] e = values(t, cols);
        if (dim < 0) {
          dim = e.length;
          values = new double[data.size() * dim];
        } else if (e.length != dim) {
          throw t.error(null, "embedding has " + e.length + " numbers, earlier rows have " + dim);
        }
        System.arraycopy(e, 0, values, a * dim, dim);
        filled[a] = true;
      }
    }
    for (int a = 0; a < data.size(); a++) {
      if (!filled[a]) {
        throw new CrowdFormatException(
            file,
            0,
            workerColumn,
            "no embedding of worker '"
                + data.workers().name(data.worker(a))
                + "' on task '"
                + data.tasks().name(data.task(a))
                + "'");
      }
    }
    return data.withEmbeddings(dim, values);
  }

  /** True task embeddings: column {@code taskColumn} and the numbers; one row per task. */
  public static TaskEmbeddings readTaskEmbeddings(Path file, String taskColumn, CsvFormat rules)
      throws CrowdFormatException {
    List<String> tasks = new ArrayList<>();
    Map<String, Long> seen = new HashMap<>();
    double[] values = new double[0];
    int dim = -1;
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(taskColumn);
      int[] cols = valueColumns(t, tc, -1);
      while (t.next()) {
        String task = t.id(tc);
        Long before = seen.putIfAbsent(task, t.line());
        if (before != null) {
          throw t.error(
              taskColumn,
              "task '" + task + "' has a second true embedding (first at line " + before + ")");
        }
        double[] e = values(t, cols);
        if (dim < 0) {
          dim = e.length;
        } else if (e.length != dim) {
          throw t.error(null, "embedding has " + e.length + " numbers, earlier rows have " + dim);
        }
        if ((tasks.size() + 1) * dim > values.length) {
          values = java.util.Arrays.copyOf(values, Math.max(16 * dim, values.length * 2));
        }
        System.arraycopy(e, 0, values, tasks.size() * dim, dim);
        tasks.add(task);
      }
    }
    if (tasks.isEmpty()) {
      throw new CrowdFormatException(file, 0, null, "no rows after the header");
    }
    return new TaskEmbeddings(
        Vocabulary.of(tasks), dim, java.util.Arrays.copyOf(values, tasks.size() * dim));
  }

  private static int[] valueColumns(CsvRecords t, int a, int b) throws CrowdFormatException {
    String[] h = t.header();
    List<Integer> cols = new ArrayList<>();
    for (int i = 0; i < h.length; i++) {
      if (i != a && i != b) {
        cols.add(i);
      }
    }
    if (cols.isEmpty()) {
      throw new CrowdFormatException(
          t.file(), 1, null, "no embedding columns besides the ids; the header has " + List.of(h));
    }
    return cols.stream().mapToInt(Integer::intValue).toArray();
  }

  private static double[] values(CsvRecords t, int[] cols) throws CrowdFormatException {
    if (cols.length == 1) {
      return vector(t, cols[0]);
    }
    double[] out = new double[cols.length];
    for (int i = 0; i < cols.length; i++) {
      out[i] = t.decimal(cols[i], t.text(cols[i]).trim());
    }
    return out;
  }

  /** Field {@code col} as space-separated finite numbers (at least one). */
  static double[] vector(CsvRecords t, int col) throws CrowdFormatException {
    String s = t.text(col).trim();
    if (s.startsWith("[") && s.endsWith("]")) {
      s = s.substring(1, s.length() - 1).trim();
    }
    if (s.isEmpty()) {
      throw t.error(t.name(col), "field '" + t.name(col) + "' is empty (expected numbers)");
    }
    String[] parts = s.split("[\\s,]+");
    if (parts.length == 0) {
      throw t.error(t.name(col), "field '" + t.name(col) + "' holds no numbers, only separators");
    }
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = t.decimal(col, parts[i]);
    }
    return out;
  }
}
