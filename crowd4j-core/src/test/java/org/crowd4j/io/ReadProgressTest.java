package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The byte counts reported while files load. */
class ReadProgressTest {
  @TempDir Path dir;

  @Test
  void reportsGrowingCountsEndingAtTheFileSize() throws Exception {
    StringBuilder sb = new StringBuilder("task,worker,label\n");
    for (int i = 0; i < 120_000; i++) {
      sb.append("task").append(i / 3).append(",w").append(i % 7).append(',').append(i % 3);
      sb.append('\n');
    }
    Path plain = dir.resolve("answers.csv");
    Files.writeString(plain, sb);
    List<Long> seen = new ArrayList<>();
    CrowdDataset data = CrowdReader.readAnswers(plain, CsvFormat.defaults(), seen::add);
    assertEquals(120_000, data.numAnswers());
    assertTrue(seen.size() >= 2, "about every megabyte: " + seen);
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i) > seen.get(i - 1));
    }
    assertEquals(Files.size(plain), seen.get(seen.size() - 1));
    // compressed: the counts are of the compressed file
    Path gz = dir.resolve("answers.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
    List<Long> seenGz = new ArrayList<>();
    CrowdReader.readAnswers(gz, CsvFormat.defaults(), seenGz::add);
    assertEquals(Files.size(gz), seenGz.get(seenGz.size() - 1));
    // features too; null means no reporting
    Path f = dir.resolve("features.csv");
    Files.writeString(f, "task,f0,f1\na,1,2\nb,3,4\n");
    List<Long> seenF = new ArrayList<>();
    TaskFeatures x = CrowdReader.readFeatures(f, seenF::add);
    assertEquals(2, x.numRows());
    assertEquals(List.of(Files.size(f)), seenF);
    assertEquals(2, CrowdReader.readFeatures(f, null).numRows());
  }
}
