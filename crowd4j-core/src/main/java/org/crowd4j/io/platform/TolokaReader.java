package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.Locale;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;

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
 * ExportAnswers#gold()}). Free texts ({@link ExportReader#readTexts}) are the answer column's
 * values as typed, one per task and worker. Pairwise comparisons ({@link
 * ExportReader#readComparisons}) are one per row, between two item columns. This class says where
 * each is; {@link ResultsTable} reads the rows into records.
 */
final class TolokaReader implements ResultsTable.Platform {
  private static final java.util.Set<String> STATUSES =
      java.util.Set.of(
          "SUBMITTED", "ACCEPTED", "APPROVED", "REJECTED", "SKIPPED", "EXPIRED", "ACTIVE");

  /** The one instance. */
  static final TolokaReader TOLOKA = new TolokaReader();

  private TolokaReader() {}

  @Override
  public String what() {
    return "the Toloka results";
  }

  /** The delimiter: the rules' own, else comma for a {@code .csv} file and tab otherwise. */
  @Override
  public char delimiter(Path name, CsvFormat rules) {
    if (rules.delimiter() != 0) {
      return rules.delimiter();
    }
    String n = name.getFileName() == null ? "" : name.getFileName().toString();
    n = n.toLowerCase(Locale.ROOT);
    return n.endsWith(".csv") || n.endsWith(".csv.gz") ? ',' : '\t';
  }

  @Override
  public String workerColumn() {
    return "ASSIGNMENT:worker_id";
  }

  @Override
  public String inputPrefix() {
    return "INPUT:";
  }

  @Override
  public String answerPrefix() {
    return "OUTPUT:";
  }

  @Override
  public String statusColumn() {
    return "ASSIGNMENT:status";
  }

  @Override
  public java.util.Set<String> statuses() {
    return STATUSES;
  }

  @Override
  public String rejected() {
    return "REJECTED";
  }

  @Override
  public int task(Columns h, ExportOptions options) throws CrowdFormatException {
    if (options.taskField() != null) {
      return h.choose("INPUT:", options.taskField(), "the task id", "--task-field");
    } else if (h.find("ASSIGNMENT:task_id") >= 0) {
      return h.find("ASSIGNMENT:task_id");
    }
    return h.choose("INPUT:", null, "the task id", "--task-field");
  }

  @Override
  public int golden(Columns h, String output) {
    return output.startsWith("OUTPUT:")
        ? h.find("GOLDEN:" + output.substring("OUTPUT:".length()))
        : -1;
  }

  /**
   * A value; a JSON array of strings is a multiple choice, and so is a JSON object of booleans (a
   * checkbox group: the options set to {@code true}).
   */
  @Override
  public String label(Path file, long line, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    String v = raw.trim();
    if (v.startsWith("[")) { // a JSON array, whole: a malformed one is an error, not a label
      return LabelSets.of(file, line, field, JsonInput.stringArray(file, line, field, v), rules);
    }
    if (v.startsWith("{")) {
      return LabelSets.of(file, line, field, JsonInput.checkedKeys(file, line, field, v), rules);
    }
    return StrictInput.id(file, line, field, raw, rules);
  }
}
