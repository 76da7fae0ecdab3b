package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.jfree.chart.JFreeChart;

/** Everything a section needs: the data, the runs, the page being written and the chart sink. */
final class ReportContext {
  final CrowdDataset data;
  final Gold gold;
  final List<MethodRun> runs;
  final MethodRun primary;
  final CrowdSummary summary;
  final ModelView model;
  final long seed;
  final Html html = new Html();
  final ChartSink charts;
  final List<String[]> nav = new ArrayList<>();

  ReportContext(
      CrowdDataset data,
      Gold gold,
      List<MethodRun> runs,
      ModelView model,
      ChartSink charts,
      long seed) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("at least one method run is needed");
    }
    this.data = data;
    this.gold = gold;
    this.runs = List.copyOf(runs);
    this.primary = runs.get(0);
    this.summary = new CrowdSummary(data, primary.result());
    this.model = model;
    this.charts = charts;
    this.seed = seed;
  }

  String[] labelNames() {
    return data.labels().names().toArray(String[]::new);
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
}
