package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code aggregate-multilabel --format}: a platform's multi-choice answers (core's hand-written
 * fixtures) give what the same answers in the long multi-label CSV give.
 */
class MultiLabelExportCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static Path fixture(String name) {
    return Path.of("..", "crowd4j-core", "src", "test", "resources", "exports", name);
  }

  /** The run's {@code --json} report without the file names and the timings. */
  private JsonNode report(Path answers, Path out, String... more) throws Exception {
    List<String> args =
        new ArrayList<>(
            List.of(
                "aggregate-multilabel",
                "--answers",
                answers.toString(),
                "--method",
                "mv",
                "--out",
                out.toString(),
                "--json"));
    args.addAll(List.of(more));
    Run r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    ObjectNode j = (ObjectNode) JSON.readTree(r.out());
    j.remove(List.of("input", "out", "loadSeconds", "fitSeconds"));
    return j;
  }

  private void assertSameAsLongCsv(String export, String csv, String format) throws Exception {
    Path fromCsv = dir.resolve("csv-" + csv);
    Path fromExport = dir.resolve("export-" + csv);
    JsonNode expected = report(fixture(csv), fromCsv);
    JsonNode actual = report(fixture(export), fromExport, "--format", format);
    assertEquals(expected, actual, export);
    assertEquals(Files.readString(fromCsv), Files.readString(fromExport), export);
  }

  @Test
  void labelStudioMultipleChoicesGiveWhatTheLongCsvGives() throws Exception {
    assertSameAsLongCsv(
        "label-studio-multilabel.json", "label-studio-multilabel.csv", "label-studio");
    JsonNode j = report(fixture("label-studio-multilabel.csv"), dir.resolve("again.csv"));
    assertEquals(3, j.get("tasks").asInt());
    assertEquals(7, j.get("answers").asInt());
    assertEquals(4, j.get("tags").size());
    Run r =
        run(
            "aggregate-multilabel",
            "--answers",
            fixture("label-studio-multilabel.json").toString(),
            "--method",
            "mv");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("1 cancelled annotation(s) skipped"), r.err());
  }

  @Test
  void tolokaMturkAndSageMakerGiveWhatTheirLongCsvsGive() throws Exception {
    assertSameAsLongCsv("toloka-multilabel.tsv", "toloka-multilabel.csv", "toloka");
    assertSameAsLongCsv("mturk-multilabel-batch-results.csv", "mturk-multilabel.csv", "mturk");
    assertSameAsLongCsv(
        "sagemaker/identify-animals/manifests/output/output.manifest",
        "sagemaker-multilabel.csv",
        "sagemaker");
  }
}
