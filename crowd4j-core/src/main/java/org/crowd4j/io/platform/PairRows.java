package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.pairwise.Comparisons;

/**
 * The pairwise comparisons of a results table, one per row, as a reader finds them: two item
 * columns and an answer that names the winner, by its value or as {@code left} or {@code right}
 * (any case).
 */
final class PairRows {
  private final Path file;
  private final CsvFormat rules;
  private final Comparisons.Builder builder = Comparisons.builder();

  PairRows(Path file, CsvFormat rules) {
    this.file = file;
    this.rules = rules;
  }

  /**
   * Adds one comparison; {@code field} names the answer's column and {@code rightField} the right
   * item's in messages.
   */
  void add(
      long line,
      String worker,
      String left,
      String right,
      String answer,
      String field,
      String rightField)
      throws CrowdFormatException {
    if (left.equals(right)) {
      throw new CrowdFormatException(
          file,
          line,
          rightField,
          "field '"
              + rightField
              + "' repeats the left item '"
              + left
              + "' (an item cannot be compared with itself)");
    }
    boolean leftWon;
    if (answer.equals(left) || (!answer.equals(right) && answer.equalsIgnoreCase("left"))) {
      leftWon = true;
    } else if (answer.equals(right) || answer.equalsIgnoreCase("right")) {
      leftWon = false;
    } else {
      throw new CrowdFormatException(
          file,
          line,
          field,
          "field '"
              + field
              + "' is '"
              + answer
              + "', neither item ('"
              + left
              + "', '"
              + right
              + "') nor left or right (ties are not supported)");
    }
    String w = rules.workerColumn() == null ? null : worker;
    builder.add(w, left, right, leftWon ? left : right);
  }

  /** The comparisons read, or an error naming {@code what} and the notes when there are none. */
  ExportData<Comparisons> build(String what, List<String> notes) throws CrowdFormatException {
    if (builder.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no comparisons in " + what + (notes.isEmpty() ? "" : " " + notes));
    }
    return new ExportData<>(builder.build(), notes);
  }
}
