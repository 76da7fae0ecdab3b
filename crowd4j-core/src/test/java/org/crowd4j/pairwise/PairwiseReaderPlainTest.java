package org.crowd4j.pairwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Comparisons read by the plain fast path equal those the strict reader reads, or are left to it.
 */
class PairwiseReaderPlainTest {
  @TempDir Path dir;

  @Test
  void aGeneratedFileReadsTheSameBothWays() throws Exception {
    StringBuilder sb = new StringBuilder("worker,left,right,label\n");
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < 5000; i++) {
      int a = r.nextInt(200);
      int b = (a + 1 + r.nextInt(199)) % 200;
      sb.append('w').append(r.nextInt(30)).append(",i").append(a).append(",i").append(b);
      sb.append(",i").append(r.nextBoolean() ? a : b).append('\n');
    }
    Path f = write("c.csv", sb.toString());
    Comparisons plain = PairwiseReader.readPlain(f, PairwiseFormat.defaults(), null);
    assertSame(PairwiseReader.readStrictly(f, PairwiseFormat.defaults(), null), plain);
    assertEquals(5000, plain.size());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "worker,left,right,label\nu,a,b,a\nv,b,c,c\n",
        "worker,right,left,label\nu,a,b,a\nv,b,c,c\n",
        "worker,left,right,label\nu,a,b,c\n",
        "worker,left,right,label\nu,a,a,a\n",
        "worker,left,right,label\nu,a,b,\"a\"\n",
        "left,right,label\na,b,b\n",
        "worker,left,right,label\n",
      })
  void eachSmallCaseFollowsTheStrictReader(String text) throws Exception {
    Path f = write("s.csv", text);
    PairwiseFormat format = PairwiseFormat.defaults();
    if (!text.startsWith("worker")) {
      format = new PairwiseFormat(null, "left", "right", "label", CsvFormat.defaults());
    }
    Comparisons strict;
    try {
      strict = PairwiseReader.readStrictly(f, format, null);
    } catch (CrowdFormatException e) {
      assertNull(PairwiseReader.readPlain(f, format, null), text);
      PairwiseFormat fmt = format;
      assertEquals(
          e.getMessage(),
          assertThrows(CrowdFormatException.class, () -> PairwiseReader.read(f, fmt, null))
              .getMessage());
      return;
    }
    Comparisons plain = PairwiseReader.readPlain(f, format, null);
    if (plain != null) {
      assertSame(strict, plain);
    }
    assertSame(strict, PairwiseReader.read(f, format, null));
  }

  private static void assertSame(Comparisons a, Comparisons b) {
    assertEquals(a.items().names(), b.items().names());
    assertEquals(a.workers().names(), b.workers().names());
    assertEquals(a.size(), b.size());
    for (int c = 0; c < a.size(); c++) {
      assertArrayEquals(
          new int[] {a.left(c), a.right(c), a.worker(c), a.winner(c)},
          new int[] {b.left(c), b.right(c), b.worker(c), b.winner(c)},
          "comparison " + c);
    }
    assertEquals(a.digest(), b.digest());
  }

  private Path write(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }
}
