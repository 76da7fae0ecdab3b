package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;

/** The distribution of posterior entropy and the most uncertain items with their answers. */
final class ItemSection {
  /** Items listed. */
  static final int LISTED = 15;

  /** Answers listed per item at most. */
  static final int ANSWERS_SHOWN = 12;

  private ItemSection() {}

  static void write(ReportContext ctx) throws IOException {
    AggregationResult r = ctx.primary.result();
    CrowdDataset data = ctx.data;
    int k = data.numLabels();
    double[] h = entropies(r);
    ctx.beginSection("items", "Items");
    ctx.chart(
        "posterior-entropy",
        Charts.histogram(
            "Posterior entropy per task (" + ctx.primary.name() + ")",
            "entropy (nats)",
            h,
            false,
            0,
            k > 1 ? Math.log(k) : 1),
        700,
        320,
        "Entropy of each task's posterior: 0 is certain, ln K = "
            + Html.num(Math.log(Math.max(k, 1)), 2)
            + " is uniform.");
    int[] top = mostUncertain(h, LISTED);
    List<List<String>> rows = new ArrayList<>();
    for (int i : top) {
      double[] p = r.posteriorRow(i);
      Integer[] order = new Integer[k];
      for (int c = 0; c < k; c++) {
        order[c] = c;
      }
      java.util.Arrays.sort(order, (a, b) -> Double.compare(p[b], p[a]));
      StringBuilder post = new StringBuilder();
      for (int j = 0; j < Math.min(3, k); j++) {
        if (j > 0) {
          post.append(", ");
        }
        post.append(
            String.format(Locale.ROOT, "%s %.2f", data.labels().name(order[j]), p[order[j]]));
      }
      StringBuilder answers = new StringBuilder();
      int shown = 0;
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        if (shown == ANSWERS_SHOWN) {
          answers.append(", … (").append(data.taskSize(i) - shown).append(" more)");
          break;
        }
        if (shown > 0) {
          answers.append(", ");
        }
        answers
            .append(data.anonymous() ? "?" : data.workers().name(data.worker(a)))
            .append(": ")
            .append(data.labels().name(data.label(a)));
        shown++;
      }
      List<String> row = new ArrayList<>();
      row.add(data.tasks().name(i));
      row.add(Html.num(h[i], 3));
      row.add(post.toString());
      if (ctx.gold != null) {
        int g = ctx.gold.label(i);
        row.add(g >= 0 ? data.labels().name(g) : "");
      }
      row.add(answers.toString());
      rows.add(row);
    }
    ctx.html.h3("Most uncertain tasks");
    List<String> header = new ArrayList<>(List.of("task", "entropy", "posterior (top 3)"));
    if (ctx.gold != null) {
      header.add("gold");
    }
    header.add("answers (annotator: label)");
    ctx.html.table(header, rows);
    ctx.endSection();
  }

  /** Entropy (nats) of each task's posterior. */
  static double[] entropies(AggregationResult r) {
    int k = r.numLabels();
    double[] h = new double[r.numTasks()];
    for (int i = 0; i < h.length; i++) {
      double s = 0;
      for (int c = 0; c < k; c++) {
        double p = r.posterior(i, c);
        if (p > 0) {
          s -= p * Math.log(p);
        }
      }
      h[i] = Math.max(0, s);
    }
    return h;
  }

  /** Ids of the {@code n} largest entries of {@code h}, largest first, ties to the lower id. */
  static int[] mostUncertain(double[] h, int n) {
    Integer[] order = new Integer[h.length];
    for (int i = 0; i < h.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(
        order, (a, b) -> h[a] != h[b] ? Double.compare(h[b], h[a]) : Integer.compare(a, b));
    int m = Math.min(n, h.length);
    int[] out = new int[m];
    for (int j = 0; j < m; j++) {
      out[j] = order[j];
    }
    return out;
  }
}
