package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextResult;
import org.crowd4j.text.Tokenizer;
import org.crowd4j.text.WordErrorRate;

/**
 * The report on free-text answers: overview, per-annotator reliability (when the method estimates
 * one), word error rate of each annotator to the aggregated texts and, with reference texts, word
 * error rates of each annotator and of the aggregate against them, and the fit's diagnostics.
 */
public final class TextReport {
  private TextReport() {}

  /**
   * Builds and writes the report atomically.
   *
   * @param target where the report and its chart files go
   * @param data the answers
   * @param result the aggregated texts
   * @param method command-line name of the method
   * @param seconds time of the fit
   * @param gold reference text per task id, or {@code null}
   */
  public static Report.Written write(
      ReportTarget target,
      TextAnswers data,
      TextResult result,
      String method,
      double seconds,
      Map<String, String> gold)
      throws IOException {
    long t0 = System.nanoTime();
    Page page = Page.of(target);
    String[] refs = references(data, gold);
    overview(page, data, result, method, refs);
    annotators(page, data, result, method, refs);
    if (refs != null) {
      goldSection(page, data, result, refs);
    }
    page.diagnostics(
        result.diagnostics(), method, seconds, Page.ObjectiveLabel.CELL, List.of(), List.of());
    return page.write(target.out(), "Text report: " + target.title(), t0);
  }

  /** Reference text per task of {@code data} (null where none), or {@code null} without gold. */
  private static String[] references(TextAnswers data, Map<String, String> gold) {
    if (gold == null) {
      return null;
    }
    String[] refs = new String[data.tasks().size()];
    for (Map.Entry<String, String> g : gold.entrySet()) {
      if (data.tasks().contains(g.getKey())) {
        refs[data.tasks().id(g.getKey())] = g.getValue();
      }
    }
    return refs;
  }

  private static void overview(
      Page page, TextAnswers data, TextResult result, String method, String[] refs)
      throws IOException {
    int[] perTask = new int[data.tasks().size()];
    int[] perWorker = new int[data.workers().size()];
    long words = 0;
    for (int a = 0; a < data.size(); a++) {
      perTask[data.task(a)]++;
      perWorker[data.worker(a)]++;
      words += Tokenizer.WHITESPACE.split(data.text(a)).size();
    }
    page.beginSection("overview", "Overview");
    List<String[]> f = new ArrayList<>();
    f.add(new String[] {"tasks", Integer.toString(data.tasks().size())});
    f.add(new String[] {"annotators", Integer.toString(data.workers().size())});
    f.add(new String[] {"answers", Integer.toString(data.size())});
    f.add(new String[] {"answers per task", PairwiseReport.spread(perTask)});
    f.add(new String[] {"answers per annotator", PairwiseReport.spread(perWorker)});
    f.add(
        new String[] {
          "words per answer",
          Html.num(data.size() == 0 ? Double.NaN : words / (double) data.size(), 1)
        });
    if (refs != null) {
      f.add(new String[] {"tasks with a reference", Integer.toString(count(refs))});
    }
    page.html.figures(f);
    page.chart(
        "answers-per-task",
        Charts.histogram(
            "Answers per task",
            "answers",
            CrowdSummary.toDoubles(perTask),
            true,
            CrowdSummary.min(perTask),
            CrowdSummary.max(perTask)),
        560,
        300,
        "How many answers each task received.");
    List<List<String>> rows = new ArrayList<>();
    for (int t = 0; t < Math.min(5, result.tasks().size()); t++) {
      rows.add(List.of(result.tasks().name(t), result.text(t)));
    }
    page.html.h3("Aggregated texts (" + method + ")");
    page.html.table(List.of("task", "text"), rows);
    page.endSection();
  }

  private static void annotators(
      Page page, TextAnswers data, TextResult result, String method, String[] refs)
      throws IOException {
    int n = data.workers().size();
    List<List<String>> aggRefs = lists(n);
    List<List<String>> aggHyps = lists(n);
    List<List<String>> goldRefs = lists(n);
    List<List<String>> goldHyps = lists(n);
    int[] answers = new int[n];
    int aggregatedTasks = result.tasks().size();
    for (int a = 0; a < data.size(); a++) {
      int w = data.worker(a);
      int t = data.task(a);
      answers[w]++;
      if (t < aggregatedTasks) {
        aggRefs.get(w).add(result.text(t));
        aggHyps.get(w).add(data.text(a));
      }
      if (refs != null && refs[t] != null) {
        goldRefs.get(w).add(refs[t]);
        goldHyps.get(w).add(data.text(a));
      }
    }
    double[] skills = new double[n];
    java.util.Arrays.fill(skills, Double.NaN);
    if (result.skills() != null) {
      for (int k = 0; k < result.skills().length; k++) {
        String name = result.workers().name(k);
        if (data.workers().contains(name)) {
          skills[data.workers().id(name)] = result.skills()[k];
        }
      }
    }
    double[] toAggregate = new double[n];
    double[] toGold = new double[n];
    List<List<String>> rows = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("annotator", "answers"));
    if (result.skills() != null) {
      header.add("reliability (" + method + ")");
    }
    header.add("WER to the aggregate");
    if (refs != null) {
      header.add("WER against reference");
    }
    for (int w = 0; w < n; w++) {
      toAggregate[w] = WordErrorRate.of(aggRefs.get(w), aggHyps.get(w), Tokenizer.WHITESPACE);
      toGold[w] =
          refs == null
              ? Double.NaN
              : WordErrorRate.of(goldRefs.get(w), goldHyps.get(w), Tokenizer.WHITESPACE);
      List<String> row = new ArrayList<>();
      row.add(data.workers().name(w));
      row.add(Integer.toString(answers[w]));
      if (result.skills() != null) {
        row.add(Html.num(skills[w], 3));
      }
      row.add(Html.num(toAggregate[w], 3));
      if (refs != null) {
        row.add(Html.num(toGold[w], 3));
      }
      rows.add(row);
    }
    page.beginSection("annotators", "Annotators");
    page.html.note(
        "Word error rate (WER): word insertions, deletions and substitutions over the words of"
            + " the text compared with, summed over the annotator's tasks. The WER to the"
            + " aggregate needs no reference: an annotator far from the consensus is either"
            + " careless or alone in being right."
            + (result.skills() != null
                ? " Reliability is the method's estimate of each annotator's global quality."
                : ""));
    if (n <= 60) {
      List<String> names = new ArrayList<>();
      double top = 0;
      for (int w = 0; w < n; w++) {
        names.add(data.workers().name(w));
        top = Math.max(top, Math.max(nanToZero(toAggregate[w]), nanToZero(toGold[w])));
      }
      page.chart(
          "annotator-wer",
          Charts.groupedBars(
              "Word error rate per annotator",
              names,
              refs != null
                  ? List.of("to the aggregate", "against the reference")
                  : List.of("to the aggregate"),
              refs != null ? new double[][] {toAggregate, toGold} : new double[][] {toAggregate},
              "WER",
              Math.max(0.05, top * 1.1)),
          720,
          Math.max(260, 60 + 18 * n * (refs != null ? 2 : 1)),
          "Each annotator's word error rate to the aggregated texts"
              + (refs != null ? " and against the reference texts." : "."));
      if (result.skills() != null) {
        page.chart(
            "annotator-reliability",
            Charts.bars(
                "Reliability per annotator (" + method + ")",
                names,
                skills,
                "reliability",
                null,
                null,
                true),
            720,
            Math.max(260, 60 + 18 * n),
            "The method's estimate of each annotator's global reliability.");
      }
    }
    page.html.table(header, rows);
    page.endSection();
  }

  private static void goldSection(Page page, TextAnswers data, TextResult result, String[] refs) {
    List<String> r = new ArrayList<>();
    List<String> h = new ArrayList<>();
    for (int t = 0; t < result.tasks().size(); t++) {
      String name = result.tasks().name(t);
      if (data.tasks().contains(name) && refs[data.tasks().id(name)] != null) {
        r.add(refs[data.tasks().id(name)]);
        h.add(result.text(t));
      }
    }
    double aggregate = WordErrorRate.of(r, h, Tokenizer.WHITESPACE);
    List<String> ar = new ArrayList<>();
    List<String> ah = new ArrayList<>();
    for (int a = 0; a < data.size(); a++) {
      if (refs[data.task(a)] != null) {
        ar.add(refs[data.task(a)]);
        ah.add(data.text(a));
      }
    }
    double answers = WordErrorRate.of(ar, ah, Tokenizer.WHITESPACE);
    page.beginSection("gold", "Against reference texts");
    page.html.figures(
        List.<String[]>of(
            new String[] {"tasks with a reference", Integer.toString(r.size())},
            new String[] {"WER of the aggregate", Html.num(aggregate, 4)},
            new String[] {"WER of single answers", Html.num(answers, 4)}));
    page.html.note(
        "The aggregate helps when its word error rate is below that of single answers (all"
            + " answers pooled) and below the best annotator's in the table above.");
    page.endSection();
  }

  private static double nanToZero(double v) {
    return Double.isNaN(v) ? 0 : v;
  }

  private static int count(String[] refs) {
    int c = 0;
    for (String s : refs) {
      c += s == null ? 0 : 1;
    }
    return c;
  }

  private static List<List<String>> lists(int n) {
    List<List<String>> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new ArrayList<>());
    }
    return out;
  }
}
