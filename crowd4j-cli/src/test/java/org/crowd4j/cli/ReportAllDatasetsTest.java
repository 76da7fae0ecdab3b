package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of every shared dataset (answers and gold, methods ds and mv) is written, and the time
 * each takes is recorded in {@code target/report-timings.csv}. The budget is 10 s a dataset on the
 * reference machine; the assertion leaves room for a loaded one.
 */
class ReportAllDatasetsTest {
  @TempDir Path dir;

  static final double LIMIT_SECONDS = 30;

  @Test
  void everyDatasetReports() throws Exception {
    Path root = SharedData.dataset("labelme").getParent();
    List<Path> sets;
    try (Stream<Path> s = Files.list(root)) {
      sets = s.filter(p -> Files.exists(p.resolve("answers.csv"))).sorted().toList();
    }
    assertTrue(sets.size() >= 1);
    List<String> lines = new ArrayList<>();
    lines.add("dataset,answers,seconds");
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
      long t0 = System.nanoTime();
      ReportChromiumTest.Run r = ReportChromiumTest.run(args.toArray(String[]::new));
      double seconds = (System.nanoTime() - t0) / 1e9;
      assertEquals(0, r.code(), set + ": " + r.err());
      String html = Files.readString(out, StandardCharsets.UTF_8);
      assertTrue(html.contains("<h2 id=\"redundancy\">"), set.toString());
      long answers;
      try (Stream<String> l = Files.lines(set.resolve("answers.csv"))) {
        answers = l.count() - 1;
      }
      lines.add(String.format(Locale.ROOT, "%s,%d,%.2f", set.getFileName(), answers, seconds));
      assertTrue(seconds < LIMIT_SECONDS, set + " took " + seconds + " s");
    }
    Path timings = Paths.get("target", "report-timings.csv");
    Files.createDirectories(timings.getParent());
    Files.write(timings, lines, StandardCharsets.UTF_8);
  }
}
