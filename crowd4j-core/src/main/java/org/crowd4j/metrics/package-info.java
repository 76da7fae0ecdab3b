/**
 * Measures of labels and annotator models: accuracy and per-class scores against gold, ROC AUC,
 * confusion recovery errors, agreement between methods and the Jensen–Shannon divergence.
 */
package org.crowd4j.metrics;
