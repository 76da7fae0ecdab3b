package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.crowd4j.io.LabelsFile;
import org.crowd4j.io.platform.LabelStudioPredictions;
import org.crowd4j.io.platform.TolokaResults;
import org.crowd4j.model.AnnotatorTable;
import org.crowd4j.model.ClassificationModel;
import org.crowd4j.model.ModelFile;
import org.crowd4j.model.Models;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Results back into the labelling platforms: aggregated labels as Label Studio predictions or a
 * Toloka-style results table, and the annotators of a model as a CSV table.
 */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description =
        "Write results for the labelling platforms: --to label-studio (predictions to review, the"
            + " posterior as score) or --to toloka (INPUT:/OUTPUT:/CONFIDENCE: TSV) from --labels;"
            + " --to annotators (one row per annotator: answers, skill, accuracy, spammer score,"
            + " largest confusion) from --model.")
final class ExportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** What to write. */
  enum Target {
    LABEL_STUDIO,
    TOLOKA,
    ANNOTATORS
  }

  @Option(
      names = "--to",
      required = true,
      paramLabel = "TARGET",
      converter = TargetConverter.class,
      description = "label-studio, toloka or annotators")
  Target to;

  @Option(
      names = "--labels",
      paramLabel = "FILE",
      description = "labels.csv written by aggregate (task,label[,p_<class>...])")
  Path labels;

  @Option(
      names = "--model",
      paramLabel = "FILE",
      description = "model.json written by aggregate (for --to annotators)")
  Path model;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "the file written")
  Path out;

  @Option(
      names = "--from-name",
      defaultValue = "choice",
      paramLabel = "NAME",
      description = "Label Studio: the choices control of the labelling config (default: choice)")
  String fromName;

  @Option(
      names = "--to-name",
      defaultValue = "text",
      paramLabel = "NAME",
      description = "Label Studio: the object the control labels (default: text)")
  String toName;

  @Option(
      names = "--model-version",
      defaultValue = "crowd4j",
      paramLabel = "NAME",
      description = "Label Studio: the predictions' model_version (default: crowd4j)")
  String modelVersion;

  @Option(
      names = "--task-field",
      defaultValue = "task",
      paramLabel = "NAME",
      description = "the data field (Label Studio) or INPUT: column (Toloka) of the task id")
  String taskField;

  @Option(
      names = "--answer-field",
      defaultValue = "result",
      paramLabel = "NAME",
      description = "Toloka: the OUTPUT: and CONFIDENCE: column name (default: result)")
  String answerField;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter stdout = spec.commandLine().getOut();
    ObjectNode j = Output.object("export");
    j.put("to", to.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    j.put("out", out.toString());
    if (to == Target.ANNOTATORS) {
      if (model == null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--to annotators needs --model");
      }
      Checks.inputsExist(spec, "--model", model);
      ModelFile file = Models.read(model);
      if (!(file instanceof ClassificationModel m)) {
        throw new BadInputException(
            model + ": a " + file.kind() + " model; --to annotators takes a classification model");
      }
      AnnotatorTable table = AnnotatorTable.of(m);
      table.write(out);
      j.put("annotators", table.workers().size());
    } else {
      if (labels == null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--to " + j.get("to").asText() + " needs --labels");
      }
      Checks.inputsExist(spec, "--labels", labels);
      LabelsFile file = LabelsFile.read(labels);
      if (to == Target.LABEL_STUDIO) {
        LabelStudioPredictions.write(
            out,
            file,
            new LabelStudioPredictions.Options(fromName, toName, modelVersion, taskField));
      } else {
        TolokaResults.write(out, file, taskField, answerField);
      }
      j.put("tasks", file.tasks().size());
      j.put("scored", file.probabilities() != null);
    }
    if (output.json) {
      Output.print(stdout, j);
    } else if (!output.quiet) {
      stdout.println(
          "wrote "
              + out
              + " ("
              + (j.has("annotators")
                  ? j.get("annotators").asInt() + " annotators"
                  : j.get("tasks").asInt() + " tasks")
              + ")");
    }
    return 0;
  }

  /** Reads {@code label-studio}, {@code toloka}, {@code annotators}. */
  static final class TargetConverter implements CommandLine.ITypeConverter<Target> {
    @Override
    public Target convert(String value) {
      try {
        return Target.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not one of label-studio, toloka, annotators");
      }
    }
  }
}
