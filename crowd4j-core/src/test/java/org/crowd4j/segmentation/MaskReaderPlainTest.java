package org.crowd4j.segmentation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plain path of {@link MaskReader} reads what the strict reader reads, or steps aside. */
class MaskReaderPlainTest {
  private static final MaskReader.Layout LAYOUT = MaskReader.Layout.defaults();
  private static final CsvFormat RULES = CsvFormat.defaults();

  @TempDir Path dir;

  private static void assertSame(MaskAnswers want, MaskAnswers got) {
    assertEquals(want.size(), got.size());
    assertEquals(want.tasks().size(), got.tasks().size());
    assertEquals(want.workers().size(), got.workers().size());
    for (int a = 0; a < want.size(); a++) {
      assertEquals(want.tasks().name(want.task(a)), got.tasks().name(got.task(a)));
      assertEquals(want.workers().name(want.worker(a)), got.workers().name(got.worker(a)));
      assertEquals(want.mask(a), got.mask(a));
    }
    assertEquals(want.digest(), got.digest());
  }

  @Test
  void randomPlainFilesReadAsTheStrictReaderReadsThem() throws Exception {
    SplittableRandom r = new SplittableRandom(21);
    for (int f = 0; f < 12; f++) {
      boolean tsv = f % 3 == 2;
      char d = tsv ? '\t' : ',';
      StringBuilder sb = new StringBuilder("task" + d + "worker" + d + "segmentation\n");
      int images = 1 + r.nextInt(6);
      int h = 1 + r.nextInt(9);
      int w = 1 + r.nextInt(70);
      Mask shared = Mask.of(h, w, new boolean[h * w]);
      for (int t = 0; t < images; t++) {
        for (int k = 0; k < 1 + r.nextInt(5); k++) {
          boolean[] px = new boolean[h * w];
          for (int i = 0; i < px.length; i++) {
            px[i] = r.nextInt(3) == 0;
          }
          Mask m = r.nextInt(4) == 0 ? shared : Mask.of(h, w, px);
          String text = r.nextBoolean() ? m.toRle() : m.toRows();
          sb.append("image ").append(t).append(d).append("w-").append(k).append(d);
          sb.append(text).append(r.nextInt(4) == 0 ? "\r\n" : "\n");
        }
      }
      Path file = Files.writeString(dir.resolve("m" + f + (tsv ? ".tsv" : ".csv")), sb);
      MaskAnswers plain = MaskReader.readPlain(file, LAYOUT, RULES);
      assertNotNull(plain, sb.toString());
      assertSame(MaskReader.readStrictly(file, LAYOUT, RULES), plain);
    }
  }

  @Test
  void otherFilesTakeTheStrictPath() throws Exception {
    String[] files = {
      "task,worker,segmentation\nt,w,\"01;10\"\n", // quoted
      "task,worker,segmentation\nt,w, 01;10\n", // blank around a field
      "task,worker,segmentation\nt,w,a.PNG\n", // an image
      "task,worker,segmentation\nt,w,01;10\nt,v,011;101\n", // sizes differ
      "task,worker,segmentation\nt,w,01;10\nt,w,01;10\n", // a worker twice
      "task,worker,segmentation\nt,w,2x2:1 x\n", // not a mask
      "task,worker\nt,w\n" // no mask column
    };
    for (int i = 0; i < files.length; i++) {
      Path file = Files.writeString(dir.resolve("x" + i + ".csv"), files[i]);
      assertNull(MaskReader.readPlain(file, LAYOUT, RULES), files[i]);
    }
    assertSame(
        MaskReader.readStrictly(dir.resolve("x0.csv"), LAYOUT, RULES),
        MaskReader.read(dir.resolve("x0.csv"), LAYOUT, RULES));
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(dir.resolve("x3.csv"), LAYOUT, RULES));
    assertTrue(e.getMessage().startsWith(dir.resolve("x3.csv") + ":3: "), e.getMessage());
    e =
        assertThrows(
            CrowdFormatException.class,
            () -> MaskReader.read(dir.resolve("x5.csv"), LAYOUT, RULES));
    assertTrue(e.getMessage().contains(":2: field 'segmentation' is not a mask"), e.getMessage());
  }
}
