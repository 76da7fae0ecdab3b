/**
 * The self-contained HTML reports of {@code crowd4j report} — on classification answers ({@link
 * org.crowd4j.cli.report.Report}), pairwise comparisons, free texts and segmentation masks — and
 * the chart files of {@code report} and {@code plot}.
 */
package org.crowd4j.cli.report;
