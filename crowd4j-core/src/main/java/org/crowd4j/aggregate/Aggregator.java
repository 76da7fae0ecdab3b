package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;

/**
 * An answer-only aggregation method: configuration only, immutable and thread-safe; {@link
 * #fit(CrowdDataset, FitContext)} returns a new {@link AggregationResult} and never mutates the
 * aggregator.
 */
public interface Aggregator {
  /** Short method name, as used on the command line. */
  String name();

  /** Fits on {@code data} with no gold and no listener. */
  default AggregationResult fit(CrowdDataset data) {
    return fit(data, FitContext.DEFAULT);
  }

  /** Fits on {@code data}, using what {@code context} provides. */
  AggregationResult fit(CrowdDataset data, FitContext context);
}
