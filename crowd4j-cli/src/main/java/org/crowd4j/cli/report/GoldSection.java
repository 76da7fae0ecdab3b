package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.Gold;

/** With gold labels: accuracy per method side by side and a reliability diagram. */
final class GoldSection {
  /** Confidence bins of the reliability diagram. */
  static final int BINS = 10;

  private GoldSection() {}

  static void write(ReportContext ctx) throws IOException {
    Gold gold = ctx.gold;
    ctx.beginSection("gold", "Accuracy against gold");
    List<String> names = new ArrayList<>();
    double[] acc = new double[ctx.runs.size()];
    List<double[][]> curves = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    for (int m = 0; m < ctx.runs.size(); m++) {
      MethodRun r = ctx.runs.get(m);
      names.add(r.name());
      acc[m] = gold.accuracy(r.result().labels());
      double[][] curve = reliability(r.result(), gold, BINS);
      curves.add(curve);
      rows.add(
          List.of(
              r.name(),
              Html.num(acc[m], 4),
              Html.num(expectedCalibrationError(r.result(), gold, BINS), 4)));
    }
    ctx.chart(
        "accuracy-per-method",
        Charts.bars(
            "Accuracy on " + gold.count() + " gold tasks",
            names,
            acc,
            "accuracy",
            null,
            null,
            false),
        Math.min(900, 300 + 90 * names.size()),
        320,
        "Share of gold tasks whose aggregated label equals the gold label, per method.");
    ctx.chart(
        "calibration",
        Charts.reliability("Reliability diagram", names, curves),
        620,
        480,
        "Per bin of confidence (the posterior of the chosen label, "
            + BINS
            + " equal bins), the share of gold tasks labelled correctly against the mean"
            + " confidence; points under the diagonal are over-confident.");
    ctx.html.table(List.of("method", "accuracy", "expected calibration error"), rows);
    ctx.endSection();
  }

  /** Points (mean confidence, accuracy) of the non-empty bins, gold tasks only. */
  static double[][] reliability(AggregationResult r, Gold gold, int bins) {
    double[] conf = new double[bins];
    double[] hits = new double[bins];
    int[] n = new int[bins];
    fill(r, gold, bins, conf, hits, n);
    List<double[]> pts = new ArrayList<>();
    for (int b = 0; b < bins; b++) {
      if (n[b] > 0) {
        pts.add(new double[] {conf[b] / n[b], hits[b] / n[b]});
      }
    }
    return pts.toArray(double[][]::new);
  }

  /** Σ_bins (n_b / n) |accuracy_b − confidence_b| over gold tasks; NaN without gold tasks. */
  static double expectedCalibrationError(AggregationResult r, Gold gold, int bins) {
    double[] conf = new double[bins];
    double[] hits = new double[bins];
    int[] n = new int[bins];
    fill(r, gold, bins, conf, hits, n);
    int total = 0;
    double e = 0;
    for (int b = 0; b < bins; b++) {
      total += n[b];
      e += Math.abs(hits[b] - conf[b]);
    }
    return total == 0 ? Double.NaN : e / total;
  }

  private static void fill(
      AggregationResult r, Gold gold, int bins, double[] conf, double[] hits, int[] n) {
    for (int i = 0; i < r.numTasks(); i++) {
      if (!gold.hasKnown(i)) {
        continue;
      }
      int l = r.label(i);
      double c = r.posterior(i, l);
      int b = Math.min(bins - 1, (int) (c * bins));
      conf[b] += c;
      hits[b] += l == gold.label(i) ? 1 : 0;
      n[b]++;
    }
  }
}
