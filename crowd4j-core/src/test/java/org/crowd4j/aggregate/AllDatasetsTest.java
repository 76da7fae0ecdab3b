package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;

/**
 * Every registered method on every shared dataset: no exception (other than a documented
 * precondition such as binary-only), no NaN, posteriors that sum to 1, labels in range.
 */
class AllDatasetsTest {
  @Test
  void everyMethodRunsCleanlyOnEveryDataset() throws Exception {
    Path root = SharedData.require().resolve("datasets");
    List<Path> dirs;
    try (Stream<Path> s = Files.list(root)) {
      dirs = s.filter(p -> Files.exists(p.resolve("answers.csv"))).sorted().toList();
    }
    List<String> problems = new ArrayList<>();
    Map<String, Map<String, Double>> accuracy = new java.util.TreeMap<>();
    for (Path dir : dirs) {
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      for (Methods.Spec spec : Methods.all()) {
        String where = dir.getFileName() + "/" + spec.name();
        AggregationResult r;
        try {
          // gold-mv refuses workers without gold answers unless told what to do with them
          Map<String, String> options =
              spec.name().equals("gold-mv") ? Map.of("missingSkill", "ignore") : Map.of();
          // only gold-mv sees the gold (it learns skills from it); the others are unsupervised
          FitContext context =
              spec.name().equals("gold-mv") ? FitContext.withGold(gold) : FitContext.DEFAULT;
          r = spec.create(options).fit(data, context);
        } catch (IllegalArgumentException e) {
          if (spec.name().equals("kos") && data.numLabels() != 2) {
            continue; // binary only
          }
          if (spec.name().equals("wmv")) {
            continue; // needs a skills file
          }
          problems.add(where + ": " + e);
          continue;
        }
        check(where, data, r, problems);
        accuracy
            .computeIfAbsent(dir.getFileName().toString(), d -> new java.util.LinkedHashMap<>())
            .put(spec.name(), gold.accuracy(r.labels()));
      }
    }
    writeTable(accuracy);
    assertTrue(problems.isEmpty(), String.join("\n", problems));
    // the gold-free choices: never more than a point below Dawid-Skene, auto at or above it mostly
    int autoAtLeastDs = 0;
    for (Map.Entry<String, Map<String, Double>> row : accuracy.entrySet()) {
      double ds = row.getValue().get("ds");
      double auto = row.getValue().get("auto");
      double map = row.getValue().get("ds-map");
      assertTrue(auto >= ds - 0.01, row.getKey() + ": auto " + auto + " vs ds " + ds);
      assertTrue(map >= ds - 0.01, row.getKey() + ": ds-map " + map + " vs ds " + ds);
      autoAtLeastDs += auto >= ds ? 1 : 0;
    }
    assertTrue(
        autoAtLeastDs >= accuracy.size() - 2,
        "auto at or above ds on only " + autoAtLeastDs + " of " + accuracy.size());
  }

  /** Writes the dataset × method accuracy table to {@code target/accuracy-all.md}. */
  private static void writeTable(Map<String, Map<String, Double>> accuracy) throws Exception {
    List<String> methods = new ArrayList<>();
    for (Map<String, Double> row : accuracy.values()) {
      for (String m : row.keySet()) {
        if (!methods.contains(m)) {
          methods.add(m);
        }
      }
    }
    StringBuilder sb = new StringBuilder("| dataset |");
    for (String m : methods) {
      sb.append(' ').append(m).append(" |");
    }
    sb.append("\n|---|").append("---|".repeat(methods.size())).append('\n');
    for (Map.Entry<String, Map<String, Double>> row : accuracy.entrySet()) {
      sb.append("| ").append(row.getKey()).append(" |");
      for (String m : methods) {
        Double a = row.getValue().get(m);
        sb.append(a == null ? " – |" : String.format(java.util.Locale.ROOT, " %.4f |", a));
      }
      sb.append('\n');
    }
    Path out = Path.of("target", "accuracy-all.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, sb.toString());
  }

  private static void check(
      String where, CrowdDataset data, AggregationResult r, List<String> out) {
    int k = data.numLabels();
    for (int i = 0; i < data.numTasks(); i++) {
      double sum = 0;
      for (int c = 0; c < k; c++) {
        double p = r.posterior(i, c);
        if (!(p >= 0 && p <= 1)) {
          out.add(where + ": posterior " + p + " at task " + i);
          return;
        }
        sum += p;
      }
      if (Math.abs(sum - 1) > 1e-9) {
        out.add(where + ": row " + i + " sums to " + sum);
        return;
      }
      if (r.label(i) < 0 || r.label(i) >= k) {
        out.add(where + ": label out of range at task " + i);
        return;
      }
    }
    for (double o : r.diagnostics().objective()) {
      if (!Double.isFinite(o)) {
        out.add(where + ": objective " + o);
        return;
      }
    }
    for (int w = 0; w < r.workers().numWorkers(); w++) {
      if (Double.isInfinite(r.workers().skill(w))) {
        out.add(where + ": infinite skill of worker " + w);
        return;
      }
    }
  }
}
