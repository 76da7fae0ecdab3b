package org.crowd4j.cli.report;

import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;

/** Everything a section needs: the data, the runs, the page being written and the chart sink. */
final class ReportContext extends Page {
  final CrowdDataset data;
  final Gold gold;
  final List<MethodRun> runs;
  final MethodRun primary;
  final CrowdSummary summary;
  final ModelView model;
  final long seed;

  ReportContext(
      CrowdDataset data,
      Gold gold,
      List<MethodRun> runs,
      ModelView model,
      ChartSink charts,
      long seed) {
    super(charts);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("at least one method run is needed");
    }
    this.data = data;
    this.gold = gold;
    this.runs = List.copyOf(runs);
    this.primary = runs.get(0);
    this.summary = new CrowdSummary(data, primary.result());
    this.model = model;
    this.seed = seed;
  }

  String[] labelNames() {
    return data.labels().names().toArray(String[]::new);
  }
}
