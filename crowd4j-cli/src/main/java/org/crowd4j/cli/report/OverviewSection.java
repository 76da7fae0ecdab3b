package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Sizes of the data, answers per task and per annotator, and Krippendorff's alpha. */
final class OverviewSection {
  private OverviewSection() {}

  static void write(ReportContext ctx) throws IOException {
    CrowdSummary s = ctx.summary;
    ctx.beginSection("overview", "Overview");
    List<String[]> f = new ArrayList<>();
    f.add(new String[] {"tasks", Integer.toString(ctx.data.numTasks())});
    f.add(
        new String[] {
          "annotators", ctx.data.numWorkers() + (ctx.data.anonymous() ? " (anonymous answers)" : "")
        });
    f.add(new String[] {"answers", Integer.toString(ctx.data.numAnswers())});
    f.add(new String[] {"classes", Integer.toString(ctx.data.numLabels())});
    f.add(
        new String[] {
          "answers per task",
          String.format(
              Locale.ROOT,
              "median %s (%d–%d)",
              Html.num(CrowdSummary.median(s.answersPerTask), 1),
              CrowdSummary.min(s.answersPerTask),
              CrowdSummary.max(s.answersPerTask))
        });
    f.add(
        new String[] {
          "answers per annotator",
          String.format(
              Locale.ROOT,
              "median %s (%d–%d)",
              Html.num(CrowdSummary.median(s.answersPerWorker), 1),
              CrowdSummary.min(s.answersPerWorker),
              CrowdSummary.max(s.answersPerWorker))
        });
    f.add(new String[] {"Krippendorff's alpha", Html.num(s.alpha, 3)});
    if (ctx.gold != null) {
      f.add(new String[] {"gold tasks", Integer.toString(ctx.gold.count())});
    }
    ctx.html.figures(f);
    ctx.html.note(
        "Krippendorff's alpha (nominal) measures the agreement between annotators beyond chance:"
            + " 1 is perfect agreement, 0 what independent random answers with the same class"
            + " frequencies give; values below 0.667 are usually taken as weak agreement. "
            + interpret(s.alpha));
    ctx.chart(
        "answers-per-task",
        Charts.histogram(
            "Answers per task",
            "answers",
            CrowdSummary.toDoubles(s.answersPerTask),
            true,
            CrowdSummary.min(s.answersPerTask),
            CrowdSummary.max(s.answersPerTask)),
        560,
        300,
        "How many answers each task received.");
    ctx.chart(
        "answers-per-annotator",
        Charts.histogram(
            "Answers per annotator",
            "answers",
            CrowdSummary.toDoubles(s.answersPerWorker),
            true,
            CrowdSummary.min(s.answersPerWorker),
            CrowdSummary.max(s.answersPerWorker)),
        560,
        300,
        "How many answers each annotator gave.");
    int k = ctx.data.numLabels();
    double[] perClass = new double[k];
    for (int a = 0; a < ctx.data.numAnswers(); a++) {
      perClass[ctx.data.label(a)]++;
    }
    double[] predicted = new double[k];
    for (int i = 0; i < ctx.data.numTasks(); i++) {
      predicted[ctx.primary.result().label(i)]++;
    }
    ctx.chart(
        "answers-per-class",
        Charts.bars(
            "Answers per class (and tasks per aggregated class)",
            ctx.data.labels().names(),
            perClass,
            "answers",
            predicted,
            "tasks labelled so by " + ctx.primary.name(),
            false),
        560,
        300,
        "How often each class was answered, beside how many tasks the "
            + ctx.primary.name()
            + " aggregate gives that class.");
    List<List<String>> rows = new ArrayList<>();
    for (MethodRun r : ctx.runs) {
      rows.add(
          List.of(
              r.name(),
              Html.num(r.seconds(), 2),
              Integer.toString(r.result().diagnostics().iterations()),
              Boolean.toString(r.result().diagnostics().converged())));
    }
    ctx.html.h3("Methods");
    ctx.html.table(List.of("method", "fit time (s)", "iterations", "converged"), rows);
    ctx.html.note(
        "Posteriors, skills and confusions below come from "
            + ctx.primary.name()
            + " (the first method).");
    ctx.endSection();
  }

  static String interpret(double alpha) {
    if (Double.isNaN(alpha)) {
      return "Alpha is undefined here (no task has two answers, or only one class is used).";
    }
    if (alpha >= 0.8) {
      return "Here the annotators agree strongly.";
    }
    if (alpha >= 0.667) {
      return "Here the agreement is moderate.";
    }
    if (alpha >= 0.2) {
      return "Here the agreement is weak: aggregation with annotator models matters.";
    }
    return "Here the annotators barely agree beyond chance.";
  }
}
