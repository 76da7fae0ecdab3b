package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Annotator skills (ranking with answer counts), confusion heatmaps of the best, worst and most
 * active annotators, and the annotators flagged by {@link AnnotatorFlags}.
 */
final class AnnotatorSection {
  /** Annotators shown at each end of the ranking when there are too many for one chart. */
  static final int RANKING_ENDS = 20;

  private AnnotatorSection() {}

  static void write(ReportContext ctx) throws IOException {
    CrowdSummary s = ctx.summary;
    int workers = ctx.data.numWorkers();
    ctx.beginSection("annotators", "Annotators");
    if (ctx.data.anonymous()) {
      ctx.html.note(
          "The answers carry no annotator ids: each answer counts as its own annotator, so"
              + " per-annotator views are omitted.");
      ctx.endSection();
      return;
    }
    double[] skill = ctx.primary.result().workers().skills();
    Integer[] order = new Integer[workers];
    for (int w = 0; w < workers; w++) {
      order[w] = w;
    }
    java.util.Arrays.sort(
        order, Comparator.<Integer>comparingDouble(w -> -skill[w]).thenComparingInt(w -> w));
    List<Integer> shown = new ArrayList<>();
    boolean cut = workers > 2 * RANKING_ENDS;
    for (int j = 0; j < workers; j++) {
      if (!cut || j < RANKING_ENDS || j >= workers - RANKING_ENDS) {
        shown.add(order[j]);
      }
    }
    List<String> cats = new ArrayList<>();
    double[] sv = new double[shown.size()];
    double[] nv = new double[shown.size()];
    for (int j = 0; j < shown.size(); j++) {
      int w = shown.get(j);
      cats.add(ctx.data.workers().name(w));
      sv[j] = skill[w];
      nv[j] = s.answersPerWorker[w];
    }
    int height = Math.max(300, 60 + 16 * shown.size());
    ctx.chart(
        "skill-ranking",
        Charts.bars(
            "Annotator skill (" + ctx.primary.name() + ")", cats, sv, "skill", nv, "answers", true),
        900,
        height,
        (cut
                ? "The "
                    + RANKING_ENDS
                    + " most and "
                    + RANKING_ENDS
                    + " least skilled of "
                    + workers
                    + " annotators"
                : "All annotators")
            + ", best first: skill as "
            + ctx.primary.name()
            + " estimates it (for confusion models the mean of the diagonal, i.e. mean per-class"
            + " accuracy), beside the number of answers.");

    int minAnswers = Math.min(10, CrowdSummary.max(s.answersPerWorker));
    int best = -1;
    int worst = -1;
    int active = 0;
    for (int j = 0; j < workers; j++) {
      int w = order[j];
      if (s.answersPerWorker[w] >= minAnswers) {
        if (best < 0) {
          best = w;
        }
        worst = w;
      }
      if (s.answersPerWorker[j] > s.answersPerWorker[active]) {
        active = j;
      }
    }
    String[] classes = ctx.labelNames();
    String[][] picks = {
      {"best", Integer.toString(best)},
      {"worst", Integer.toString(worst)},
      {"most active", Integer.toString(active)}
    };
    for (String[] pick : picks) {
      int w = Integer.parseInt(pick[1]);
      if (w < 0) {
        continue;
      }
      String name = ctx.data.workers().name(w);
      ctx.chart(
          "confusion-" + pick[0].replace(' ', '-'),
          Charts.heatmap(
              String.format(
                  Locale.ROOT,
                  "%s: %s (skill %.2f, %d answers)",
                  pick[0],
                  name,
                  skill[w],
                  s.answersPerWorker[w]),
              classes,
              s.workerConfusion(w),
              "true class",
              "answer"),
          Math.min(620, 260 + 34 * classes.length),
          Math.min(560, 200 + 34 * classes.length),
          "Confusion of the "
              + pick[0]
              + " annotator"
              + (pick[0].equals("most active")
                  ? ""
                  : " (among those with ≥ " + minAnswers + " answers)")
              + ": P(answer | true class), true classes from the "
              + ctx.primary.name()
              + " posteriors.");
    }

    List<AnnotatorFlags.Flag> flags = AnnotatorFlags.detect(s);
    ctx.html.h3("Suspected spammers and adversaries");
    if (flags.isEmpty()) {
      ctx.html.p(
          "None flagged: no annotator with enough answers has a near-uniform or a permuted"
              + " confusion matrix.");
    } else {
      List<List<String>> rows = new ArrayList<>();
      for (AnnotatorFlags.Flag f : flags) {
        rows.add(
            List.of(
                ctx.data.workers().name(f.worker()),
                f.kind(),
                Html.num(skill[f.worker()], 3),
                f.evidence()));
      }
      ctx.html.open("<div class=\"flag\">" + flags.size() + " annotator(s) flagged</div>");
      ctx.html.table(List.of("annotator", "pattern", "skill", "evidence"), rows);
    }
    ctx.html.note(
        "near-uniform: the answer does not depend on the true class (a spammer, possibly always"
            + " giving the same answer); permuted: the answers are informative but systematically"
            + " swap classes (an adversary or a misunderstood guideline). Judged on annotators with"
            + " at least max(10, 5K) answers, against the "
            + ctx.primary.name()
            + " posteriors.");

    List<List<String>> all = new ArrayList<>();
    for (int j = 0; j < workers; j++) {
      int w = order[j];
      all.add(
          List.of(
              Integer.toString(j + 1),
              ctx.data.workers().name(w),
              Html.num(skill[w], 3),
              Integer.toString(s.answersPerWorker[w])));
    }
    ctx.html.open("<details><summary>All annotators, best first</summary>");
    ctx.html.table(List.of("rank", "annotator", "skill", "answers"), all);
    ctx.html.open("</details>");
    ctx.endSection();
  }
}
