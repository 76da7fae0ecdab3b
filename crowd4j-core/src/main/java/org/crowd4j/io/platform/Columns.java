package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;

/** The header of a results table: column names (trimmed) and the choice among prefixed columns. */
final class Columns {
  private final Path file;
  private final long line;
  private final List<String> names = new ArrayList<>();

  Columns(Path file, long line, List<String> header) {
    this.file = file;
    this.line = line;
    for (String h : header) {
      names.add(h.trim());
    }
  }

  int size() {
    return names.size();
  }

  String name(int col) {
    return names.get(col);
  }

  /** The column called {@code name}, or -1. */
  int find(String name) {
    return names.indexOf(name);
  }

  /** The column called {@code name}, or an error naming {@code what} it is for. */
  int require(String name, String what) throws CrowdFormatException {
    int c = find(name);
    if (c < 0) {
      throw new CrowdFormatException(
          file,
          line,
          name,
          "missing column '" + name + "' (" + what + "); the header has " + names);
    }
    return c;
  }

  /** The columns whose names start with {@code prefix}. */
  List<String> withPrefix(String prefix) {
    List<String> out = new ArrayList<>();
    for (String n : names) {
      if (n.startsWith(prefix) && n.length() > prefix.length()) {
        out.add(n);
      }
    }
    return out;
  }

  /**
   * The column {@code chosen} names ({@code prefix + chosen} or {@code chosen} itself), or, when
   * {@code chosen} is {@code null}, the only column with {@code prefix}; an error lists the
   * candidates when there are none or several.
   */
  int choose(String prefix, String chosen, String what, String option) throws CrowdFormatException {
    List<String> candidates = withPrefix(prefix);
    if (chosen != null) {
      int c = find(prefix + chosen);
      if (c < 0) {
        c = find(chosen);
      }
      if (c < 0) {
        throw new CrowdFormatException(
            file,
            line,
            chosen,
            "no column '"
                + chosen
                + "' or '"
                + prefix
                + chosen
                + "' for "
                + what
                + "; the "
                + prefix
                + "* columns are "
                + candidates);
      }
      return c;
    }
    if (candidates.size() == 1) {
      return find(candidates.get(0));
    }
    throw new CrowdFormatException(
        file,
        line,
        prefix + "*",
        (candidates.isEmpty()
                ? "no " + prefix + "* column for " + what + "; the header has " + names
                : "several " + prefix + "* columns " + candidates + " could hold " + what)
            + "; choose one with "
            + option);
  }

  /**
   * The columns of the two items of a pairwise comparison: those {@code chosen} names (as {@link
   * #choose} finds each), or, when {@code chosen} is {@code null}, the only two columns with {@code
   * prefix}; an error lists the candidates otherwise.
   */
  int[] pair(String prefix, List<String> chosen) throws CrowdFormatException {
    if (chosen != null) {
      return new int[] {
        choose(prefix, chosen.get(0), "the left item", "--item-fields"),
        choose(prefix, chosen.get(1), "the right item", "--item-fields")
      };
    }
    List<String> candidates = withPrefix(prefix);
    if (candidates.size() != 2) {
      throw new CrowdFormatException(
          file,
          line,
          prefix + "*",
          "the items of a comparison are two "
              + prefix
              + "* columns, the header has "
              + candidates
              + "; choose them with --item-fields LEFT,RIGHT");
    }
    return new int[] {find(candidates.get(0)), find(candidates.get(1))};
  }
}
