package org.crowd4j.cli;

import java.nio.file.Path;
import org.crowd4j.io.CsvFormat;
import picocli.CommandLine.Option;

/**
 * Where the answers of {@code aggregate-text} and {@code aggregate-masks} are and how they are
 * read: the same column and strict-input options as {@code aggregate}.
 */
final class KindInput {
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
