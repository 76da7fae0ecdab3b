/**
 * The self-contained HTML report and the chart files of {@code crowd4j report} and {@code plot}.
 */
package org.crowd4j.cli.report;
