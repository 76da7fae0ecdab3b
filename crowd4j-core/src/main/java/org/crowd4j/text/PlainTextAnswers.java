package org.crowd4j.text;

import java.nio.file.Path;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.PlainCsvColumns;

/**
 * The fast path of {@link TextReader} for answers without embeddings: a file that needs none of the
 * strict reader's care, read by {@link PlainCsvColumns} (the text column as free text), each
 * distinct task and worker id made a string once and each text made one string.
 *
 * <p>A file is plain when it is uncompressed; holds no quote and no control character other than
 * the delimiter and line ends (LF or CRLF); has its header (ASCII) on the first line, after an
 * optional byte order mark, naming the task, worker and text columns, each a different one; has no
 * blank line before a record; has every record as wide as the header; has bytes above ASCII only in
 * the id and text columns, there valid UTF-8 without C1 controls or line and paragraph separators;
 * has ids that are non-empty with no surrounding blanks; and no worker answering a task twice. The
 * strict reader returns the same answers from such a file; on any other file {@link #read} returns
 * {@code null} and the caller reads it strictly, which also words every error.
 */
final class PlainTextAnswers {
  private PlainTextAnswers() {}

  /**
   * The answers of {@code file} (columns {@code task}, {@code worker}, {@code text}, split at
   * {@code delimiter}), or {@code null} when the file is not plain or cannot be read (the strict
   * reader then words the problem).
   */
  static TextAnswers read(Path file, char delimiter, String task, String worker, String text) {
    PlainCsvColumns.Table t;
    try {
      t =
          PlainCsvColumns.read(
              file,
              delimiter,
              new String[] {task, worker, text},
              new int[] {0, 1, PlainCsvColumns.TEXT},
              null);
    } catch (CrowdFormatException e) {
      return null;
    }
    if (t == null) {
      return null;
    }
    TextAnswers data =
        TextAnswers.encoded(
            Vocabulary.of(t.names()[0]),
            Vocabulary.of(t.names()[1]),
            t.codes()[0],
            t.codes()[1],
            t.texts()[2]);
    return hasRepeatedAnswer(data) ? null : data;
  }

  /** Whether some worker answered some task twice (the strict reader then words the error). */
  private static boolean hasRepeatedAnswer(TextAnswers data) {
    int[] seen = new int[data.workers().size()];
    for (int t = 0; t < data.tasks().size(); t++) {
      for (int p = data.taskStart(t); p < data.taskEnd(t); p++) {
        int w = data.worker(data.answerAt(p));
        if (seen[w] == t + 1) {
          return true;
        }
        seen[w] = t + 1;
      }
    }
    return false;
  }
}
