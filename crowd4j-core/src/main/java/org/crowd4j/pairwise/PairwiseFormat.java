package org.crowd4j.pairwise;

import java.util.Objects;
import org.crowd4j.io.CsvFormat;

/**
 * How a pairwise comparisons file is laid out: the header names of the worker ({@code null} for
 * anonymous comparisons), left item, right item and label (winner) columns, and the text rules
 * (delimiter, quotes, control characters) of a {@link CsvFormat}. Other columns (crowd-kit's {@code
 * task}) are ignored.
 *
 * @param workerColumn header of the worker column, or {@code null}
 * @param leftColumn header of the left item column
 * @param rightColumn header of the right item column
 * @param labelColumn header of the winner column
 * @param rules delimiter (0 = by extension) and text rules
 */
public record PairwiseFormat(
    String workerColumn,
    String leftColumn,
    String rightColumn,
    String labelColumn,
    CsvFormat rules) {
  /** Validates. */
  public PairwiseFormat {
    Objects.requireNonNull(leftColumn, "leftColumn");
    Objects.requireNonNull(rightColumn, "rightColumn");
    Objects.requireNonNull(labelColumn, "labelColumn");
    Objects.requireNonNull(rules, "rules");
  }

  /** {@code worker,left,right,label}, delimiter by extension, strict text. */
  public static PairwiseFormat defaults() {
    return new PairwiseFormat("worker", "left", "right", "label", CsvFormat.defaults());
  }
}
