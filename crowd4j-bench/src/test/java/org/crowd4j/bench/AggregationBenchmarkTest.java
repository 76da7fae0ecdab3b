package org.crowd4j.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny end-to-end run of the benchmark driver, its generator and its Markdown output. */
class AggregationBenchmarkTest {
  @TempDir Path dir;

  @Test
  void generatorIsSeededAndShaped() throws Exception {
    BenchmarkCrowd crowd = new BenchmarkCrowd(100, 20, 3, 1003, 9);
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    int[] truth = crowd.write(a);
    assertArrayEquals(truth, crowd.write(b));
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    CrowdDataset d = CrowdReader.readAnswers(a);
    assertEquals(100, d.numTasks());
    assertEquals(1003, d.numAnswers());
    assertEquals(List.of("0", "1", "2"), d.labels().names());
    assertEquals(11, d.taskSize(d.tasks().id("t0")));
    assertEquals(10, d.taskSize(d.tasks().id("t99")));
    assertThrows(IllegalArgumentException.class, () -> new BenchmarkCrowd(10, 5, 2, 100, 1));
  }

  @Test
  void runsEveryRegisteredMethodAndWritesItsSection() throws Exception {
    AggregationBenchmark.Config config =
        AggregationBenchmark.Config.parse(
            "--answers", "2k", "--workers", "30", "--classes", "3", "--ds-iterations", "7");
    assertEquals(200, config.effectiveTasks());
    AggregationBenchmark.Results r = AggregationBenchmark.run(config);
    AggregationBenchmark.MethodTiming ds = r.ds();
    assertNotNull(ds);
    assertTrue(ds.iterations() >= 1 && ds.iterations() <= 7, "iterations " + ds.iterations());
    assertTrue(ds.accuracy() > 0.8, "accuracy " + ds.accuracy());
    assertTrue(r.methods().stream().anyMatch(m -> m.method().equals("mv")));
    assertTrue(r.bestLoadSeconds() > 0);
    assertTrue(r.peakHeapBytes() > 0);

    Path md = dir.resolve("BENCHMARKS.md");
    Files.writeString(md, "# Benchmarks\n\nintro\n");
    String body = r.toMarkdown();
    assertTrue(body.contains("| ds |"), body);
    AggregationBenchmark.writeSection(md, "small", body);
    AggregationBenchmark.writeSection(md, "other", "other text");
    AggregationBenchmark.writeSection(md, "small", "replaced");
    String text = Files.readString(md);
    assertTrue(text.startsWith("# Benchmarks\n\nintro\n"), text);
    assertTrue(text.contains("<!-- bench:small -->\nreplaced\n<!-- /bench:small -->"), text);
    assertTrue(text.contains("other text"), text);
    assertFalse(text.contains("| ds |"), text);
  }
}
