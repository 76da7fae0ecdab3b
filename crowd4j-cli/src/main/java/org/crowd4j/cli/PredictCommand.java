package org.crowd4j.cli;

import java.io.PrintWriter;
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
      required = true,
      paramLabel = "FILE",
      description = "Predictions CSV: task,label,p_<class>...")
  Path out;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description = "Gold (task,label) of the items: accuracy is printed.")
  Path gold;

  @Option(names = "--quiet", description = "Print nothing but errors.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    TaskFeatures x = CrowdReader.readFeatures(features);
    try (LearnedModel m = LearnedModel.load(model)) {
      if (x.dim() != m.inputDim()) {
        throw new IllegalArgumentException(
            features + " has " + x.dim() + " features, the model expects " + m.inputDim());
      }
      double[] p = m.predict(x);
      Predictions.write(out, x.tasks(), m.labels(), p);
      if (!quiet) {
        outw.printf(
            Locale.ROOT,
            "%s model: %d items predicted, written to %s%n",
            m.method(),
            x.numRows(),
            out);
        if (gold != null) {
          Validation v =
              Validation.of(x, CrowdReader.readGoldMap(gold, "task", "label"), m.labels());
          outw.printf(
              Locale.ROOT,
              "accuracy on %d gold items: %.4f%n",
              v.count(),
              v.accuracy(m.predictLabels(x)));
        }
        outw.flush();
      }
    }
    return 0;
  }
}
