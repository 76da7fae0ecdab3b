package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.io.LabelsFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code train --predictions-out}: K-fold out-of-sample class probabilities of the items. */
class TrainOutOfFoldTest {
  private static final int TASKS = 60;
  private static final String[] CLASSES = {"a", "b", "c"};

  @TempDir Path dir;
  Path answers;
  Path features;

  /** 60 items of 3 Gaussian classes in 4 dimensions, each answered by 4 of 5 workers (70 %). */
  @BeforeEach
  void data() throws Exception {
    SplittableRandom rng = new SplittableRandom(3);
    List<String> a = new ArrayList<>(List.of("task,worker,label"));
    List<String> f = new ArrayList<>(List.of("task,f0,f1,f2,f3"));
    for (int i = 0; i < TASKS; i++) {
      int truth = i % CLASSES.length;
      StringBuilder row = new StringBuilder("t" + i);
      for (int j = 0; j < 4; j++) {
        double mean = j == truth ? 2.0 : 0.0;
        row.append(String.format(Locale.ROOT, ",%.4f", mean + rng.nextGaussian()));
      }
      f.add(row.toString());
      for (int w = 0; w < 5; w++) {
        if (w == i % 5) {
          continue;
        }
        int label = rng.nextDouble() < 0.7 ? truth : rng.nextInt(CLASSES.length);
        a.add("t" + i + ",w" + w + "," + CLASSES[label]);
      }
    }
    answers = Files.write(dir.resolve("answers.csv"), a);
    features = Files.write(dir.resolve("features.csv"), f);
  }

  private Run train(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "train",
                "--method",
                "two-stage",
                "--answers",
                answers.toString(),
                "--features",
                features.toString(),
                "--no-tune",
                "--epochs",
                "5",
                "--patience",
                "0",
                "--seed",
                "1"));
    args.addAll(List.of(extra));
    return run(args.toArray(String[]::new));
  }

  @Test
  void writesOneProbabilityRowPerTaskWithoutAModelFolder() throws Exception {
    Path p = dir.resolve("oof.csv");
    Run r = train("--predictions-out", p.toString(), "--folds", "3", "--json");
    assertEquals(0, r.code(), r.err());
    LabelsFile read = LabelsFile.read(p);
    assertEquals(TASKS, read.tasks().size());
    assertEquals(TASKS, new java.util.HashSet<>(read.tasks()).size());
    assertEquals(List.of(CLASSES), read.classes().names());
    for (int i = 0; i < TASKS; i++) {
      double sum = 0;
      for (int c = 0; c < CLASSES.length; c++) {
        sum += read.probabilities()[i * CLASSES.length + c];
      }
      assertEquals(1.0, sum, 1e-4);
    }
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertEquals(3, j.get("outOfFold").get("folds").asInt());
    assertEquals(1, j.get("outOfFold").get("members").asInt());
    assertTrue(j.get("out").isNull(), "no model folder asked for");
    assertEquals(p.toString(), j.get("predictionsOut").asText());
    assertFalse(Files.exists(dir.resolve("model.json")));
    // the same seed gives the same file
    Path again = dir.resolve("again.csv");
    assertEquals(0, train("--predictions-out", again.toString(), "--folds", "3").code());
    assertEquals(Files.readAllLines(p), Files.readAllLines(again));
  }

  @Test
  void theModelIsStillSavedBesideThePredictions() throws Exception {
    Path p = dir.resolve("oof.csv");
    Path model = dir.resolve("model");
    Run r = train("--out", model.toString(), "--predictions-out", p.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.exists(model.resolve("model.json")));
    assertEquals(TASKS, LabelsFile.read(p).tasks().size());
    assertTrue(r.out().contains("out-of-fold predictions: 5 folds"), r.out());
    assertTrue(r.out().contains("out-of-fold predictions written to " + p), r.out());
  }

  @Test
  void badFoldCountsAndMissingOutputsAreUsageErrors() {
    String p = dir.resolve("oof.csv").toString();
    Run one = train("--predictions-out", p, "--folds", "1");
    assertEquals(2, one.code(), one.err());
    assertTrue(one.err().contains("--folds must be at least 2: 1"), one.err());
    Run many = train("--predictions-out", p, "--folds", "61");
    assertEquals(2, many.code(), many.err());
    assertTrue(
        many.err().contains("--folds must be at most the number of tasks (60): 61"), many.err());
    Run alone = train("--out", dir.resolve("m").toString(), "--folds", "3");
    assertEquals(2, alone.code(), alone.err());
    assertTrue(alone.err().contains("--folds goes with --predictions-out"), alone.err());
    Run nothing = train();
    assertEquals(2, nothing.code(), nothing.err());
    assertTrue(nothing.err().contains("nothing to write"), nothing.err());
    Run ids =
        run(
            "train",
            "--method",
            "lia",
            "--answers",
            answers.toString(),
            "--item-embeddings",
            "--predictions-out",
            p);
    assertEquals(2, ids.code(), ids.err());
    assertTrue(ids.err().contains("--predictions-out needs --features"), ids.err());
    assertFalse(Files.exists(Path.of(p)));
  }
}
