package org.crowd4j.io.platform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counts of answers an export reader left out, by reason, as notes for the reader's caller. */
final class Notes {
  private final Map<String, Integer> skipped = new LinkedHashMap<>();

  /** Counts {@code n} answers left out for the reason {@code why}. */
  void skip(String why, int n) {
    if (n > 0) {
      skipped.merge(why, n, Integer::sum);
    }
  }

  /** One line per reason, e.g. {@code 2 rejected assignment(s) skipped}. */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    skipped.forEach((why, n) -> out.add(n + " " + why + " skipped"));
    return out;
  }

  /**
   * The notes as the end of a "nothing read" message: a space and the list, which {@code style}
   * gives even when empty (a Label Studio export's way), others only when there are notes.
   */
  String after(Style style) {
    List<String> lines = lines();
    return style.listAlways || !lines.isEmpty() ? " " + lines : "";
  }

  /** How an export's messages name its annotators and their notes. */
  enum Style {
    /** Label Studio's annotations. */
    ANNOTATIONS("annotator", "annotated", true),
    /** The rows of a results table, the answers of a worker response. */
    ROWS("worker", "answered", false);

    final String annotator;
    final String answered;
    final boolean listAlways;

    Style(String annotator, String answered, boolean listAlways) {
      this.annotator = annotator;
      this.answered = answered;
      this.listAlways = listAlways;
    }
  }
}
