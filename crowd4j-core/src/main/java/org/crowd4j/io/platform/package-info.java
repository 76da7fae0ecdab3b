/**
 * The labelling platforms' own exports read as answers: Label Studio JSON, Toloka results TSV,
 * Amazon Mechanical Turk batch results CSV and SageMaker Ground Truth manifests with their worker
 * responses, each into the same dataset as the long format ({@link
 * org.crowd4j.io.platform.ExportReader}); Label Studio's pairwise, textarea and brush results and
 * Toloka's and MTurk's free-text answers into comparisons, texts and masks.
 */
package org.crowd4j.io.platform;
