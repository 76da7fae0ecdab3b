package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.aggregate.WorkerModel;

/**
 * The global confusion of all answers, the common confusion (CoNAL, common-confusion EM) or the
 * group confusions (crowd mixture) when such a model was used, and the most confused class pairs.
 */
final class ClassSection {
  /** Group matrices drawn at most. */
  static final int MAX_GROUPS = 6;

  private ClassSection() {}

  /** A confused pair: answers {@code answered} for true {@code truth} at {@code rate}. */
  record Pair(int truth, int answered, double rate, double answers) {}

  static void write(ReportContext ctx) throws IOException {
    String[] classes = ctx.labelNames();
    int k = classes.length;
    int size = Math.min(760, 300 + 40 * k);
    ctx.beginSection("classes", "Classes");
    ctx.chart(
        "global-confusion",
        Charts.heatmap(
            "Global confusion (all answers)",
            classes,
            ctx.summary.globalConfusion(),
            "true class",
            "answer"),
        size,
        size - 60,
        "P(answer | true class) pooled over all answers, true classes from the "
            + ctx.primary.name()
            + " posteriors.");
    for (MethodRun r : ctx.runs) {
      drawModel(ctx, r.name(), r.result().workers(), classes, size);
    }
    if (ctx.model != null && ctx.model.annotators() != null) {
      drawModel(ctx, ctx.model.method(), ctx.model.annotators(), classes, size);
    }
    List<Pair> pairs = confusedPairs(ctx.summary, 10);
    ctx.html.h3("Most confused class pairs");
    List<List<String>> rows = new ArrayList<>();
    for (Pair p : pairs) {
      rows.add(
          List.of(
              classes[p.truth()],
              classes[p.answered()],
              Html.num(p.rate(), 3),
              String.format(Locale.ROOT, "%.1f", p.answers())));
    }
    if (rows.isEmpty()) {
      ctx.html.p("No confusion between classes.");
    } else {
      ctx.html.table(
          List.of("true class", "answered as", "rate P(answer | true)", "answers (expected)"),
          rows);
    }
    ctx.endSection();
  }

  private static void drawModel(
      ReportContext ctx, String method, WorkerModel model, String[] classes, int size)
      throws IOException {
    int k = classes.length;
    if (model instanceof CommonConfusionModel cc) {
      ctx.chart(
          "common-confusion-" + method,
          Charts.heatmap(
              "Common confusion (" + method + ")",
              classes,
              CrowdSummary.normalize(cc.common(), 0, k),
              "true class",
              "answer"),
          size,
          size - 60,
          "The confusion shared by all annotators that "
              + method
              + " learnt (Chu et al. 2021): the classes every annotator tends to mix up.");
    } else if (model instanceof GroupMixtureModel g) {
      double[] beta = g.groupConfusions();
      double[] weights = g.groupWeights();
      int groups = Math.min(MAX_GROUPS, g.numGroups());
      for (int m = 0; m < groups; m++) {
        double[] one = java.util.Arrays.copyOfRange(beta, m * k * k, (m + 1) * k * k);
        ctx.chart(
            "group-" + (m + 1) + "-" + method,
            Charts.heatmap(
                String.format(Locale.ROOT, "Group %d (weight %.2f, %s)", m + 1, weights[m], method),
                classes,
                CrowdSummary.normalize(one, 0, k),
                "true class",
                "answer"),
            Math.min(560, 240 + 30 * k),
            Math.min(500, 190 + 30 * k),
            "Confusion of annotation group "
                + (m + 1)
                + " of the crowd mixture (Mena & Ñanculef 2019).");
      }
      if (g.numGroups() > groups) {
        ctx.html.note(groups + " of " + g.numGroups() + " groups shown.");
      }
    }
  }

  /** Off-diagonal cells of the global confusion, largest rate first (ties by class ids). */
  static List<Pair> confusedPairs(CrowdSummary s, int limit) {
    double[][] c = s.globalConfusion();
    int k = s.k;
    List<Pair> out = new ArrayList<>();
    for (int t = 0; t < k; t++) {
      for (int a = 0; a < k; a++) {
        double n = s.globalCounts[t * k + a];
        if (t != a && n > 1e-9) {
          out.add(new Pair(t, a, c[t][a], n));
        }
      }
    }
    out.sort((x, y) -> Double.compare(y.rate(), x.rate()));
    return out.subList(0, Math.min(limit, out.size()));
  }
}
