package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Registered methods on the shared classification crowds: no exception (other than a documented
 * precondition such as binary-only), no NaN, posteriors that sum to 1, labels in range, finite
 * objectives and skills.
 *
 * <p>The default build fits every method but {@code auto} on the crowds of at most {@value
 * #MEDIUM_CROWD} answers, and {@code auto} on those of at most {@value #SMALL_CROWD}. The full
 * sweep (tag {@code full-sweep}, {@code ./mvnw -B verify -Pfull-sweep}) fits every method on every
 * crowd, writes the accuracy table and holds the gold-free choices to Dawid-Skene; {@code auto}
 * takes most of its time (about four of its five minutes on two cores, most of that on adult and
 * the crowdtruth crowds).
 */
class AllDatasetsTest {
  /** The most answers a crowd may have for {@code auto} to run on it in the default build. */
  static final int SMALL_CROWD = 5_000;

  /**
   * The most answers a crowd may have for every other method to run on it in the default build (the
   * larger ones take two thirds of the sweep's time).
   */
  static final int MEDIUM_CROWD = 25_000;

  /**
   * Crowds of at most {@link #MEDIUM_CROWD} answers today: the small ones, snow-rte, dog, the three
   * zencrowd crowds, web and sentiment.
   */
  private static final int MEDIUM_CROWDS = 12;

  /**
   * Crowds of at most {@link #SMALL_CROWD} answers today: snow-wsd, labelme, music, bluebirds,
   * snow-temp.
   */
  private static final int SMALL_CROWDS = 5;

  @Test
  void everyMethodButAutoRunsCleanlyOnTheMediumCrowds() throws Exception {
    Sweep sweep =
        sweep((spec, data) -> !spec.name().equals("auto") && data.numAnswers() <= MEDIUM_CROWD);
    assertEquals(MEDIUM_CROWDS, sweep.accuracy().size(), "medium crowds: " + sweep.accuracy());
    assertTrue(sweep.problems().isEmpty(), String.join("\n", sweep.problems()));
  }

  @Test
  void autoRunsCleanlyOnTheSmallCrowds() throws Exception {
    Sweep sweep =
        sweep((spec, data) -> spec.name().equals("auto") && data.numAnswers() <= SMALL_CROWD);
    assertEquals(SMALL_CROWDS, sweep.accuracy().size(), "small crowds: " + sweep.accuracy());
    assertTrue(sweep.problems().isEmpty(), String.join("\n", sweep.problems()));
  }

  @Test
  @Tag("full-sweep")
  void everyMethodRunsCleanlyOnEveryCrowd() throws Exception {
    Sweep sweep = sweep((spec, data) -> true);
    assertEquals(SharedData.CLASSIFICATION_CROWDS, sweep.accuracy().size(), "crowds swept");
    writeTable(sweep.accuracy());
    assertTrue(sweep.problems().isEmpty(), String.join("\n", sweep.problems()));
    goldFreeChoicesStayNearDawidSkene(sweep.accuracy());
  }

  /**
   * The gold-free choices: {@code auto} and {@code ds-map} never more than a point below
   * Dawid–Skene; {@code auto} within half a point of it on all but two crowds, its mean above the
   * mean of every single gold-free method, and never more than 1.5 points below the one with the
   * best mean.
   */
  static void goldFreeChoicesStayNearDawidSkene(Map<String, Map<String, Double>> accuracy) {
    int autoNearDs = 0;
    Map<String, Double> mean = new TreeMap<>();
    for (Map.Entry<String, Map<String, Double>> row : accuracy.entrySet()) {
      double ds = row.getValue().get("ds");
      double auto = row.getValue().get("auto");
      double map = row.getValue().get("ds-map");
      assertTrue(auto >= ds - 0.01, row.getKey() + ": auto " + auto + " vs ds " + ds);
      assertTrue(map >= ds - 0.01, row.getKey() + ": ds-map " + map + " vs ds " + ds);
      autoNearDs += auto >= ds - 0.005 ? 1 : 0;
      row.getValue().forEach((m, a) -> mean.merge(m, a / accuracy.size(), Double::sum));
    }
    assertTrue(
        autoNearDs >= accuracy.size() - 2,
        "auto within half a point of ds on only " + autoNearDs + " of " + accuracy.size());
    String best = null;
    for (Map.Entry<String, Double> m : mean.entrySet()) {
      boolean everywhere = accuracy.values().stream().allMatch(row -> row.containsKey(m.getKey()));
      // gold-mv learns from the gold it is scored on: not a gold-free method
      if (!m.getKey().equals("auto")
          && !m.getKey().equals("gold-mv")
          && everywhere
          && (best == null || m.getValue() > mean.get(best))) {
        best = m.getKey();
      }
    }
    assertTrue(mean.get("auto") > mean.get(best), "auto's mean below " + best + "'s: " + mean);
    for (Map.Entry<String, Map<String, Double>> row : accuracy.entrySet()) {
      double auto = row.getValue().get("auto");
      double b = row.getValue().get(best);
      assertTrue(auto >= b - 0.015, row.getKey() + ": auto " + auto + " vs " + best + " " + b);
    }
  }

  /** Accuracy by crowd and method (crowds where at least one method ran), and what went wrong. */
  record Sweep(Map<String, Map<String, Double>> accuracy, List<String> problems) {}

  /** Fits the methods that {@code which} selects on every classification crowd and checks them. */
  private static Sweep sweep(BiPredicate<MethodSpec<Aggregator>, CrowdDataset> which)
      throws Exception {
    List<String> crowds = SharedData.classificationCrowds();
    assertEquals(SharedData.CLASSIFICATION_CROWDS, crowds.size(), "classification crowds");
    List<String> problems = new ArrayList<>();
    Map<String, Map<String, Double>> accuracy = new TreeMap<>();
    for (String name : crowds) {
      Path dir = SharedData.dataset(name);
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      for (MethodSpec<Aggregator> spec : Methods.all()) {
        if (!which.test(spec, data)) {
          continue;
        }
        String where = name + "/" + spec.name();
        AggregationResult r;
        try {
          // gold-mv refuses workers without gold answers unless told what to do with them
          Map<String, String> options =
              spec.name().equals("gold-mv") ? Map.of("missingSkill", "ignore") : Map.of();
          // only gold-mv sees the gold (it learns skills from it); the others are unsupervised
          FitContext<Gold> context =
              spec.name().equals("gold-mv") ? FitContext.withGold(gold) : FitContext.none();
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
            .computeIfAbsent(name, d -> new LinkedHashMap<>())
            .put(spec.name(), gold.accuracy(r.labels()));
      }
    }
    return new Sweep(accuracy, problems);
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
        sb.append(a == null ? " – |" : String.format(Locale.ROOT, " %.4f |", a));
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
