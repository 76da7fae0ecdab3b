package org.crowd4j.io.platform;

import java.util.List;
import java.util.Objects;

/**
 * What a platform's export holds of one kind of answers other than classes (pairwise comparisons,
 * free texts, masks), with notes on what was left out and why.
 *
 * @param data the answers
 * @param notes one line per kind of answer left out, e.g. {@code 1 cancelled annotation(s) skipped}
 * @param <T> the answers' type
 */
public record ExportData<T>(T data, List<String> notes) {
  /** Validates and copies. */
  public ExportData {
    Objects.requireNonNull(data, "data");
    notes = List.copyOf(notes);
  }
}
