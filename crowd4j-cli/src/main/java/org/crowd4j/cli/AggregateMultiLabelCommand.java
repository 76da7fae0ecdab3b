package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.model.MultiLabelModelWriter;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelMetrics;
import org.crowd4j.multilabel.MultiLabelReader;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.MultiLabelWriter;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.multilabel.TagGold;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j aggregate-multilabel}: one tag set per task by binary relevance. */
@Command(
    name = "aggregate-multilabel",
    mixinStandardHelpOptions = true,
    description =
        "Aggregate multi-label answers (each answer a set of tags) into one tag set per task by"
            + " binary relevance: every tag is a yes/no question (did the worker give it?),"
            + " aggregated with any single-label method of 'aggregate'. The label field holds the"
            + " tags joined with --tag-separator (empty: no tag), or one row per tag.",
    footer = {
      "%nThe method is any of 'crowd4j aggregate --help' (ds, mv, glad, mace, auto, ...); --param"
          + " sets its options. Details: docs/methods/multi-label.md"
    })
final class AggregateMultiLabelCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin AnswerInput input;

  @Option(
      names = "--method",
      required = true,
      paramLabel = "NAME",
      description = "The single-label method each tag's question is aggregated with.")
  String method;

  @Mixin MethodParams params;

  @Option(
      names = "--tag-separator",
      defaultValue = "|",
      paramLabel = "CHAR",
      description =
          "The character between the tags of one field, in answers and gold (default:"
              + " ${DEFAULT-VALUE}). Platform exports always join several choices with '|'.")
  char separator;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description =
          "True tag sets (task,label; joined tags or one row per tag) to evaluate against: per-tag"
              + " accuracy, micro and macro F1, Hamming loss.")
  Path gold;

  @Option(
      names = "--train-gold",
      paramLabel = "FILE",
      description = "Known tag sets given to every tag's fit (as 'aggregate --train-gold').")
  Path trainGold;

  @Option(names = "--out", paramLabel = "FILE", description = "Write task,tags,p_<tag>... as CSV.")
  Path out;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description = "Write every tag's annotator model, diagnostics and provenance as JSON.")
  Path modelOut;

  @Mixin Output output;

  @Mixin EngineOptions engine;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    MethodSpec<Aggregator> methodSpec = AggregateCommand.methodSpec(spec, method);
    Checks.paramsKnown(
        spec, "method '" + method + "'", params.values.keySet(), methodSpec.defaults());
    if (input.anonymous) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--anonymous does not apply: a worker's tags are united per (task, worker)");
    }
    if (engine.spark()) {
      return runSpark(outw);
    }
    engine.refuseSparkOptions(spec.commandLine());
    Aggregator inner = AggregateCommand.create(spec, methodSpec, method, params.values);
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold, "--train-gold", trainGold);
    long t0 = System.nanoTime();
    MultiLabelReader.Layout layout =
        new MultiLabelReader.Layout(
            input.columns.taskColumn, input.columns.workerColumn, input.labelColumn, separator);
    Map<String, Set<String>> goldSets = readGold(gold);
    Map<String, Set<String>> knownSets = readGold(trainGold);
    Set<String> goldTags = new TreeSet<>(MultiLabelReader.tagsOf(goldSets));
    goldTags.addAll(MultiLabelReader.tagsOf(knownSets));
    TagAnswers data = readAnswers(layout, goldTags, err);
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    TagGold evaluation = goldSets.isEmpty() ? null : TagGold.of(data, goldSets);
    TagGold known = knownSets.isEmpty() ? null : TagGold.of(data, knownSets);
    long t1 = System.nanoTime();
    MultiLabelResult result;
    try {
      result = new BinaryRelevance(inner).fit(data, FitContext.withGold(known));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    double fitSeconds = (System.nanoTime() - t1) / 1e9;
    if (out != null) {
      MultiLabelWriter.writeCsv(out, result, separator);
    }
    if (modelOut != null) {
      MultiLabelModelWriter.write(modelOut, result, data);
    }
    MultiLabelMetrics metrics =
        evaluation == null ? null : MultiLabelMetrics.of(result, evaluation);
    if (output.json) {
      printJson(outw, data, result, metrics, loadSeconds, fitSeconds);
    } else if (output.human()) {
      printHuman(outw, data, result, metrics, loadSeconds, fitSeconds);
    }
    outw.flush();
    return ExitCodes.OK;
  }

  private int runSpark(PrintWriter outw) throws Exception {
    if (trainGold != null || modelOut != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--train-gold and --model-out are not supported with --engine spark");
    }
    engine.checkSpark(spec.commandLine(), input, true); // an empty label field is the empty tag set
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold);
    try {
      SparkEngine.runMultiLabel(this, outw);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
    if (output.json) {
      ObjectNode j = EngineOptions.sparkSummary("aggregate-multilabel", method, input.answers);
      Output.put(j, "out", out);
      Output.print(outw, j);
    }
    outw.flush();
    return ExitCodes.OK;
  }

  /** Tag sets of a task,label file (rows of one task united); empty without a file. */
  private Map<String, Set<String>> readGold(Path file) throws BadInputException {
    if (file == null) {
      return Map.of();
    }
    try {
      return MultiLabelReader.readGold(
          file, new MultiLabelReader.Layout("task", null, "label", separator), input.rules());
    } catch (CrowdFormatException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  private TagAnswers readAnswers(
      MultiLabelReader.Layout layout, Set<String> extraTags, PrintWriter err)
      throws CrowdFormatException, BadInputException {
    if (input.answersFormat() == ExportFormat.LONG) {
      try {
        return MultiLabelReader.readAnswers(input.answers, layout, input.format(), extraTags);
      } catch (CrowdFormatException e) {
        if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
          throw e;
        }
        throw new BadInputException(e.getMessage(), e);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(input.answers + ": " + e.getMessage(), e);
      }
    }
    CrowdDataset single = input.read(output, err);
    try {
      return TagAnswers.fromJoined(single, '|', extraTags);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    }
  }

  private void printJson(
      PrintWriter outw,
      TagAnswers data,
      MultiLabelResult r,
      MultiLabelMetrics metrics,
      double loadSeconds,
      double fitSeconds) {
    ObjectNode j = Output.object("aggregate-multilabel");
    j.put("method", method);
    Output.put(j, "input", input.answers);
    j.put("tasks", data.tasks().size());
    j.put("workers", data.workers().size());
    j.put("answers", data.numAnswers());
    j.put("tagEntries", data.numTagEntries());
    j.put("converged", r.converged());
    FitSummary.seconds(j, loadSeconds, fitSeconds);
    ArrayNode tags = j.putArray("tags");
    for (int t = 0; t < r.numTags(); t++) {
      ObjectNode o = tags.addObject();
      o.put("tag", r.tags().name(t));
      o.put("chosenTasks", chosenCount(r, t));
      o.put("iterations", r.tag(t).diagnostics().iterations());
      o.put("converged", r.tag(t).diagnostics().converged());
      if (metrics != null) {
        Output.put(o, "accuracy", metrics.tagAccuracy()[t]);
        Output.put(o, "f1", metrics.f1()[t]);
      }
    }
    if (metrics == null) {
      j.putNull("gold");
    } else {
      ObjectNode g = j.putObject("gold");
      g.put("tasks", metrics.tasks());
      Output.put(g, "microF1", metrics.microF1());
      Output.put(g, "macroF1", metrics.macroF1());
      g.put("macroTags", metrics.macroTags());
      Output.put(g, "hammingLoss", metrics.hammingLoss());
      Output.put(g, "subsetAccuracy", metrics.subsetAccuracy());
    }
    Output.put(j, "out", out);
    Output.put(j, "modelOut", modelOut);
    Output.print(outw, j);
  }

  private void printHuman(
      PrintWriter outw,
      TagAnswers data,
      MultiLabelResult r,
      MultiLabelMetrics metrics,
      double loadSeconds,
      double fitSeconds) {
    outw.printf(
        Locale.ROOT,
        "binary relevance with %s on %s: %d tasks, %d workers, %d answers, %d tags%n",
        method,
        input.answers,
        data.tasks().size(),
        data.workers().size(),
        data.numAnswers(),
        data.numTags());
    outw.printf(
        Locale.ROOT,
        "every tag converged: %s, load %.2f s, fit %.2f s%n",
        r.converged(),
        loadSeconds,
        fitSeconds);
    long[] chosen = new long[r.numTags()];
    for (int t = 0; t < chosen.length; t++) {
      chosen[t] = chosenCount(r, t);
    }
    printTags(outw, r.tags().names(), chosen, metrics);
    if (out != null) {
      outw.println("tag sets written to " + out);
    } else {
      int shown = Math.min(5, r.numTasks());
      for (int i = 0; i < shown; i++) {
        outw.println(r.tasks().name(i) + "\t" + r.joinedTags(i, separator));
      }
      if (shown < r.numTasks()) {
        outw.println("... (--out FILE writes all " + r.numTasks() + " tag sets)");
      }
    }
    if (modelOut != null) {
      outw.println("model written to " + modelOut);
    }
  }

  /**
   * The summary's tag table (per tag the tasks chosen; with gold its accuracy and F1) and, with
   * gold, the line of micro/macro F1, Hamming loss and exact sets; {@code chosen[t]} belongs to
   * {@code tags.get(t)}, as do the metrics' per-tag arrays.
   */
  static void printTags(
      PrintWriter outw, List<String> tags, long[] chosen, MultiLabelMetrics metrics) {
    outw.println(metrics == null ? "tag\ttasks chosen" : "tag\ttasks chosen\taccuracy\tF1");
    for (int t = 0; t < tags.size(); t++) {
      if (metrics == null) {
        outw.printf(Locale.ROOT, "%s\t%d%n", tags.get(t), chosen[t]);
      } else {
        outw.printf(
            Locale.ROOT,
            "%s\t%d\t%.4f\t%.4f%n",
            tags.get(t),
            chosen[t],
            metrics.tagAccuracy()[t],
            metrics.f1()[t]);
      }
    }
    if (metrics != null) {
      outw.printf(
          Locale.ROOT,
          "on %d gold tasks: micro F1 %.4f, macro F1 %.4f (%d tags), Hamming loss %.4f, exact"
              + " sets %.4f%n",
          metrics.tasks(),
          metrics.microF1(),
          metrics.macroF1(),
          metrics.macroTags(),
          metrics.hammingLoss(),
          metrics.subsetAccuracy());
    }
  }

  private static int chosenCount(MultiLabelResult r, int t) {
    int c = 0;
    for (int i = 0; i < r.numTasks(); i++) {
      if (r.chosen(i, t)) {
        c++;
      }
    }
    return c;
  }
}
