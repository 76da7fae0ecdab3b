package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericMetrics;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.numeric.NumericSelection;

/**
 * The report on numeric answers: overview (answers per task and per annotator, the spread of the
 * answers), the estimates, every annotator's bias, noise (standard deviation) and weight as the
 * method fitted them, Pearson r, RMSE and MAE against known values when given, the held-out scores
 * of {@code auto}'s candidates, and the fit's diagnostics.
 */
public final class NumericReport {
  private NumericReport() {}

  /**
   * Builds and writes the report atomically.
   *
   * @param target where the report and its chart files go
   * @param data the answers
   * @param result the fit
   * @param method command-line name of the method
   * @param seconds time of the fit
   * @param gold known values of some tasks, or {@code null}
   */
  public static Report.Written write(
      ReportTarget target,
      NumericAnswers data,
      NumericResult result,
      String method,
      double seconds,
      NumericGold gold)
      throws IOException {
    long t0 = System.nanoTime();
    Page page = Page.of(target);
    overview(page, data, result);
    annotators(page, data, result);
    if (gold != null && gold.count() > 0) {
      truth(page, result, gold);
    }
    if (result.selection().isPresent()) {
      selection(page, result.selection().get());
    }
    page.diagnostics(
        result.diagnostics(), method, seconds, Page.ObjectiveLabel.HEADER, List.of(), List.of());
    return page.write(target.out(), "Numeric answers report: " + target.title(), t0);
  }

  private static void overview(Page page, NumericAnswers data, NumericResult r) throws IOException {
    int[] perTask = new int[data.numTasks()];
    int[] perWorker = new int[data.numWorkers()];
    double[] values = new double[data.numAnswers()];
    for (int a = 0; a < values.length; a++) {
      perTask[data.task(a)]++;
      perWorker[data.worker(a)]++;
      values[a] = data.value(a);
    }
    double[] estimates = r.estimates();
    page.beginSection("overview", "Overview");
    page.html.figures(
        List.<String[]>of(
            new String[] {"tasks", Integer.toString(data.numTasks())},
            new String[] {"annotators", Integer.toString(data.numWorkers())},
            new String[] {"answers", Integer.toString(data.numAnswers())},
            new String[] {"answers per task", PairwiseReport.spread(perTask)},
            new String[] {"answers per annotator", PairwiseReport.spread(perWorker)},
            new String[] {"answers", range(values)},
            new String[] {"estimates", range(estimates)}));
    page.chart(
        "answer-values",
        Charts.histogram("Answers", "value", values, false, min(values), max(values)),
        560,
        300,
        "The spread of all answers.");
    page.chart(
        "estimates",
        Charts.histogram("Estimates", "value", estimates, false, min(estimates), max(estimates)),
        560,
        300,
        "The spread of the estimated true values, one per task.");
    page.endSection();
  }

  private static void annotators(Page page, NumericAnswers data, NumericResult r)
      throws IOException {
    double[] bias = r.bias();
    double[] variance = r.variance();
    double[] weight = r.weights();
    int n = data.numWorkers();
    Integer[] order = new Integer[n];
    for (int w = 0; w < n; w++) {
      order[w] = w;
    }
    Arrays.sort(order, (x, y) -> Double.compare(variance[y], variance[x]));
    List<List<String>> rows = new ArrayList<>();
    List<String> names = new ArrayList<>();
    double[] sd = new double[n];
    double[] counts = new double[n];
    for (int k = 0; k < n; k++) {
      int w = order[k];
      names.add(data.workers().name(w));
      sd[k] = Math.sqrt(variance[w]);
      counts[k] = data.workerSize(w);
      rows.add(
          List.of(
              data.workers().name(w),
              Integer.toString(data.workerSize(w)),
              Html.num(bias[w], 3),
              Html.num(sd[k], 3),
              Html.num(weight[w], 4)));
    }
    page.beginSection("annotators", "Annotators");
    page.html.note(
        "Bias: how far an annotator's answers sit above (positive) or below the estimates on"
            + " average, as the method models it. Noise: the standard deviation of the answers"
            + " around estimate + bias. Weight: the annotator's share in the estimates. Methods that"
            + " treat all annotators alike (mean, median) report the residuals of each annotator"
            + " and equal weights.");
    if (n <= 60) {
      page.chart(
          "annotator-noise",
          Charts.bars(
              "Annotator noise (noisiest first)", names, sd, "noise (sd)", counts, "answers", true),
          720,
          Math.max(260, 60 + 18 * n),
          "Each annotator's noise beside the number of its answers.");
    }
    page.html.table(List.of("annotator", "answers", "bias", "noise (sd)", "weight"), rows);
    page.endSection();
  }

  private static void truth(Page page, NumericResult r, NumericGold gold) {
    double[] e = r.estimates();
    page.beginSection("truth", "Against known values");
    page.html.figures(
        List.<String[]>of(
            new String[] {"tasks with a known value", Integer.toString(gold.count())},
            new String[] {"Pearson r", Html.num(NumericMetrics.pearson(e, gold), 4)},
            new String[] {"RMSE", Html.num(NumericMetrics.rmse(e, gold), 4)},
            new String[] {"MAE", Html.num(NumericMetrics.mae(e, gold), 4)}));
    page.html.note(
        "Pearson r between the estimates and the known values (1: the same order and spacing),"
            + " root mean squared and mean absolute errors in the answers' unit.");
    page.endSection();
  }

  private static void selection(Page page, NumericSelection s) {
    page.beginSection("selection", "Method choice");
    List<List<String>> rows = new ArrayList<>();
    for (NumericSelection.Score c : s.candidates()) {
      rows.add(
          List.of(
              c.name() + (c.name().equals(s.chosen()) ? " (chosen)" : ""),
              Html.num(c.meanLogLikelihood(), 4),
              Html.num(c.rmse(), 4)));
    }
    page.html.table(List.of("candidate", "held-out log-likelihood", "held-out RMSE"), rows);
    page.html.note(
        s.rule()
            + "; "
            + s.heldOutAnswers()
            + " answers held out (seed "
            + s.seed()
            + "). No known value takes part in the choice.");
    page.endSection();
  }

  private static String range(double[] v) {
    if (v.length == 0) {
      return "none";
    }
    double[] s = v.clone();
    Arrays.sort(s);
    double median =
        s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
    return "median "
        + Html.num(median, 3)
        + " ("
        + Html.num(s[0], 3)
        + " – "
        + Html.num(s[s.length - 1], 3)
        + ")";
  }

  private static double min(double[] v) {
    return Arrays.stream(v).min().orElse(0);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElse(1);
  }
}
