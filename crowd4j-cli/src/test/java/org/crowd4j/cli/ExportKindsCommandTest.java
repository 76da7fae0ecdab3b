package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format} on {@code rank}, {@code aggregate-text} and {@code aggregate-masks}: a
 * platform's export (core's hand-written fixtures) gives what its long-format twin gives, named or
 * told from the file; an export without answers of the command's kind says what it holds.
 */
class ExportKindsCommandTest {
  @TempDir Path dir;

  private static Path fixture(String name) {
    return Path.of("..", "crowd4j-core", "src", "test", "resources", "exports", name);
  }

  /** Runs {@code command} on {@code input} writing {@code --out}; returns what it wrote. */
  private String outOf(String command, String inputOption, Path input, String... more)
      throws Exception {
    Path out = dir.resolve("out-" + input.getFileName() + "-" + more.length + ".csv");
    List<String> args =
        new ArrayList<>(
            List.of(command, inputOption, input.toString(), "--out", out.toString(), "--quiet"));
    args.addAll(List.of(more));
    Run r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return Files.readString(out);
  }

  @Test
  void rankReadsLabelStudioPairwiseResults() throws Exception {
    String csv = outOf("rank", "--comparisons", fixture("label-studio-pairwise.csv"));
    Path json = fixture("label-studio-pairwise.json");
    assertEquals(csv, outOf("rank", "--comparisons", json));
    assertEquals(csv, outOf("rank", "--comparisons", json, "--format", "label-studio"));
    Run r = run("rank", "--comparisons", json.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("note: label-studio-pairwise.json: 1 cancelled"), r.err());
  }

  @Test
  void rankReadsTolokaAndMturkComparisons() throws Exception {
    assertEquals(
        outOf("rank", "--comparisons", fixture("toloka-pairwise.csv")),
        outOf("rank", "--comparisons", fixture("toloka-pairwise.tsv")));
    assertEquals(
        outOf("rank", "--comparisons", fixture("mturk-pairwise.csv")),
        outOf(
            "rank",
            "--comparisons",
            fixture("mturk-pairwise-batch-results.csv"),
            "--format",
            "mturk",
            "--item-fields",
            "image_left,image_right"));
  }

  @Test
  void aggregateTextReadsLabelStudioTolokaAndMturkTexts() throws Exception {
    String[][] pairs = {
      {"label-studio-textarea.json", "label-studio-textarea.csv"},
      {"toloka-text.tsv", "toloka-text.csv"},
      {"mturk-text-batch-results.csv", "mturk-text.csv"}
    };
    for (String[] p : pairs) {
      String csv = outOf("aggregate-text", "--answers", fixture(p[1]), "--method", "rover");
      assertEquals(
          csv, outOf("aggregate-text", "--answers", fixture(p[0]), "--method", "rover"), p[0]);
    }
    assertEquals(
        outOf("aggregate-text", "--answers", fixture("toloka-text.csv"), "--method", "rover"),
        outOf(
            "aggregate-text",
            "--answers",
            fixture("toloka-text.tsv"),
            "--method",
            "rover",
            "--format",
            "toloka",
            "--answer-field",
            "transcription"));
  }

  @Test
  void aggregateMasksReadsLabelStudioBrushMasks() throws Exception {
    String csv =
        outOf("aggregate-masks", "--answers", fixture("label-studio-brush.csv"), "--method", "mv");
    assertEquals(
        csv,
        outOf(
            "aggregate-masks",
            "--answers",
            fixture("label-studio-brush.json"),
            "--method",
            "mv",
            "--format",
            "label-studio"));
  }

  @Test
  void aggregateMasksReadsSageMakerSemanticSegmentation() throws Exception {
    String csv =
        outOf("aggregate-masks", "--answers", fixture("sagemaker-masks.csv"), "--method", "mv");
    Path job = fixture("sagemaker").resolve("segment-cats");
    Path manifest = job.resolve("manifests").resolve("output").resolve("output.manifest");
    assertEquals(csv, outOf("aggregate-masks", "--answers", manifest, "--method", "mv"));
    assertEquals(
        csv,
        outOf(
            "aggregate-masks",
            "--answers",
            manifest,
            "--method",
            "mv",
            "--format",
            "sagemaker",
            "--answer-field",
            "crowd-semantic-segmentation"));
    Path elsewhere = dir.resolve("output.manifest");
    Files.copy(manifest, elsewhere);
    Run r = run("aggregate-masks", "--answers", elsewhere.toString(), "--method", "mv");
    assertEquals(3, r.code());
    assertTrue(r.err().contains("give it with --worker-responses DIR"), r.err());
    assertEquals(
        csv,
        outOf(
            "aggregate-masks",
            "--answers",
            elsewhere,
            "--method",
            "mv",
            "--worker-responses",
            job.resolve("annotations").resolve("worker-response").toString()));
    r =
        run(
            "aggregate-masks",
            "--answers",
            fixture("sagemaker-masks.csv").toString(),
            "--method",
            "mv",
            "--worker-responses",
            job.toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains("read as the long format, to which --worker-responses"), r.err());
  }

  @Test
  void anExportWithoutTheCommandsKindSaysWhatItHolds() {
    Run r = run("rank", "--comparisons", fixture("label-studio.json").toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains("the export holds results of type [choices, textarea]"), r.err());
    r =
        run(
            "aggregate-masks",
            "--answers",
            fixture("label-studio-textarea.json").toString(),
            "--method",
            "mv");
    assertEquals(3, r.code());
    assertTrue(r.err().contains("results of type [textarea, choices]"), r.err());
    r =
        run(
            "aggregate-text",
            "--answers",
            fixture("mturk-batch-results.csv").toString(),
            "--method",
            "rover",
            "--format",
            "sagemaker");
    assertEquals(3, r.code());
    r = run("rank", "--comparisons", fixture("toloka.tsv").toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains("--item-fields LEFT,RIGHT"), r.err());
    r =
        run(
            "aggregate-text",
            "--answers",
            fixture("toloka-text.csv").toString(),
            "--method",
            "rover",
            "--answer-field",
            "transcription");
    assertEquals(3, r.code());
    assertTrue(r.err().contains("read as the long format, to which --answer-field"), r.err());
    r =
        run(
            "rank",
            "--comparisons",
            fixture("label-studio-pairwise.json").toString(),
            "--format",
            "excel");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown answers format 'excel'"), r.err());
  }
}
