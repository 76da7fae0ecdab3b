package org.crowd4j.cli;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The answers file and its layout ({@code --answers}, {@code --format} and the export options): the
 * part {@link AnswerInput} and {@link KindInput} share.
 */
abstract class AnswerSource {
  @Option(
      names = "--answers",
      required = true,
      paramLabel = "FILE",
      description =
          "Answers: long format (CSV/TSV, optionally .gz; one row per answer) or a platform's"
              + " export (see --format).")
  Path answers;

  @Mixin ExportInput export;

  @Mixin WorkerResponsesInput sageMaker;

  /** The layout of the answers: {@code --format}, or told from the file. */
  ExportFormat answersFormat() throws CrowdFormatException {
    return export.format(answers);
  }

  /** The export options of the command line. */
  ExportOptions exportOptions() {
    return new ExportOptions(export.taskField, export.answerField, sageMaker.workerResponses);
  }

  /** The first export option given (the SageMaker folder last), or {@code null}. */
  String givenExportOption() {
    String given = export.given();
    return given == null && sageMaker.workerResponses != null ? "--worker-responses" : given;
  }
}
