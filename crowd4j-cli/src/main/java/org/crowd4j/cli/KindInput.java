package org.crowd4j.cli;

import java.nio.file.Path;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where the answers of {@code aggregate-text} and {@code aggregate-masks} are and how they are
 * read: the same layout ({@code --format}), column and strict-input options as {@code aggregate}.
 */
final class KindInput {
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

  @Option(
      names = "--delimiter",
      paramLabel = "CHAR",
      description = "Field separator (default: tab for .tsv, comma otherwise). Use '\\t' for tab.")
  String delimiter;

  @Option(
      names = "--task-column",
      defaultValue = "task",
      description = "Header of the task id column (default: ${DEFAULT-VALUE}).")
  String taskColumn;

  @Option(
      names = "--worker-column",
      defaultValue = "worker",
      description = "Header of the worker id column (default: ${DEFAULT-VALUE}).")
  String workerColumn;

  @Option(
      names = "--lenient-quotes",
      description =
          "Accept a quote inside an unquoted field and text after a closing quote, in every input"
              + " file; by default quoting is strict (RFC 4180).")
  boolean lenientQuotes;

  @Option(
      names = "--allow-control-chars",
      description =
          "Accept line breaks and other control characters in ids and answers of every input file"
              + " (an error by default).")
  boolean controlCharacters;

  /** The layout of the answers: {@code --format}, or told from the file. */
  ExportFormat format() throws CrowdFormatException {
    return export.format(answers);
  }

  /** The export options of the command line. */
  ExportOptions exportOptions() {
    return new ExportOptions(export.taskField, export.answerField, sageMaker.workerResponses);
  }

  /** Refuses the export options on answers read as the long format. */
  void refuseExportOptions() throws BadInputException {
    String given = export.given();
    ExportInput.refuseOnLong(
        answers, given == null && sageMaker.workerResponses != null ? "--worker-responses" : given);
  }

  /** The text rules and delimiter for every file the command reads. */
  CsvFormat rules() {
    CsvFormat f = CsvFormat.defaults().withControlCharacters(controlCharacters);
    if (lenientQuotes) {
      f = f.withLenientQuotes();
    }
    if (delimiter != null) {
      String s = delimiter.equals("\\t") || delimiter.equalsIgnoreCase("tab") ? "\t" : delimiter;
      if (s.length() != 1) {
        throw new IllegalArgumentException(
            "--delimiter must be one character: '" + delimiter + "'");
      }
      f = f.withDelimiter(s.charAt(0));
    }
    return f;
  }
}
