package org.crowd4j.multilabel;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.StrictInput;

/**
 * Reads multi-label answers and gold from CSV/TSV (optionally gzipped) in either layout: one row
 * per (task, worker) whose label field holds the tags joined with a separator ({@code cat|dog}; an
 * empty field is the empty set, "none of these"), or one row per (task, worker, tag). Rows of the
 * same (task, worker), or of the same task in a gold file, are united. The file is read through the
 * record source, {@link CsvRecords}, under its strict rules; every error names the file, line and
 * field.
 */
public final class MultiLabelReader {
  /**
   * The columns of an answers or gold file.
   *
   * @param taskColumn header of the task ids
   * @param workerColumn header of the worker ids (ignored for gold)
   * @param labelColumn header of the tags
   * @param separator the character between the tags of one field
   */
  public record Layout(String taskColumn, String workerColumn, String labelColumn, char separator) {
    /** The defaults: {@code task}, {@code worker}, {@code label}, {@code '|'}. */
    public static Layout defaults() {
      return new Layout("task", "worker", "label", '|');
    }
  }

  private MultiLabelReader() {}

  /** Reads the answers; {@code extraTags} (e.g. the gold's) become tags too. */
  public static TagAnswers readAnswers(
      Path file, Layout layout, CsvFormat rules, Collection<String> extraTags)
      throws CrowdFormatException {
    TagAnswers.Builder b = TagAnswers.builder();
    extraTags.forEach(b::declareTag);
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.taskColumn());
      int wc = t.column(layout.workerColumn());
      int lc = t.column(layout.labelColumn());
      while (t.next()) {
        String task = t.id(tc);
        String worker = t.id(wc);
        b.add(task, worker, tags(t, lc, layout, rules));
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "the file holds no answers");
    }
    return b.build();
  }

  /** Reads gold: task → its tag set (rows of one task united). */
  public static Map<String, Set<String>> readGold(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.taskColumn());
      int lc = t.column(layout.labelColumn());
      while (t.next()) {
        String task = t.id(tc);
        out.computeIfAbsent(task, k -> new TreeSet<>()).addAll(tags(t, lc, layout, rules));
      }
    }
    return out;
  }

  /** Every tag named in a gold map, sorted. */
  public static Set<String> tagsOf(Map<String, Set<String>> gold) {
    Set<String> out = new TreeSet<>();
    gold.values().forEach(out::addAll);
    return out;
  }

  private static List<String> tags(CsvRecords t, int col, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    String raw = t.text(col);
    if (raw.isBlank()) {
      return List.of();
    }
    String field = t.name(col);
    List<String> out = new ArrayList<>(4);
    int from = 0;
    char sep = layout.separator();
    while (true) {
      int to = raw.indexOf(sep, from);
      String part = raw.substring(from, to < 0 ? raw.length() : to);
      if (part.isBlank()) {
        throw t.error(
            field,
            "field '"
                + field
                + "' holds an empty tag between the separators '"
                + sep
                + "': '"
                + raw
                + "'");
      }
      out.add(StrictInput.id(t.file(), t.line(), field, part, rules));
      if (to < 0) {
        return out;
      }
      from = to + 1;
    }
  }
}
