package org.crowd4j.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.FitContext;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.AtomicFiles;

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
    AggregationResult r = aggregator.fit(data, FitContext.DEFAULT);
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
    Path dir = chartsDir != null ? chartsDir : abs.getParent();
    ChartSink sink = new ChartSink(f, dir, stem);
    ReportContext ctx = new ReportContext(data, gold, runs, model, sink, seed);
    String html = render(ctx, title);
    AtomicFiles.write(out, o -> o.write(html.getBytes(StandardCharsets.UTF_8)));
    return new Written(out, sink.count(), sink.files(), (System.nanoTime() - t0) / 1e9);
  }

  static String render(ReportContext ctx, String title) throws IOException {
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
    StringBuilder nav = new StringBuilder();
    for (String[] s : ctx.nav) {
      nav.append("<a href=\"#").append(Html.escape(s[0])).append("\">");
      nav.append(Html.escape(s[1])).append("</a>");
    }
    return Html.page("Crowd report: " + title, nav.toString(), ctx.html.toString());
  }
}
