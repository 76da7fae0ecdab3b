package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.SimulationWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crowd4j recommend} on a simulated crowd: annotator a0 is right 95 % of the time on classes
 * 0 and 1 and 30 % on classes 2 and 3, a1–a4 are right 65 % of the time on every class; a CoNAL
 * model trained on their answers routes the items of classes 0 and 1 to a0 and the others away from
 * her.
 */
class RecommendCommandTest {
  static final int K = 4;
  static final int D = 5;
  static final int FRESH = 300;
  @TempDir static Path dir;
  static Path model;
  static Path items;
  static Path annotators;
  static int[] freshTruth;

  @BeforeAll
  static void trainOnASimulatedCrowd() throws Exception {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 600;
    Gaussians.Sample s = Gaussians.classes(n + FRESH, K, D, 1.5, rng);
    ConfusionPool.Builder b = ConfusionPool.builder(K);
    b.add(oneCoin(0.95, 0.3), "expert on classes 0 and 1");
    for (int r = 1; r < 5; r++) {
      b.add(oneCoin(0.65, 0.65), "0.65 everywhere");
    }
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(Arrays.copyOf(s.labels(), n), b.build(), Assignment.dense(), 4);
    Path sim = dir.resolve("sim");
    SimulationWriter.write(sim, crowd, Arrays.copyOf(s.features(), n * D), D);
    StringBuilder csv = new StringBuilder("task");
    for (int j = 0; j < D; j++) {
      csv.append(",f").append(j);
    }
    csv.append('\n');
    for (int i = 0; i < FRESH; i++) {
      csv.append("u").append(i);
      for (int j = 0; j < D; j++) {
        csv.append(String.format(Locale.ROOT, ",%.6f", s.features()[(n + i) * D + j]));
      }
      csv.append('\n');
    }
    items = dir.resolve("unlabelled.csv");
    Files.writeString(items, csv);
    freshTruth = Arrays.copyOfRange(s.labels(), n, n + FRESH);
    annotators = dir.resolve("annotators.csv");
    Files.writeString(annotators, "worker\na0\na1\na2\na3\na4\n");
    model = dir.resolve("model");
    Run t =
        run(
            "train",
            "--method",
            "conal",
            "--answers",
            sim.resolve("answers.csv").toString(),
            "--features",
            sim.resolve("features.csv").toString(),
            "--epochs",
            "40",
            "--param",
            "selection=LAST_EPOCH",
            "--param",
            "headLearningRate=0.01",
            "--param",
            "lambda=0",
            "--threads",
            "1",
            "--hidden",
            "32",
            "--dropout",
            "0",
            "--seed",
            "5",
            "--json",
            "--out",
            model.toString());
    assertEquals(0, t.code(), t.err());
    // --json: one object on standard output, the epochs on standard error
    JsonNode j = new ObjectMapper().readTree(t.out());
    assertEquals("train", j.get("command").asText());
    assertEquals("conal", j.get("method").asText());
    assertEquals(600, j.get("tasks").asInt());
    assertEquals(5, j.get("workers").asInt());
    assertEquals(3000, j.get("answers").asInt());
    assertEquals(K, j.get("classes").asInt());
    assertEquals(D, j.get("features").asInt());
    assertEquals(40, j.get("epochsRun").asInt());
    assertEquals(40, j.get("bestEpoch").asInt(), "selection LAST_EPOCH");
    assertTrue(j.get("validation").isNull() && j.get("test").isNull());
    assertEquals(model.toString(), j.get("out").asText());
    assertTrue(t.err().contains("conal: epoch 40/40"), t.err());
  }

  /** Right with {@code first} on classes 0 and 1 and {@code second} on 2 and 3. */
  static double[][] oneCoin(double first, double second) {
    double[][] m = new double[K][K];
    for (int z = 0; z < K; z++) {
      double right = z < K / 2 ? first : second;
      for (int l = 0; l < K; l++) {
        m[z][l] = l == z ? right : (1 - right) / (K - 1);
      }
    }
    return m;
  }

  @Test
  void routesEachHalfOfTheClassesToItsBetterAnnotators() throws Exception {
    Path plan = dir.resolve("plan.csv");
    Run r =
        run(
            "recommend",
            "--model",
            model.toString(),
            "--items",
            items.toString(),
            "--annotators",
            annotators.toString(),
            "--budget",
            Integer.toString(FRESH),
            "--max-per-item",
            "1",
            "--out",
            plan.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("answers planned of a budget of " + FRESH), r.out());
    List<String> rows = Files.readAllLines(plan);
    assertEquals("rank,task,worker,p_correct,accuracy_before,accuracy_after,gain", rows.get(0));
    assertTrue(rows.size() - 1 <= FRESH);
    int[] toExpert = new int[2];
    int[] count = new int[2];
    Set<String> tasks = new HashSet<>();
    double lastGain = Double.POSITIVE_INFINITY;
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      assertEquals(7, f.length, row);
      assertTrue(tasks.add(f[1]), "one answer per item with --max-per-item 1");
      int truth = freshTruth[Integer.parseInt(f[1].substring(1))];
      int half = truth < K / 2 ? 0 : 1;
      count[half]++;
      if (f[2].equals("a0")) {
        toExpert[half]++;
      }
      double before = Double.parseDouble(f[4]);
      double after = Double.parseDouble(f[5]);
      double gain = Double.parseDouble(f[6]);
      assertEquals(after - before, gain, 2e-6);
      assertTrue(gain >= 0 && gain <= lastGain + 1e-9, "largest gain first: " + row);
      lastGain = gain;
    }
    double first = (double) toExpert[0] / count[0];
    double second = (double) toExpert[1] / count[1];
    System.out.printf(
        Locale.ROOT,
        "share routed to the expert: classes 0-1 %.3f (%d items), 2-3 %.3f (%d items)%n",
        first,
        count[0],
        second,
        count[1]);
    assertTrue(first > 0.7, "items of classes 0 and 1 go to the expert: " + first);
    // measured 0.763 and 0.144 (one thread); the truth routes 100 % and 0 %
    assertTrue(second < 0.2, "items of classes 2 and 3 go elsewhere: " + second);
  }

  @Test
  void budgetAndCapacitiesAreRespected() throws Exception {
    Path caps = dir.resolve("capped.csv");
    Files.writeString(caps, "worker,capacity\na0,7\na1,\na2,\na3,\na4,\n");
    Run r =
        run(
            "recommend",
            "--model",
            model.toString(),
            "--items",
            items.toString(),
            "--annotators",
            caps.toString(),
            "--budget",
            "40",
            "--capacity",
            "12",
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertEquals("recommend", j.get("command").asText());
    assertEquals("conal", j.get("method").asText());
    assertEquals(FRESH, j.get("items").asInt());
    assertEquals(5, j.get("annotators").asInt());
    assertEquals(40, j.get("planned").asInt());
    assertEquals(7, j.get("perAnnotator").get("a0").asInt(), "a0's own capacity");
    for (String w : List.of("a1", "a2", "a3", "a4")) {
      assertTrue(j.get("perAnnotator").get(w).asInt() <= 12, w);
    }
    assertEquals(40, j.get("assignments").size());
    double sum = 0;
    Set<String> pairs = new HashSet<>();
    for (JsonNode a : j.get("assignments")) {
      sum += a.get("gain").asDouble();
      assertTrue(pairs.add(a.get("task").asText() + "/" + a.get("worker").asText()));
    }
    assertEquals(j.get("expectedGain").asDouble(), sum, 1e-9);
    assertTrue(
        j.get("meanAccuracyAfter").asDouble() > j.get("meanAccuracyBefore").asDouble(), r.out());
    // answers the items already have: their pairs are not proposed again
    Path answers = dir.resolve("existing.csv");
    Files.writeString(answers, "task,worker,label\nu0,a0,0\nu0,a1,0\nu1,a0,1\nu9,zz,1\n");
    Run again =
        run(
            "recommend",
            "--model",
            model.toString(),
            "--items",
            items.toString(),
            "--annotators",
            annotators.toString(),
            "--answers",
            answers.toString(),
            "--budget",
            "1000",
            "--json");
    assertEquals(0, again.code(), again.err());
    JsonNode a = new ObjectMapper().readTree(again.out());
    assertEquals(3, a.get("existingAnswers").asInt());
    assertTrue(again.err().contains("1 of 4 answers"), again.err());
    for (JsonNode s : a.get("assignments")) {
      String pair = s.get("task").asText() + "/" + s.get("worker").asText();
      assertTrue(!pair.equals("u0/a0") && !pair.equals("u0/a1") && !pair.equals("u1/a0"), pair);
    }
  }

  @Test
  void misuseIsExplained() throws Exception {
    Path wrong = dir.resolve("wrong.csv");
    Files.writeString(wrong, "annotator\na0\n");
    Run column =
        run(
            "recommend",
            "--model",
            model.toString(),
            "--items",
            items.toString(),
            "--annotators",
            wrong.toString(),
            "--budget",
            "5");
    assertEquals(3, column.code(), column.err());
    assertTrue(column.err().contains("missing column 'worker'"), column.err());
    assertTrue(column.err().contains("[annotator]"), column.err());
    Path stranger = dir.resolve("stranger.csv");
    Files.writeString(stranger, "worker\na0\nnobody\n");
    Run unknown =
        run(
            "recommend",
            "--model",
            model.toString(),
            "--items",
            items.toString(),
            "--annotators",
            stranger.toString(),
            "--budget",
            "5");
    assertEquals(3, unknown.code(), unknown.err());
    assertTrue(
        unknown.err().contains("'nobody' is not in the model's training data"), unknown.err());
    Run noModel =
        run(
            "recommend",
            "--model",
            dir.toString(),
            "--items",
            items.toString(),
            "--annotators",
            annotators.toString(),
            "--budget",
            "5");
    assertEquals(2, noModel.code());
    assertTrue(noModel.err().contains("holds no model.json"), noModel.err());
  }
}
