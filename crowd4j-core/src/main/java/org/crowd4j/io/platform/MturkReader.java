package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.StrictInput;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.text.TextAnswers;

/**
 * Reads the batch results CSV of Amazon Mechanical Turk: one row per assignment, with {@code
 * HITId}, {@code WorkerId}, {@code AssignmentStatus}, the HIT's {@code Input.*} columns and the
 * worker's {@code Answer.*} columns. The annotator is {@code WorkerId}; the task id is {@code
 * HITId}, or the column {@link ExportOptions#taskField()} names ({@code Input.name}, or {@code
 * name} for it, or any other column); the answer is the {@code Answer.*} column {@link
 * ExportOptions#answerField()} names, or the only one. Several choices become one label, sorted and
 * joined with {@code '|'}: values joined with {@code '|'} (MTurk's way of writing several checked
 * boxes of one name), and a JSON array of strings (a crowd-html multi-select classifier's {@code
 * labels}, in its column {@code Answer.<name>.labels}, e.g. {@code ["Cat","Dog"]}). Rows of {@code
 * Rejected} assignments are left out and counted. Free texts ({@link #readTexts}) are the answer
 * column's values as typed, one per task and worker. Pairwise comparisons ({@link
 * #readComparisons}) are one per row, between two item columns.
 */
public final class MturkReader {
  private MturkReader() {}

  /** Reads {@code file} (gzipped when its name ends with {@code .gz}). */
  public static ExportAnswers read(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return read(file, StrictInput.open(file), rules, options);
  }

  /**
   * Reads the results in {@code in} (closed here; decompressed already); {@code name} in messages.
   */
  public static ExportAnswers read(
      Path name, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Reading r = new Reading(name, rules, options);
    r.readAll(CsvRecords.ofText(name, in, rules.delimiterFor(name), rules));
    return r.answers.build("the batch results");
  }

  /**
   * Reads the free texts of {@code file}: the answer column's value of each row, as typed (one text
   * per task and worker).
   */
  public static ExportData<TextAnswers> readTexts(Path file, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    return readTexts(file, StrictInput.open(file), rules, options);
  }

  /** As {@link #readTexts(Path, CsvFormat, ExportOptions)}, from {@code in} (closed here). */
  public static ExportData<TextAnswers> readTexts(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Reading r = new Reading(file, rules, options);
    r.texts = new TextRows(file, rules);
    r.readAll(CsvRecords.ofText(file, in, rules.delimiterFor(file), rules));
    return r.texts.build("the batch results", r.notes.lines());
  }

  /**
   * Reads the pairwise comparisons of {@code file}: one per row, between the items of the two
   * {@code Input.} columns {@link ExportOptions#itemFields()} names (by default the only two), the
   * answer naming the winner by its value or as {@code left} or {@code right}.
   */
  public static ExportData<Comparisons> readComparisons(
      Path file, CsvFormat rules, ExportOptions options) throws CrowdFormatException {
    return readComparisons(file, StrictInput.open(file), rules, options);
  }

  /** As {@link #readComparisons(Path, CsvFormat, ExportOptions)}, from {@code in} (closed here). */
  public static ExportData<Comparisons> readComparisons(
      Path file, InputStream in, CsvFormat rules, ExportOptions options)
      throws CrowdFormatException {
    Reading r = new Reading(file, rules, options);
    r.pairs = new PairRows(file, rules);
    r.readAll(CsvRecords.ofText(file, in, rules.delimiterFor(file), rules));
    return r.pairs.build("the batch results", r.notes.lines());
  }

  /** The state of one reading: the header's layout and the answers so far. */
  private static final class Reading extends ResultsTable {
    private final CsvFormat rules;
    private final ExportOptions options;
    private final Answers answers;
    private final Notes notes = new Notes();
    private TextRows texts;
    private PairRows pairs;
    private int[] items;
    private Columns header;
    private int task;
    private int worker;
    private int answer;
    private int status;

    Reading(Path file, CsvFormat rules, ExportOptions options) {
      super(file);
      this.rules = rules;
      this.options = options;
      this.answers = new Answers(file, rules);
    }

    @Override
    void layout(Columns h) throws CrowdFormatException {
      worker = h.require("WorkerId", "the annotator");
      if (pairs != null) {
        items = h.pair("Input.", options.itemFields());
      } else {
        task =
            options.taskField() == null
                ? h.require("HITId", "the task id")
                : h.choose("Input.", options.taskField(), "the task id", "--task-field");
      }
      answer = h.choose("Answer.", options.answerField(), "the answer", "--answer-field");
      status = h.find("AssignmentStatus");
      header = h;
    }

    @Override
    void row(long line, List<String> fields) throws CrowdFormatException {
      if (status >= 0 && fields.get(status).trim().equals("Rejected")) {
        answers.skip("rejected assignment(s)");
        notes.skip("rejected assignment(s)", 1);
        return;
      }
      String w = StrictInput.id(file, line, header.name(worker), fields.get(worker), rules);
      if (pairs != null) {
        pairs.add(
            line,
            w,
            StrictInput.id(file, line, header.name(items[0]), fields.get(items[0]), rules),
            StrictInput.id(file, line, header.name(items[1]), fields.get(items[1]), rules),
            StrictInput.id(file, line, header.name(answer), fields.get(answer), rules),
            header.name(answer),
            header.name(items[1]));
        return;
      }
      String t = StrictInput.id(file, line, header.name(task), fields.get(task), rules);
      if (texts != null) {
        texts.add(t, w, fields.get(answer), line, header.name(answer), header.name(worker));
        return;
      }
      answers.add(t, w, label(line, header.name(answer), fields.get(answer)), line);
    }

    /**
     * A value: a JSON array of strings (the {@code labels} of a multi-select classifier) or one or
     * more choices joined with {@code '|'}.
     */
    private String label(long line, String field, String raw) throws CrowdFormatException {
      String v = raw.trim();
      if (v.startsWith("[") && v.endsWith("]")) {
        return LabelSets.of(file, line, field, JsonInput.stringArray(file, line, field, v), rules);
      }
      return LabelSets.ofJoined(file, line, field, raw, rules);
    }
  }
}
