package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of every shared classification crowd (answers and gold, methods ds and mv) is written
 * with every section. How long each takes is a benchmark (BENCHMARKS.md, "Report"), not checked
 * here.
 */
class ReportAllDatasetsTest {
  @TempDir Path dir;

  @Test
  void everyDatasetReports() throws Exception {
    List<String> crowds = SharedData.classificationCrowds();
    assertEquals(
        SharedData.CLASSIFICATION_CROWDS, crowds.size(), "classification crowds " + crowds);
    for (String name : crowds) {
      Path set = SharedData.dataset(name);
      Path out = dir.resolve(set.getFileName() + ".html");
      CliRunner.Run r =
          CliRunner.run(
              "report",
              "--answers",
              set.resolve("answers.csv").toString(),
              "--gold",
              set.resolve("gold.csv").toString(),
              "--out",
              out.toString(),
              "--quiet");
      assertEquals(0, r.code(), set + ": " + r.err());
      String html = Files.readString(out, StandardCharsets.UTF_8);
      assertTrue(html.contains("<h2 id=\"redundancy\">"), set.toString());
    }
  }
}
