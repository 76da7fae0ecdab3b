package org.crowd4j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import picocli.CommandLine.Option;

/** Options that say where the answers are and how they are laid out. */
final class AnswerInput {
  @Option(
      names = "--answers",
      required = true,
      paramLabel = "FILE",
      description = "Answers in long format (CSV/TSV, optionally .gz): one row per answer.")
  Path answers;

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
      names = "--label-column",
      defaultValue = "label",
      description = "Header of the label column (default: ${DEFAULT-VALUE}).")
  String labelColumn;

  @Option(
      names = "--anonymous",
      description = "The answers carry no worker ids; each answer counts as its own annotator.")
  boolean anonymous;

  @Option(
      names = "--duplicates",
      defaultValue = "KEEP_ALL",
      description =
          "Repeated (task, worker) answers: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  DuplicatePolicy duplicates;

  @Option(
      names = "--lenient-quotes",
      description =
          "Accept a quote inside an unquoted field (say \"hi\", kept as typed) and text after a"
              + " closing quote, in every input file; by default quoting is strict (RFC 4180). A"
              + " quote that is never closed is an error either way.")
  boolean lenientQuotes;

  @Option(
      names = "--allow-control-chars",
      description =
          "Accept line breaks and other control characters in ids and labels of every input file"
              + " (an error by default).")
  boolean controlCharacters;

  /** The text rules (quotes, control characters) for every file the command reads. */
  CsvFormat rules() {
    CsvFormat f = CsvFormat.defaults().withControlCharacters(controlCharacters);
    return lenientQuotes ? f.withLenientQuotes() : f;
  }

  CsvFormat format() {
    char d = 0;
    if (delimiter != null) {
      String s = delimiter.equals("\\t") || delimiter.equalsIgnoreCase("tab") ? "\t" : delimiter;
      if (s.length() != 1) {
        throw new IllegalArgumentException(
            "--delimiter must be one character: '" + delimiter + "'");
      }
      d = s.charAt(0);
    }
    return new CsvFormat(
        d,
        taskColumn,
        anonymous ? null : workerColumn,
        labelColumn,
        duplicates,
        lenientQuotes,
        controlCharacters);
  }

  CrowdDataset read(Output output, PrintWriter err) throws CrowdFormatException, BadInputException {
    try {
      return output.readAnswers(answers, format(), err);
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      String hint =
          e.getMessage().contains("missing column '")
              ? " (name the columns with --task-column, --worker-column, --label-column)"
              : "";
      throw new BadInputException(e.getMessage() + hint, e);
    }
  }
}
