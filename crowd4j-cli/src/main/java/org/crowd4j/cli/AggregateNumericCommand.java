package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.model.NumericModelWriter;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.numeric.NumericMetrics;
import org.crowd4j.numeric.NumericReader;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.numeric.NumericSelection;
import org.crowd4j.numeric.NumericWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j aggregate-numeric}: one value per task, and each worker's bias and variance. */
@Command(
    name = "aggregate-numeric",
    mixinStandardHelpOptions = true,
    description =
        "Aggregate numeric answers (ratings, counts, scores) into one value per task and estimate"
            + " each worker's bias and variance.",
    footerHeading = "%nMethods (--param KEY=VALUE sets their options):%n",
    footer = {"Details: docs/methods/numeric.md"})
final class AggregateNumericCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin KindInput input;

  @Option(
      names = "--method",
      defaultValue = "auto",
      paramLabel = "NAME",
      description = "A method of the list below (default: ${DEFAULT-VALUE}).")
  String method;

  @Mixin MethodParams params;

  @Option(
      names = "--value-column",
      defaultValue = "label",
      paramLabel = "NAME",
      description = "Header of the answer value column (default: ${DEFAULT-VALUE}).")
  String valueColumn;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description =
          "Known values (task and a value column named like the answers') to evaluate against:"
              + " Pearson r, RMSE and MAE are printed.")
  Path gold;

  @Option(names = "--out", paramLabel = "FILE", description = "Write task,estimate as CSV.")
  Path out;

  @Option(
      names = "--workers-out",
      paramLabel = "FILE",
      description = "Write worker,bias,variance,weight as CSV.")
  Path workersOut;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description =
          "Write the model file (JSON: every worker's bias, variance and weight, diagnostics,"
              + " provenance; read back with Models.read).")
  Path modelOut;

  @Mixin Output output;

  @Mixin EngineOptions engine;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    if (!NumericMethods.LIST.contains(method)) {
      throw Checks.unknown(spec, "method", method, NumericMethods.LIST.names());
    }
    MethodSpec<Method<NumericAnswers, NumericGold, NumericResult>> methodSpec =
        NumericMethods.LIST.spec(method);
    Checks.paramsKnown(
        spec, "method '" + method + "'", params.values.keySet(), methodSpec.defaults());
    Record options;
    CsvFormat rules;
    try {
      options = OptionsBinder.bind(methodSpec.defaults(), params.values);
      rules = input.rules();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold);
    NumericReader.Layout layout =
        new NumericReader.Layout(input.columns.taskColumn, input.columns.workerColumn, valueColumn);
    if (engine.spark()) {
      return runSpark(options, layout, rules, outw);
    }
    engine.refuseSparkOptions(spec.commandLine());
    long t0 = System.nanoTime();
    NumericAnswers data;
    NumericGold known = null;
    try {
      if (input.answersFormat() != ExportFormat.LONG) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "aggregate-numeric reads answers in long format only, not --format "
                + input.answersFormat().id());
      }
      input.refuseExportOptions();
      data = NumericReader.read(input.answers, layout, rules);
      if (gold != null) {
        known = NumericGold.of(data, NumericReader.readGold(gold, layout, rules));
      }
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      throw new BadInputException(e.getMessage(), e);
    }
    if (known != null && !known.unmatchedTasks().isEmpty() && !output.quiet) {
      spec.commandLine()
          .getErr()
          .printf(
              Locale.ROOT,
              "note: %d task(s) of %s are not in the answers and are not scored (first: %s)%n",
              known.unmatchedTasks().size(),
              gold,
              known.unmatchedTasks().get(0));
    }
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    ProgressBar bar = output.progress(spec.commandLine().getErr());
    long t1 = System.nanoTime();
    NumericResult result;
    try {
      result = methodSpec.factory().apply(options).fit(data, new FitContext<>(null, bar));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    } finally {
      bar.finish();
    }
    double fitSeconds = (System.nanoTime() - t1) / 1e9;
    if (out != null) {
      NumericWriter.writeEstimates(out, result);
    }
    if (workersOut != null) {
      NumericWriter.writeWorkers(workersOut, result);
    }
    if (modelOut != null) {
      NumericModelWriter.write(modelOut, result, data);
    }
    Diagnostics d = result.diagnostics();
    String chosen = result.selection().map(NumericSelection::chosen).orElse(null);
    if (output.json) {
      ObjectNode j = Output.object("aggregate-numeric");
      j.put("method", method);
      if (chosen != null) {
        j.put("chosen", chosen);
        ArrayNode scores = j.putArray("candidates");
        for (NumericSelection.Score s : result.selection().get().candidates()) {
          ObjectNode c = scores.addObject();
          c.put("name", s.name());
          Output.put(c, "heldOutLogLikelihood", s.meanLogLikelihood());
        }
      }
      Output.put(j, "input", input.answers);
      j.put("tasks", data.numTasks());
      j.put("workers", data.numWorkers());
      j.put("answers", data.numAnswers());
      FitSummary.json(j, d);
      FitSummary.seconds(j, loadSeconds, fitSeconds);
      if (known == null) {
        j.putNull("gold");
      } else {
        ObjectNode g = j.putObject("gold");
        g.put("tasks", known.count());
        Output.put(g, "pearson", NumericMetrics.pearson(result.estimates(), known));
        Output.put(g, "rmse", NumericMetrics.rmse(result.estimates(), known));
        Output.put(g, "mae", NumericMetrics.mae(result.estimates(), known));
      }
      Output.put(j, "out", out);
      Output.put(j, "workersOut", workersOut);
      if (modelOut != null) {
        j.put("modelOut", modelOut.toString());
      }
      Output.print(outw, j);
    } else if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "%s on %s: %d tasks, %d workers, %d answers%n",
          method,
          input.answers,
          data.numTasks(),
          data.numWorkers(),
          data.numAnswers());
      if (chosen != null) {
        outw.printf(Locale.ROOT, "chosen by held-out answers: %s%n", chosen);
      }
      FitSummary.print(outw, d, loadSeconds, fitSeconds);
      if (known != null) {
        outw.println(
            goldLine(
                known.count(),
                NumericMetrics.pearson(result.estimates(), known),
                NumericMetrics.rmse(result.estimates(), known),
                NumericMetrics.mae(result.estimates(), known)));
      }
      if (out == null) {
        Output.preview(
            outw,
            data.numTasks(),
            i -> result.tasks().name(i) + "\t" + result.estimate(i),
            "estimates");
      } else {
        outw.println("estimates written to " + out);
      }
      if (modelOut != null) {
        outw.println("model written to " + modelOut);
      }
    }
    outw.flush();
    return ExitCodes.OK;
  }

  /** The fit on Spark: the same outputs but the model file, the summary from the Spark run. */
  private int runSpark(
      Record options, NumericReader.Layout layout, CsvFormat rules, PrintWriter outw)
      throws Exception {
    if (modelOut != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--model-out is not supported with --engine spark");
    }
    if (input.answersFormat() != ExportFormat.LONG) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--engine spark reads answers in long format only");
    }
    EngineOptions.checkFile(
        input.answers,
        rules,
        java.util.List.of(layout.task(), layout.worker()),
        java.util.List.of(layout.value()));
    engine.checkSpark(spec.commandLine());
    java.util.Map<String, Double> known;
    try {
      known = gold == null ? java.util.Map.of() : NumericReader.readGold(gold, layout, rules);
    } catch (CrowdFormatException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    ProgressBar bar = output.progress(spec.commandLine().getErr());
    try {
      SparkEngine.aggregateNumeric(this, options, known, bar, outw);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    } finally {
      bar.finish();
    }
    outw.flush();
    return ExitCodes.OK;
  }

  /**
   * The summary's gold line; Pearson's r of fewer than two tasks (or of a constant side) is
   * undefined and said so instead of printed as NaN.
   */
  static String goldLine(int tasks, double pearson, double rmse, double mae) {
    String r =
        Double.isNaN(pearson)
            ? "n/a (needs two gold tasks of differing values)"
            : String.format(Locale.ROOT, "%.4f", pearson);
    return String.format(
        Locale.ROOT, "on %d gold tasks: Pearson r %s, RMSE %.4f, MAE %.4f", tasks, r, rmse, mae);
  }
}
