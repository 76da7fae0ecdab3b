package org.crowd4j.segmentation;

/**
 * Aggregates the workers' masks of every image into one mask; fitting never changes the aggregator.
 * Images are independent: implementations run them in parallel, each with its own state, so results
 * do not depend on the thread count.
 */
public interface SegmentationAggregator {
  /** The method's name as in results and provenance. */
  String name();

  /** Aggregates {@code data}. */
  SegmentationResult fit(MaskAnswers data);
}
