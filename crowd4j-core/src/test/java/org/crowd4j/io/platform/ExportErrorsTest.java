package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exports' options, and bad exports refused with file, line (and column) and field. */
class ExportErrorsTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private static ExportAnswers read(Path file, ExportFormat f, ExportOptions o)
      throws CrowdFormatException {
    return ExportReader.read(file, f, CsvFormat.defaults(), o);
  }

  private static ExportOptions task(String field) {
    return new ExportOptions(field, null, null);
  }

  private static ExportOptions answer(String field) {
    return new ExportOptions(null, field, null);
  }

  private static CrowdFormatException fails(Path file, ExportFormat f, ExportOptions o) {
    return assertThrows(CrowdFormatException.class, () -> read(file, f, o));
  }

  /** A Label Studio task with one annotation by {@code by} holding {@code results}. */
  private static String lsTask(int id, String by, String results) {
    return "{\"id\": "
        + id
        + ", \"data\": {\"ref\": \"r"
        + id
        + "\"},\n \"annotations\": [{\"completed_by\": "
        + by
        + ", \"result\": ["
        + results
        + "]}]}";
  }

  private static String choices(String control, String... labels) {
    return "{\"from_name\": \""
        + control
        + "\", \"to_name\": \"text\", \"type\": \"choices\", \"value\": {\"choices\": [\""
        + String.join("\", \"", labels)
        + "\"]}}";
  }

  @Test
  void labelStudioControlsTaskFieldsEmailsAndMultipleChoices() throws Exception {
    Path p =
        file(
            "two.json",
            "[\n"
                + lsTask(
                    1,
                    "{\"email\": \"a@x.org\"}",
                    choices("kind", "dog", "cat") + ", " + choices("mood", "calm"))
                + ",\n"
                + lsTask(2, "5", choices("kind", "cat") + ", " + choices("mood", "angry"))
                + "\n]\n");
    CrowdFormatException e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertTrue(e.getMessage().contains("several controls [kind, mood]"), e.getMessage());
    assertTrue(e.getMessage().contains("--answer-field"), e.getMessage());

    CrowdDataset kind = read(p, ExportFormat.LABEL_STUDIO, answer("kind")).data();
    // the worker without an id is known by the email; choices sorted and joined with '|'
    assertEquals(List.of("a@x.org", "5"), kind.workers().names());
    assertEquals(List.of("cat", "cat|dog"), kind.labels().names());
    assertEquals("cat|dog", kind.labels().name(kind.label(0)));

    CrowdDataset mood =
        read(p, ExportFormat.LABEL_STUDIO, new ExportOptions("ref", "mood", null)).data();
    assertEquals(List.of("r1", "r2"), mood.tasks().names());

    e = fails(p, ExportFormat.LABEL_STUDIO, answer("size"));
    assertTrue(e.getMessage().contains("no choices from the control 'size'"), e.getMessage());
    e = fails(p, ExportFormat.LABEL_STUDIO, new ExportOptions("text", "mood", null));
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("no field 'text' in its 'data'"), e.getMessage());
  }

  @Test
  void labelStudioErrorsNameLineColumnAndField() throws Exception {
    Path p =
        file("bad.json", "[\n" + lsTask(1, "7", choices("kind", "cat")) + ",\n {\"id\": 2,,}\n]");
    CrowdFormatException e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertEquals(4, e.line());
    assertTrue(e.getMessage().startsWith(p + ":4: column 11: not valid JSON"), e.getMessage());

    p =
        file(
            "noby.json",
            "[\n{\"id\": 1, \"annotations\": [\n  {\"result\": [" + choices("k", "a") + "]}]}]");
    e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertEquals(3, e.line());
    assertEquals("completed_by", e.field());

    p = file("ctl.json", "[\n" + lsTask(1, "7", choices("kind", "ca\\u0007t")) + "]");
    e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertEquals("value.choices[]", e.field());
    assertTrue(e.getMessage().contains("the control character U+0007"), e.getMessage());

    p = file("min.json", "[{\"id\": 1, \"sentiment\": \"Positive\", \"annotator\": 3}]");
    e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertTrue(e.getMessage().contains("JSON-MIN"), e.getMessage());

    p = file("object.json", "{\"id\": 1}");
    e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertTrue(
        e.getMessage().contains(":1: column 1: a Label Studio JSON export is an array"),
        e.getMessage());

    p = file("latin1.json", "[]");
    Files.write(p, new byte[] {'[', '"', (byte) 0xE9, '"', ']'});
    e = fails(p, ExportFormat.LABEL_STUDIO, ExportOptions.defaults());
    assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
  }

  @Test
  void tolokaTaskColumnAnswerColumnAndErrors() throws Exception {
    String h =
        "INPUT:url\tINPUT:text\tOUTPUT:kind\tOUTPUT:note\tGOLDEN:kind\tASSIGNMENT:worker_id\n";
    Path p = file("r.tsv", h + "u1\tt1\tcat\tok\t\tw1\nu1\tt1\tdog\t\tcat\tw2\n");
    CrowdFormatException e = fails(p, ExportFormat.TOLOKA, answer("kind"));
    assertTrue(e.getMessage().contains("[INPUT:url, INPUT:text]"), e.getMessage());
    assertTrue(e.getMessage().contains("--task-field"), e.getMessage());
    e = fails(p, ExportFormat.TOLOKA, task("url"));
    assertTrue(e.getMessage().contains("[OUTPUT:kind, OUTPUT:note]"), e.getMessage());

    ExportAnswers x = read(p, ExportFormat.TOLOKA, new ExportOptions("INPUT:url", "kind", null));
    assertEquals(List.of("u1"), x.data().tasks().names());
    assertEquals(java.util.Map.of("u1", "cat"), x.gold());
    // OUTPUT:note is empty on line 3
    e = fails(p, ExportFormat.TOLOKA, new ExportOptions("url", "note", null));
    assertEquals(3, e.line());
    assertEquals("OUTPUT:note", e.field());

    p =
        file(
            "multi.tsv",
            "ASSIGNMENT:task_id\tOUTPUT:tags\tASSIGNMENT:worker_id\n"
                + "00a1\t\"[\"\"b\"\",\"\"a\"\"]\"\tw1\n00a1\t\"[\"\"a\"\"]\"\tw2\n"
                + "00a2\t\"[\"\"a\"\", \"\"a\"\"]\"\tw1\n");
    CrowdDataset d = read(p, ExportFormat.TOLOKA, ExportOptions.defaults()).data();
    assertEquals(List.of("00a1", "00a2"), d.tasks().names());
    assertEquals(List.of("a", "a|b"), d.labels().names());

    p =
        file(
            "gold.tsv",
            "INPUT:u\tOUTPUT:k\tGOLDEN:k\tASSIGNMENT:worker_id\nx\ta\ta\tw1\nx\ta\tb\tw2\n");
    e = fails(p, ExportFormat.TOLOKA, ExportOptions.defaults());
    assertEquals(3, e.line());
    assertTrue(e.getMessage().contains("two known labels: 'a' and 'b'"), e.getMessage());

    p = file("noworker.tsv", "INPUT:u\tOUTPUT:k\nx\ta\n");
    e = fails(p, ExportFormat.TOLOKA, ExportOptions.defaults());
    assertEquals("ASSIGNMENT:worker_id", e.field());
  }

  @Test
  void mturkAnswerColumnTaskColumnAndErrors() throws Exception {
    String h = "HITId,WorkerId,AssignmentStatus,Input.img,Answer.animal,Answer.colour\n";
    Path p = file("b.csv", h + "H1,W1,Approved,i1,cat,red\nH1,W2,Submitted,i1,dog|cat,blue\n");
    CrowdFormatException e = fails(p, ExportFormat.MTURK, ExportOptions.defaults());
    assertTrue(e.getMessage().contains("[Answer.animal, Answer.colour]"), e.getMessage());
    assertEquals(1, e.line());

    CrowdDataset d = read(p, ExportFormat.MTURK, new ExportOptions("img", "animal", null)).data();
    assertEquals(List.of("i1"), d.tasks().names());
    assertEquals(List.of("cat", "cat|dog"), d.labels().names());

    Path dup = file("dup.csv", h + "H1,W1,Approved,i1,cat,red\nH1,W1,Approved,i1,dog,red\n");
    e =
        assertThrows(
            CrowdFormatException.class,
            () ->
                ExportReader.read(
                    dup,
                    ExportFormat.MTURK,
                    CsvFormat.defaults().withDuplicates(DuplicatePolicy.FAIL),
                    answer("Answer.animal")));
    assertEquals(3, e.line());

    Path q = file("short.csv", h + "H1,W1,Approved,i1,cat\n");
    e = fails(q, ExportFormat.MTURK, answer("animal"));
    assertEquals(2, e.line());
    assertTrue(e.getMessage().contains("expected 6 fields"), e.getMessage());

    q = file("allrejected.csv", h + "H1,W1,Rejected,i1,cat,red\n");
    e = fails(q, ExportFormat.MTURK, answer("animal"));
    assertTrue(e.getMessage().contains("1 rejected assignment(s) skipped"), e.getMessage());
  }

  @Test
  void sageMakerWorkerResponsesFolderMultiLabelAndErrors() throws Exception {
    Path manifest =
        file("job/manifest.jsonl", "{\"source-ref\": \"s3://b/1.png\"}\n{\"source\": \"two\"}\n");
    CrowdFormatException e = fails(manifest, ExportFormat.SAGEMAKER, ExportOptions.defaults());
    assertTrue(e.getMessage().contains("--worker-responses"), e.getMessage());

    Path responses = dir.resolve("responses");
    file(
        "responses/iteration-1/1/a.json",
        "{\"answers\": [{\"workerId\": \"w1\", \"answerContent\":"
            + " {\"crowd-image-classifier-multi-select\": {\"labels\": [\"b\", \"a\"]}}}]}");
    file(
        "responses/iteration-2/0/a.json",
        "{\"answers\": [{\"workerId\": \"w2\", \"answerContent\":"
            + " {\"crowd-classifier\": {\"label\": \"a\"}}}]}");
    ExportAnswers x =
        read(manifest, ExportFormat.SAGEMAKER, new ExportOptions(null, null, responses));
    assertEquals(List.of("two", "s3://b/1.png"), x.data().tasks().names());
    assertEquals(List.of("a", "a|b"), x.data().labels().names());

    file("responses/iteration-2/2/a.json", "{\"answers\": []}");
    e = fails(manifest, ExportFormat.SAGEMAKER, new ExportOptions(null, null, responses));
    assertTrue(e.getMessage().contains("data objects 0 to 1"), e.getMessage());
    Files.delete(responses.resolve("iteration-2/2/a.json"));
    Files.delete(responses.resolve("iteration-2/2"));

    Path bad =
        file(
            "responses/iteration-2/0/a.json",
            "{\"answers\": [\n {\"answerContent\": {\"crowd-classifier\": {\"label\": \"a\"}}}]}");
    e = fails(manifest, ExportFormat.SAGEMAKER, new ExportOptions(null, null, responses));
    assertEquals(bad, e.file());
    assertEquals(2, e.line());
    assertEquals("workerId", e.field());

    Path m2 = file("m2.manifest", "{\"source-ref\": \"s3://b/1.png\"}\n{\"other\": 1}\n");
    e = fails(m2, ExportFormat.SAGEMAKER, new ExportOptions(null, null, responses));
    assertEquals(2, e.line());
    assertEquals("source-ref", e.field());
  }

  @Test
  void sageMakerFindsTheWorkerResponsesOfTheJob() throws Exception {
    Path m = PlatformExportsTest.sageMakerManifest();
    Path explicit = m.getParent().getParent().getParent().resolve("annotations/worker-response");
    PlatformExportsTest.assertSameData(
        read(m, ExportFormat.SAGEMAKER, ExportOptions.defaults()).data(),
        read(m, ExportFormat.SAGEMAKER, new ExportOptions(null, null, explicit)).data());
    CrowdFormatException e =
        fails(m, ExportFormat.SAGEMAKER, new ExportOptions(null, "crowd-classifier", null));
    assertTrue(e.getMessage().contains("no 'answerContent.crowd-classifier'"), e.getMessage());
  }
}
