package org.crowd4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.DuplicatePolicy;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.io.platform.ExportAnswers;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportReader;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options that say where the answers are and how they are laid out. */
final class AnswerInput extends AnswerSource {
  @Option(
      names = "--gold-out",
      paramLabel = "FILE",
      description =
          "Write the known labels the export carries (Toloka's GOLDEN columns) as a task,label"
              + " CSV, for --gold of a later run.")
  Path goldOut;

  /** Known labels the last export read carried (task → label; empty for the long format). */
  private Map<String, String> knownLabels = Map.of();

  @Mixin IdColumns columns;

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
    return new CsvFormat(
        columns.delimiter.separator(),
        columns.taskColumn,
        anonymous ? null : columns.workerColumn,
        labelColumn,
        duplicates,
        lenientQuotes,
        controlCharacters);
  }

  /**
   * The known labels the answers carried (Toloka's {@code GOLDEN:} columns), task → label; empty
   * before {@link #read} and for files without them.
   */
  Map<String, String> knownLabels() {
    return knownLabels;
  }

  /**
   * The gold labels to score against: those of {@code file} when given, else the known labels the
   * export carried (Toloka's {@code GOLDEN:} columns, see {@link #goldFromExport}), else {@code
   * null}. Call after {@link #read}.
   */
  Gold gold(Path file, CrowdDataset data) throws CrowdFormatException {
    if (file != null) {
      return CrowdReader.readGold(file, data, "task", "label", rules());
    }
    return knownLabels.isEmpty() ? null : Gold.of(data, knownLabels);
  }

  /**
   * Whether {@link #gold} takes the export's golden answers: no gold file, and the export has some.
   */
  boolean goldFromExport(Path file) {
    return file == null && !knownLabels.isEmpty();
  }

  /** Where the gold of {@link #gold} comes from, for --json: "file", "export" or null. */
  String goldSource(Path file) {
    return file != null ? "file" : goldFromExport(null) ? "export" : null;
  }

  /** Refuses a platform's export where only the long format is read ({@code why} says where). */
  void requireLongFormat(CommandLine cmd, String why) throws CrowdFormatException {
    ExportFormat f = answersFormat();
    if (f != ExportFormat.LONG) {
      throw new CommandLine.ParameterException(
          cmd, why + " reads answers in long format only, not --format " + f.id());
    }
  }

  CrowdDataset read(Output output, PrintWriter err) throws CrowdFormatException, BadInputException {
    ExportFormat f = ExportFormat.LONG;
    try {
      f = answersFormat();
      if (f == ExportFormat.LONG) {
        refuseExportOptions();
        return output.readAnswers(answers, format(), err);
      }
      ExportAnswers x = ExportReader.read(answers, f, format(), exportOptions());
      knownLabels = x.gold();
      ExportInput.printNotes(output, err, answers, x.notes());
      if (goldOut != null) {
        writeGold(x.gold());
      }
      return x.data();
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      String hint =
          f == ExportFormat.LONG && e.getMessage().contains("missing column '")
              ? " (name the columns with --task-column, --worker-column, --label-column)"
              : "";
      throw new BadInputException(e.getMessage() + hint, e);
    }
  }

  /** The export options on a file read as the long format: a mistaken layout, said as such. */
  private void refuseExportOptions() throws BadInputException {
    String given = givenExportOption();
    ExportInput.refuseOnLong(answers, given == null && goldOut != null ? "--gold-out" : given);
  }

  private void writeGold(Map<String, String> gold) throws BadInputException {
    if (gold.isEmpty()) {
      throw new BadInputException(
          answers + ": --gold-out: the answers carry no known labels (no GOLDEN column values)");
    }
    try {
      CsvWriter.write(
          goldOut,
          csv -> {
            csv.row("task", "label");
            for (Map.Entry<String, String> e : gold.entrySet()) {
              csv.row(e.getKey(), e.getValue());
            }
          });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + goldOut, e);
    }
  }
}
