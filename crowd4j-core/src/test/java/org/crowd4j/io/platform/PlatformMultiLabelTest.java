package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.multilabel.MultiLabelReader;
import org.crowd4j.multilabel.TagAnswers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each platform's multi-choice answers (fixtures written by hand after the platform's
 * documentation, see {@code src/test/resources/exports/README.md}) read as {@code
 * aggregate-multilabel --format} reads them, the export's labels split again into tag sets, are
 * exactly the multi-label answers of the same answers written in the long multi-label CSV.
 */
class PlatformMultiLabelTest {
  private static final CsvFormat RULES = CsvFormat.defaults();

  @TempDir Path dir;

  private static Path resource(String name) throws Exception {
    return PlatformExportsTest.resource(name);
  }

  /** The export read as classes, each label's choices split again (as aggregate-multilabel). */
  private static ExportAnswers export(Path file, ExportFormat format) throws Exception {
    return ExportReader.read(file, format, RULES, ExportOptions.defaults());
  }

  private static TagAnswers tags(ExportAnswers x) {
    return TagAnswers.fromJoined(x.data(), '|', List.of());
  }

  private static TagAnswers longCsv(String name) throws Exception {
    return MultiLabelReader.readAnswers(
        resource(name), MultiLabelReader.Layout.defaults(), RULES, List.of());
  }

  /** Each answer's tag names by (task, worker), in answer order. */
  private static Map<List<String>, List<String>> tagSets(TagAnswers t) {
    Map<List<String>, List<String>> out = new LinkedHashMap<>();
    CrowdDataset a = t.answers();
    for (int i = 0; i < t.numAnswers(); i++) {
      List<String> names = new ArrayList<>();
      for (int g : t.tagsOf(i)) {
        names.add(t.tags().name(g));
      }
      out.put(List.of(a.tasks().name(a.task(i)), a.workers().name(a.worker(i))), names);
    }
    return out;
  }

  /** Same tasks, workers and tags (names and ids), the same answers and the same tag sets. */
  static void assertSameTagAnswers(TagAnswers expected, TagAnswers actual) {
    assertEquals(expected.tasks().names(), actual.tasks().names(), "tasks");
    assertEquals(expected.workers().names(), actual.workers().names(), "workers");
    assertEquals(expected.tags().names(), actual.tags().names(), "tags");
    assertEquals(expected.numAnswers(), actual.numAnswers(), "answers");
    assertEquals(expected.numTagEntries(), actual.numTagEntries(), "tag entries");
    assertArrayEquals(expected.answers().taskColumn(), actual.answers().taskColumn(), "tasks");
    assertArrayEquals(
        expected.answers().workerColumn(), actual.answers().workerColumn(), "workers");
    for (int a = 0; a < expected.numAnswers(); a++) {
      assertArrayEquals(expected.tagsOf(a), actual.tagsOf(a), "tags of answer " + a);
    }
    assertEquals(tagSets(expected), tagSets(actual));
  }

  @Test
  void labelStudioMultipleChoicesAreTheirLongCsv() throws Exception {
    // https://labelstud.io/tags/choices: <Choices choice="multiple">, value.choices a list
    ExportAnswers x = export(resource("label-studio-multilabel.json"), ExportFormat.LABEL_STUDIO);
    TagAnswers expected = longCsv("label-studio-multilabel.csv");
    assertSameTagAnswers(expected, tags(x));
    assertEquals(List.of("Economy", "Politics", "Sports", "Weather"), expected.tags().names());
    assertEquals(List.of("Economy", "Politics", "Sports"), tagSets(expected).get(key("301", "12")));
    // the annotation without a choice is left out, as for classes: not an empty tag set
    assertEquals(
        List.of(
            "1 cancelled annotation(s) skipped",
            "1 annotation(s) without a choice in 'topics' skipped"),
        x.notes());
  }

  @Test
  void tolokaJsonArraysAreTheirLongCsv() throws Exception {
    // https://toloka.ai/docs/guide/result-of-eval; an output field of type array_string
    ExportAnswers x = export(resource("toloka-multilabel.tsv"), ExportFormat.TOLOKA);
    TagAnswers expected = longCsv("toloka-multilabel.csv");
    assertSameTagAnswers(expected, tags(x));
    assertEquals(List.of("bird", "cat", "dog"), expected.tags().names());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
    assertEquals(Map.of(), x.gold());
  }

  @Test
  void tolokaCheckboxGroupsAreTheirCheckedOptions() throws Exception {
    // a checkbox group's output: a JSON object of the options, true where checked
    String h = "INPUT:image\tOUTPUT:animals\tASSIGNMENT:worker_id\tASSIGNMENT:status\n";
    Path group =
        file(
            "group.tsv",
            h
                + "i1\t\"{\"\"dog\"\": true, \"\"cat\"\": true, \"\"bird\"\": false}\"\tw1\tAPPROVED\n"
                + "i1\t\"{\"\"dog\"\": false, \"\"cat\"\": true}\"\tw2\tAPPROVED\n");
    Path array =
        file(
            "array.tsv",
            h
                + "i1\t\"[\"\"cat\"\",\"\"dog\"\"]\"\tw1\tAPPROVED\n"
                + "i1\t\"[\"\"cat\"\"]\"\tw2\tAPPROVED\n");
    PlatformExportsTest.assertSameData(
        export(array, ExportFormat.TOLOKA).data(), export(group, ExportFormat.TOLOKA).data());
    String[][] bad = {
      {"\"{\"\"cat\"\": 1}\"", "a checkbox group's values are true or false"},
      {"\"{\"\"cat\"\": false}\"", "has no choice"},
      {"\"{\"\"cat\"\": true,}\"", "is not valid JSON"},
    };
    for (String[] b : bad) {
      Path p = file("bad.tsv", h + "i1\t" + b[0] + "\tw1\tAPPROVED\n");
      assertRefused(p, ExportFormat.TOLOKA, 2, "OUTPUT:animals", b[1]);
    }
  }

  @Test
  void mturkMultiSelectLabelsAreTheirLongCsv() throws Exception {
    // crowd-image-classifier-multi-select: {"animals": {"labels": [...]}}, in the batch results
    // the column Answer.animals.labels holding a JSON array
    Path file = resource("mturk-multilabel-batch-results.csv");
    assertEquals(ExportFormat.MTURK, ExportFormat.detect(file));
    ExportAnswers x = export(file, ExportFormat.MTURK);
    TagAnswers expected = longCsv("mturk-multilabel.csv");
    assertSameTagAnswers(expected, tags(x));
    assertEquals(List.of("Bird", "Cat", "Dog", "Horse", "Pig"), expected.tags().names());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
  }

  @Test
  void mturkJsonArraysAndJoinedChoicesReadAlike() throws Exception {
    String h = "HITId,WorkerId,AssignmentStatus,Input.img,Answer.animals.labels\n";
    Path json = file("json.csv", h + "H1,W1,Approved,i1,\"[\"\"Dog\"\",\"\"Cat\"\"]\"\n");
    Path joined = file("joined.csv", h + "H1,W1,Approved,i1,Dog|Cat\n");
    CrowdDataset a = export(json, ExportFormat.MTURK).data();
    PlatformExportsTest.assertSameData(a, export(joined, ExportFormat.MTURK).data());
    assertEquals(List.of("Cat|Dog"), a.labels().names());
  }

  @Test
  void mturkBadMultiSelectValuesNameFileLineAndField() throws Exception {
    String h = "HITId,WorkerId,AssignmentStatus,Input.img,Answer.animals.labels\n";
    String ok = "H1,W1,Approved,i1,\"[\"\"Cat\"\"]\"\n";
    String[][] bad = {
      {"\"[\"\"Cat\"\",]\"", "is not valid JSON"},
      {"\"[\"\"Cat\"\", 3]\"", "choices are strings"},
      {"[]", "has no choice"},
      {"\"[\"\"Cat\"\", \"\"a|b\"\"]\"", "holds '|'"},
    };
    for (String[] b : bad) {
      Path p = file("bad.csv", h + ok + "H1,W2,Approved,i1," + b[0] + "\n");
      assertRefused(p, ExportFormat.MTURK, 3, "Answer.animals.labels", b[1]);
    }
  }

  @Test
  void sageMakerMultiLabelJobIsItsLongCsv() throws Exception {
    // https://docs.aws.amazon.com/sagemaker/latest/dg/sms-data-output.html: a multi-label image
    // classification job; answerContent.crowd-image-classifier-multi-select.labels
    Path manifest = resource("sagemaker/identify-animals/manifests/output/output.manifest");
    assertEquals(ExportFormat.SAGEMAKER, ExportFormat.detect(manifest));
    ExportAnswers x = export(manifest, ExportFormat.SAGEMAKER);
    TagAnswers expected = longCsv("sagemaker-multilabel.csv");
    assertSameTagAnswers(expected, tags(x));
    assertEquals(List.of("Bird", "Cat", "Dog", "Horse", "Pig"), expected.tags().names());
    assertEquals(List.of(), x.notes());
  }

  /**
   * Reading {@code p} fails at {@code line} and {@code field} with a message holding {@code says}.
   */
  private static void assertRefused(Path p, ExportFormat f, long line, String field, String says) {
    CrowdFormatException e = assertThrows(CrowdFormatException.class, () -> export(p, f), says);
    assertEquals(p, e.file(), says);
    assertEquals(line, e.line(), says);
    assertEquals(field, e.field(), says);
    assertTrue(e.getMessage().contains(says), e.getMessage());
  }

  private static List<String> key(String task, String worker) {
    return List.of(task, worker);
  }

  private Path file(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }
}
