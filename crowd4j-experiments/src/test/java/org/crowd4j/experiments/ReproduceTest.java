package org.crowd4j.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.crowd4j.nn.ReferenceExperiments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment harness on a small dataset folder in the shared layout. */
class ReproduceTest {
  private static final int SECONDS_COLUMN = 8;

  @TempDir Path dir;

  @Test
  void folderExperimentWritesOneReproducibleRowPerMethodAndSeed() throws Exception {
    Path data = writeFolder(dir.resolve("tiny"), 80, 20);
    Path first = dir.resolve("first.csv");
    Path second = dir.resolve("second.csv");
    for (Path out : List.of(first, second)) {
      Reproduce.run(
          "folder",
          "dir=" + data,
          "seeds=0",
          "epochs=3",
          "protocol=authors",
          "methods=mv,crowd-layer",
          "out=" + out);
    }
    List<String[]> a = rows(first);
    List<String[]> b = rows(second);
    assertEquals(2, a.size());
    assertEquals("mv", a.get(0)[2]);
    assertEquals("crowd-layer", a.get(1)[2]);
    for (int r = 0; r < a.size(); r++) {
      double testAcc = Double.parseDouble(a.get(r)[5]);
      assertTrue(testAcc >= 0 && testAcc <= 1, "test accuracy " + testAcc);
      a.get(r)[SECONDS_COLUMN] = "";
      b.get(r)[SECONDS_COLUMN] = "";
      assertEquals(String.join(",", a.get(r)), String.join(",", b.get(r)), "same seed, same row");
    }
  }

  @Test
  void crowdFilesReadTheSplitsThatExist() throws Exception {
    Path data = writeFolder(dir.resolve("splits"), 30, 10);
    CrowdFiles files = CrowdFiles.read(data);
    assertEquals(30, files.data().numTasks());
    assertNotNull(files.trainGold());
    assertEquals(10, files.test().count());
    assertNull(files.valid(), "no valid_*.csv, no validation split");
  }

  @Test
  void theServiceOfTheCommandLineIsReproduce() {
    ReferenceExperiments found = ReferenceExperiments.find().orElseThrow();
    assertInstanceOf(ReproduceExperiments.class, found);
    assertEquals(Reproduce.USAGE, found.usage());
  }

  @Test
  void unknownExperimentIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> Reproduce.run("no-such-experiment"));
  }

  private static List<String[]> rows(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String[]> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      out.add(line.split(",", -1));
    }
    return out;
  }

  /**
   * Two Gaussian classes in three features, four annotators right 80 % of the time: answers, gold
   * and features of {@code n} training items, and {@code test} test items with gold.
   */
  private static Path writeFolder(Path folder, int n, int test) throws IOException {
    Files.createDirectories(folder);
    SplittableRandom rng = new SplittableRandom(11);
    StringBuilder answers = new StringBuilder("task,worker,label\n");
    StringBuilder gold = new StringBuilder("task,label\n");
    StringBuilder features = new StringBuilder("task,f0,f1,f2\n");
    StringBuilder testGold = new StringBuilder("task,label\n");
    StringBuilder testFeatures = new StringBuilder("task,f0,f1,f2\n");
    for (int i = 0; i < n + test; i++) {
      boolean train = i < n;
      String id = (train ? "item" : "test") + i;
      int y = i % 2;
      String label = y == 0 ? "a" : "b";
      StringBuilder row = new StringBuilder(id);
      for (int f = 0; f < 3; f++) {
        double centre = y == 0 ? -1 : 1;
        row.append(String.format(Locale.ROOT, ",%.4f", centre + 0.5 * rng.nextGaussian()));
      }
      (train ? features : testFeatures).append(row).append('\n');
      (train ? gold : testGold).append(id).append(',').append(label).append('\n');
      if (train) {
        for (int w = 0; w < 4; w++) {
          String answer = rng.nextDouble() < 0.8 ? label : (y == 0 ? "b" : "a");
          answers.append(id).append(",w").append(w).append(',').append(answer).append('\n');
        }
      }
    }
    Files.writeString(folder.resolve("answers.csv"), answers);
    Files.writeString(folder.resolve("gold.csv"), gold);
    Files.writeString(folder.resolve("features.csv"), features);
    Files.writeString(folder.resolve("test_gold.csv"), testGold);
    Files.writeString(folder.resolve("test_features.csv"), testFeatures);
    return folder;
  }
}
