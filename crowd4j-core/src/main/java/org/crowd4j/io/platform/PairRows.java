package org.crowd4j.io.platform;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportRecord.Pair;
import org.crowd4j.pairwise.Comparisons;

/**
 * The assembler of pairwise comparisons, one per record (the worker dropped when the rules read
 * anonymous answers); {@link #judge} reads the judgement of a results table's row.
 */
final class PairRows implements Assembler<Pair, ExportData<Comparisons>> {
  private final Path file;
  private final CsvFormat rules;
  private final Notes.Style style;
  private final Notes notes = new Notes();
  private final Comparisons.Builder builder = Comparisons.builder();

  PairRows(Path file, CsvFormat rules, Notes.Style style) {
    this.file = file;
    this.rules = rules;
    this.style = style;
  }

  /**
   * The judgement of a row with two item columns and an answer that names the winner, by its value
   * or as {@code left} or {@code right} (any case); {@code field} names the answer's column and
   * {@code rightField} the right item's in messages.
   */
  static Pair judge(
      Path file,
      long line,
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
    return new Pair(left, right, leftWon);
  }

  @Override
  public void add(ExportRecord<Pair> r) {
    Pair p = r.answer();
    String w = rules.workerColumn() == null ? null : r.worker();
    builder.add(w, p.left(), p.right(), p.leftWon() ? p.left() : p.right());
  }

  @Override
  public void skip(String why, int n) {
    notes.skip(why, n);
  }

  @Override
  public ExportData<Comparisons> build(String what) throws CrowdFormatException {
    if (builder.size() == 0) {
      throw new CrowdFormatException(
          file, 0, null, "no comparisons in " + what + notes.after(style));
    }
    return new ExportData<>(builder.build(), notes.lines());
  }
}
