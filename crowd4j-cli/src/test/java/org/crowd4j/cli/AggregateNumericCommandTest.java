package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.model.ModelSchema;
import org.crowd4j.model.Models;
import org.crowd4j.model.NumericModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aggregate-numeric} end to end, on a crowd small enough to check by hand. */
class AggregateNumericCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private Path answers() throws Exception {
    Path f = dir.resolve("answers.csv");
    Files.writeString(
        f,
        "task,worker,label\n"
            + "t1,a,1\nt1,b,2\nt1,c,6\n"
            + "t2,a,10\nt2,b,12\nt2,c,11\n"
            + "t3,a,-1\nt3,b,0.5\n");
    return f;
  }

  @Test
  void theMeanAndMedianAreTheHandComputedValues() throws Exception {
    Path out = dir.resolve("est.csv");
    Path workers = dir.resolve("workers.csv");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--method",
            "mean",
            "--out",
            out.toString(),
            "--workers-out",
            workers.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(
        List.of("task,estimate", "t1,3.0", "t2,11.0", "t3,-0.25"), Files.readAllLines(out));
    List<String> w = Files.readAllLines(workers);
    assertEquals("worker,bias,variance,weight", w.get(0));
    assertEquals(4, w.size());
    CliRunner.Run median =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--method",
            "median",
            "--out",
            out.toString());
    assertEquals(0, median.code(), median.err());
    assertEquals(
        List.of("task,estimate", "t1,2.0", "t2,11.0", "t3,-0.25"), Files.readAllLines(out));
  }

  @Test
  void modelOutWritesTheWorkersBiasVarianceAndWeightForModelsRead() throws Exception {
    Path model = dir.resolve("model.json");
    Path workers = dir.resolve("workers.csv");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--method",
            "mean",
            "--workers-out",
            workers.toString(),
            "--model-out",
            model.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("model written to " + model), r.out());
    NumericModel m = Models.read(model, NumericModel.class);
    assertEquals(ModelSchema.VERSION, m.formatVersion());
    assertEquals("mean", m.method());
    assertEquals(3, m.tasks());
    assertEquals(8, m.answers());
    List<String> rows = Files.readAllLines(workers);
    for (int w = 0; w < 3; w++) {
      NumericModel.Worker x = m.workerModels().get(w);
      String[] row = rows.get(w + 1).split(",");
      assertEquals(row[0], x.worker());
      assertEquals(Double.parseDouble(row[1]), x.bias());
      assertEquals(Double.parseDouble(row[2]), x.variance());
      assertEquals(Double.parseDouble(row[3]), x.weight());
    }
    CliRunner.Run auto =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--model-out",
            model.toString(),
            "--json",
            "--quiet");
    assertEquals(0, auto.code(), auto.err());
    assertEquals(model.toString(), JSON.readTree(auto.out()).get("modelOut").asText());
    NumericModel a = Models.read(model, NumericModel.class);
    assertEquals("auto", a.method());
    assertEquals(JSON.readTree(auto.out()).get("chosen").asText(), a.selection().chosen());
  }

  @Test
  void goldIsScoredAndAutoSaysWhatItChose() throws Exception {
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\nt1,3\nt2,11\nnot-there,5\n");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--gold",
            gold.toString(),
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonNode j = JSON.readTree(r.out());
    assertEquals("auto", j.get("method").asText());
    assertTrue(j.has("chosen"), r.out());
    assertEquals(2, j.get("gold").get("tasks").asInt());
    assertTrue(r.err().contains("note: 1 task(s) of"), r.err());
  }

  @Test
  void aValueThatIsNotANumberIsBadInputNamingFileAndLine() throws Exception {
    Path f = dir.resolve("bad.csv");
    Files.writeString(f, "task,worker,label\nt1,a,1\nt1,b,0x1p3\n");
    CliRunner.Run r = CliRunner.run("aggregate-numeric", "--answers", f.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(f + ":3"), r.err());
    CliRunner.Run unknown =
        CliRunner.run("aggregate-numeric", "--answers", answers().toString(), "--method", "ds");
    assertEquals(2, unknown.code());
    assertTrue(
        unknown.err().contains("Available: mean, median, catd, pm, raykar, auto"), unknown.err());
  }

  @Test
  void pearsonOfOneGoldTaskIsSaidUndefined() throws Exception {
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\nt1,3\n");
    CliRunner.Run r =
        CliRunner.run(
            "aggregate-numeric",
            "--answers",
            answers().toString(),
            "--method",
            "mean",
            "--gold",
            gold.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.out()
            .contains(
                "on 1 gold tasks: Pearson r n/a (needs two gold tasks of differing values), RMSE 0.0000"),
        r.out());
    assertFalse(r.out().contains("NaN"), r.out());
  }
}
