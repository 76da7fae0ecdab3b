package org.crowd4j.cli.report;

import java.nio.file.Path;

/**
 * Where a report goes.
 *
 * @param out the HTML file
 * @param title page title (e.g. the answers file's name)
 * @param chartFormat {@code "png"} or {@code "svg"} to also write each chart as a file, or {@code
 *     null}
 * @param chartsDir folder of the chart files ({@code null}: beside the report)
 */
public record ReportTarget(Path out, String title, String chartFormat, Path chartsDir) {}
