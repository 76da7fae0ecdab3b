package org.crowd4j.cli.report;

import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;

/**
 * One aggregation method run on the full data.
 *
 * @param name command-line name of the method
 * @param aggregator the configured aggregator (immutable, reused for the redundancy sweep)
 * @param result its result on the full data
 * @param seconds time of the fit
 */
public record MethodRun(
    String name, Aggregator aggregator, AggregationResult result, double seconds) {}
