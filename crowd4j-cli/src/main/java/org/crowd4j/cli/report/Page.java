package org.crowd4j.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.method.Diagnostics;
import org.jfree.chart.JFreeChart;

/**
 * A report page being built: its sections' HTML, the navigation bar and the chart sink; written as
 * one self-contained file through a temporary sibling moved into place.
 */
class Page {
  final Html html = new Html();
  final ChartSink charts;
  final List<String[]> nav = new ArrayList<>();

  Page(ChartSink charts) {
    this.charts = charts;
  }

  /** A page whose chart files, if {@code target} asks for them, go beside the report. */
  static Page of(ReportTarget target) {
    return new Page(sink(target.out(), target.chartFormat(), target.chartsDir()));
  }

  /** The chart sink of a report written to {@code out}. */
  static ChartSink sink(Path out, String format, Path chartsDir) {
    ChartSink.Format f = null;
    if (format != null) {
      try {
        f = ChartSink.Format.valueOf(format.toLowerCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("format must be png or svg: '" + format + "'", e);
      }
    }
    Path abs = out.toAbsolutePath();
    String stem = abs.getFileName().toString().replaceFirst("\\.html?$", "");
    return new ChartSink(f, chartsDir != null ? chartsDir : abs.getParent(), stem);
  }

  void beginSection(String id, String title) {
    nav.add(new String[] {id, title});
    html.open("<section>");
    html.h2(id, title);
  }

  void endSection() {
    html.open("</section>");
  }

  void chart(String id, JFreeChart chart, int width, int height, String caption)
      throws IOException {
    html.figure("chart-" + id, charts.render(id, chart, width, height), width, height, caption);
  }

  /** How the last objective value is labelled in {@link #diagnostics}. */
  enum ObjectiveLabel {
    /** The objective's name heads its column. */
    HEADER,
    /** The column is "objective"; the cell holds the name and the value. */
    CELL
  }

  /**
   * The "Diagnostics" section of one fit: the method, its iterations, convergence, stop reason and
   * last objective value, then {@code extra} columns (header, cell), the fit time and {@code
   * notes}.
   */
  void diagnostics(
      Diagnostics d,
      String method,
      double seconds,
      ObjectiveLabel label,
      List<String[]> extra,
      List<String> notes) {
    double[] h = d.objective();
    String last = h.length == 0 ? "n/a" : Html.num(h[h.length - 1], 6);
    List<String> header =
        new ArrayList<>(List.of("method", "iterations", "converged", "stop reason"));
    List<String> row =
        new ArrayList<>(
            List.of(
                method,
                Integer.toString(d.iterations()),
                Boolean.toString(d.converged()),
                d.stopReason()));
    if (label == ObjectiveLabel.HEADER) {
      header.add(d.objectiveName());
      row.add(last);
    } else {
      header.add("objective");
      row.add(h.length == 0 ? last : d.objectiveName() + " " + last);
    }
    for (String[] column : extra) {
      header.add(column[0]);
      row.add(column[1]);
    }
    header.add("fit time (s)");
    row.add(Html.num(seconds, 2));
    beginSection("diagnostics", "Diagnostics");
    html.table(header, List.of(row));
    for (String note : notes) {
      html.note(note);
    }
    endSection();
  }

  /** The whole page with its navigation bar. */
  String render(String title) {
    StringBuilder bar = new StringBuilder();
    for (String[] s : nav) {
      bar.append("<a href=\"#").append(Html.escape(s[0])).append("\">");
      bar.append(Html.escape(s[1])).append("</a>");
    }
    return Html.page(title, bar.toString(), html.toString());
  }

  /** Writes the page atomically; {@code t0} is when building it began ({@link System#nanoTime}). */
  Report.Written write(Path out, String title, long t0) throws IOException {
    String page = render(title);
    AtomicFiles.write(out, o -> o.write(page.getBytes(StandardCharsets.UTF_8)));
    return new Report.Written(out, charts.count(), charts.files(), (System.nanoTime() - t0) / 1e9);
  }
}
