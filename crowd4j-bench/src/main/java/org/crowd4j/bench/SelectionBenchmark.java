package org.crowd4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Auto;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.DawidSkeneMap;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.aggregate.select.Candidate;
import org.crowd4j.aggregate.select.CandidateScore;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CrowdReader;

/**
 * How well gold-free choice works on real crowds: for every dataset of {@code shared/datasets} with
 * gold, every default candidate of {@link Auto} is fitted on all answers and scored against gold;
 * {@code auto} (default options) and {@code ds-map} are run as a user would; and the held-out
 * criterion is compared with gold by Spearman's rank correlation over the candidates. Gold is read
 * only to score the results, never by the methods.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.SelectionBenchmark \
 *   --shared ../shared --csv results/selection.csv --markdown results/selection.md
 * </pre>
 *
 * <p>The CSV has one row per (dataset, candidate): accuracy on gold, held-out log-likelihood per
 * answer, standard error and stacking weight; plus rows {@code auto}, {@code ds-map} and {@code ds}
 * with their accuracy and fit seconds.
 */
public final class SelectionBenchmark {
  /** The shared datasets with gold, in the order of the tables. */
  static final List<String> DATASETS =
      List.of(
          "labelme",
          "music",
          "sentiment-polarity",
          "snow-rte",
          "snow-temp",
          "bluebirds",
          "dog",
          "adult",
          "web",
          "crowdtruth-mre-cause",
          "crowdtruth-mre-treat",
          "fact-eval",
          "sentiment",
          "snow-wsd",
          "zencrowd-all",
          "zencrowd-in",
          "zencrowd-us");

  private SelectionBenchmark() {}

  /** Runs the benchmark; flags {@code --shared DIR --csv FILE --markdown FILE --datasets a,b}. */
  public static void main(String[] args) throws Exception {
    Path shared = Path.of("../shared");
    Path csv = null;
    Path markdown = null;
    List<String> datasets = DATASETS;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--shared" -> shared = Path.of(args[i + 1]);
        case "--csv" -> csv = Path.of(args[i + 1]);
        case "--markdown" -> markdown = Path.of(args[i + 1]);
        case "--datasets" -> datasets = List.of(args[i + 1].split(","));
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    List<Row> rows = new ArrayList<>();
    List<Summary> summaries = new ArrayList<>();
    for (String name : datasets) {
      Summary s = run(shared.resolve("datasets").resolve(name), name, rows);
      summaries.add(s);
      System.out.println(s.line());
    }
    if (csv != null) {
      writeCsv(csv, rows);
    }
    String md = markdown(summaries);
    System.out.println(md);
    if (markdown != null) {
      AtomicFiles.write(
          markdown, out -> out.write(md.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
  }

  /** One (dataset, method) measurement. */
  record Row(
      String dataset,
      String method,
      double accuracy,
      double heldOut,
      double standardError,
      double weight,
      double seconds) {}

  /** One dataset's outcome. */
  record Summary(
      String dataset,
      double auto,
      double dsMap,
      double ds,
      double best,
      String bestMethod,
      double bestFixedByCriterion,
      String criterionPick,
      double spearman,
      String chosen,
      String dsMapChoice,
      double autoSeconds,
      double dsSeconds) {
    String line() {
      return String.format(
          Locale.ROOT,
          "%-22s auto %.4f  ds-map %.4f  ds %.4f  best %.4f (%s)  rho %.2f  %s",
          dataset,
          auto,
          dsMap,
          ds,
          best,
          bestMethod,
          spearman,
          chosen);
    }
  }

  static Summary run(Path dir, String name, List<Row> rows) throws Exception {
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
    Auto auto = new Auto();
    long t0 = System.nanoTime();
    AggregationResult a = auto.fit(data);
    double autoSeconds = (System.nanoTime() - t0) / 1e9;
    MethodSelection sel = a.selection().orElseThrow();
    Map<String, CandidateScore> scores = new LinkedHashMap<>();
    for (CandidateScore c : sel.candidates()) {
      scores.put(c.name(), c);
    }
    List<Candidate> candidates = auto.candidates(data, new LinkedHashMap<>());
    double[] acc = new double[candidates.size()];
    double[] crit = new double[candidates.size()];
    double best = -1;
    String bestMethod = "";
    double pickScore = Double.NEGATIVE_INFINITY;
    double pickAcc = Double.NaN;
    String pick = "";
    for (int c = 0; c < candidates.size(); c++) {
      Candidate cand = candidates.get(c);
      long s0 = System.nanoTime();
      AggregationResult r = cand.method().fit(data);
      double seconds = (System.nanoTime() - s0) / 1e9;
      acc[c] = gold.accuracy(r.labels());
      CandidateScore sc = scores.get(cand.name());
      crit[c] = sc.score();
      rows.add(
          new Row(name, cand.name(), acc[c], sc.score(), sc.standardError(), sc.weight(), seconds));
      if (acc[c] > best) {
        best = acc[c];
        bestMethod = cand.name();
      }
      if (sc.ok() && sc.score() > pickScore) {
        pickScore = sc.score();
        pickAcc = acc[c];
        pick = cand.name();
      }
    }
    long d0 = System.nanoTime();
    double ds = gold.accuracy(new DawidSkene().fit(data).labels());
    double dsSeconds = (System.nanoTime() - d0) / 1e9;
    AggregationResult map = new DawidSkeneMap().fit(data);
    double dsMap = gold.accuracy(map.labels());
    double autoAcc = gold.accuracy(a.labels());
    rows.add(new Row(name, "auto", autoAcc, Double.NaN, Double.NaN, Double.NaN, autoSeconds));
    rows.add(new Row(name, "ds-map", dsMap, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
    rows.add(new Row(name, "ds", ds, Double.NaN, Double.NaN, Double.NaN, dsSeconds));
    return new Summary(
        name,
        autoAcc,
        dsMap,
        ds,
        best,
        bestMethod,
        pickAcc,
        pick,
        spearman(crit, acc),
        sel.chosen(),
        map.selection().map(MethodSelection::chosen).orElse("-"),
        autoSeconds,
        dsSeconds);
  }

  /** Spearman's rank correlation, ties given their mean rank; NaN entries of x are left out. */
  static double spearman(double[] x, double[] y) {
    List<double[]> pairs = new ArrayList<>();
    for (int i = 0; i < x.length; i++) {
      if (!Double.isNaN(x[i]) && !Double.isNaN(y[i])) {
        pairs.add(new double[] {x[i], y[i]});
      }
    }
    int n = pairs.size();
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = pairs.get(i)[0];
      b[i] = pairs.get(i)[1];
    }
    double[] ra = ranks(a);
    double[] rb = ranks(b);
    double ma = 0;
    double mb = 0;
    for (int i = 0; i < n; i++) {
      ma += ra[i] / n;
      mb += rb[i] / n;
    }
    double num = 0;
    double da = 0;
    double db = 0;
    for (int i = 0; i < n; i++) {
      num += (ra[i] - ma) * (rb[i] - mb);
      da += (ra[i] - ma) * (ra[i] - ma);
      db += (rb[i] - mb) * (rb[i] - mb);
    }
    return da == 0 || db == 0 ? Double.NaN : num / Math.sqrt(da * db);
  }

  private static double[] ranks(double[] v) {
    Integer[] order = new Integer[v.length];
    for (int i = 0; i < v.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (p, q) -> Double.compare(v[p], v[q]));
    double[] r = new double[v.length];
    int i = 0;
    while (i < v.length) {
      int j = i;
      while (j + 1 < v.length && v[order[j + 1]] == v[order[i]]) {
        j++;
      }
      for (int t = i; t <= j; t++) {
        r[order[t]] = (i + j) / 2.0;
      }
      i = j + 1;
    }
    return r;
  }

  private static void writeCsv(Path file, List<Row> rows) throws IOException {
    StringBuilder sb =
        new StringBuilder(
            "dataset,method,accuracy,held_out_loglik,standard_error,weight,seconds\n");
    for (Row r : rows) {
      sb.append(
          String.format(
              Locale.ROOT,
              "%s,%s,%s,%s,%s,%s,%s%n",
              r.dataset(),
              r.method(),
              num(r.accuracy()),
              num(r.heldOut()),
              num(r.standardError()),
              num(r.weight()),
              num(r.seconds())));
    }
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    AtomicFiles.write(
        file, out -> out.write(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
  }

  /** The per-dataset table and the acceptance counts. */
  static String markdown(List<Summary> s) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "| dataset | auto | ds-map | ds | best candidate | held-out pick alone | Spearman ρ"
            + " (criterion vs gold) | auto's mixture |\n");
    sb.append("|---|---:|---:|---:|---|---|---:|---|\n");
    double ma = 0;
    double mm = 0;
    double md = 0;
    double mp = 0;
    int geDs = 0;
    int within = 0;
    for (Summary x : s) {
      sb.append(
          String.format(
              Locale.ROOT,
              "| %s | %.4f | %.4f | %.4f | %.4f (%s) | %.4f (%s) | %.2f | %s |%n",
              x.dataset(),
              x.auto(),
              x.dsMap(),
              x.ds(),
              x.best(),
              x.bestMethod(),
              x.bestFixedByCriterion(),
              x.criterionPick(),
              x.spearman(),
              x.chosen()));
      ma += x.auto() / s.size();
      mm += x.dsMap() / s.size();
      md += x.ds() / s.size();
      mp += x.bestFixedByCriterion() / s.size();
      geDs += x.auto() >= x.ds() ? 1 : 0;
      within += x.auto() >= x.best() - 0.01 ? 1 : 0;
    }
    sb.append(
        String.format(
            Locale.ROOT, "| **mean** | **%.4f** | %.4f | %.4f | | %.4f | | |%n", ma, mm, md, mp));
    sb.append(
        String.format(
            Locale.ROOT,
            "%nauto ≥ ds on %d of %d; within 1 point of the best candidate on %d of %d.%n",
            geDs,
            s.size(),
            within,
            s.size()));
    return sb.toString();
  }
}
