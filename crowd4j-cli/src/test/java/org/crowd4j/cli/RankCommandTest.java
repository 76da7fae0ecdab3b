package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate-pairwise} and {@code rank}. */
class RankCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Path simulate(Path dir) {
    Path sim = dir.resolve("sim");
    Run r =
        run(
            "simulate-pairwise",
            "--items",
            "60",
            "--comparisons",
            "3000",
            "--workers",
            "20",
            "--random-share",
            "0.2",
            "--adversarial-share",
            "0.3",
            "--spread",
            "1.5",
            "--seed",
            "4",
            "--out",
            sim.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("(10 good, 4 random, 6 adversarial)"), r.out());
    return sim;
  }

  private static JsonNode rank(Path sim, String method, Path out, Path model) throws Exception {
    Run r =
        run(
            "rank",
            "--comparisons",
            sim.resolve("comparisons.csv").toString(),
            "--truth",
            sim.resolve("truth.csv").toString(),
            "--method",
            method,
            "--out",
            out.toString(),
            "--model-out",
            model.toString(),
            "--json",
            "--top",
            "3");
    assertEquals(0, r.code(), r.err());
    return JSON.readTree(r.out());
  }

  @Test
  void simulatedComparisonsAreRankedAndNoisyBtWinsWithBadWorkers(@TempDir Path dir)
      throws Exception {
    Path sim = simulate(dir);
    assertEquals(3001, Files.readAllLines(sim.resolve("comparisons.csv")).size());
    JsonNode bt = rank(sim, "bt", dir.resolve("bt.csv"), dir.resolve("bt.json"));
    JsonNode noisy = rank(sim, "noisy-bt", dir.resolve("nbt.csv"), dir.resolve("nbt.json"));
    assertEquals("rank", bt.get("command").asText());
    assertEquals(3000, bt.get("comparisons").asInt());
    assertEquals(60, bt.get("items").asInt());
    assertTrue(bt.get("converged").asBoolean());
    assertTrue(noisy.get("converged").asBoolean());
    assertEquals(3, bt.get("top").size());
    assertEquals(1, bt.get("top").get(0).get("rank").asInt());
    double tauBt = bt.get("kendallTau").asDouble();
    double tauNoisy = noisy.get("kendallTau").asDouble();
    assertTrue(tauNoisy > tauBt + 0.05, tauNoisy + " vs " + tauBt);
    List<String> csv = Files.readAllLines(dir.resolve("nbt.csv"));
    assertEquals("item,score,stderr,rank,component", csv.get(0));
    assertEquals(61, csv.size());
    assertTrue(csv.get(1).endsWith(",1,0"));
    JsonNode model = JSON.readTree(dir.resolve("nbt.json").toFile());
    assertEquals("noisy-bt", model.get("method").asText());
    assertEquals(20, model.get("workerModels").size());
    assertEquals(60, model.get("itemScores").size());
    assertTrue(model.get("diagnostics").get("converged").asBoolean());
    assertFalse(JSON.readTree(dir.resolve("bt.json").toFile()).has("workerModels"));
  }

  @Test
  void badInputNamesFileLineAndFieldWithExitCode3(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("c.csv");
    Files.writeString(bad, "worker,left,right,label\nw,a,b,a\nw,a,b,draw\n");
    Run r = run("rank", "--comparisons", bad.toString(), "--out", dir.resolve("r.csv").toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains(bad + ":3: field 'label' is 'draw'"), r.err());
    assertFalse(Files.exists(dir.resolve("r.csv")));
    Files.writeString(bad, "judge,left,right,label\nw,a,b,a\n");
    Run columns = run("rank", "--comparisons", bad.toString());
    assertEquals(3, columns.code());
    assertTrue(columns.err().contains("--worker-column"), columns.err());
    Run anonymous = run("rank", "--comparisons", bad.toString(), "--anonymous", "--quiet");
    assertEquals(0, anonymous.code(), anonymous.err());
    assertEquals("", anonymous.out());
  }

  @Test
  void usageErrorsExitWith2(@TempDir Path dir) throws Exception {
    Run missing = run("rank", "--comparisons", dir.resolve("none.csv").toString());
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("no such file"), missing.err());
    Path ok = dir.resolve("c.csv");
    Files.writeString(ok, "worker,left,right,label\nw,a,b,a\n");
    Run method = run("rank", "--comparisons", ok.toString(), "--method", "elo");
    assertEquals(2, method.code());
    assertTrue(method.err().contains("unknown method 'elo'"), method.err());
    Run prior = run("rank", "--comparisons", ok.toString(), "--prior", "-1");
    assertEquals(2, prior.code());
    Run share =
        run(
            "simulate-pairwise",
            "--random-share",
            "0.8",
            "--adversarial-share",
            "0.5",
            "--out",
            dir.resolve("s").toString());
    assertEquals(2, share.code());
  }

  /** The human summary says whether it converged and notes items whose MLE does not exist. */
  @Test
  void summaryReportsConvergenceAndNotes(@TempDir Path dir) throws Exception {
    Path c = dir.resolve("c.csv");
    Files.writeString(c, "worker,left,right,label\nw,a,b,a\nw,b,c,b\nw,c,a,a\n");
    Run r = run("rank", "--comparisons", c.toString(), "--max-iter", "10", "--tol", "0");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("NOT converged after 10 iterations"), r.out());
    assertTrue(r.out().contains("note: 1 item(s) never won"), r.out());
    Run p =
        run(
            "rank",
            "--comparisons",
            c.toString(),
            "--prior",
            "1",
            "--tol",
            "1e-10",
            "--max-iter",
            "1000");
    assertTrue(p.out().contains("converged after"), p.out());
    assertTrue(p.out().contains("never won"), p.out());
    assertFalse(p.out().contains("does not exist"), p.out());
  }

  /**
   * {@code --param} sets the method's options as on every command; the flags are short for them.
   */
  @Test
  void paramsSetTheOptionsAndTheFlagsAreShortForThem(@TempDir Path dir) throws Exception {
    Path c = dir.resolve("c.csv");
    Files.writeString(c, "worker,left,right,label\nw,a,b,a\nw,b,c,b\nw,c,a,a\n");
    Run byParam =
        run(
            "rank",
            "--comparisons",
            c.toString(),
            "--param",
            "maxIterations=10",
            "--param",
            "tol=0");
    assertEquals(0, byParam.code(), byParam.err());
    assertTrue(byParam.out().contains("NOT converged after 10 iterations"), byParam.out());
    Run unknown = run("rank", "--comparisons", c.toString(), "--param", "iterations=3");
    assertEquals(2, unknown.code());
    assertTrue(
        unknown.err().contains("unknown option 'iterations' for method 'bt'"), unknown.err());
    Run noisy =
        run(
            "rank",
            "--comparisons",
            c.toString(),
            "--method",
            "noisy-bt",
            "--param",
            "maxIterations=-1");
    assertEquals(2, noisy.code(), noisy.err());
  }

  /**
   * {@code --standard-errors}: on the path a – b – c, each pair won once by either side, the
   * diagonal errors (the default) are (2/3)√2 for a and c, the exact ones √(10/9); none leaves the
   * column empty; Spark computes the diagonal ones only.
   */
  @Test
  void standardErrorsAreChosen(@TempDir Path dir) throws Exception {
    Path c = dir.resolve("c.csv");
    Files.writeString(c, "worker,left,right,label\nw,a,b,a\nw,a,b,b\nw,b,c,b\nw,b,c,c\n");
    String[] modes = {null, "diagonal", "exact", "none"};
    double[] expected = {2.0 / 3 * Math.sqrt(2), 2.0 / 3 * Math.sqrt(2), Math.sqrt(10.0 / 9), 0};
    for (int k = 0; k < modes.length; k++) {
      Path out = dir.resolve("r" + k + ".csv");
      List<String> args =
          new java.util.ArrayList<>(
              List.of("rank", "--comparisons", c.toString(), "--out", out.toString(), "--json"));
      if (modes[k] != null) {
        args.addAll(List.of("--standard-errors", modes[k]));
      }
      Run r = run(args.toArray(String[]::new));
      assertEquals(0, r.code(), r.err());
      String method = JSON.readTree(r.out()).get("stderrMethod").asText();
      for (String row : Files.readAllLines(out)) {
        if (row.startsWith("a,")) {
          String stderr = row.split(",", -1)[2];
          if (expected[k] == 0) {
            assertEquals("", stderr, row);
            assertTrue(method.startsWith("none"), method);
          } else {
            assertEquals(expected[k], Double.parseDouble(stderr), 1e-6, row);
            assertTrue(method.contains(k == 2 ? "inverted" : "diagonal only"), method);
          }
        }
      }
    }
    Run bad = run("rank", "--comparisons", c.toString(), "--standard-errors", "full");
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("one of [none, diagonal, exact]"), bad.err());
    Run spark =
        run(
            "rank",
            "--comparisons",
            c.toString(),
            "--engine",
            "spark",
            "--standard-errors",
            "exact");
    assertEquals(2, spark.code(), spark.err());
    assertTrue(spark.err().contains("diagonal standard errors only"), spark.err());
  }

  @Test
  void sparkEngineRunsBtOnlyAndNeedsSpark(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("c.csv");
    Files.writeString(f, "worker,left,right,label\nw,a,b,a\n");
    Run noisy =
        run("rank", "--comparisons", f.toString(), "--method", "noisy-bt", "--engine", "spark");
    assertEquals(2, noisy.code(), noisy.err());
    assertTrue(noisy.err().contains("--engine spark runs bt only"), noisy.err());
    Run master = run("rank", "--comparisons", f.toString(), "--master", "local[2]");
    assertEquals(2, master.code(), master.err());
    assertTrue(master.err().contains("--master applies to --engine spark only"), master.err());
    // this module's tests run without Spark on the class path, as the plain jar does
    Run bt = run("rank", "--comparisons", f.toString(), "--engine", "spark");
    assertEquals(1, bt.code(), bt.err());
    assertTrue(bt.err().contains("needs Apache Spark 4 on the class path"), bt.err());
  }
}
