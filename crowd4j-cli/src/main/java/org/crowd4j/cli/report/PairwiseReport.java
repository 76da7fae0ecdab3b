package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.pairwise.AnnotatorReliability;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.KendallTau;
import org.crowd4j.pairwise.Ranking;

/**
 * The report on pairwise comparisons: overview, the ranking with 95 % intervals of the log-scores
 * (± 1.96 standard errors), annotator reliabilities (NoisyBT), agreement with true scores when
 * given, and the fit's diagnostics.
 */
public final class PairwiseReport {
  /** Items in the ranking table. */
  static final int TABLE_ROWS = 50;

  /** Items in the interval chart. */
  static final int CHART_ROWS = 25;

  private PairwiseReport() {}

  /**
   * Builds and writes the report atomically.
   *
   * @param target where the report and its chart files go
   * @param data the comparisons
   * @param ranking the fitted ranking
   * @param method command-line name of the method
   * @param seconds time of the fit
   * @param trueScores true log-scores per item, or {@code null}
   */
  public static Report.Written write(
      ReportTarget target,
      Comparisons data,
      Ranking ranking,
      String method,
      double seconds,
      double[] trueScores)
      throws IOException {
    long t0 = System.nanoTime();
    Page page = Page.of(target);
    overview(page, data, ranking);
    ranking(page, ranking, method);
    if (ranking.annotators() != null) {
      annotators(page, ranking.annotators());
    }
    if (trueScores != null) {
      truth(page, ranking, trueScores);
    }
    page.diagnostics(
        ranking.diagnostics(),
        method,
        seconds,
        Page.ObjectiveLabel.HEADER,
        List.<String[]>of(new String[] {"stderr", ranking.stderrMethod()}),
        ranking.notes());
    return page.write(target.out(), "Ranking report: " + target.title(), t0);
  }

  private static void overview(Page page, Comparisons data, Ranking r) throws IOException {
    int[] perItem = new int[data.numItems()];
    for (int c = 0; c < data.size(); c++) {
      perItem[data.left(c)]++;
      perItem[data.right(c)]++;
    }
    page.beginSection("overview", "Overview");
    List<String[]> f = new ArrayList<>();
    f.add(new String[] {"items", Integer.toString(data.numItems())});
    f.add(new String[] {"annotators", Integer.toString(data.numWorkers())});
    f.add(new String[] {"comparisons", Integer.toString(data.size())});
    f.add(new String[] {"comparisons per item", spread(perItem)});
    f.add(new String[] {"connected components", Integer.toString(r.components())});
    page.html.figures(f);
    if (r.components() > 1) {
      page.html.note(
          "The comparison graph falls into "
              + r.components()
              + " parts: scores of items in different parts are not comparable by the data.");
    }
    page.chart(
        "comparisons-per-item",
        Charts.histogram(
            "Comparisons per item",
            "comparisons",
            CrowdSummary.toDoubles(perItem),
            true,
            CrowdSummary.min(perItem),
            CrowdSummary.max(perItem)),
        560,
        300,
        "In how many comparisons each item took part.");
    page.endSection();
  }

  private static void ranking(Page page, Ranking r, String method) throws IOException {
    page.beginSection("ranking", "Ranking");
    int shown = Math.min(CHART_ROWS, r.size());
    List<String> names = new ArrayList<>();
    double[] mid = new double[shown];
    double[] half = new double[shown];
    for (int rank = 1; rank <= shown; rank++) {
      int i = r.itemAtRank(rank);
      names.add(rank + ". " + r.items().name(i));
      mid[rank - 1] = Double.isFinite(r.logScore(i)) ? r.logScore(i) : Double.NaN; // never won
      half[rank - 1] = 1.96 * r.stderr(i);
    }
    page.chart(
        "top-items",
        Charts.intervals(
            "Top " + shown + " items by " + method, names, mid, half, "log-score ± 1.96 stderr"),
        720,
        Math.max(260, 60 + 22 * shown),
        "Log-scores of the best items with their 95 % intervals (± 1.96 standard errors, "
            + r.stderrMethod()
            + "); overlapping intervals mean the data cannot order the two items with"
            + " confidence.");
    List<List<String>> rows = new ArrayList<>();
    for (int rank = 1; rank <= Math.min(TABLE_ROWS, r.size()); rank++) {
      int i = r.itemAtRank(rank);
      double se = r.stderr(i);
      rows.add(
          List.of(
              Integer.toString(rank),
              r.items().name(i),
              Html.num(r.score(i), 4),
              Html.num(r.logScore(i), 3),
              Html.num(se, 3),
              "["
                  + Html.num(r.logScore(i) - 1.96 * se, 3)
                  + ", "
                  + Html.num(r.logScore(i) + 1.96 * se, 3)
                  + "]",
              Integer.toString(r.component(i))));
    }
    page.html.table(
        List.of("rank", "item", "score", "log-score", "stderr", "95 % interval", "component"),
        rows);
    if (r.size() > TABLE_ROWS) {
      page.html.note(
          "The first "
              + TABLE_ROWS
              + " of "
              + r.size()
              + " items; crowd4j rank --out FILE writes them all.");
    }
    page.endSection();
  }

  private static void annotators(Page page, AnnotatorReliability a) throws IOException {
    page.beginSection("annotators", "Annotators");
    Integer[] order = new Integer[a.size()];
    int below = 0;
    for (int w = 0; w < order.length; w++) {
      order[w] = w;
      below += a.skill(w) < 0.5 ? 1 : 0;
    }
    java.util.Arrays.sort(order, (x, y) -> Double.compare(a.skill(x), a.skill(y)));
    List<List<String>> rows = new ArrayList<>();
    List<String> names = new ArrayList<>();
    double[] skills = new double[order.length];
    double[] judgements = new double[order.length];
    for (int k = 0; k < order.length; k++) {
      int w = order[k];
      names.add(a.workers().name(w));
      skills[k] = a.skill(w);
      judgements[k] = a.judgements(w);
      rows.add(
          List.of(
              a.workers().name(w),
              Integer.toString(a.judgements(w)),
              Html.num(a.skill(w), 3),
              Html.num(a.bias(w), 3)));
    }
    page.html.figures(
        List.<String[]>of(
            new String[] {"annotators", Integer.toString(a.size())},
            new String[] {"skill below 0.5", Integer.toString(below)}));
    page.html.note(
        "Skill: the probability that a judgement follows the items' scores (0.5 is a coin flip,"
            + " below it the annotator tends to choose the worse item). Bias: the probability of"
            + " choosing the left item when the judgement does not follow the scores.");
    if (order.length <= 60) {
      page.chart(
          "annotator-skills",
          Charts.bars(
              "Annotator skill (lowest first)",
              names,
              skills,
              "skill",
              judgements,
              "judgements",
              true),
          720,
          Math.max(260, 60 + 18 * order.length),
          "Each annotator's skill beside the number of its judgements.");
    }
    page.html.table(List.of("annotator", "judgements", "skill", "bias"), rows);
    page.endSection();
  }

  private static void truth(Page page, Ranking r, double[] trueScores) {
    page.beginSection("truth", "Against true scores");
    page.html.figures(
        List.<String[]>of(
            new String[] {"Kendall's tau", Html.num(KendallTau.of(r.logScores(), trueScores), 4)}));
    page.html.note(
        "Kendall's tau between the fitted and the true scores: 1 is the same order, 0 no relation.");
    page.endSection();
  }

  /** "median m (lo–hi)" of counts. */
  static String spread(int[] v) {
    return String.format(
        Locale.ROOT,
        "median %s (%d–%d)",
        Html.num(CrowdSummary.median(v), 1),
        CrowdSummary.min(v),
        CrowdSummary.max(v));
  }
}
