package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicateAnswerException;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;

/**
 * The assembler of classes: the answers, known labels and counts of left-out answers of one export
 * as a reader finds them; {@link #build} checks that something was read and applies the duplicate
 * policy of the rules.
 */
final class Answers implements Assembler<String, ExportAnswers> {
  private final Path file;
  private final CsvFormat rules;
  private final CrowdDataset.Builder builder;
  private final Map<String, String> gold = new LinkedHashMap<>();
  private final Notes skipped = new Notes();

  Answers(Path file, CsvFormat rules) {
    this.file = file;
    this.rules = rules;
    this.builder = CrowdDataset.builder().duplicates(rules.duplicates());
  }

  /**
   * Adds an answer (the worker is dropped when the rules read anonymous answers) and the known
   * label the record carries.
   */
  @Override
  public void add(ExportRecord<String> r) throws CrowdFormatException {
    builder.add(r.task(), rules.workerColumn() == null ? null : r.worker(), r.answer(), r.line());
    if (r.gold() != null) {
      gold(r.file(), r.line(), r.goldField(), r.task(), r.gold());
    }
  }

  /** Records a known label; a task's labels must agree. */
  private void gold(Path where, long line, String field, String task, String label)
      throws CrowdFormatException {
    String before = gold.putIfAbsent(task, label);
    if (before != null && !before.equals(label)) {
      throw new CrowdFormatException(
          where,
          line,
          field,
          "task '" + task + "' has two known labels: '" + before + "' and '" + label + "'");
    }
  }

  @Override
  public void skip(String why, int n) {
    skipped.skip(why, n);
  }

  /** The answers read, or an error when there are none. */
  @Override
  public ExportAnswers build(String what) throws CrowdFormatException {
    List<String> notes = skipped.lines();
    if (builder.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no answers in " + what + (notes.isEmpty() ? "" : " (" + notes + ")"));
    }
    try {
      return new ExportAnswers(builder.build(), gold, notes);
    } catch (DuplicateAnswerException e) {
      throw new CrowdFormatException(file, e.duplicateLine(), "worker", e.getMessage());
    }
  }
}
