package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.StrictInput;

/**
 * The label of an answer with one or more choices: a single choice as it is, several as the sorted
 * set of distinct choices joined with {@code '|'} ({@code cat|dog}), so that the same choices give
 * the same label whatever their order, and a multi-label reader can split it again.
 */
final class LabelSets {
  /** The separator of the choices in a label. */
  static final char SEPARATOR = '|';

  private LabelSets() {}

  /** The label of {@code choices} (each checked as an id; none may hold the separator). */
  static String of(Path file, long line, String field, List<String> choices, CsvFormat rules)
      throws CrowdFormatException {
    if (choices.isEmpty()) {
      throw new CrowdFormatException(file, line, field, "field '" + field + "' has no choice");
    }
    if (choices.size() == 1) {
      String v = StrictInput.id(file, line, field, choices.get(0), rules);
      if (v.indexOf(SEPARATOR) >= 0) {
        // it would read as the answer that chose the parts, each on its own
        throw new CrowdFormatException(
            file,
            line,
            field,
            "field '" + field + "' has a choice that holds '|', which joins choices: '" + v + "'");
      }
      return v;
    }
    TreeSet<String> set = new TreeSet<>();
    for (String c : choices) {
      String v = StrictInput.id(file, line, field, c, rules);
      if (v.indexOf(SEPARATOR) >= 0) {
        throw new CrowdFormatException(
            file,
            line,
            field,
            "field '"
                + field
                + "' has several choices and one of them holds '|', which joins them: '"
                + v
                + "'");
      }
      set.add(v);
    }
    return String.join(String.valueOf(SEPARATOR), set);
  }

  /**
   * A label typed in one field: choices already joined with {@code '|'} are sorted the same way.
   */
  static String ofJoined(Path file, long line, String field, String raw, CsvFormat rules)
      throws CrowdFormatException {
    String v = StrictInput.id(file, line, field, raw, rules);
    if (v.indexOf(SEPARATOR) < 0) {
      return v;
    }
    return of(file, line, field, List.of(v.split("\\|", -1)), rules);
  }
}
