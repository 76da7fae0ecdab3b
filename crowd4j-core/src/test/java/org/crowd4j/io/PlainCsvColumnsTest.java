package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The plain fast path reads exactly what the strict reader reads, and declines every file the
 * strict reader would treat differently (which then goes the strict way, errors included).
 */
class PlainCsvColumnsTest {
  @TempDir Path dir;

  @Test
  void everySharedCrowdAndEveryTestFixtureReadsTheSameBothWays() throws Exception {
    Path shared = SharedData.require();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> s = Files.list(shared.resolve("datasets"))) {
      s.map(d -> d.resolve("answers.csv")).filter(Files::exists).sorted().forEach(files::add);
    }
    assertEquals(SharedData.CLASSIFICATION_CROWDS + 1, files.size(), "shared answer files");
    int plain = 0;
    for (Path f : files) {
      CsvFormat format = CsvFormat.defaults();
      CrowdDataset strict = CrowdReader.readAnswersStrictly(f, format, null);
      CrowdDataset fast = CrowdReader.readPlainAnswers(f, format, null);
      if (fast != null) {
        plain++;
        assertSame(strict, fast, f.toString());
      }
      assertSame(strict, CrowdReader.readAnswers(f, format), f.toString());
    }
    assertEquals(files.size(), plain, "every shared answers file is plain");
  }

  @Test
  void largeFilesSplitIntoChunksGiveTheSameCodesAndIdOrder() throws Exception {
    Path f = dir.resolve("a.csv");
    StringBuilder sb = new StringBuilder("task,worker,label\n");
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 20_000; i++) {
      sb.append('t').append(r.nextInt(3000)).append(",w").append(r.nextInt(50)).append(',');
      sb.append((char) ('a' + r.nextInt(3))).append(i % 3 == 0 ? "\r\n" : "\n");
    }
    Files.writeString(f, sb, StandardCharsets.UTF_8);
    String[] cols = {"task", "label", "worker"};
    int[] dicts = {0, 1, 2};
    PlainCsvColumns.Table one = PlainCsvColumns.read(f, ',', cols, dicts, null, 1);
    assertNotNull(one);
    for (int parts : new int[] {2, 3, 7, 64}) {
      PlainCsvColumns.Table many = PlainCsvColumns.read(f, ',', cols, dicts, null, parts);
      assertNotNull(many, parts + " parts");
      assertEquals(one.rows(), many.rows());
      for (int c = 0; c < cols.length; c++) {
        assertArrayEquals(one.codes()[c], many.codes()[c], parts + " parts, column " + c);
        assertArrayEquals(one.names()[c], many.names()[c], parts + " parts, names " + c);
      }
    }
    assertSame(
        CrowdReader.readAnswersStrictly(f, CsvFormat.defaults(), null),
        CrowdReader.readAnswers(f, CsvFormat.defaults()),
        "20,000 answers");
  }

  @Test
  void sharedDictionariesNumberBothColumnsInOrderOfFirstAppearance() throws Exception {
    Path f = write("c.csv", "worker,left,right,label\nu,b,a,left\nv,a,c,right\nu,c,d,left\n");
    PlainCsvColumns.Table t =
        PlainCsvColumns.read(f, ',', new String[] {"left", "right"}, new int[] {0, 0}, null, 1);
    assertNotNull(t);
    assertArrayEquals(new String[] {"b", "a", "c", "d"}, t.names()[0]);
    assertArrayEquals(new int[] {0, 1, 2}, t.codes()[0]);
    assertArrayEquals(new int[] {1, 2, 3}, t.codes()[1]);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "task,worker,label\nt1,w1,a\nt2,w1,b\n",
        "task,worker,label\r\nt1,w1,a\r\nt2,w1,b",
        "\uFEFFtask,worker,label\nt1,w1,a\n",
        "task,worker,label\nt1,w1,a\n\n\n",
        "task,worker,label\nt1,w1,a\n\nt2,w1,a\n",
        "\ntask,worker,label\nt1,w1,a\n",
        "task,worker,label\n\"t1\",w1,a\n",
        "task,worker,label\nt1,w1,say \"hi\"\n",
        "task,worker,label\nt 1,w1,a\n",
        "task,worker,label\n t1,w1,a\n",
        "task,worker,label\nt1 ,w1,a\n",
        "task,worker,label\nt1,,a\n",
        "task,worker,label\nt1,w1\n",
        "task,worker,label\nt1,w1,a,x\n",
        "task,worker,label\nt1,w1,a\rt2,w1,b\n",
        "task,worker,label\nt1,w1,a\r",
        "task,worker,label,note\nt1,w1,a,\u00e9t\u00e9\n",
        "task,worker,label,note\nt1,w1,a,x\ty\n",
        "task,worker,label\nt\u00e9,w1,\u4e2d\u6587\n",
        "task,worker,label\nt1,w1,a\u0085\n",
        "task,worker,label\nt1,w1,a\u2028b\n",
        "task,worker,label\nt1,w1\u0001,a\n",
        "task , worker,label \nt1,w1,a\n",
        "task,worker\nt1,w1\n",
        "task,worker,label\n",
        "task,worker,label",
        "",
        "task,task,label\nt1,w1,a\n",
      })
  void eachSmallCaseIsReadAsTheStrictReaderReadsIt(String text) throws Exception {
    checkBothWays(write("s.csv", text), CsvFormat.defaults());
  }

  @Test
  void invalidUtf8AndTabsAndAnonymousAnswersAndDuplicatesFollowTheStrictReader() throws Exception {
    Path bad = dir.resolve("bad.csv");
    Files.write(
        bad,
        new byte[] {
          't',
          'a',
          's',
          'k',
          ',',
          'w',
          'o',
          'r',
          'k',
          'e',
          'r',
          ',',
          'l',
          'a',
          'b',
          'e',
          'l',
          '\n',
          't',
          (byte) 0xC3,
          ',',
          'w',
          ',',
          'a',
          '\n'
        });
    checkBothWays(bad, CsvFormat.defaults());
    checkBothWays(
        write("t.tsv", "task\tworker\tlabel\nt1\tw 1\ta\nt2\tw2\tb\n"), CsvFormat.defaults());
    checkBothWays(
        write("n.csv", "task,label\nt1,a\nt1,b\nt2,a\n"), CsvFormat.defaults().anonymous());
    Path dup = write("d.csv", "task,worker,label\nt1,w1,a\nt2,w1,a\nt1,w1,b\n");
    for (DuplicatePolicy p : DuplicatePolicy.values()) {
      checkBothWays(dup, CsvFormat.defaults().withDuplicates(p));
    }
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                CrowdReader.readAnswers(
                    dup, CsvFormat.defaults().withDuplicates(DuplicatePolicy.FAIL)));
    assertEquals(4, e.line(), e.getMessage());
  }

  @Test
  void randomFilesAreEitherReadTheSameOrLeftToTheStrictReader() throws Exception {
    SplittableRandom r = new SplittableRandom(11);
    String alphabet = "ab1 ,,,\n\n\r\"\t\u00e9x";
    int plain = 0;
    for (int n = 0; n < 400; n++) {
      StringBuilder sb = new StringBuilder("task,worker,label\n");
      int len = 5 + r.nextInt(60);
      for (int i = 0; i < len; i++) {
        sb.append(
            r.nextInt(4) == 0
                ? alphabet.charAt(r.nextInt(alphabet.length()))
                : "t,w,a\n".charAt(i % 6));
      }
      Path f = write("r" + n + ".csv", sb.toString());
      if (checkBothWays(f, CsvFormat.defaults())) {
        plain++;
      }
    }
    if (plain == 0 || plain == 400) {
      fail("the random files should mix plain and other files: " + plain + " of 400 plain");
    }
  }

  /** Checks the two readers agree on {@code f}; returns whether the plain path read it. */
  private boolean checkBothWays(Path f, CsvFormat format) throws Exception {
    CrowdDataset strict;
    try {
      strict = CrowdReader.readAnswersStrictly(f, format, null);
    } catch (CrowdFormatException e) {
      CrowdDataset fast;
      try {
        fast = CrowdReader.readPlainAnswers(f, format, null);
      } catch (CrowdFormatException again) {
        assertEquals(e.getMessage(), again.getMessage(), Files.readString(f));
        return false;
      }
      assertNull(fast, "the strict reader fails (" + e.getMessage() + ") on " + show(f));
      CrowdFormatException viaDefault =
          assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(f, format));
      assertEquals(e.getMessage(), viaDefault.getMessage());
      return false;
    }
    CrowdDataset fast = CrowdReader.readPlainAnswers(f, format, null);
    if (fast != null) {
      assertSame(strict, fast, show(f));
    }
    assertSame(strict, CrowdReader.readAnswers(f, format), show(f));
    return fast != null;
  }

  private static String show(Path f) throws Exception {
    return new String(Files.readAllBytes(f), StandardCharsets.UTF_8)
        .replace("\r", "\\r")
        .replace("\n", "\\n")
        .replace("\t", "\\t");
  }

  private static void assertSame(CrowdDataset a, CrowdDataset b, String what) {
    assertEquals(a.tasks().names(), b.tasks().names(), what + ": tasks");
    assertEquals(a.workers().names(), b.workers().names(), what + ": workers");
    assertEquals(a.labels().names(), b.labels().names(), what + ": labels");
    assertEquals(a.anonymous(), b.anonymous(), what + ": anonymous");
    assertArrayEquals(a.taskColumn(), b.taskColumn(), what + ": task column");
    assertArrayEquals(a.workerColumn(), b.workerColumn(), what + ": worker column");
    assertArrayEquals(a.labelColumn(), b.labelColumn(), what + ": label column");
  }

  private Path write(String name, String text) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, text, StandardCharsets.UTF_8);
    return f;
  }
}
