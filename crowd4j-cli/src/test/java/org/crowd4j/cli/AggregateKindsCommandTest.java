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

/** {@code aggregate-text} and {@code aggregate-masks} end to end. */
class AggregateKindsCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void roverOnTheToyFixtureWritesItsTextAndJson() throws Exception {
    Path answers = SharedData.suite("data/rover_toy.csv");
    Path out = dir.resolve("texts.csv");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            answers.toString(),
            "--method",
            "rover",
            "--out",
            out.toString(),
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode j = JSON.readTree(r.out());
    assertEquals("aggregate-text", j.get("command").asText());
    assertEquals(3, j.get("answers").asInt());
    assertEquals(List.of("task,text", "t1,b c d e"), Files.readAllLines(out));
  }

  @Test
  void hrrasaWithTrueEmbeddingsAndAModelFile() throws Exception {
    Path model = dir.resolve("model.json");
    Path out = dir.resolve("texts.csv");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            SharedData.suite("data/text_simple.csv").toString(),
            "--text-column",
            "output",
            "--embedding-column",
            "embedding",
            "--true-embeddings",
            SharedData.suite("data/text_simple_true_embeddings.csv").toString(),
            "--method",
            "hrrasa",
            "--out",
            out.toString(),
            "--model-out",
            model.toString(),
            "-q");
    assertEquals(0, r.code(), r.err());
    assertTrue(
        Files.readString(out)
            .contains(
                "7601-175351-0021,they is more than one amongs us who would like to immitate them"
                    + " i think,f84d186e73c19bba35b59c631e56d860"));
    JsonNode m = JSON.readTree(model.toFile());
    assertEquals("hrrasa", m.get("method").asText());
    assertTrue(m.get("workers").size() > 10);
  }

  @Test
  void embeddingMethodsWithoutEmbeddingsAreAUsageError() {
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            SharedData.suite("data/rover_toy.csv").toString(),
            "--method",
            "rasa");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("needs embeddings"), r.err());
    r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            SharedData.suite("data/rover_toy.csv").toString(),
            "--method",
            "rovr");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("Did you mean"), r.err());
    r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            SharedData.suite("data/text_simple.csv").toString(),
            "--method",
            "rover",
            "--embedding-column",
            "embedding");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("uses no embeddings"), r.err());
  }

  @Test
  void badTextInputIsExitCodeThreeNamingLineAndField() throws Exception {
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "task,worker,text,embedding\nt1,w1,a,1 2\nt1,w2,b,1 oops\n");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-text",
            "--answers",
            bad.toString(),
            "--method",
            "closest-to-average",
            "--embedding-column",
            "embedding");
    assertEquals(3, r.code());
    assertTrue(r.err().contains(bad + ":3: field 'embedding' holds 'oops'"), r.err());
  }

  @Test
  void masksWithEveryMethodAndGold() throws Exception {
    Path answers = SharedData.suite("data/image_simple.csv");
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,segmentation\n1,00000000;11111111;11111111\n");
    for (String method : List.of("mv", "rasa", "em")) {
      Path out = dir.resolve(method + ".csv");
      CliRunner.Run r =
          CliRunner.run(
              "aggregate-masks",
              "--answers",
              answers.toString(),
              "--method",
              method,
              "--gold",
              gold.toString(),
              "--out",
              out.toString(),
              "--png-dir",
              dir.resolve("png").toString(),
              "--json");
      assertEquals(0, r.code(), r.err());
      JsonNode j = JSON.readTree(r.out());
      assertEquals(1.0, j.get("gold").get("meanIou").asDouble(), 0);
      List<String> lines = Files.readAllLines(out);
      assertEquals("1,00000000;11111111;11111111", lines.get(1));
      assertTrue(Files.exists(dir.resolve("png/2.png")));
    }
  }

  @Test
  void weightedMasksAndBadMasks() throws Exception {
    Path out = dir.resolve("mv.csv");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-masks",
            "--answers",
            SharedData.suite("data/image_with_skills.csv").toString(),
            "--method",
            "mv",
            "--skills",
            SharedData.suite("data/image_with_skills_skills.csv").toString(),
            "--out",
            out.toString(),
            "--encoding",
            "rle",
            "-q");
    assertEquals(0, r.code(), r.err());
    assertEquals("1,2x5:1 3 6", Files.readAllLines(out).get(1));
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "task,worker,segmentation\ni,a,01;10\ni,b,010;100\n");
    r = CliRunner.run("aggregate-masks", "--answers", bad.toString(), "--method", "em");
    assertEquals(3, r.code());
    assertTrue(r.err().contains(bad + ":3: "), r.err());
    r =
        CliRunner.run(
            "aggregate-masks", "--answers", bad.toString(), "--method", "em", "--param", "tol=x");
    assertEquals(2, r.code());
  }
}
