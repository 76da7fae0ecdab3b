package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.crowd4j.method.IterationListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crowd4j aggregate --engine spark} below the command line: it fits through the Spark ML
 * layer, so its CSV output is the output of the estimator with the same options, and the model it
 * saves ({@code --spark-model-out}) loads and scores the answers exactly as that estimator's model.
 */
class SparkAggregationTest extends SparkTestBase {
  @TempDir Path dir;

  @Test
  void theCommandLineWritesWhatTheMlLayerGivesAndSavesItsModel() throws Exception {
    Path answers = Parity.answersPath("dog");
    Path out = dir.resolve("labels.csv");
    Path saved = dir.resolve("model");
    SparkAggregation.Outcome outcome =
        SparkAggregation.run(
            new SparkAggregation.Request(
                answers.toString(),
                null,
                AnswerColumns.defaults(),
                "ds",
                Map.of("maxIterations", "15"),
                null,
                null,
                null,
                out.toString(),
                null,
                saved.toString(),
                null,
                0,
                false),
            IterationListener.NONE);
    assertTrue(Files.isDirectory(saved), "the Spark ML model is saved");
    assertEquals("ds", outcome.method());
    assertEquals(807, outcome.tasks());
    assertTrue(Double.isNaN(outcome.goldAccuracy()), "no gold given");

    Dataset<Row> frame = SparkCrowd.read(spark(), answers.toString(), null);
    SparkDawidSkeneModel direct = new SparkDawidSkene().setMaxIter(15).fit(frame);
    try {
      Map<String, Row> expected = new HashMap<>();
      for (Row r : direct.wide(direct.transform(frame)).collectAsList()) {
        expected.put(r.getString(0), r);
      }
      List<String> lines = Files.readAllLines(out);
      assertEquals("task,label,p_0,p_1,p_2,p_3", lines.get(0));
      assertEquals(expected.size(), lines.size() - 1, "one line per task");
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.split(",");
        Row r = expected.get(f[0]);
        assertEquals(r.getString(1), f[1], f[0]);
        for (int c = 0; c < 4; c++) {
          assertEquals(r.getDouble(2 + c), Double.parseDouble(f[2 + c]), 0.0, line);
        }
      }

      SparkDawidSkeneModel loaded = SparkDawidSkeneModel.load(saved.toString());
      assertEquals(direct.diagnostics().iterations(), loaded.diagnostics().iterations());
      List<Row> a = direct.transform(frame).orderBy("task").collectAsList();
      List<Row> b = loaded.transform(frame).orderBy("task").collectAsList();
      assertEquals(a.size(), b.size());
      for (int i = 0; i < a.size(); i++) {
        assertEquals(a.get(i).getString(1), b.get(i).getString(1));
        assertArrayEquals(probabilities(a.get(i)), probabilities(b.get(i)), 0.0);
      }
    } finally {
      direct.unpersist();
    }
  }

  @Test
  void accuracyIsSplitBetweenTrainingGoldAndTheOtherGoldTasks() throws Exception {
    // as the local engine: the gold tasks the fit saw apart from those it did not
    Path answers = Parity.answersPath("dog");
    Path gold = answers.resolveSibling("gold.csv");
    List<String> rows = Files.readAllLines(gold);
    Path train = dir.resolve("train-gold.csv");
    Files.write(train, rows.subList(0, 1 + (rows.size() - 1) / 2));
    SparkAggregation.Outcome o =
        SparkAggregation.run(
            new SparkAggregation.Request(
                answers.toString(),
                null,
                AnswerColumns.defaults(),
                "ds",
                Map.of("maxIterations", "15"),
                gold.toString(),
                train.toString(),
                null,
                null,
                null,
                null,
                null,
                0,
                false),
            IterationListener.NONE);
    assertTrue(o.trainGoldTasks() > 0 && o.trainGoldTasks() < o.goldTasks(), o.toString());
    assertEquals(1.0, o.trainGoldAccuracy(), 1e-12, "known labels are kept");
    long others = o.goldTasks() - o.trainGoldTasks();
    assertEquals(
        o.goldAccuracy() * o.goldTasks(),
        o.trainGoldAccuracy() * o.trainGoldTasks() + o.otherAccuracy() * others,
        1e-6);
    assertTrue(o.otherAccuracy() < 1.0, "the unseen tasks are not all right on dog");
  }

  @Test
  void predictionsRunTheClassifierEmAndAutoStaysLocal() throws Exception {
    Path answers = Parity.answersPath("dog");
    Path gold = answers.resolveSibling("gold.csv");
    Path predictions = dir.resolve("predictions.csv");
    StringBuilder text = new StringBuilder("task,label,p_0,p_1,p_2,p_3\n");
    java.util.SplittableRandom random = new java.util.SplittableRandom(11);
    for (String line : Files.readAllLines(gold).subList(1, 200)) {
      String[] f = line.split(",");
      int peak = random.nextDouble() < 0.8 ? Integer.parseInt(f[1]) : random.nextInt(4);
      text.append(f[0]).append(',').append(peak);
      for (int c = 0; c < 4; c++) {
        text.append(',').append(c == peak ? "0.7" : "0.1");
      }
      text.append('\n');
    }
    Files.writeString(predictions, text);
    Path out = dir.resolve("labels.csv");
    SparkAggregation.Outcome o =
        SparkAggregation.run(
            new SparkAggregation.Request(
                answers.toString(),
                null,
                AnswerColumns.defaults(),
                "classifier-prior",
                Map.of(),
                gold.toString(),
                null,
                predictions.toString(),
                out.toString(),
                null,
                null,
                null,
                0,
                false),
            IterationListener.NONE);
    assertEquals("classifier-prior", o.method());
    assertEquals(807, o.tasks());
    assertTrue(o.goldAccuracy() > 0.8, o.toString());
    assertEquals("task,label,p_0,p_1,p_2,p_3", Files.readAllLines(out).get(0));

    IllegalArgumentException auto =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> SparkMethods.withPredictions("auto", Map.of()));
    assertTrue(auto.getMessage().contains("runs with --engine local"), auto.getMessage());
  }
}
