package org.crowd4j.bench.fuzz;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.io.platform.SageMakerReader;

/**
 * Fuzz target of the platforms' export readers: the variant byte chooses the reader (bits 0–2:
 * Label Studio JSON, Toloka TSV, MTurk CSV, SageMaker manifest, SageMaker worker response), the
 * text rules (bits 3–4), a chosen task and answer field (bit 5) and anonymous answers (bit 6); with
 * bit 7 the readers of other kinds instead (bits 0–2: Label Studio comparisons, texts, masks,
 * comparisons of named item fields; Toloka texts, comparisons; MTurk texts, comparisons).
 */
public final class ExportsFuzz {
  private static final Path LABEL_STUDIO = Path.of("export.json");
  private static final Path TOLOKA = Path.of("results.tsv");
  private static final Path MTURK = Path.of("batch-results.csv");
  private static final Path MANIFEST = Path.of("output.manifest");
  private static final Path RESPONSE = Path.of("response.json");

  private ExportsFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    ByteArrayInputStream in = new ByteArrayInputStream(Inputs.body(data));
    CsvFormat rules = Inputs.rules(v >> 1);
    if ((v & 64) != 0) {
      rules = rules.anonymous();
    }
    Path name =
        switch (v & 7) {
          case 1 -> TOLOKA;
          case 2 -> MTURK;
          case 3 -> MANIFEST;
          case 4 -> RESPONSE;
          default -> LABEL_STUDIO;
        };
    if ((v & 128) != 0) {
      otherKinds(v, in, rules);
      return;
    }
    try {
      switch (v & 7) {
        case 1 ->
            ExportReader.read(
                name, in, ExportFormat.TOLOKA, rules, options(v, "INPUT:url", "OUTPUT:kind"));
        case 2 ->
            ExportReader.read(
                name, in, ExportFormat.MTURK, rules, options(v, "Input.url", "Answer.kind"));
        case 3 -> SageMakerReader.manifest(name, in, rules, options(v, "source", null));
        case 4 ->
            SageMakerReader.workerResponse(
                name, in, "t", rules, options(v, null, "crowd-classifier"));
        default ->
            ExportReader.read(
                name, in, ExportFormat.LABEL_STUDIO, rules, options(v, "ref", "kind"));
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }

  private static void otherKinds(int v, ByteArrayInputStream in, CsvFormat rules) {
    Path name = (v & 7) < 4 ? LABEL_STUDIO : (v & 7) < 6 ? TOLOKA : MTURK;
    ExportOptions o = options(v, null, "pw");
    try {
      switch (v & 7) {
        case 0 -> ExportReader.readComparisons(name, in, ExportFormat.LABEL_STUDIO, rules, o);
        case 1 -> ExportReader.readTexts(name, in, ExportFormat.LABEL_STUDIO, rules, o);
        case 2 -> ExportReader.readMasks(name, in, ExportFormat.LABEL_STUDIO, rules, o);
        case 3 ->
            ExportReader.readComparisons(
                name,
                in,
                ExportFormat.LABEL_STUDIO,
                rules,
                new ExportOptions(null, null, null, List.of("a", "b")));
        case 4 ->
            ExportReader.readTexts(
                name, in, ExportFormat.TOLOKA, rules, options(v, null, "OUTPUT:text"));
        case 5 ->
            ExportReader.readComparisons(
                name, in, ExportFormat.TOLOKA, rules, options(v, null, "OUTPUT:r"));
        case 6 ->
            ExportReader.readTexts(
                name, in, ExportFormat.MTURK, rules, options(v, null, "Answer.text"));
        default ->
            ExportReader.readComparisons(
                name, in, ExportFormat.MTURK, rules, options(v, null, "Answer.r"));
      }
    } catch (CrowdFormatException e) {
      Inputs.expected(e, name);
    }
  }

  private static ExportOptions options(int v, String task, String answer) {
    return (v & 32) != 0 ? new ExportOptions(task, answer, null) : ExportOptions.defaults();
  }
}
