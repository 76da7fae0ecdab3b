package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.testing.SharedData;

/** Compares Spark fits with the core's on the shared datasets and records the differences. */
final class Parity {
  private Parity() {}

  /** The shared classification crowds, by name (all of them: their number is asserted). */
  static List<String> datasets() {
    List<String> names = SharedData.classificationCrowds();
    assertEquals(SharedData.CLASSIFICATION_CROWDS, names.size(), "classification crowds " + names);
    return names;
  }

  /** The answers file of a shared dataset. */
  static Path answersPath(String name) {
    return SharedData.dataset(name).resolve("answers.csv");
  }

  /** One dataset, read by the core and by Spark (all columns strings). */
  record Data(String name, CrowdDataset core, Dataset<Row> frame, Gold gold) {}

  static Data load(SparkSession spark, String name) {
    Path dir = SharedData.dataset(name);
    try {
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      Dataset<Row> frame =
          spark.read().option("header", "true").csv(dir.resolve("answers.csv").toString());
      return new Data(name, data, frame, gold);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Every second gold task (in the core's task order) with a known label: as the core's {@link
   * Gold} and as a {@code gold} column on the answers (null elsewhere).
   */
  static Data withHalfGold(SparkSession spark, Data d) {
    int[] labels = d.gold().labels();
    int seen = 0;
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] >= 0) {
        if (seen++ % 2 == 1) {
          labels[i] = -1;
        } else {
          rows.add(
              org.apache.spark.sql.RowFactory.create(
                  d.core().tasks().name(i), d.core().labels().name(labels[i])));
        }
      } else {
        labels[i] = -1;
      }
    }
    Dataset<Row> gold =
        spark.createDataFrame(
            rows,
            new org.apache.spark.sql.types.StructType()
                .add("gtask", "string")
                .add("gold", "string"));
    Dataset<Row> frame =
        d.frame()
            .join(gold, d.frame().col("task").equalTo(gold.col("gtask")), "left")
            .drop("gtask");
    return new Data(d.name(), d.core(), frame, Gold.ofIds(labels));
  }

  /** Max |posterior difference| and number of label differences of one comparison. */
  record Diff(double maxAbs, int labelMismatches, int tasks) {}

  /** Compares {@code spark}'s posteriors with {@code core}'s task by task. */
  static Diff compare(AggregationResult core, CrowdModel<?> spark) {
    return compare(core, spark.posteriors(), spark.labels());
  }

  /**
   * The largest difference between the {@code answerConfusion} column of Spark's worker table and
   * the core's noise model averaged over each worker's answers (what the core's model file holds).
   */
  static double answerConfusionDiff(
      AggregationResult core, CrowdDataset data, CrowdModel<?> spark) {
    int k = data.numLabels();
    var noise = core.noise();
    double max = 0;
    List<Row> rows = spark.workers().select("worker", "answerConfusion").collectAsList();
    assertEquals(data.numWorkers(), rows.size(), "worker rows");
    for (Row r : rows) {
      int w = data.workers().id(r.getString(0));
      List<scala.collection.Seq<Double>> matrix = r.getList(1);
      int from = data.workerStart(w);
      int to = data.workerEnd(w);
      for (int z = 0; z < k; z++) {
        double sum = 0;
        for (int l = 0; l < k; l++) {
          double expected = 0;
          for (int j = from; j < to; j++) {
            expected += noise.probability(data.task(data.workerAnswer(j)), w, z, l) / (to - from);
          }
          double v = matrix.get(z).apply(l);
          sum += v;
          max = Math.max(max, Math.abs(v - expected));
        }
        assertEquals(1.0, sum, 1e-9, "answer confusion row sums to 1");
      }
    }
    return max;
  }

  static Diff compare(AggregationResult core, Dataset<Row> posteriors, List<String> labels) {
    assertEquals(core.labelNames().names(), labels, "label order");
    Map<String, Row> byTask = new HashMap<>();
    for (Row r : posteriors.collectAsList()) {
      byTask.put(r.getAs("task"), r);
    }
    assertEquals(core.numTasks(), byTask.size(), "tasks");
    double max = 0;
    int mismatches = 0;
    int k = core.numLabels();
    for (int i = 0; i < core.numTasks(); i++) {
      Row r = byTask.get(core.tasks().name(i));
      assertNotNull(r, core.tasks().name(i));
      double[] p = SparkTestBase.probabilities(r);
      double sum = 0;
      for (int c = 0; c < k; c++) {
        double v = p[c];
        assertTrue(Double.isFinite(v), "finite posterior");
        sum += v;
        max = Math.max(max, Math.abs(v - core.posterior(i, c)));
      }
      assertEquals(1.0, sum, 1e-9, "posterior sums to 1");
      String predicted = r.getAs("prediction");
      if (!predicted.equals(core.labelNames().name(core.label(i)))) {
        mismatches++;
      }
      int best = 0;
      for (int c = 1; c < k; c++) {
        if (p[c] > p[best]) {
          best = c;
        }
      }
      assertEquals(labels.get(best), predicted, "prediction: the most probable label");
    }
    return new Diff(max, mismatches, core.numTasks());
  }

  private static final Map<String, String> REPORT = new TreeMap<>();

  /** Records one line of the parity report (written to target/spark-parity.md). */
  static synchronized void record(String method, String dataset, Diff d) {
    REPORT.put(
        method + " | " + dataset,
        String.format(
            Locale.ROOT,
            "| %s | %s | %d | %.3e | %d |",
            method,
            dataset,
            d.tasks(),
            d.maxAbs(),
            d.labelMismatches()));
    StringBuilder sb =
        new StringBuilder(
            "| method | dataset | tasks | max abs posterior difference | label differences |\n"
                + "|---|---|---:|---:|---:|\n");
    for (String line : REPORT.values()) {
      sb.append(line).append('\n');
    }
    try {
      Path out = Path.of("target", "spark-parity.md");
      Files.createDirectories(out.getParent());
      Files.writeString(out, sb.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
