package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate --from model.json}: a crowd drawn from a fitted one. */
class SimulateFromModelTest {
  @Test
  void aFittedCrowdIsDrawnAgainWithTheChosenRedundancy(@TempDir Path dir) throws Exception {
    Path sim = dir.resolve("sim");
    assertEquals(
        0,
        run(
                "simulate",
                "--source",
                "gaussian:n=400,classes=3,dim=4",
                "--annotators",
                "hammer-spammer:n=8,p=0.7",
                "--assignment",
                "k:3",
                "--seed",
                "1",
                "--out",
                sim.toString(),
                "--quiet")
            .code());
    Path model = dir.resolve("model.json");
    Run fit =
        run(
            "aggregate",
            "--answers",
            sim.resolve("answers.csv").toString(),
            "--method",
            "ds",
            "--model-out",
            model.toString(),
            "--quiet");
    assertEquals(0, fit.code(), fit.err());
    Path again = dir.resolve("again");
    drawFrom(model, again);
    CrowdDataset original = CrowdReader.readAnswers(sim.resolve("answers.csv"));
    CrowdDataset drawn = CrowdReader.readAnswers(again.resolve("answers.csv"));
    assertEquals(300, drawn.numTasks());
    assertEquals(1500, drawn.numAnswers());
    for (int i = 0; i < drawn.numTasks(); i++) {
      assertEquals(5, drawn.taskSize(i), "distinct workers per item");
    }
    Set<String> known = new HashSet<>(original.workers().names());
    assertTrue(known.containsAll(drawn.workers().names()));
    assertTrue(Files.exists(again.resolve("gold.csv")));
    assertTrue(Files.exists(again.resolve("true_confusions.json")));
    // the same seed draws the same crowd
    Path twice = dir.resolve("twice");
    drawFrom(model, twice);
    assertEquals(
        Files.readString(again.resolve("answers.csv")),
        Files.readString(twice.resolve("answers.csv")));
  }

  /**
   * 300 items with 5 answers each from the annotators of {@code model}, seed 2, into {@code out}.
   */
  private static void drawFrom(Path model, Path out) {
    Run r =
        run(
            "simulate",
            "--from",
            model.toString(),
            "--tasks",
            "300",
            "--answers-per-task",
            "5",
            "--seed",
            "2",
            "--out",
            out.toString(),
            "--quiet");
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void aFileThatIsNotAModelIsBadInput(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("model.json");
    Files.writeString(bad, "{\"labels\": [\"a\", \"b\"], \"tasks\": 3}");
    Run r = run("simulate", "--from", bad.toString(), "--out", dir.resolve("o").toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains("no field 'workerModels'"), r.err());
  }
}
