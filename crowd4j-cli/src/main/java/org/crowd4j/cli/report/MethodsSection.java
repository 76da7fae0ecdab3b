package org.crowd4j.cli.report;

import java.util.ArrayList;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.OneCoinNoise;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.metrics.Agreement;

/**
 * Gold-free comparison of the methods run: how often each pair agrees, crowd-kit's consistency of
 * each, and — for a gold-free choice ({@code auto}, {@code ds-map}) — every candidate's held-out
 * score and weight.
 */
final class MethodsSection {
  private MethodsSection() {}

  static void write(ReportContext ctx) {
    ctx.beginSection("methods", "Methods without gold");
    int n = ctx.data.numTasks();
    List<List<String>> rows = new ArrayList<>();
    for (MethodRun r : ctx.runs) {
      AggregationResult res = r.result();
      double[] skills = OneCoinNoise.fit(ctx.data, res.posteriors()).accuracy();
      rows.add(
          List.of(
              r.name(),
              Html.num(Agreement.consistency(ctx.data, res.labels(), skills), 4),
              Html.num(meanMaxPosterior(res, n, ctx.data.numLabels()), 4),
              res.selection().map(MethodSelection::chosen).orElse(""),
              Html.num(r.seconds(), 2)));
    }
    ctx.html.table(
        List.of(
            "method", "consistency", "mean confidence", "chosen by held-out answers", "seconds"),
        rows);
    ctx.html.note(
        "Consistency (crowd-kit): the mean posterior of each task's label under the one-coin model"
            + " fitted to the method's posteriors. Mean confidence: the mean posterior of the"
            + " chosen labels. Neither needs gold; neither is accuracy.");
    if (ctx.runs.size() > 1) {
      ctx.html.h3("Agreement between methods");
      List<String> header = new ArrayList<>();
      header.add("");
      for (MethodRun r : ctx.runs) {
        header.add(r.name());
      }
      List<List<String>> matrix = new ArrayList<>();
      for (MethodRun a : ctx.runs) {
        List<String> row = new ArrayList<>();
        row.add(a.name());
        for (MethodRun b : ctx.runs) {
          row.add(Html.num(agreement(a.result(), b.result(), n), 3));
        }
        matrix.add(row);
      }
      ctx.html.table(header, matrix);
      ctx.html.note("Share of tasks on which two methods choose the same label.");
    }
    for (MethodRun r : ctx.runs) {
      if (r.result().selection().isPresent()) {
        candidates(ctx, r.name(), r.result().selection().get());
      }
    }
    ctx.endSection();
  }

  private static void candidates(ReportContext ctx, String name, MethodSelection s) {
    ctx.html.h3(name + ": candidates scored on held-out answers");
    List<List<String>> rows = new ArrayList<>();
    for (CandidateScore c : s.candidates()) {
      rows.add(
          List.of(
              c.name(),
              c.ok() ? Html.num(c.score(), 4) : "",
              c.ok() ? Html.num(c.standardError(), 4) : "",
              c.ok() ? Html.num(c.weight(), 3) : "",
              c.failure() == null ? "" : c.failure()));
    }
    ctx.html.table(
        List.of("candidate", "held-out log-likelihood per answer", "± s.e.", "weight", "note"),
        rows);
    ctx.html.note(
        "Chosen: "
            + s.chosen()
            + " ("
            + s.rule()
            + "; "
            + s.folds()
            + " folds, seed "
            + s.seed()
            + ", "
            + s.scoredAnswers()
            + " answers).");
  }

  static double agreement(AggregationResult a, AggregationResult b, int n) {
    if (n == 0) {
      return Double.NaN;
    }
    int same = 0;
    for (int i = 0; i < n; i++) {
      if (a.label(i) == b.label(i)) {
        same++;
      }
    }
    return (double) same / n;
  }

  private static double meanMaxPosterior(AggregationResult r, int n, int k) {
    if (n == 0) {
      return Double.NaN;
    }
    double s = 0;
    for (int i = 0; i < n; i++) {
      s += r.posterior(i, r.label(i));
    }
    return s / n;
  }
}
