package org.crowd4j.io.platform;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;

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
 * Rejected} assignments are left out and counted. Free texts ({@link ExportReader#readTexts}) are
 * the answer column's values as typed, one per task and worker. Pairwise comparisons ({@link
 * ExportReader#readComparisons}) are one per row, between two item columns.
 */
final class MturkReader implements ResultsTable.Platform {
  private static final java.util.Set<String> STATUSES =
      java.util.Set.of("Submitted", "Approved", "Rejected");

  /** The one instance. */
  static final MturkReader MTURK = new MturkReader();

  private MturkReader() {}

  @Override
  public String what() {
    return "the batch results";
  }

  @Override
  public char delimiter(Path file, CsvFormat rules) {
    return rules.delimiterFor(file);
  }

  @Override
  public String workerColumn() {
    return "WorkerId";
  }

  @Override
  public String inputPrefix() {
    return "Input.";
  }

  @Override
  public String answerPrefix() {
    return "Answer.";
  }

  @Override
  public String statusColumn() {
    return "AssignmentStatus";
  }

  @Override
  public java.util.Set<String> statuses() {
    return STATUSES;
  }

  @Override
  public String rejected() {
    return "Rejected";
  }

  @Override
  public int task(Columns h, ExportOptions options) throws CrowdFormatException {
    return options.taskField() == null
        ? h.require("HITId", "the task id")
        : h.choose("Input.", options.taskField(), "the task id", "--task-field");
  }

  @Override
  public int golden(Columns h, String answer) {
    return -1;
  }

  /**
   * A value: a JSON array of strings (the {@code labels} of a multi-select classifier) or one or
   * more choices joined with {@code '|'}.
   */
  @Override
  public String label(Path file, long line, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    String v = raw.trim();
    if (v.startsWith("[")) { // a JSON array, whole: a malformed one is an error, not a label
      return LabelSets.of(file, line, field, JsonInput.stringArray(file, line, field, v), rules);
    }
    return LabelSets.ofJoined(file, line, field, raw, rules);
  }
}
