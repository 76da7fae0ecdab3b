package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of every shared dataset (answers and gold, methods ds and mv) is written with every
 * section. How long each takes is a benchmark (BENCHMARKS.md, "Report"), not checked here.
 */
class ReportAllDatasetsTest {
  @TempDir Path dir;

  @Test
  void everyDatasetReports() throws Exception {
    Path root = SharedData.dataset("labelme").getParent();
    List<Path> sets;
    try (Stream<Path> s = Files.list(root)) {
      sets = s.filter(p -> Files.exists(p.resolve("answers.csv"))).sorted().toList();
    }
    assertTrue(sets.size() >= 1);
    for (Path set : sets) {
      Path out = dir.resolve(set.getFileName() + ".html");
      List<String> args =
          new ArrayList<>(
              List.of(
                  "report",
                  "--answers",
                  set.resolve("answers.csv").toString(),
                  "--out",
                  out.toString(),
                  "--quiet"));
      if (Files.exists(set.resolve("gold.csv"))) {
        args.add("--gold");
        args.add(set.resolve("gold.csv").toString());
      }
      CliRunner.Run r = CliRunner.run(args.toArray(String[]::new));
      assertEquals(0, r.code(), set + ": " + r.err());
      String html = Files.readString(out, StandardCharsets.UTF_8);
      assertTrue(html.contains("<h2 id=\"redundancy\">"), set.toString());
    }
  }
}
