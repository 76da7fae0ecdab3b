package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.multilabel.MultiLabelMetrics;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.multilabel.TagGold;

/**
 * The report on multi-label answers: overview, per tag how often answers give it, how often the
 * aggregate chooses it and how much the answers of one task agree on it (with gold: accuracy,
 * precision, recall, F1), per annotator her skill averaged over the tags and her agreement with the
 * aggregated sets, the gold summary (micro and macro F1, Hamming loss, exact sets) and every tag's
 * diagnostics.
 */
public final class MultiLabelReport {
  private MultiLabelReport() {}

  /**
   * Builds and writes the report atomically.
   *
   * @param target where the report and its chart files go
   * @param data the answers
   * @param result the aggregated tag sets
   * @param method command-line name of the single-label method
   * @param seconds time of the fit
   * @param gold the true tag sets of some tasks, or {@code null}
   */
  public static Report.Written write(
      ReportTarget target,
      TagAnswers data,
      MultiLabelResult result,
      String method,
      double seconds,
      TagGold gold)
      throws IOException {
    long t0 = System.nanoTime();
    Page page = Page.of(target);
    MultiLabelMetrics metrics = gold == null ? null : MultiLabelMetrics.of(result, gold);
    overview(page, data, result, method);
    tags(page, data, result, metrics);
    annotators(page, data, result, method);
    if (metrics != null) {
      goldSection(page, metrics);
    }
    diagnostics(page, result, method, seconds);
    return page.write(target.out(), "Multi-label report: " + target.title(), t0);
  }

  private static void overview(Page page, TagAnswers data, MultiLabelResult result, String method)
      throws IOException {
    int n = data.tasks().size();
    int[] perTask = new int[n];
    int[] perWorker = new int[data.workers().size()];
    for (int a = 0; a < data.numAnswers(); a++) {
      perTask[data.answers().task(a)]++;
      perWorker[data.answers().worker(a)]++;
    }
    long chosen = 0;
    for (int i = 0; i < n; i++) {
      chosen += result.chosenTags(i).length;
    }
    page.beginSection("overview", "Overview");
    List<String[]> f = new ArrayList<>();
    f.add(new String[] {"tasks", Integer.toString(n)});
    f.add(new String[] {"annotators", Integer.toString(data.workers().size())});
    f.add(new String[] {"answers (tag sets)", Integer.toString(data.numAnswers())});
    f.add(new String[] {"tags", Integer.toString(data.numTags())});
    f.add(new String[] {"answers per task", PairwiseReport.spread(perTask)});
    f.add(new String[] {"answers per annotator", PairwiseReport.spread(perWorker)});
    f.add(
        new String[] {
          "tags per answer", Html.num(data.numTagEntries() / (double) data.numAnswers(), 2)
        });
    f.add(new String[] {"tags per aggregated set", Html.num(chosen / (double) n, 2)});
    page.html.figures(f);
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < Math.min(5, n); i++) {
      rows.add(List.of(result.tasks().name(i), result.joinedTags(i, '|')));
    }
    page.html.h3("Aggregated tag sets (binary relevance with " + method + ")");
    page.html.table(List.of("task", "tags"), rows);
    page.endSection();
  }

  private static void tags(
      Page page, TagAnswers data, MultiLabelResult result, MultiLabelMetrics metrics)
      throws IOException {
    int m = data.numTags();
    int n = data.tasks().size();
    double[] answerShare = new double[m];
    double[] chosenShare = new double[m];
    double[] agreement = agreement(data);
    for (int a = 0; a < data.numAnswers(); a++) {
      for (int t : data.tagsOf(a)) {
        answerShare[t]++;
      }
    }
    for (int t = 0; t < m; t++) {
      answerShare[t] /= data.numAnswers();
      int c = 0;
      for (int i = 0; i < n; i++) {
        if (result.chosen(i, t)) {
          c++;
        }
      }
      chosenShare[t] = c / (double) n;
    }
    page.beginSection("tags", "Tags");
    page.html.note(
        "Per tag: the share of answers that give it, the share of tasks whose aggregated set holds"
            + " it, and the agreement of the answers of one task on it (the share of pairs of"
            + " answers to the same task that both give it or both leave it out; 1 is unanimity)."
            + " A tag that answers give far more often than the aggregate chooses it is one that"
            + " careless annotators add.");
    if (m <= 60) {
      page.chart(
          "tag-shares",
          Charts.groupedBars(
              "Tags: answers and aggregate",
              data.tags().names(),
              List.of("share of answers giving it", "share of tasks chosen"),
              new double[][] {answerShare, chosenShare},
              "share",
              1.0),
          720,
          Math.max(260, 60 + 36 * m),
          "How often answers give each tag, and how often the aggregate chooses it.");
    }
    List<String> header =
        new ArrayList<>(List.of("tag", "answers giving it", "tasks chosen", "agreement"));
    if (metrics != null) {
      header.addAll(List.of("accuracy", "precision", "recall", "F1"));
    }
    List<List<String>> rows = new ArrayList<>();
    for (int t = 0; t < m; t++) {
      List<String> row = new ArrayList<>();
      row.add(data.tags().name(t));
      row.add(Html.num(answerShare[t], 3));
      row.add(Html.num(chosenShare[t], 3));
      row.add(Html.num(agreement[t], 3));
      if (metrics != null) {
        row.add(Html.num(metrics.tagAccuracy()[t], 3));
        row.add(Html.num(metrics.precision()[t], 3));
        row.add(Html.num(metrics.recall()[t], 3));
        row.add(Html.num(metrics.f1()[t], 3));
      }
      rows.add(row);
    }
    page.html.table(header, rows);
    page.endSection();
  }

  /** Per tag, the share of pairs of answers to one task that agree on it (NaN without pairs). */
  static double[] agreement(TagAnswers data) {
    int m = data.numTags();
    double[] agree = new double[m];
    double pairs = 0;
    long[] given = new long[m];
    for (int i = 0; i < data.tasks().size(); i++) {
      int from = data.answers().taskStart(i);
      int k = data.answers().taskEnd(i) - from;
      if (k < 2) {
        continue;
      }
      java.util.Arrays.fill(given, 0);
      for (int a = from; a < from + k; a++) {
        for (int t : data.tagsOf(a)) {
          given[t]++;
        }
      }
      double p = k * (k - 1) / 2.0;
      pairs += p;
      for (int t = 0; t < m; t++) {
        long g = given[t];
        long o = k - g;
        agree[t] += g * (g - 1) / 2.0 + o * (o - 1) / 2.0;
      }
    }
    for (int t = 0; t < m; t++) {
      agree[t] = pairs == 0 ? Double.NaN : agree[t] / pairs;
    }
    return agree;
  }

  private static void annotators(Page page, TagAnswers data, MultiLabelResult result, String method)
      throws IOException {
    int w = data.workers().size();
    int m = data.numTags();
    int[] answers = new int[w];
    double[] tagsGiven = new double[w];
    double[] agree = new double[w];
    for (int a = 0; a < data.numAnswers(); a++) {
      int j = data.answers().worker(a);
      int i = data.answers().task(a);
      answers[j]++;
      tagsGiven[j] += data.tagsOf(a).length;
      int same = 0;
      for (int t = 0; t < m; t++) {
        if (data.has(a, t) == result.chosen(i, t)) {
          same++;
        }
      }
      agree[j] += m == 0 ? 1 : same / (double) m;
    }
    double[] skill = new double[w];
    for (int j = 0; j < w; j++) {
      double sum = 0;
      int count = 0;
      for (int t = 0; t < m; t++) {
        AggregationResult r = result.tag(t);
        double s = r.workers().skill(j);
        if (Double.isFinite(s)) {
          sum += s;
          count++;
        }
      }
      skill[j] = count == 0 ? Double.NaN : sum / count;
      tagsGiven[j] /= Math.max(1, answers[j]);
      agree[j] /= Math.max(1, answers[j]);
    }
    page.beginSection("annotators", "Annotators");
    page.html.note(
        "Skill is the "
            + method
            + " skill of the annotator averaged over the tags' questions; agreement is the share of"
            + " her task × tag cells that match the aggregated sets. An annotator who gives many"
            + " tags per answer with low agreement is a likely spammer.");
    List<String> names = data.workers().names();
    if (w <= 60) {
      page.chart(
          "annotator-agreement",
          Charts.groupedBars(
              "Agreement with the aggregate and mean skill per annotator",
              names,
              List.of("agreement with the aggregate", "mean skill (" + method + ")"),
              new double[][] {agree, skill},
              "share",
              1.0),
          720,
          Math.max(260, 60 + 36 * w),
          "Each annotator's agreement with the aggregated tag sets and her skill averaged over"
              + " tags.");
    }
    List<List<String>> rows = new ArrayList<>();
    for (int j = 0; j < w; j++) {
      rows.add(
          List.of(
              names.get(j),
              Integer.toString(answers[j]),
              Html.num(tagsGiven[j], 2),
              Html.num(agree[j], 3),
              Html.num(skill[j], 3)));
    }
    page.html.table(
        List.of(
            "annotator",
            "answers",
            "tags per answer",
            "agreement with the aggregate",
            "mean skill (" + method + ")"),
        rows);
    page.endSection();
  }

  private static void goldSection(Page page, MultiLabelMetrics m) {
    page.beginSection("gold", "Against the true tag sets");
    page.html.figures(
        List.<String[]>of(
            new String[] {"gold tasks", Integer.toString(m.tasks())},
            new String[] {"micro F1", Html.num(m.microF1(), 4)},
            new String[] {"macro F1 (" + m.macroTags() + " tags)", Html.num(m.macroF1(), 4)},
            new String[] {"Hamming loss", Html.num(m.hammingLoss(), 4)},
            new String[] {"exact sets", Html.num(m.subsetAccuracy(), 4)}));
    page.html.note(
        "Micro F1 pools the true and false positives of every tag; macro F1 averages the tags' F1"
            + " over the tags that occur in the gold or the aggregate; the Hamming loss is the"
            + " share of wrong task × tag cells.");
    page.endSection();
  }

  private static void diagnostics(
      Page page, MultiLabelResult result, String method, double seconds) {
    page.beginSection("diagnostics", "Diagnostics");
    List<List<String>> rows = new ArrayList<>();
    for (int t = 0; t < result.numTags(); t++) {
      var d = result.tag(t).diagnostics();
      rows.add(
          List.of(
              result.tags().name(t),
              Integer.toString(d.iterations()),
              Boolean.toString(d.converged()),
              d.stopReason()));
    }
    page.html.note(
        "Binary relevance with " + method + ": fit time " + Html.num(seconds, 2) + " s in all.");
    page.html.table(List.of("tag", "iterations", "converged", "stop reason"), rows);
    page.endSection();
  }
}
