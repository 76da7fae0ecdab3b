package org.crowd4j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.platform.ExportFormat;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The layout of an answers file, the same on every command that reads answers: {@code --format}
 * (told from the file when left out) and where a platform's export keeps the task id and the
 * answer.
 */
final class ExportInput {
  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      completionCandidates = FormatNames.class,
      description =
          "Layout of the answers: ${COMPLETION-CANDIDATES} (Label Studio JSON export, Toloka"
              + " results TSV, MTurk batch results CSV, SageMaker Ground Truth output manifest)."
              + " Default: told from the file's extension and first bytes, long when unsure.")
  ExportFormat format;

  @Option(
      names = "--task-field",
      paramLabel = "NAME",
      description =
          "Exports: where the task id is instead of the default (Label Studio: a data field, not"
              + " the task's id; Toloka: an INPUT column, not ASSIGNMENT:task_id; MTurk: a column,"
              + " not HITId; SageMaker: a manifest key, not source-ref).")
  String taskField;

  @Option(
      names = "--answer-field",
      paramLabel = "NAME",
      description =
          "Exports: which answer to read when there are several (Label Studio: a control's"
              + " from_name; Toloka: an OUTPUT column; MTurk: an Answer column; SageMaker: a key of"
              + " answerContent).")
  String answerField;

  /** The layout of {@code file}: {@code --format}, or told from the file. */
  ExportFormat format(Path file) throws CrowdFormatException {
    return format != null ? format : ExportFormat.detect(file);
  }

  /** The first export option given, or {@code null}: they do not apply to the long format. */
  String given() {
    return taskField != null ? "--task-field" : answerField != null ? "--answer-field" : null;
  }

  /** Refuses export options on {@code file} read as the long format: a mistaken layout. */
  static void refuseOnLong(Path file, String given) throws BadInputException {
    if (given != null) {
      throw new BadInputException(
          file
              + ": read as the long format, to which "
              + given
              + " does not apply (name the export's layout with --format)");
    }
  }

  /** Tells what an export left out ({@code notes}) on {@code err}, unless quiet. */
  static void printNotes(Output output, PrintWriter err, Path file, List<String> notes) {
    if (!output.quiet) {
      for (String note : notes) {
        err.println("note: " + file.getFileName() + ": " + note);
      }
      err.flush();
    }
  }

  /** {@code --format} values. */
  static final class FormatConverter implements CommandLine.ITypeConverter<ExportFormat> {
    @Override
    public ExportFormat convert(String value) {
      try {
        return ExportFormat.of(value);
      } catch (IllegalArgumentException e) {
        boolean chart = value.equalsIgnoreCase("png") || value.equalsIgnoreCase("svg");
        throw new CommandLine.TypeConversionException(
            e.getMessage()
                + (chart ? " (charts as files: report --chart-format " + value + ")" : ""));
      }
    }
  }

  /** The names {@code --format} takes, for help and completion. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(ExportFormat.values()).stream().map(ExportFormat::id).iterator();
    }
  }
}
