package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MaskTest {
  @TempDir Path dir;

  @Test
  void rowsAndRunLengthRoundTrip() {
    Mask m = Mask.parseRows("0110;1000;0001");
    assertEquals(3, m.height());
    assertEquals(4, m.width());
    assertEquals(4, m.cardinality());
    assertTrue(m.get(0, 1) && m.get(1, 0) && m.get(2, 3));
    assertEquals("3x4:1 2 1 1 6 1", m.toRle());
    assertEquals(m, Mask.parseRle(m.toRle()));
    assertEquals("0110;1000;0001", m.toRows());
    assertEquals(Mask.parseRows("11;11"), Mask.parseRle("2x2:0 4"));
    // a random 70 x 3 mask crosses word boundaries
    SplittableRandom r = new SplittableRandom(1);
    boolean[] px = new boolean[210];
    for (int i = 0; i < px.length; i++) {
      px[i] = r.nextBoolean();
    }
    Mask big = Mask.of(70, 3, px);
    assertEquals(big, Mask.parseRows(big.toRows()));
    assertEquals(big, Mask.parseRle(big.toRle()));
  }

  @Test
  void malformedMasksAreRefusedWithTheReason() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Mask.parseRows("010;01"))
            .getMessage()
            .contains("row 2 has 2 pixels"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Mask.parseRows("012"))
            .getMessage()
            .contains("'2'"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Mask.parseRle("2x2:1 2"))
            .getMessage()
            .contains("cover 3 of the 4"));
  }

  @Test
  void pngMasksAreReadRelativeToTheCsvAndWrittenBack() throws Exception {
    Mask m = Mask.parseRows("0110;1001");
    MaskWriter.writePng(dir.resolve("masks/a.png"), m);
    MaskWriter.writePng(dir.resolve("masks/b.png"), Mask.parseRows("0100;1001"));
    Path csv = dir.resolve("answers.csv");
    Files.writeString(
        csv,
        "task,worker,segmentation\ni1,w1,masks/a.png\ni1,w2,masks/b.png\ni1,w3,2x4:1 2 1 2 1 1\n");
    MaskAnswers data = MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults());
    assertEquals(m, data.mask(0));
    assertEquals(Mask.parseRows("0100;1001"), data.mask(1));
    SegmentationResult mv = new SegmentationMajorityVote().fit(data);
    assertEquals("0110;1001", mv.mask(0).toRows());
    MaskWriter.writeCsv(dir.resolve("out.csv"), mv, MaskWriter.Encoding.RLE);
    assertEquals(
        "task,segmentation\ni1,2x4:1 2 1 1 2 1\n", Files.readString(dir.resolve("out.csv")));
  }

  @Test
  void badRowsNameFileLineAndField() throws Exception {
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, "task,worker,segmentation\ni1,w1,01;10\ni1,w2,011;100\n");
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
    assertEquals(3, e.line());
    assertEquals("segmentation", e.field());
    assertTrue(e.getMessage().startsWith(csv + ":3: "), e.getMessage());
    assertTrue(e.getMessage().contains("2x3 where task 'i1' has 2x2"), e.getMessage());
    Files.writeString(csv, "task,worker,segmentation\ni1,w1,01;10\ni1,w1,01;10\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains(":3: ") && e.getMessage().contains("again"));
    Files.writeString(csv, "task,worker,segmentation\ni1,w1,01;1x\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains(":2: field 'segmentation' is not a mask"), e.getMessage());
    Files.writeString(csv, "task,worker,segmentation\ni1,w1,missing.png\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(e.getMessage().contains("missing.png"), e.getMessage());
  }

  @Test
  void iou() {
    assertEquals(1.0 / 3, Iou.of(Mask.parseRows("1100"), Mask.parseRows("0110")), 1e-15);
    assertEquals(1.0, Iou.of(Mask.parseRows("00"), Mask.parseRows("00")), 0);
    assertArrayEquals(new long[] {0b0110}, Mask.parseRows("0110").bits());
  }

  @Test
  void declaredSizesBeyondThePixelBudgetAreRefusedBeforeAnyAllocation() throws Exception {
    // two 40000x40000 masks declared in a 2-row CSV: refused from the header, file and line named
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Mask.parseRle("40000x40000:1600000000"));
    assertTrue(e.getMessage().contains("exceeds the pixel budget of 67108864"), e.getMessage());
    Path csv = dir.resolve("huge.csv");
    Files.writeString(csv, "task,worker,segmentation\nt1,w1,2x2:4\nt1,w2,40000x40000:1600000000\n");
    CrowdFormatException f =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
    assertTrue(f.getMessage().contains("huge.csv:3"), f.getMessage());
    assertTrue(f.getMessage().contains("pixel budget"), f.getMessage());
  }

  /**
   * Many masks each within the budget, declared by short run-length fields, are held to the budget
   * of one file's masks together: refused at the row that passes it, for answers and for truth.
   */
  @Test
  void theMasksOfOneFileTogetherHaveABudget() throws Exception {
    assertEquals(4 * Runtime.getRuntime().maxMemory(), PixelBudget.maxTotalPixels());
    StringBuilder rows = new StringBuilder("task,worker,segmentation\n");
    StringBuilder truth = new StringBuilder("task,segmentation\n");
    for (int i = 0; i < 5; i++) {
      rows.append("t").append(i).append(",w1,100x100:10000\n");
      truth.append("t").append(i).append(",100x100:10000\n");
    }
    Path csv = Files.writeString(dir.resolve("many.csv"), rows);
    Path gold = Files.writeString(dir.resolve("truth.csv"), truth);
    System.setProperty(PixelBudget.TOTAL_PROPERTY, "40000");
    try {
      CrowdFormatException e =
          assertThrows(
              CrowdFormatException.class,
              () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
      assertTrue(e.getMessage().contains("many.csv:6"), e.getMessage());
      assertTrue(e.getMessage().contains("50000 pixels in all"), e.getMessage());
      assertEquals("segmentation", e.field());
      CrowdFormatException f =
          assertThrows(
              CrowdFormatException.class,
              () -> MaskReader.readTruth(gold, MaskReader.Layout.defaults(), CsvFormat.defaults()));
      assertTrue(f.getMessage().contains("truth.csv:6"), f.getMessage());
      System.setProperty(PixelBudget.TOTAL_PROPERTY, "50000");
      assertEquals(
          5, MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()).size());
      System.setProperty(PixelBudget.TOTAL_PROPERTY, "many");
      assertThrows(IllegalStateException.class, PixelBudget::maxTotalPixels);
    } finally {
      System.clearProperty(PixelBudget.TOTAL_PROPERTY);
    }
  }

  @Test
  void aPngIsCheckedFromItsHeaderAndTheBudgetCanBeRaised() throws Exception {
    Path png = dir.resolve("m.png");
    MaskWriter.writePng(png, Mask.parseRows("0110;1000;0001"));
    try {
      PixelBudget.setMaxPixels(11);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> MaskReader.readPng(png));
      assertTrue(
          e.getMessage().contains("a 3x4 mask exceeds the pixel budget of 11"), e.getMessage());
      PixelBudget.setMaxPixels(12);
      assertEquals("0110;1000;0001", MaskReader.readPng(png).toRows());
      assertThrows(IllegalArgumentException.class, () -> PixelBudget.setMaxPixels(0));
      assertThrows(
          IllegalArgumentException.class, () -> PixelBudget.setMaxPixels(PixelBudget.LIMIT + 1));
    } finally {
      PixelBudget.setMaxPixels(PixelBudget.DEFAULT_MAX_PIXELS);
    }
  }

  @Test
  void maskImagesAreReadOnlyFromTheCsvsFolder() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    MaskWriter.writePng(dir.resolve("outside.png"), Mask.parseRows("01;10"));
    MaskWriter.writePng(data.resolve("in.png"), Mask.parseRows("01;10"));
    Path csv = data.resolve("answers.csv");
    Files.writeString(csv, "task,worker,segmentation\ni1,w1,in.png\n");
    assertEquals(
        1, MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()).size());
    java.util.List<String> outside =
        new java.util.ArrayList<>(
            java.util.List.of("../outside.png", dir.resolve("outside.png").toString()));
    try {
      Files.createSymbolicLink(data.resolve("link.png"), dir.resolve("outside.png"));
      outside.add("link.png");
    } catch (UnsupportedOperationException | java.io.IOException e) {
      // no links on this file system
    }
    for (String path : outside) {
      Files.writeString(csv, "task,worker,segmentation\ni1,w1," + path + "\n");
      CrowdFormatException e =
          assertThrows(
              CrowdFormatException.class,
              () -> MaskReader.read(csv, MaskReader.Layout.defaults(), CsvFormat.defaults()));
      assertTrue(
          e.getMessage()
              .contains(":2: field 'segmentation' names '" + path + "', outside the folder"),
          e.getMessage());
    }
  }
}
