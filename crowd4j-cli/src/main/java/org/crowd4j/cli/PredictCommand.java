package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Predictions;
import org.crowd4j.nn.Validation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j predict}: class probabilities of a trained model for new items. */
@Command(
    name = "predict",
    mixinStandardHelpOptions = true,
    description = "Predict labels and class probabilities with a model written by train.")
final class PredictCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--model", required = true, paramLabel = "DIR", description = "Model folder.")
  Path model;

  @Option(
      names = "--features",
      required = true,
      paramLabel = "FILE",
      description = "Item features: task,f0,f1,...")
  Path features;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description =
          "Predictions CSV: task,label,p_<class>... (may be left out with --gold or --json).")
  Path out;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description = "Gold (task,label) of the items: accuracy is printed.")
  Path gold;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (out == null && gold == null && !output.json) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "nothing to do: give --out FILE (the predictions), --gold FILE (the accuracy) or --json");
    }
    Checks.inputsExist(spec, "--model", model, "--features", features, "--gold", gold);
    Path modelJson = modelJson(spec, model);
    TaskFeatures x = output.readFeatures(features, err);
    try (LearnedModel m = LearnedModel.load(modelJson.getParent())) {
      if (x.dim() != m.inputDim()) {
        throw new BadInputException(
            features + " has " + x.dim() + " features, the model expects " + m.inputDim());
      }
      double[] p = m.predict(x);
      if (out != null) {
        Predictions.write(out, x.tasks(), m.labels(), p);
      }
      ObjectNode j = Output.object("predict");
      j.put("method", m.method());
      j.put("items", x.numRows());
      j.put("classes", m.labels().size());
      Output.put(j, "out", out);
      if (output.human()) {
        outw.printf(
            Locale.ROOT,
            "%s model: %d items predicted%s%n",
            m.method(),
            x.numRows(),
            out == null ? "" : ", written to " + out);
      }
      if (gold != null) {
        Validation v = Validation.of(x, CrowdReader.readGoldMap(gold, "task", "label"), m.labels());
        double acc = v.accuracy(m.predictLabels(x));
        ObjectNode g = j.putObject("gold");
        g.put("items", v.count());
        Output.put(g, "accuracy", acc);
        if (output.human()) {
          outw.printf(Locale.ROOT, "accuracy on %d gold items: %.4f%n", v.count(), acc);
        }
      } else {
        j.putNull("gold");
      }
      if (output.json) {
        Output.print(outw, j);
      }
      outw.flush();
    }
    return ExitCodes.OK;
  }

  /** {@code dir/model.json}, or a usage error when {@code dir} holds no saved model. */
  static Path modelJson(CommandLine.Model.CommandSpec spec, Path dir) {
    Path json = dir.resolve("model.json");
    if (!Files.isRegularFile(json)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--model: "
              + dir
              + " holds no model.json; give the folder written by 'crowd4j train --out DIR'");
    }
    return json;
  }
}
