package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Aggregated masks written as CSV (rows or run lengths) and as PNGs read back the same. */
class MaskWriterTest {
  @TempDir Path dir;

  private static SegmentationResult result(String... tasks) {
    MaskAnswers.Builder b = MaskAnswers.builder();
    Mask[] truths = BoundaryNoiseSimulator.ellipses(tasks.length, 9, 13, 5);
    for (int t = 0; t < tasks.length; t++) {
      b.add(tasks[t], "w", truths[t]);
    }
    return new SegmentationMajorityVote().fit(b.build());
  }

  @Test
  void csvInEitherEncodingReadsBack() throws Exception {
    SegmentationResult r = result("t1", "t,2", "t\"3");
    for (MaskWriter.Encoding e : MaskWriter.Encoding.values()) {
      Path csv = dir.resolve(e + ".csv");
      MaskWriter.writeCsv(csv, r, e);
      Map<String, Mask> back =
          MaskReader.readTruth(csv, MaskReader.Layout.defaults(), CsvFormat.defaults());
      assertEquals(List.of("t1", "t,2", "t\"3"), List.copyOf(back.keySet()), e.toString());
      for (int t = 0; t < 3; t++) {
        assertEquals(r.mask(t), back.get(r.tasks().name(t)), e + " task " + t);
      }
      String first = Files.readAllLines(csv).get(1);
      assertEquals(
          e == MaskWriter.Encoding.RLE ? r.mask(0).toRle() : r.mask(0).toRows(),
          first.substring(first.indexOf(',') + 1),
          e.toString());
    }
  }

  @Test
  void pngFolderHoldsOneImagePerTaskAndAnIndex() throws Exception {
    SegmentationResult r = result("a/b", "a_b", "A_B", "plain", ".hidden");
    Path png = dir.resolve("png");
    assertEquals(2, MaskWriter.writePngFolder(png, r), "a_b~2 and A_B~3 numbered");
    List<String> index = Files.readAllLines(png.resolve("index.csv"));
    assertEquals(
        List.of(
            "task,file",
            "a/b,a_b.png",
            "a_b,a_b~2.png",
            "A_B,A_B~3.png",
            "plain,plain.png",
            ".hidden,_.hidden.png"),
        index);
    for (int t = 0; t < r.tasks().size(); t++) {
      String file = index.get(t + 1).substring(index.get(t + 1).lastIndexOf(',') + 1);
      assertEquals(r.mask(t), MaskReader.readPng(png.resolve(file)), file);
    }
    assertEquals(6, Files.list(png).count());
  }
}
