package org.crowd4j.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading real-world files: formats accepted, and errors that name file, line and field. */
class AnswerFileErrorsTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void readsQuotedFieldsBomCrlfBlankLinesAndTrailingNewline() throws Exception {
    Path p =
        file(
            "a.csv",
            "\uFEFFtask,worker,label\r\n\"t,1\",w1,\"say \"\"yes\"\"\"\r\n\r\nt2,w1,no\r\nt2,w2,no\n");
    CrowdDataset d = CrowdReader.readAnswers(p);
    assertEquals(2, d.numTasks());
    assertEquals(2, d.numWorkers());
    assertEquals(3, d.numAnswers());
    assertTrue(d.tasks().contains("t,1"));
    assertTrue(d.labels().contains("say \"yes\""));
  }

  @Test
  void readsTsvByExtensionAndCustomColumns() throws Exception {
    Path p = file("a.tsv", "item\tannotator\tanswer\textra\nx\ta\t1\tfoo\ny\tb\t0\tbar\n");
    CrowdDataset d =
        CrowdReader.readAnswers(p, CsvFormat.defaults().withColumns("item", "annotator", "answer"));
    assertEquals(List.of("0", "1"), d.labels().names());
    assertEquals(2, d.numAnswers());
  }

  @Test
  void anonymousAnswersGetOneAnnotatorEach() throws Exception {
    Path p = file("a.csv", "task,label\nt1,a\nt1,b\nt2,a\n");
    CrowdDataset d = CrowdReader.readAnswers(p, CsvFormat.defaults().anonymous());
    assertTrue(d.anonymous());
    assertEquals(3, d.numWorkers());
  }

  @Test
  void emptyFieldIsNamedWithFileAndLine() throws Exception {
    Path p = file("answers.csv", "task,worker,label\nt1,w1,a\n\nt2,w2,\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(p));
    assertEquals(p + ":4: field 'label' is empty", e.getMessage());
    assertEquals(4, e.line());
    assertEquals("label", e.field());
  }

  @Test
  void wrongFieldCountAndMissingColumnAreReported() throws Exception {
    Path bad = file("answers.csv", "task,worker,label\nt1,w1,a\nt2,w2\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(bad));
    assertTrue(e.getMessage().startsWith(bad + ":3: expected 3 fields"), e.getMessage());
    Path noCol = file("b.csv", "task,annotator,label\nt1,w1,a\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(noCol));
    assertTrue(e.getMessage().contains("missing column 'worker'"), e.getMessage());
    assertEquals("worker", e.field());
  }

  @Test
  void missingAndEmptyFilesAreReported() throws Exception {
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class, () -> CrowdReader.readAnswers(dir.resolve("none.csv")));
    assertTrue(e.getMessage().endsWith("no such file"), e.getMessage());
    Path header = file("h.csv", "task,worker,label\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(header));
    assertTrue(e.getMessage().contains("no answers"), e.getMessage());
  }

  @Test
  void duplicatePolicies() throws Exception {
    Path p = file("d.csv", "task,worker,label\nt1,w1,a\nt1,w2,b\nt1,w1,b\n");
    assertEquals(3, CrowdReader.readAnswers(p).numAnswers());
    CrowdDataset first =
        CrowdReader.readAnswers(p, CsvFormat.defaults().withDuplicates(DuplicatePolicy.KEEP_FIRST));
    assertEquals(2, first.numAnswers());
    assertEquals("a", first.labels().name(first.label(0)));
    CrowdDataset last =
        CrowdReader.readAnswers(p, CsvFormat.defaults().withDuplicates(DuplicatePolicy.KEEP_LAST));
    assertEquals(2, last.numAnswers());
    assertEquals(2, last.numAnswers());
    boolean lastKeptB = false;
    for (int a = 0; a < last.numAnswers(); a++) {
      if (last.workers().name(last.worker(a)).equals("w1")) {
        lastKeptB = last.labels().name(last.label(a)).equals("b");
      }
    }
    assertTrue(lastKeptB);
    CrowdFormatException e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                CrowdReader.readAnswers(
                    p, CsvFormat.defaults().withDuplicates(DuplicatePolicy.FAIL)));
    assertTrue(e.getMessage().contains(":4:"), e.getMessage());
    assertTrue(e.getMessage().contains("lines 2 and 4"), e.getMessage());
  }

  @Test
  void goldWithUnseenLabelIsKeptAsErrorAndUnmatchedTasksCounted() throws Exception {
    Path a = file("a.csv", "task,worker,label\nt1,w1,a\nt2,w1,b\n");
    Path g = file("g.csv", "task,label\nt1,a\nt2,z\nt9,a\n");
    CrowdDataset d = CrowdReader.readAnswers(a);
    Gold gold = CrowdReader.readGold(g, d);
    assertEquals(2, gold.count());
    assertEquals(1, gold.unknownLabels());
    assertEquals(1, gold.unmatchedTasks());
    assertEquals(0.5, gold.accuracy(new MajorityVote().fit(d).labels()));
  }

  @Test
  void featuresRejectNonNumbersNamingTheField() throws Exception {
    Path ok = file("f.csv", "task,f0,f1\nt1,0.5,1\nt2,-1,2e3\n");
    TaskFeatures f = CrowdReader.readFeatures(ok);
    assertEquals(2, f.dim());
    assertEquals(2000f, f.get(1, 1));
    Path bad = file("g.csv", "task,f0,f1\nt1,0.5,1\nt2,abc,2\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readFeatures(bad));
    assertEquals(bad + ":3: field 'f0' is not a number: 'abc'", e.getMessage());
    Path nan = file("h.csv", "task,f0\nt1,NaN\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readFeatures(nan));
    assertTrue(e.getMessage().contains("not finite"), e.getMessage());
    // Java's parser takes 1d and 0x1p3; the input grammar does not
    Path javaOnly = file("j.csv", "task,f0,f1\nt1,1d,0x1p3\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readFeatures(javaOnly));
    assertEquals(javaOnly + ":2: field 'f0' is not a decimal number: '1d'", e.getMessage());
  }

  @Test
  void writersReplaceFilesAtomicallyAndRoundTrip() throws Exception {
    Path a = file("a.csv", "task,worker,label\n\"t,1\",w1,a\nt2,w1,b\nt2,w2,b\n");
    CrowdDataset d = CrowdReader.readAnswers(a);
    var result = new DawidSkene().fit(d);
    Path out = dir.resolve("out/labels.csv");
    ResultWriter.writeLabels(out, result);
    Map<String, String> back = CrowdReader.readGoldMap(out, "task", "label");
    assertEquals(Map.of("t,1", "a", "t2", "b"), back);
    Path json = dir.resolve("out/model.json");
    org.crowd4j.model.ClassificationModelWriter.write(json, result, d);
    String text = Files.readString(json);
    assertTrue(text.contains("\"confusion\""));
    assertTrue(text.contains("\"dataDigest\""));
    try (var files = Files.list(dir.resolve("out"))) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")));
    }
  }

  @Test
  void aTabSeparatedFileNamedCsvGetsADelimiterHint() throws Exception {
    Path tsv = file("answers.csv", "task\tworker\tlabel\nt1\tw1\ta\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readAnswers(tsv));
    assertTrue(
        e.getMessage().contains("one field holding '\\t': is the file separated by '\\t'?"),
        e.getMessage());
  }

  @Test
  void goldWithoutAnyAnsweredTaskIsAnError() throws Exception {
    // once "accuracy on 0 gold tasks: NaN" with exit 0
    CrowdDataset d =
        CrowdReader.readAnswers(file("a.csv", "task,worker,label\nt1,w1,a\nt2,w1,b\n"));
    Path none = file("g.csv", "task,label\nzz,a\nyy,b\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readGold(none, d));
    assertTrue(e.getMessage().startsWith(none.toString()), e.getMessage());
    assertTrue(
        e.getMessage().contains("none of its 2 task(s) has answers (first: 'zz')"), e.getMessage());
    Path some = file("h.csv", "task,label\nt1,a\nzz,a\n");
    Gold g = CrowdReader.readGold(some, d);
    assertEquals(1, g.count());
    assertEquals(1, g.unmatchedTasks());
    Path empty = file("e.csv", "task,label\n");
    assertThrows(CrowdFormatException.class, () -> CrowdReader.readGold(empty, d));
  }

  @Test
  void goldWithoutATaskOfTheAnswersIsAnError() throws Exception {
    CrowdDataset d = CrowdReader.readAnswers(file("a.csv", "task,worker,label\nt1,w1,a\n"));
    Path g = file("gold.csv", "task,label\n");
    CrowdFormatException e =
        assertThrows(CrowdFormatException.class, () -> CrowdReader.readGold(g, d));
    assertTrue(e.getMessage().startsWith(g + ": no gold labels after the header"), e.getMessage());
    Path other = file("other.csv", "task,label\nu1,a\n");
    e = assertThrows(CrowdFormatException.class, () -> CrowdReader.readGold(other, d));
    assertTrue(
        e.getMessage().contains("none of its 1 task(s) has answers (first: 'u1')"), e.getMessage());
  }
}
