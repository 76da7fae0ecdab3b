package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate-text} and {@code simulate-masks}, and their aggregation round trips. */
class SimulateKindsCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static JsonNode json(Run r) throws Exception {
    assertEquals(0, r.code(), r.err() + r.out());
    return JSON.readTree(r.out());
  }

  @Test
  void roverBeatsTheBestSimulatedTranscriber() throws Exception {
    Path sim = dir.resolve("text");
    JsonNode s =
        json(
            run(
                "simulate-text",
                "--tasks",
                "80",
                "--annotators",
                "5",
                "--seed",
                "7",
                "--out",
                sim.toString(),
                "--json"));
    assertEquals(400, s.get("answers").asInt());
    double best = s.get("bestAnnotatorWer").asDouble();
    assertTrue(best > 0.02 && best < 0.2, "best annotator WER " + best);
    assertEquals("task,worker,text", Files.readAllLines(sim.resolve("answers.csv")).get(0));
    assertEquals(81, Files.readAllLines(sim.resolve("gold.csv")).size());
    JsonNode a =
        json(
            run(
                "aggregate-text",
                "--answers",
                sim.resolve("answers.csv").toString(),
                "--gold",
                sim.resolve("gold.csv").toString(),
                "--method",
                "rover",
                "--json"));
    assertEquals(80, a.get("gold").get("tasks").asInt());
    double wer = a.get("gold").get("wordErrorRate").asDouble();
    assertTrue(wer < best, "ROVER " + wer + " vs best annotator " + best);
  }

  @Test
  void majorityVoteOfSimulatedMasksBeatsTheBestSegmenter() throws Exception {
    Path sim = dir.resolve("masks");
    JsonNode s =
        json(
            run(
                "simulate-masks",
                "--images",
                "20",
                "--annotators",
                "5",
                "--seed",
                "3",
                "--out",
                sim.toString(),
                "--json"));
    assertEquals(100, s.get("masks").asInt());
    double best = s.get("bestAnnotatorIou").asDouble();
    for (String method : List.of("mv", "rasa")) {
      JsonNode a =
          json(
              run(
                  "aggregate-masks",
                  "--answers",
                  sim.resolve("answers.csv").toString(),
                  "--gold",
                  sim.resolve("gold.csv").toString(),
                  "--method",
                  method,
                  "--json"));
      double iou = a.get("gold").get("meanIou").asDouble();
      assertEquals(20, a.get("gold").get("images").asInt());
      assertTrue(iou > 0.75 && iou > best, method + " IoU " + iou + " vs best segmenter " + best);
    }
  }

  @Test
  void sameSeedSameFilesAndRowsEncodingReadsBack() throws Exception {
    for (String d : List.of("a", "b")) {
      json(
          run(
              "simulate-masks",
              "--images",
              "3",
              "--height",
              "8",
              "--width",
              "10",
              "--encoding",
              "rows",
              "--out",
              dir.resolve(d).toString(),
              "--json"));
      json(
          run(
              "simulate-text",
              "--tasks",
              "3",
              "--out",
              dir.resolve(d).resolve("t").toString(),
              "--json"));
    }
    for (String f : List.of("answers.csv", "gold.csv", "workers.csv", "t/answers.csv")) {
      assertEquals(
          Files.readString(dir.resolve("a").resolve(f)),
          Files.readString(dir.resolve("b").resolve(f)));
    }
    String row = Files.readAllLines(dir.resolve("a/gold.csv")).get(1);
    assertTrue(row.matches("i0,([01]{10};){7}[01]{10}"), row);
    json(
        run(
            "aggregate-masks",
            "--answers",
            dir.resolve("a/answers.csv").toString(),
            "--method",
            "mv",
            "--json"));
  }

  @Test
  void badNoiseLevelsAreUsageErrors() {
    Run r = run("simulate-masks", "--boundary-flip", "2", "--out", dir.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--boundary-flip must be in [0, 1]"), r.err());
    r = run("simulate-text", "--deletion", "-0.1", "--out", dir.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--deletion must be in [0, 1]"), r.err());
    r = run("simulate-masks", "--encoding", "png", "--out", dir.toString());
    assertEquals(2, r.code());
  }
}
