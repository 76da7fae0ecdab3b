package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.StrictInput;
import org.crowd4j.io.platform.ExportRecord.Pair;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.text.TextAnswers;

/**
 * A platform's results table (Toloka's, MTurk's) read through the record source into the records of
 * one kind: the header's layout first, then every row, each as wide as the header. Rows of rejected
 * assignments are left out and counted; the {@link Platform} says where the rest is.
 */
final class ResultsTable {
  /** Where a platform's results table keeps what is read. */
  interface Platform {
    /** The table in messages, e.g. {@code the Toloka results}. */
    String what();

    /** The delimiter of {@code file}'s fields. */
    char delimiter(Path file, CsvFormat rules);

    /** The annotator's column. */
    String workerColumn();

    /** The prefix of the input columns (the items of a comparison). */
    String inputPrefix();

    /** The prefix of the answer columns. */
    String answerPrefix();

    /** The column of the assignment's status. */
    String statusColumn();

    /** The status of a rejected assignment. */
    String rejected();

    /** Every status an assignment can have (as the platform writes it), the rejected one too. */
    java.util.Set<String> statuses();

    /** The task id's column. */
    int task(Columns header, ExportOptions options) throws CrowdFormatException;

    /** The column of the known label of the answer column {@code answer}, or -1. */
    int golden(Columns header, String answer);

    /** The label of the value {@code raw} of the column {@code field}. */
    String label(Path file, long line, String field, String raw, CsvFormat rules)
        throws CrowdFormatException;
  }

  /** Makes one row's record of the kind read; the annotator {@code worker} is read already. */
  @FunctionalInterface
  private interface RowRecord<T> {
    ExportRecord<T> of(ResultsTable t, long line, List<String> fields, String worker)
        throws CrowdFormatException;
  }

  private final Platform platform;
  private final Path file;
  private final CsvFormat rules;
  private final ExportOptions options;
  private final boolean pairs;
  private Columns header;
  private int[] items;
  private int task;
  private int worker;
  private int answer;
  private int status;
  private int golden;

  private ResultsTable(
      Platform platform, Path file, CsvFormat rules, ExportOptions options, boolean pairs) {
    this.platform = platform;
    this.file = file;
    this.rules = rules;
    this.options = options;
    this.pairs = pairs;
  }

  /** The classes of the table in {@code in} (closed here): the answer column's labels. */
  static ExportAnswers readAnswers(
      Platform platform, Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        platform, file, in, rules, options, false, ResultsTable::label, new Answers(file, rules));
  }

  /** The free texts of the table in {@code in} (closed here): the answer column's values. */
  static ExportData<TextAnswers> readTexts(
      Platform platform, Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        platform,
        file,
        in,
        rules,
        options,
        false,
        ResultsTable::text,
        new TextRows(file, Notes.Style.ROWS));
  }

  /** The pairwise comparisons of the table in {@code in} (closed here), one per row. */
  static ExportData<Comparisons> readComparisons(
      Platform platform, Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(
        platform,
        file,
        in,
        rules,
        options,
        true,
        ResultsTable::pair,
        new PairRows(file, rules, Notes.Style.ROWS));
  }

  private static <T, R> R read(
      Platform platform,
      Path file,
      InputStream in,
      CsvFormat rules,
      ExportOptions options,
      boolean pairs,
      RowRecord<T> record,
      Assembler<T, R> out)
      throws CrowdFormatException {
    ResultsTable t = new ResultsTable(platform, file, rules, options, pairs);
    try (CsvRecords rows = CsvRecords.ofText(file, in, platform.delimiter(file, rules), rules)) {
      t.layout(new Columns(file, rows.headerLine(), rows.headerFields()));
      while (rows.next()) {
        long line = rows.line();
        List<String> fields = rows.fields();
        if (t.status >= 0) {
          String status = fields.get(t.status).trim();
          if (!platform.statuses().contains(status)) {
            String column = platform.statusColumn();
            throw rows.error(
                column,
                "field '"
                    + column
                    + "' holds '"
                    + status
                    + "', not a status of the platform ("
                    + String.join(", ", new java.util.TreeSet<>(platform.statuses()))
                    + ")");
          }
          if (status.equals(platform.rejected())) {
            out.skip("rejected assignment(s)", 1);
            continue;
          }
        }
        out.add(record.of(t, line, fields, t.id(line, t.worker, fields)));
      }
    }
    return out.build(platform.what());
  }

  private void layout(Columns h) throws CrowdFormatException {
    worker = h.require(platform.workerColumn(), "the annotator");
    if (pairs) {
      items = h.pair(platform.inputPrefix(), options.itemFields());
    } else {
      task = platform.task(h, options);
    }
    answer =
        h.choose(platform.answerPrefix(), options.answerField(), "the answer", "--answer-field");
    status = h.find(platform.statusColumn());
    golden = platform.golden(h, h.name(answer));
    header = h;
  }

  /** The id in column {@code col}. */
  private String id(long line, int col, List<String> fields) throws CrowdFormatException {
    return StrictInput.id(file, line, header.name(col), fields.get(col), rules);
  }

  private ExportRecord<String> label(long line, List<String> fields, String w)
      throws CrowdFormatException {
    String t = id(line, task, fields);
    String l = platform.label(file, line, header.name(answer), fields.get(answer), rules);
    if (golden >= 0 && !fields.get(golden).isBlank()) {
      String g = platform.label(file, line, header.name(golden), fields.get(golden), rules);
      return new ExportRecord<>(file, line, t, w, header.name(worker), l, header.name(golden), g);
    }
    return new ExportRecord<>(file, line, t, w, header.name(worker), l);
  }

  private ExportRecord<String> text(long line, List<String> fields, String w)
      throws CrowdFormatException {
    String t = id(line, task, fields);
    String text = fields.get(answer);
    StrictInput.text(file, line, header.name(answer), text, rules);
    return new ExportRecord<>(file, line, t, w, header.name(worker), text);
  }

  private ExportRecord<Pair> pair(long line, List<String> fields, String w)
      throws CrowdFormatException {
    Pair p =
        PairRows.judge(
            file,
            line,
            id(line, items[0], fields),
            id(line, items[1], fields),
            id(line, answer, fields),
            header.name(answer),
            header.name(items[1]));
    return new ExportRecord<>(file, line, null, w, header.name(worker), p);
  }
}
