package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Toloka export's golden answers are the gold when no --gold file is given, and it is said. */
class TolokaGoldenCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** Three images, two of them control tasks (cat, dog); w3 gets the control task i2 wrong. */
  private Path export() throws Exception {
    Path tsv = dir.resolve("results.tsv");
    Files.writeString(
        tsv,
        "INPUT:image\tOUTPUT:result\tGOLDEN:result\tASSIGNMENT:worker_id\tASSIGNMENT:status\n"
            + "i1\tcat\tcat\tw1\tAPPROVED\n"
            + "i1\tcat\tcat\tw2\tAPPROVED\n"
            + "i1\tcat\tcat\tw3\tAPPROVED\n"
            + "i2\tdog\tdog\tw1\tAPPROVED\n"
            + "i2\tcat\tdog\tw2\tAPPROVED\n"
            + "i2\tcat\tdog\tw3\tAPPROVED\n"
            + "i3\tdog\t\tw1\tAPPROVED\n"
            + "i3\tdog\t\tw2\tAPPROVED\n");
    return tsv;
  }

  @Test
  void aggregateScoresAgainstTheGoldenAnswersAndSaysSo() throws Exception {
    String tsv = export().toString();
    Run r = run("aggregate", "--answers", tsv, "--method", "mv");
    assertEquals(0, r.code(), r.err());
    // mv: i1 cat (right), i2 cat (wrong): 1 of 2 golden tasks
    assertTrue(
        r.out().contains("accuracy on 2 gold tasks (the export's golden answers): 0.5000"),
        r.out());
    r = run("aggregate", "--answers", tsv, "--method", "mv", "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode g = JSON.readTree(r.out()).get("gold");
    assertEquals("export", g.get("source").asText());
    assertEquals(2, g.get("tasks").asInt());
    assertEquals(0.5, g.get("accuracy").asDouble(), 1e-12);
  }

  @Test
  void aGoldFileWinsOverTheGoldenAnswers() throws Exception {
    String tsv = export().toString();
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\ni1,cat\ni2,cat\ni3,dog\n");
    Run r = run("aggregate", "--answers", tsv, "--method", "mv", "--gold", gold.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("accuracy on 3 gold tasks: 1.0000"), r.out());
    r = run("aggregate", "--answers", tsv, "--method", "mv", "--gold", gold.toString(), "--json");
    assertEquals("file", JSON.readTree(r.out()).get("gold").get("source").asText());
  }

  @Test
  void longAnswersWithoutGoldHaveNone() throws Exception {
    Path csv = dir.resolve("answers.csv");
    Files.writeString(csv, "task,worker,label\ni1,w1,cat\ni1,w2,cat\n");
    Run r = run("aggregate", "--answers", csv.toString(), "--method", "mv", "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(JSON.readTree(r.out()).get("gold").isNull());
  }

  @Test
  void reportTakesTheGoldenAnswersToo() throws Exception {
    Path out = dir.resolve("report.html");
    Run r =
        run(
            "report",
            "--answers",
            export().toString(),
            "--method",
            "mv",
            "--out",
            out.toString(),
            "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("the export's 2 golden answers are the gold"), r.err());
    assertEquals("export", JSON.readTree(r.out()).get("goldSource").asText());
    assertTrue(Files.readString(out).contains("<dt>gold tasks</dt><dd>2</dd>"));
  }
}
