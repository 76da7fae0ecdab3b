package org.crowd4j.aggregate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.internal.kernel.TaskChunks;
import org.crowd4j.io.ResultWriter;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.simulate.SyntheticCrowd;
import org.crowd4j.testing.Pools;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Same seed, same bytes: every method writes byte-identical labels.csv and model.json (but for the
 * wall-clock fields of the provenance) whether its parallel loops run on 1, 2 or 4 threads. Each
 * method gets a crowd big enough for several of its task chunks, so the chunked reductions really
 * run in parallel: 240,000 answers for the methods that chunk by 65,536 answers, 40,000 for the
 * rest (MMCE chunks by 8,192; M-MSR by 16,384 answer pairs).
 */
class ThreadDeterminismTest {
  static CrowdDataset data;

  /** The crowd of the methods that do not chunk by 65,536 answers. */
  static CrowdDataset medium;

  /** The methods whose parallel loops run over chunks of 65,536 answers. */
  static final Set<String> LARGE_CHUNKS = Set.of("ds", "one-coin-ds", "glad", "mace");

  /**
   * A smaller crowd for the methods that fit every other method many times (auto, ds-map); their
   * parts are checked on the big one.
   */
  static CrowdDataset small;

  static final List<String> SELECTING = List.of("auto", "ds-map");

  /**
   * Fewer restarts and iterations where the defaults repeat the same parallel sweeps many times
   * (the bytes must agree after every sweep, so a few of them show it as well).
   */
  static final Map<String, Map<String, String>> SHORTER =
      Map.of("mace", Map.of("restarts", "2", "maxIterations", "10"));

  @TempDir static Path dir;

  @BeforeAll
  static void crowd() {
    // 240,000 answers: 3 or more chunks of 65,536 answers for the chunked methods
    data =
        SyntheticCrowd.generate(48_000, 3, 120, 5, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 11)
            .data();
    assertTrue(TaskChunks.of(data, 65_536, 64).count() >= 3);
    // 40,000 answers: 3 or more chunks of 8,192 answers (MMCE)
    medium =
        SyntheticCrowd.generate(8_000, 3, 120, 5, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 14)
            .data();
    assertTrue(TaskChunks.of(medium, 8_192, 64).count() >= 3);
    small =
        SyntheticCrowd.generate(600, 3, 60, 5, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 13).data();
  }

  static List<String> methods() {
    List<String> names = new ArrayList<>();
    for (MethodSpec<Aggregator> s : Methods.all()) {
      if (!s.name().equals("gold-mv") && !s.name().equals("wmv") && !s.name().equals("kos")) {
        names.add(s.name());
      }
    }
    return names;
  }

  @ParameterizedTest
  @MethodSource("methods")
  void sameBytesWithOneTwoAndFourThreads(String method) throws Exception {
    byte[][] first = null;
    CrowdDataset crowd =
        SELECTING.contains(method) ? small : LARGE_CHUNKS.contains(method) ? data : medium;
    for (int threads : new int[] {1, 2, 4}) {
      AggregationResult r =
          Pools.run(
              threads,
              () -> Methods.create(method, SHORTER.getOrDefault(method, Map.of())).fit(crowd));
      byte[][] files = files(method + "-" + threads, r, crowd);
      if (first == null) {
        first = files;
      } else {
        assertArrayEquals(first[0], files[0], method + ": labels.csv differs with " + threads);
        assertEquals(
            new String(first[1], StandardCharsets.UTF_8),
            new String(files[1], StandardCharsets.UTF_8),
            method + ": model.json differs with " + threads + " threads");
      }
    }
  }

  @org.junit.jupiter.api.Test
  void kosOnABinaryCrowd() throws Exception {
    CrowdDataset binary =
        SyntheticCrowd.generate(8_000, 2, 120, 5, new double[] {0.3, 0.4, 0.15, 0.1, 0.05}, 12)
            .data();
    CrowdDataset saved = medium;
    medium = binary;
    try {
      sameBytesWithOneTwoAndFourThreads("kos");
    } finally {
      medium = saved;
    }
  }

  /** labels.csv and model.json (without its wall-clock fields and checksum) of {@code r}. */
  static byte[][] files(String name, AggregationResult r, CrowdDataset data) throws IOException {
    Path labels = dir.resolve(name + "-labels.csv");
    Path model = dir.resolve(name + "-model.json");
    ResultWriter.writeLabels(labels, r);
    org.crowd4j.model.ClassificationModelWriter.write(model, r, data);
    String json =
        Files.readString(model)
            .replaceAll("\"created\" : \"[^\"]*\"", "\"created\" : \"-\"")
            .replaceAll("\"elapsedMillis\" : [-0-9.Ee]+", "\"elapsedMillis\" : 0")
            .replaceAll("\"checksum\" : \"[^\"]*\"", "\"checksum\" : \"-\"");
    return new byte[][] {Files.readAllBytes(labels), json.getBytes(StandardCharsets.UTF_8)};
  }
}
