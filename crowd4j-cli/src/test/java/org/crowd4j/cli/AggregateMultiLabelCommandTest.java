package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aggregate-multilabel} end to end. */
class AggregateMultiLabelCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void crowdKitFixtureWithDawidSkene() throws Exception {
    Path out = dir.resolve("tags.csv");
    Path model = dir.resolve("model.json");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-multilabel",
            "--answers",
            SharedData.suite("data/binary_relevance_answers.csv").toString(),
            "--method",
            "ds",
            "--out",
            out.toString(),
            "--model-out",
            model.toString(),
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode j = JSON.readTree(r.out());
    assertEquals("aggregate-multilabel", j.get("command").asText());
    assertEquals(6, j.get("answers").asInt());
    assertEquals(6, j.get("tags").size());
    List<String> lines = Files.readAllLines(out);
    assertEquals("task,tags,p_car,p_grass,p_house,p_human,p_train,p_tree", lines.get(0));
    assertTrue(lines.get(1).startsWith("t1,house|tree,"), lines.get(1));
    assertTrue(lines.get(2).startsWith("t2,car,"), lines.get(2));
    JsonNode m = JSON.readTree(model.toFile());
    assertEquals("multilabel", m.get("kind").asText());
    assertEquals(3, m.get("perTag").get("house").get("workerModels").size());
  }

  @Test
  void oneRowPerTagWithGoldGivesTheMetrics() throws Exception {
    Path answers = dir.resolve("answers.tsv");
    Files.writeString(
        answers,
        "task\tworker\tlabel\n"
            + "a\tw1\tx\na\tw1\ty\na\tw2\tx\na\tw3\t\n"
            + "b\tw1\ty\nb\tw2\ty\nb\tw3\tx\n");
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\na,x\nb,y\nb,z\n");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-multilabel",
            "--answers",
            answers.toString(),
            "--method",
            "mv",
            "--gold",
            gold.toString());
    assertEquals(0, r.code(), r.err());
    // a: x (2 of 3), y (1 of 3) → {x}; b: y (2 of 3), x (1 of 3) → {y}; gold z is never given
    assertTrue(r.out().contains("3 workers, 6 answers, 3 tags"), r.out());
    assertTrue(
        r.out()
            .contains(
                "on 2 gold tasks: micro F1 0.8000, macro F1 0.6667 (3 tags), Hamming loss 0.1667,"
                    + " exact sets 0.5000"),
        r.out());
  }

  @Test
  void anEmptyTagIsABadInputExitNamingTheLine() throws Exception {
    Path answers = dir.resolve("answers.csv");
    Files.writeString(answers, "task,worker,label\na,w1,x|\n");
    CliRunner.Run r =
        CliRunner.run("aggregate-multilabel", "--answers", answers.toString(), "--method", "mv");
    assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
    assertTrue(r.err().contains("answers.csv:2: field 'label'"), r.err());
  }

  @Test
  void simulatedCrowdRoundTripDawidSkeneBeatsTheVote() throws Exception {
    Path sim = dir.resolve("sim");
    CliRunner.Run s =
        CliRunner.run(
            "simulate-multilabel",
            "--tasks",
            "600",
            "--tags",
            "5",
            "--workers",
            "30",
            "--per-task",
            "4",
            "--spammers",
            "0.4",
            "--seed",
            "2",
            "--out",
            sim.toString());
    assertEquals(0, s.code(), s.err());
    double[] micro = new double[2];
    String[] methods = {"mv", "ds"};
    for (int k = 0; k < 2; k++) {
      CliRunner.Run r =
          CliRunner.run(
              "aggregate-multilabel",
              "--answers",
              sim.resolve("answers.csv").toString(),
              "--gold",
              sim.resolve("gold.csv").toString(),
              "--method",
              methods[k],
              "--json");
      assertEquals(0, r.code(), r.err());
      JsonNode j = JSON.readTree(r.out());
      assertEquals(600, j.get("gold").get("tasks").asInt());
      micro[k] = j.get("gold").get("microF1").asDouble();
    }
    assertTrue(micro[1] > micro[0] + 0.05, "ds " + micro[1] + " vs mv " + micro[0]);
  }
}
