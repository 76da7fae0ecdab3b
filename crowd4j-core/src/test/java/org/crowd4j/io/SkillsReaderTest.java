package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.WeightedMajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.method.OptionsBinder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Worker skills read from a {@code worker,skill} file, and the weighted vote built from one. */
class SkillsReaderTest {
  @TempDir Path tmp;

  /** One task: w1 says a, w2 and w3 say b. */
  private static CrowdDataset oneTask() {
    return CrowdDataset.builder()
        .add("t1", "w1", "a")
        .add("t1", "w2", "b")
        .add("t1", "w3", "b")
        .build();
  }

  private static WeightedMajorityVote.Options skillsFile(Path file) {
    return OptionsBinder.bind(
        WeightedMajorityVote.Options.defaults(), Map.of("skillsFile", file.toString()));
  }

  @Test
  void skillsFileOfTheCatalogueOptions() throws IOException {
    Path file = tmp.resolve("skills.csv");
    Files.writeString(file, "worker,skill\nw1,0.9\nw2,0.2\nw3,0.3\n");
    AggregationResult r = SkillsReader.weightedMajorityVote(skillsFile(file)).fit(oneTask());
    assertEquals(0.9 / 1.4, r.posterior(0, 0), 1e-12);

    IllegalArgumentException none =
        assertThrows(IllegalArgumentException.class, () -> Methods.create("wmv", Map.of()));
    assertTrue(none.getMessage().contains("skillsFile"), none.getMessage());
    IllegalArgumentException unread =
        assertThrows(
            IllegalArgumentException.class,
            () -> Methods.create("wmv", Map.of("skillsFile", file.toString())));
    assertTrue(unread.getMessage().contains("SkillsReader"), unread.getMessage());

    Path absent = tmp.resolve("absent.csv");
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> SkillsReader.weightedMajorityVote(skillsFile(absent)));
    assertTrue(missing.getMessage().contains("absent.csv"), missing.getMessage());
  }

  @Test
  void skillsFileErrorsNameFileAndLine() throws IOException {
    Path bad = tmp.resolve("bad.csv");
    Files.writeString(bad, "worker,skill\nw1,0.9\nw2,high\n");
    CrowdFormatException e = assertThrows(CrowdFormatException.class, () -> SkillsReader.read(bad));
    assertTrue(e.getMessage().contains("bad.csv:3"), e.getMessage());
    assertEquals(3, e.line());

    Path dup = tmp.resolve("dup.csv");
    Files.writeString(dup, "worker,skill\nw1,0.9\nw1,0.2\n");
    assertEquals(3, assertThrows(CrowdFormatException.class, () -> SkillsReader.read(dup)).line());

    Path negative = tmp.resolve("negative.csv");
    Files.writeString(negative, "worker,skill\nw1,-0.5\n");
    assertEquals(
        2, assertThrows(CrowdFormatException.class, () -> SkillsReader.read(negative)).line());

    Path noColumn = tmp.resolve("nocolumn.csv");
    Files.writeString(noColumn, "worker,weight\nw1,0.5\n");
    CrowdFormatException col =
        assertThrows(CrowdFormatException.class, () -> SkillsReader.read(noColumn));
    assertTrue(col.getMessage().contains("'skill'"), col.getMessage());

    Path narrow = tmp.resolve("narrow.csv");
    Files.writeString(narrow, "worker,skill,note\nw1,0.5\nw2\n");
    CrowdFormatException width =
        assertThrows(CrowdFormatException.class, () -> SkillsReader.read(narrow));
    assertEquals(narrow + ":3: expected 3 fields, found 1", width.getMessage());
  }

  /**
   * The skills are read here, so that {@code org.crowd4j.aggregate} imports nothing of this
   * package.
   */
  @Test
  void aggregateImportsNoReader() throws IOException {
    List<String> importing = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java/org/crowd4j/aggregate"))) {
      List<Path> sources = files.filter(p -> p.toString().endsWith(".java")).toList();
      assertTrue(sources.size() > 20, "the sources are where this test expects them");
      for (Path f : sources) {
        if (Files.readAllLines(f).stream().anyMatch(l -> l.startsWith("import org.crowd4j.io."))) {
          importing.add(f.getFileName().toString());
        }
      }
    }
    assertEquals(List.of(), importing);
  }
}
