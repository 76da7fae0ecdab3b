package org.crowd4j.numeric;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;

/**
 * Reads numeric answers from a long CSV/TSV file (optionally gzipped), one row per answer ({@code
 * task,worker,label} by default), and gold from one row per task ({@code task,label}). Ids follow
 * the strict rules of the record source, {@link CsvRecords}. Numbers follow {@link
 * org.crowd4j.io.Decimals} ({@code 12}, {@code -0.5}, {@code 3e-2}); {@code 1d}, {@code 0x1p3},
 * {@code NaN}, {@code Infinity}, an empty field and a number of magnitude above {@code 1e100}
 * (whose square would overflow a {@code double} in the methods and metrics) are errors naming file,
 * line and field; a gold file without values is an error too. Repeated (task, worker) answers are
 * kept; a task twice in a gold file is an error.
 */
public final class NumericReader {
  /** The largest magnitude of a value read; a larger one overflows the variances and errors. */
  public static final double MAX_MAGNITUDE = 1e100;

  private NumericReader() {}

  /**
   * Column names of an answers or gold file.
   *
   * @param task task id column
   * @param worker worker id column (not read from gold files)
   * @param value the number's column
   */
  public record Layout(String task, String worker, String value) {
    /** Validates. */
    public Layout {
      Objects.requireNonNull(task, "task");
      Objects.requireNonNull(worker, "worker");
      Objects.requireNonNull(value, "value");
    }

    /** {@code task,worker,label}, the layout of the shared datasets. */
    public static Layout defaults() {
      return new Layout("task", "worker", "label");
    }
  }

  /** Reads answers laid out as {@code layout} says, with the text rules of {@code rules}. */
  public static NumericAnswers read(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    NumericAnswers.Builder b = NumericAnswers.builder();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.task());
      int wc = t.column(layout.worker());
      int vc = t.column(layout.value());
      while (t.next()) {
        String task = t.id(tc);
        String worker = t.id(wc);
        b.add(task, worker, value(t, vc));
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no answers after the header");
    }
    return b.build();
  }

  /** Reads answers in the default layout and text rules. */
  public static NumericAnswers read(Path file) throws CrowdFormatException {
    return read(file, Layout.defaults(), CsvFormat.defaults());
  }

  /**
   * Reads gold: task id → known value, in file order, from the columns {@code layout.task()} and
   * {@code layout.value()}. Align it with {@link NumericGold#of}.
   */
  public static Map<String, Double> readGold(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, Double> out = new LinkedHashMap<>();
    Map<String, Long> lineOf = new HashMap<>();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.task());
      int vc = t.column(layout.value());
      while (t.next()) {
        String task = t.id(tc);
        double v = value(t, vc);
        Long before = lineOf.putIfAbsent(task, t.line());
        if (before != null) {
          throw t.error(
              layout.task(),
              "task '" + task + "' has a second gold value (first at line " + before + ")");
        }
        out.put(task, v);
      }
    }
    if (out.isEmpty()) {
      throw new CrowdFormatException(file, 0, layout.value(), "no gold values after the header");
    }
    return out;
  }

  /**
   * The number in column {@code col}: a decimal of magnitude at most {@link #MAX_MAGNITUDE}, whose
   * squares and sums stay finite in every method and metric.
   */
  private static double value(CsvRecords t, int col) throws CrowdFormatException {
    double v = t.decimal(col);
    if (Math.abs(v) > MAX_MAGNITUDE) {
      String field = t.headerFields().get(col);
      throw t.error(
          field, "field '" + field + "' holds " + v + ", beyond the range read (-1e100 to 1e100)");
    }
    return v;
  }

  /** Reads gold in the default layout and text rules. */
  public static Map<String, Double> readGold(Path file) throws CrowdFormatException {
    return readGold(file, Layout.defaults(), CsvFormat.defaults());
  }
}
