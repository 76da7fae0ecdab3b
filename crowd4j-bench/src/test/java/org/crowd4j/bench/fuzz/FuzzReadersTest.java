package org.crowd4j.bench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A short Jazzer campaign per reader (three in the default build, all nine with {@code
 * -Pfull-sweep}; the long ones are a benchmark, see RELIABILITY.md), and the targets' own rule:
 * anything but the project's bad-input error naming the file is a finding.
 */
class FuzzReadersTest {
  /**
   * Executions per reader: 2,000 in the default build, 10,000 with {@code -Pfull-sweep} (system
   * property {@code crowd4j.fuzz.runs}); the benchmark runs 10 million.
   */
  static final long RUNS = Long.getLong("crowd4j.fuzz.runs", 2_000);

  @TempDir Path dir;

  /** The readers campaigned in the default build. */
  static final List<String> BUILD = List.of("answers", "exports", "pairwise");

  /** The other readers, campaigned with {@code -Pfull-sweep}. */
  static final List<String> OTHERS = List.of("gold", "features", "idx", "model", "masks", "text");

  static List<String> build() {
    return BUILD;
  }

  static List<String> others() {
    return OTHERS;
  }

  @Test
  void theTwoListsHoldEveryTargetOnce() {
    List<String> all = new ArrayList<>(BUILD);
    all.addAll(OTHERS);
    assertEquals(new TreeSet<>(FuzzReaders.TARGETS.keySet()), new TreeSet<>(all));
    assertEquals(FuzzReaders.TARGETS.size(), all.size());
  }

  @ParameterizedTest
  @MethodSource("build")
  void shortCampaignFindsNothing(String target) throws Exception {
    campaign(target);
  }

  /** The other readers; run by {@code -Pfull-sweep} (each campaign is a JVM of about 8 s). */
  @Tag("full-sweep")
  @ParameterizedTest
  @MethodSource("others")
  void shortCampaignOnTheOtherReadersFindsNothing(String target) throws Exception {
    campaign(target);
  }

  private void campaign(String target) throws Exception {
    FuzzReaders.Result r = FuzzReaders.run(target, RUNS, 1, dir);
    assertTrue(r.clean(), target + ": " + r.finding() + "\n" + Files.readString(r.log()));
    assertEquals(RUNS, r.executions(), Files.readString(r.log()));
  }

  @Test
  void seedsAreReadWithoutErrorAndTargetsRejectForeignExceptions() throws Exception {
    for (String t : FuzzReaders.TARGETS.keySet()) {
      for (byte[] seed : FuzzReaders.seeds(t)) {
        FuzzReaders.TARGETS.get(t).getMethod("fuzzerTestOneInput", byte[].class).invoke(null, seed);
      }
    }
    // a bad-input error that names another file is not what the readers promise
    assertThrows(
        IllegalStateException.class,
        () ->
            Inputs.expected(
                new org.crowd4j.io.CrowdFormatException(Path.of("x.csv"), 1, null, "bad"),
                Path.of("answers.csv")));
  }
}
