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
          r = spec.create(options).fit(data, FitContext.withGold(gold));
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
      }
    }
    assertTrue(problems.isEmpty(), String.join("\n", problems));
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
