package org.crowd4j.io.platform;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.StrictInput;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.text.TextAnswers;

/**
 * Reads the results file Toloka gives for a pool (TSV, or CSV by the file's extension): one row per
 * task of an assignment, with {@code INPUT:} columns (the task's input data), {@code OUTPUT:}
 * columns (the answer), {@code GOLDEN:} columns (the known answer of control tasks) and {@code
 * ASSIGNMENT:} columns ({@code worker_id}, {@code status}, …).
 *
 * <p>The annotator is {@code ASSIGNMENT:worker_id}. The task id is the column {@link
 * ExportOptions#taskField()} names ({@code INPUT:name}, or {@code name} for it), else {@code
 * ASSIGNMENT:task_id} when the file has it, else the only {@code INPUT:} column; with several
 * {@code INPUT:} columns and no {@code ASSIGNMENT:task_id} the choice is an error that lists them.
 * The answer is the {@code OUTPUT:} column {@link ExportOptions#answerField()} names, or the only
 * one. A value that is a JSON array of strings (a multiple choice), or a JSON object of booleans (a
 * checkbox group: the options set to {@code true}), becomes one label, sorted and joined with
 * {@code '|'}. Rows of {@code REJECTED} assignments are left out and counted. The non-empty {@code
 * GOLDEN:} value of the answer's output is the known label of that task ({@link
 * ExportAnswers#gold()}). Free texts ({@link #readTexts}) are the answer column's values as typed,
 * one per task and worker. Pairwise comparisons ({@link #readComparisons}) are one per row, between
 * two item columns.
 */
public final class TolokaReader {
  private TolokaReader() {}

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
    r.readAll(CsvRecords.ofText(name, in, delimiter(name, rules), rules));
    return r.answers.build("the Toloka results");
  }

  /** The delimiter: the rules' own, else comma for a {@code .csv} file and tab otherwise. */
  private static char delimiter(Path name, CsvFormat rules) {
    if (rules.delimiter() != 0) {
      return rules.delimiter();
    }
    String n = name.getFileName() == null ? "" : name.getFileName().toString();
    n = n.toLowerCase(Locale.ROOT);
    return n.endsWith(".csv") || n.endsWith(".csv.gz") ? ',' : '\t';
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
    r.readAll(CsvRecords.ofText(file, in, delimiter(file, rules), rules));
    return r.texts.build("the Toloka results", r.notes.lines());
  }

  /**
   * Reads the pairwise comparisons of {@code file}: one per row, between the items of the two
   * {@code INPUT:} columns {@link ExportOptions#itemFields()} names (by default the only two), the
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
    r.readAll(CsvRecords.ofText(file, in, delimiter(file, rules), rules));
    return r.pairs.build("the Toloka results", r.notes.lines());
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
    private int golden;

    Reading(Path file, CsvFormat rules, ExportOptions options) {
      super(file);
      this.rules = rules;
      this.options = options;
      this.answers = new Answers(file, rules);
    }

    @Override
    void layout(Columns h) throws CrowdFormatException {
      worker = h.require("ASSIGNMENT:worker_id", "the annotator");
      if (pairs != null) {
        items = h.pair("INPUT:", options.itemFields());
      } else if (options.taskField() != null) {
        task = h.choose("INPUT:", options.taskField(), "the task id", "--task-field");
      } else if (h.find("ASSIGNMENT:task_id") >= 0) {
        task = h.find("ASSIGNMENT:task_id");
      } else {
        task = h.choose("INPUT:", null, "the task id", "--task-field");
      }
      answer = h.choose("OUTPUT:", options.answerField(), "the answer", "--answer-field");
      status = h.find("ASSIGNMENT:status");
      String output = h.name(answer);
      golden =
          output.startsWith("OUTPUT:")
              ? h.find("GOLDEN:" + output.substring("OUTPUT:".length()))
              : -1;
      header = h;
    }

    @Override
    void row(long line, List<String> fields) throws CrowdFormatException {
      if (status >= 0 && fields.get(status).trim().equals("REJECTED")) {
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
      String l = label(line, header.name(answer), fields.get(answer));
      answers.add(t, w, l, line);
      if (golden >= 0 && !fields.get(golden).isBlank()) {
        String g = label(line, header.name(golden), fields.get(golden));
        answers.gold(file, line, header.name(golden), t, g);
      }
    }

    /**
     * A value; a JSON array of strings is a multiple choice, and so is a JSON object of booleans (a
     * checkbox group: the options set to {@code true}).
     */
    private String label(long line, String field, String raw) throws CrowdFormatException {
      String v = raw.trim();
      if (v.startsWith("[") && v.endsWith("]")) {
        return LabelSets.of(file, line, field, JsonInput.stringArray(file, line, field, v), rules);
      }
      if (v.startsWith("{") && v.endsWith("}")) {
        return LabelSets.of(file, line, field, JsonInput.checkedKeys(file, line, field, v), rules);
      }
      return StrictInput.id(file, line, field, raw, rules);
    }
  }
}
