package org.crowd4j.cli.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;

/**
 * The annotator-quality report: one self-contained HTML file (charts embedded as PNG, no script, a
 * content security policy that forbids loading anything) with the sections overview, methods
 * without gold (agreement, consistency, a gold-free choice's candidate scores), annotators,
 * classes, items, annotator map (when a model with embeddings is given), accuracy against gold
 * (when gold is given) and redundancy.
 */
public final class Report {
  private Report() {}

  /**
   * What was written.
   *
   * @param report the HTML file
   * @param charts number of charts in it
   * @param chartFiles separate chart files written ({@code --chart-format})
   * @param seconds time to build and write the report
   */
  public record Written(Path report, int charts, List<Path> chartFiles, double seconds) {}

  /** Fits {@code aggregator} on {@code data} and times it. */
  public static MethodRun fit(String name, Aggregator aggregator, CrowdDataset data) {
    long t0 = System.nanoTime();
    AggregationResult r = aggregator.fit(data, FitContext.none());
    return new MethodRun(name, aggregator, r, (System.nanoTime() - t0) / 1e9);
  }

  /**
   * Builds and writes the report atomically.
   *
   * @param out the HTML file
   * @param title page title (e.g. the answers file's name)
   * @param data the answers
   * @param gold gold labels, or {@code null}
   * @param runs aggregation runs, the first one is the reference for posteriors and skills
   * @param model a trained network's annotator view, or {@code null}
   * @param format {@code "png"} or {@code "svg"} to also write each chart as a file, or {@code
   *     null}
   * @param chartsDir folder of the chart files ({@code null}: beside the report)
   * @param seed seed of the subsampling and of the annotator map
   */
  public static Written write(
      Path out,
      String title,
      CrowdDataset data,
      Gold gold,
      List<MethodRun> runs,
      ModelView model,
      String format,
      Path chartsDir,
      long seed)
      throws IOException {
    long t0 = System.nanoTime();
    ChartSink sink = Page.sink(out, format, chartsDir);
    ReportContext ctx = new ReportContext(data, gold, runs, model, sink, seed);
    sections(ctx);
    return ctx.write(out, "Crowd report: " + title, t0);
  }

  static String render(ReportContext ctx, String title) throws IOException {
    sections(ctx);
    return ctx.render("Crowd report: " + title);
  }

  private static void sections(ReportContext ctx) throws IOException {
    OverviewSection.write(ctx);
    MethodsSection.write(ctx);
    AnnotatorSection.write(ctx);
    ClassSection.write(ctx);
    ItemSection.write(ctx);
    if (EmbeddingSection.applies(ctx)) {
      EmbeddingSection.write(ctx);
    }
    if (ctx.gold != null && ctx.gold.count() > 0) {
      GoldSection.write(ctx);
    }
    RedundancySection.write(ctx);
  }
}
