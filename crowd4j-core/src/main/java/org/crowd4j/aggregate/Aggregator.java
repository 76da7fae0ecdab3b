package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;

/**
 * An answer-only aggregation method: configuration only, immutable and thread-safe; {@link
 * #fit(CrowdDataset, FitContext)} returns a new {@link AggregationResult} and never mutates the
 * aggregator.
 */
public interface Aggregator extends Method<CrowdDataset, Gold, AggregationResult> {
  @Override
  default AggregationResult fit(CrowdDataset data) {
    return fit(data, FitContext.none());
  }

  /**
   * Fits on {@code data}, using what {@code context} provides. A class that no answer and no gold
   * label uses can never be true: the method is fitted on the other classes and the result widened
   * back with prior and posterior 0 for it ({@link ObservedLabels}).
   */
  @Override
  default AggregationResult fit(CrowdDataset data, FitContext<Gold> context) {
    AggregationResult widened = ObservedLabels.fitIfUnobserved(this, data, context);
    return widened != null ? widened : fitObserved(data, context);
  }

  /**
   * Fits on {@code data} whose every class is answered or given as gold; called by {@link
   * #fit(CrowdDataset, FitContext)}.
   */
  AggregationResult fitObserved(CrowdDataset data, FitContext<Gold> context);
}
