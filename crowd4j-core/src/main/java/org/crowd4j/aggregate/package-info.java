/**
 * Aggregation of single-label answers: every answer-only method (majority votes, Dawid–Skene and
 * its one-coin and MAP variants, GLAD, MACE, KOS, M-MSR, MMCE, IBCC, the crowd mixture and the
 * common confusion EM, ...), their options records and registry ({@link
 * org.crowd4j.aggregate.Methods}), the fitted result ({@link
 * org.crowd4j.aggregate.AggregationResult}) with its annotator model and diagnostics, and {@code
 * --method auto} ({@link org.crowd4j.aggregate.Auto}).
 */
package org.crowd4j.aggregate;
