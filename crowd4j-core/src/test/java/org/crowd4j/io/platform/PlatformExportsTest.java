package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.junit.jupiter.api.Test;

/**
 * Each platform's export (fixtures written by hand after the platform's documentation, see {@code
 * src/test/resources/exports/README.md}) is read into exactly the data set of the same answers
 * written in long format.
 */
class PlatformExportsTest {
  static Path resource(String name) throws Exception {
    return Path.of(PlatformExportsTest.class.getResource("/exports/" + name).toURI());
  }

  static Path sageMakerManifest() throws Exception {
    return resource("sagemaker/identify-sport/manifests/output/output.manifest");
  }

  /** Same tasks, workers and labels (names and ids) and the same answers in the same order. */
  static void assertSameData(CrowdDataset expected, CrowdDataset actual) {
    assertEquals(expected.tasks().names(), actual.tasks().names(), "tasks");
    assertEquals(expected.workers().names(), actual.workers().names(), "workers");
    assertEquals(expected.labels().names(), actual.labels().names(), "labels");
    assertArrayEquals(expected.taskColumn(), actual.taskColumn(), "task column");
    assertArrayEquals(expected.workerColumn(), actual.workerColumn(), "worker column");
    assertArrayEquals(expected.labelColumn(), actual.labelColumn(), "label column");
    assertEquals(expected.digest(), actual.digest(), "digest");
  }

  private static ExportAnswers read(String name, ExportFormat format) throws Exception {
    Path file = name.endsWith(".manifest") ? sageMakerManifest() : resource(name);
    return ExportReader.read(file, format, CsvFormat.defaults(), ExportOptions.defaults());
  }

  @Test
  void labelStudioExportIsItsLongCsv() throws Exception {
    // https://labelstud.io/guide/task_format: completed_by as an id and as a user object
    ExportAnswers x = read("label-studio.json", ExportFormat.LABEL_STUDIO);
    assertSameData(CrowdReader.readAnswers(resource("label-studio.csv")), x.data());
    assertEquals(List.of("1 cancelled annotation(s) skipped"), x.notes());
    assertEquals(Map.of(), x.gold());
  }

  @Test
  void tolokaResultsAreTheirLongCsvWithTheGoldenAnswers() throws Exception {
    // https://toloka.ai/docs/guide/result-of-eval
    ExportAnswers x = read("toloka.tsv", ExportFormat.TOLOKA);
    assertSameData(CrowdReader.readAnswers(resource("toloka.csv")), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
    assertEquals(Map.of("https://example.com/img/1.jpg", "cat"), x.gold());
  }

  @Test
  void mturkBatchResultsAreTheirLongCsv() throws Exception {
    // MTurk batch results CSV: every field quoted, CRLF, Input.* and Answer.* columns
    ExportAnswers x = read("mturk-batch-results.csv", ExportFormat.MTURK);
    assertSameData(CrowdReader.readAnswers(resource("mturk.csv")), x.data());
    assertEquals(List.of("1 rejected assignment(s) skipped"), x.notes());
  }

  @Test
  void sageMakerManifestAndWorkerResponsesAreTheirLongCsv() throws Exception {
    // https://docs.aws.amazon.com/sagemaker/latest/dg/sms-data-output.html
    ExportAnswers x = read("output.manifest", ExportFormat.SAGEMAKER);
    assertSameData(CrowdReader.readAnswers(resource("sagemaker.csv")), x.data());
    assertEquals(List.of(), x.notes());
  }

  @Test
  void formatsAreToldFromTheFiles() throws Exception {
    assertEquals(ExportFormat.LABEL_STUDIO, ExportFormat.detect(resource("label-studio.json")));
    assertEquals(ExportFormat.TOLOKA, ExportFormat.detect(resource("toloka.tsv")));
    assertEquals(ExportFormat.MTURK, ExportFormat.detect(resource("mturk-batch-results.csv")));
    assertEquals(ExportFormat.SAGEMAKER, ExportFormat.detect(sageMakerManifest()));
    assertEquals(ExportFormat.LONG, ExportFormat.detect(resource("toloka.csv")));
    // detected, the exports read as with their format named
    for (String f : new String[] {"label-studio.json", "toloka.tsv", "mturk-batch-results.csv"}) {
      assertSameData(read(f, null).data(), read(f, ExportFormat.detect(resource(f))).data());
    }
    assertEquals(ExportFormat.MTURK, ExportFormat.of("MTurk"));
    assertEquals(ExportFormat.LABEL_STUDIO, ExportFormat.of("label-studio"));
  }

  @Test
  void dawidSkeneGivesTheSameLabelsOnTheExportAndOnTheLongCsv() throws Exception {
    String[][] pairs = {
      {"label-studio.json", "label-studio.csv"},
      {"toloka.tsv", "toloka.csv"},
      {"mturk-batch-results.csv", "mturk.csv"},
      {"output.manifest", "sagemaker.csv"}
    };
    for (String[] p : pairs) {
      CrowdDataset export = read(p[0], null).data();
      CrowdDataset csv = CrowdReader.readAnswers(resource(p[1]));
      var a = new DawidSkene().fit(export);
      var b = new DawidSkene().fit(csv);
      assertArrayEquals(b.labels(), a.labels(), p[0]);
      assertArrayEquals(b.posteriors(), a.posteriors(), 0.0, p[0]);
    }
  }
}
