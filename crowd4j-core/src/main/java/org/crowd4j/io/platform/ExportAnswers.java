package org.crowd4j.io.platform;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.data.CrowdDataset;

/**
 * What a platform's export holds: the answers, the known labels it carries (Toloka's {@code
 * GOLDEN:} columns; task → label, in file order, empty when none) and notes on what was left out
 * and why (rejected assignments, cancelled annotations).
 *
 * @param data the answers
 * @param gold known labels of control tasks, task id → label
 * @param notes one line per kind of answer left out, e.g. {@code 2 rejected assignment(s) skipped}
 */
public record ExportAnswers(CrowdDataset data, Map<String, String> gold, List<String> notes) {
  /** Validates and copies. */
  public ExportAnswers {
    Objects.requireNonNull(data, "data");
    gold = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(gold));
    notes = List.copyOf(notes);
  }
}
