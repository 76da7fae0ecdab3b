package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;
import org.crowd4j.text.TextAnswers;

/** The free texts of a results table, one per task and worker, as a reader finds them. */
final class TextRows {
  private final Path file;
  private final CsvFormat rules;
  private final TextAnswers.Builder builder = TextAnswers.builder();
  private final Map<String, Long> seen = new HashMap<>();

  TextRows(Path file, CsvFormat rules) {
    this.file = file;
    this.rules = rules;
  }

  /**
   * Adds a text (of the column {@code field}, checked as {@link StrictInput#text} checks it); a
   * second text of one worker to one task is an error naming both lines.
   */
  void add(String task, String worker, String text, long line, String field, String workerField)
      throws CrowdFormatException {
    StrictInput.text(file, line, field, text, rules);
    Long before = seen.putIfAbsent(task + '\u0000' + worker, line);
    if (before != null) {
      throw new CrowdFormatException(
          file,
          line,
          workerField,
          "worker '"
              + worker
              + "' answered task '"
              + task
              + "' again (first at line "
              + before
              + ")");
    }
    builder.add(task, worker, text);
  }

  /** The texts read, or an error naming {@code what} and the notes when there are none. */
  ExportData<TextAnswers> build(String what, List<String> notes) throws CrowdFormatException {
    if (builder.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no texts in " + what + (notes.isEmpty() ? "" : " " + notes));
    }
    return new ExportData<>(builder.build(), notes);
  }
}
