package org.crowd4j.cli.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.FitContext;
import org.crowd4j.simulate.Redundancy;

/**
 * Estimated accuracy as a function of the number of answers per item: each method is refit on
 * {@link Redundancy#subsample} copies keeping at most R answers per item ({@link #REPEATS} seeds
 * per R). The score is the accuracy against gold where gold is given, otherwise the agreement with
 * the same method's labels on the full data.
 */
final class RedundancySection {
  static final int REPEATS = 3;

  /** Values of R tried at most. */
  static final int MAX_POINTS = 8;

  /** Methods swept at most (the first ones). */
  static final int MAX_METHODS = 3;

  private RedundancySection() {}

  /** The curve of one method. */
  record Curve(String method, double[] mean, double[] sd) {}

  static void write(ReportContext ctx) throws IOException {
    int[] rs = redundancies(percentile(ctx.summary.answersPerTask, 0.95));
    List<Curve> curves = sweep(ctx, rs);
    ctx.beginSection("redundancy", "Redundancy");
    boolean gold = ctx.gold != null;
    double[] x = new double[rs.length];
    for (int j = 0; j < rs.length; j++) {
      x[j] = rs[j];
    }
    List<String> names = new ArrayList<>();
    double[][] mean = new double[curves.size()][];
    double[][] sd = new double[curves.size()][];
    List<List<String>> rows = new ArrayList<>();
    for (int m = 0; m < curves.size(); m++) {
      Curve c = curves.get(m);
      names.add(c.method());
      mean[m] = c.mean();
      sd[m] = c.sd();
    }
    for (int j = 0; j < rs.length; j++) {
      List<String> row = new ArrayList<>();
      row.add(Integer.toString(rs[j]));
      for (Curve c : curves) {
        row.add(Html.num(c.mean()[j], 4) + " ± " + Html.num(c.sd()[j], 4));
      }
      rows.add(row);
    }
    String score =
        gold ? "accuracy against gold" : "agreement with the full-data labels of the same method";
    ctx.chart(
        "redundancy",
        Charts.bandLines(
            "Estimated accuracy vs answers per item",
            "answers per item (at most R)",
            score,
            names,
            x,
            mean,
            sd),
        760,
        380,
        "Each method refit on subsamples keeping at most R answers per item (R up to the 95th"
            + " percentile of answers per task; "
            + REPEATS
            + " random subsamples per R; line = mean, band = ± 1 sd). Score: "
            + score
            + ".");
    ctx.html.p(
        gold
            ? "Measured against the gold labels."
            : "No gold labels were given: the score is the agreement of the labels from the"
                + " subsample with the labels the same method gives on all the answers, an upper"
                + " bound on how much is lost by collecting fewer answers, not an accuracy.");
    List<String> header = new ArrayList<>();
    header.add("R");
    header.addAll(names);
    ctx.html.table(header, rows);
    ctx.endSection();
  }

  /** The {@code q}-quantile of {@code v} (nearest rank; 1 for an empty array). */
  static int percentile(int[] v, double q) {
    if (v.length == 0) {
      return 1;
    }
    int[] s = v.clone();
    java.util.Arrays.sort(s);
    return s[Math.min(s.length - 1, (int) Math.ceil(q * s.length) - 1)];
  }

  /** 1, 2, … up to {@code maxSize}, at most {@link #MAX_POINTS} values spread evenly. */
  static int[] redundancies(int maxSize) {
    int hi = Math.max(1, maxSize);
    if (hi <= MAX_POINTS) {
      int[] out = new int[hi];
      for (int j = 0; j < hi; j++) {
        out[j] = j + 1;
      }
      return out;
    }
    java.util.TreeSet<Integer> set = new java.util.TreeSet<>();
    for (int j = 0; j < MAX_POINTS; j++) {
      set.add((int) Math.round(1 + (hi - 1) * j / (double) (MAX_POINTS - 1)));
    }
    return set.stream().mapToInt(Integer::intValue).toArray();
  }

  static List<Curve> sweep(ReportContext ctx, int[] rs) {
    int methods = Math.min(MAX_METHODS, ctx.runs.size());
    double[][][] v = new double[methods][rs.length][REPEATS];
    for (int j = 0; j < rs.length; j++) {
      for (int rep = 0; rep < REPEATS; rep++) {
        // one subsample per (R, repeat), shared by the methods
        CrowdDataset sub = Redundancy.subsample(ctx.data, rs[j], ctx.seed + 1000L * j + rep);
        int[] taskMap = new int[sub.numTasks()];
        for (int i = 0; i < taskMap.length; i++) {
          taskMap[i] = ctx.data.tasks().id(sub.tasks().name(i));
        }
        int[] labelMap = new int[sub.numLabels()];
        for (int l = 0; l < labelMap.length; l++) {
          labelMap[l] = ctx.data.labels().id(sub.labels().name(l));
        }
        for (int m = 0; m < methods; m++) {
          MethodRun run = ctx.runs.get(m);
          AggregationResult res = run.aggregator().fit(sub, FitContext.none());
          v[m][j][rep] = score(ctx, res, taskMap, labelMap, run.result().labels());
        }
      }
    }
    List<Curve> out = new ArrayList<>();
    for (int m = 0; m < methods; m++) {
      double[] mean = new double[rs.length];
      double[] sd = new double[rs.length];
      for (int j = 0; j < rs.length; j++) {
        double s = 0;
        for (double d : v[m][j]) {
          s += d;
        }
        mean[j] = s / REPEATS;
        double q = 0;
        for (double d : v[m][j]) {
          q += (d - mean[j]) * (d - mean[j]);
        }
        sd[j] = Math.sqrt(q / REPEATS);
      }
      out.add(new Curve(ctx.runs.get(m).name(), mean, sd));
    }
    return out;
  }

  /** Score of a subsample's labels: accuracy on gold, or agreement with the full-data labels. */
  private static double score(
      ReportContext ctx, AggregationResult res, int[] taskMap, int[] labelMap, int[] full) {
    int n = 0;
    int hits = 0;
    for (int i = 0; i < taskMap.length; i++) {
      int t = taskMap[i];
      int ref = ctx.gold != null ? (ctx.gold.hasKnown(t) ? ctx.gold.label(t) : -1) : full[t];
      if (ref < 0) {
        continue;
      }
      n++;
      hits += labelMap[res.label(i)] == ref ? 1 : 0;
    }
    return n == 0 ? Double.NaN : (double) hits / n;
  }
}
