package org.crowd4j.cli;

import org.crowd4j.io.CsvFormat;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where the answers of {@code aggregate-text} and {@code aggregate-masks} are and how they are
 * read: the same layout ({@code --format}), column and strict-input options as {@code aggregate}.
 */
final class KindInput extends AnswerSource {
  @Mixin IdColumns columns;

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

  /** Refuses the export options on answers read as the long format. */
  void refuseExportOptions() throws BadInputException {
    ExportInput.refuseOnLong(answers, givenExportOption());
  }

  /** The text rules and delimiter for every file the command reads. */
  CsvFormat rules() {
    CsvFormat f = CsvFormat.defaults().withControlCharacters(controlCharacters);
    if (lenientQuotes) {
      f = f.withLenientQuotes();
    }
    char d = columns.delimiter.separator();
    if (d != 0) {
      f = f.withDelimiter(d);
    }
    return f;
  }
}
