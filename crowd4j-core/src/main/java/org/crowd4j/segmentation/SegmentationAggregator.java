package org.crowd4j.segmentation;

import org.crowd4j.method.Method;

/**
 * Aggregates the workers' masks of every image into one mask; fitting never changes the aggregator.
 * Images are independent: implementations run them in parallel, each with its own state, so results
 * do not depend on the thread count. There is no gold for masks ({@code Void}); the listener hears
 * of every finished image.
 */
public interface SegmentationAggregator extends Method<MaskAnswers, Void, SegmentationResult> {}
