package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.acquisition.NextAnswers;
import org.crowd4j.acquisition.StoppingRule;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.WeightedMajorityVote;
import org.crowd4j.aggregate.classifier.ClassifierConsensus;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.io.PredictionsReader;
import org.crowd4j.io.ResultWriter;
import org.crowd4j.io.SkillsReader;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.Requirement;
import org.crowd4j.model.AnnotatorTable;
import org.crowd4j.model.ClassificationModelWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j aggregate}: estimate true labels and annotator quality from answers. */
@Command(
    name = "aggregate",
    mixinStandardHelpOptions = true,
    description = "Aggregate noisy answers into labels with one method.",
    footerHeading = "%nMethods:%n")
final class AggregateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin AnswerInput input;

  @Option(
      names = "--method",
      required = true,
      paramLabel = "NAME",
      description = "Aggregation method (see the list below).")
  String method;

  @Mixin MethodParams params;

  @Option(names = "--seed", paramLabel = "N", description = "Seed for methods with randomness.")
  Long seed;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description =
          "Gold labels (task,label) to evaluate against: accuracy is printed. Without it, the"
              + " golden answers of a Toloka export (GOLDEN: columns) are the gold, and the"
              + " output says so.")
  Path gold;

  @Option(
      names = "--train-gold",
      paramLabel = "FILE",
      description =
          "Known labels (task,label) given to the method: clamped by ds, used by gold-mv.")
  Path trainGold;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write labels and posteriors as CSV (task,label,p_<class>...).")
  Path out;

  @Option(
      names = "--precision",
      paramLabel = "N",
      description =
          "Write the posteriors with N significant digits (1 to 15; default: the shortest form"
              + " that reads back exactly).")
  Integer precision;

  @Option(
      names = "--gold-free",
      description =
          "Also print the labels' gold-free consistency (agreement with the answers, weighted by"
              + " one-coin annotator accuracies) and uncertainty (mean entropy of the answers per"
              + " task): three more passes over the answers.")
  boolean goldFreeSummary;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description = "Write the annotator model, diagnostics and provenance as JSON.")
  Path modelOut;

  @Option(
      names = "--predictions",
      paramLabel = "FILE",
      description =
          "A classifier's out-of-sample class probabilities per task (task,label,p_<class>...,"
              + " e.g. from train --predictions-out) to combine with the answers; --method is then"
              + " one of "
              + "auto, classifier-annotator, classifier-prior, crowdlab"
              + " (auto: the way that best predicts held-out answers; with --engine spark all but"
              + " auto).")
  Path predictions;

  @Option(
      names = "--answer-quality",
      paramLabel = "FILE",
      description =
          "Write every answer's quality, the probability that it is right"
              + " (task,worker,label,quality; lowest first = most likely wrong).")
  Path answerQuality;

  @Option(
      names = "--next",
      paramLabel = "FILE",
      description =
          "Write where one more answer is worth most: every task (and with --predictions every"
              + " item without answers) with its expected gain in the chance that its consensus"
              + " is right, largest first, and whether a calibrated stopping rule settled it"
              + " (task,answers,label,confidence,gain,settled; settled tasks last).")
  Path next;

  @Option(
      names = "--settle-at",
      paramLabel = "P",
      description =
          "With --next: a task with at least 3 answers is settled when its calibrated chance of a"
              + " right consensus reaches P (default 0.98; calibrated on held-out answers).")
  Double settleAt;

  @Option(
      names = "--annotators-out",
      paramLabel = "FILE",
      description =
          "Write one row per annotator (answers, skill, accuracy, spammer score, largest"
              + " confusion).")
  Path annotatorsOut;

  @Mixin Output output;

  @Mixin EngineOptions engine;

  /** The classifier's probabilities read from {@code --predictions}, or {@code null}. */
  private ClassifierProbabilities probabilities;

  @Option(
      names = "--spark-model-out",
      paramLabel = "DIR",
      description =
          "With --engine spark: save the fitted Spark ML model to DIR (any file system Spark"
              + " writes), to load in a Spark application and transform other answers.")
  String sparkModelOut;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (predictions != null || ClassifierConsensus.WAYS.subList(1, 4).contains(method)) {
      return withPredictions(outw, err);
    }
    MethodSpec<Aggregator> methodSpec = methodSpec(spec, method);
    Map<String, String> overrides = new LinkedHashMap<>(params.values);
    if (seed != null) {
      if (!hasComponent(methodSpec.defaults(), "seed")) {
        if (!output.quiet) {
          err.println("note: method '" + method + "' uses no randomness; --seed ignored");
        }
      } else {
        overrides.put("seed", Long.toString(seed));
      }
    }
    Checks.paramsKnown(spec, "method '" + method + "'", overrides.keySet(), methodSpec.defaults());
    if (precision != null && (precision < 1 || precision > 15)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--precision must be 1 to 15 digits: " + precision);
    }
    if (engine.spark()) {
      if (precision != null || answerQuality != null || annotatorsOut != null || next != null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--precision, --answer-quality, --annotators-out and --next apply to --engine local"
                + " only");
      }
      return runSpark(overrides, outw, err);
    }
    engine.refuseSparkOptions(spec.commandLine());
    if (sparkModelOut != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--spark-model-out applies to --engine spark only");
    }
    refuseUnsuitable();
    Aggregator aggregator = create(spec, methodSpec, method, overrides);
    return run(aggregator, outw, err);
  }

  /** Runs with {@code --predictions}: one of the ways of combining them with the answers. */
  private int withPredictions(PrintWriter outw, PrintWriter err) throws Exception {
    if (predictions == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "method '"
              + method
              + "' combines a classifier with the answers: give --predictions FILE");
    }
    if (!ClassifierConsensus.WAYS.contains(method)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "with --predictions, --method is one of " + String.join(", ", ClassifierConsensus.WAYS));
    }
    if (!params.values.isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--param does not apply with --predictions");
    }
    if (engine.spark()) {
      if (precision != null || answerQuality != null || annotatorsOut != null || next != null) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--precision, --answer-quality, --annotators-out and --next apply to --engine local"
                + " only");
      }
      Checks.inputsExist(spec, "--predictions", predictions);
      return runSpark(Map.of(), outw, err); // classifier-annotator, classifier-prior or crowdlab
    }
    engine.refuseSparkOptions(spec.commandLine());
    if (sparkModelOut != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--spark-model-out applies to --engine spark only");
    }
    if (precision != null && (precision < 1 || precision > 15)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--precision must be 1 to 15 digits: " + precision);
    }
    Checks.inputsExist(spec, "--predictions", predictions);
    probabilities = PredictionsReader.read(predictions);
    return run(
        ClassifierConsensus.create(method, probabilities, seed == null ? 0 : seed), outw, err);
  }

  private int run(Aggregator aggregator, PrintWriter outw, PrintWriter err) throws Exception {
    if (settleAt != null && (next == null || !(settleAt > 0 && settleAt <= 1))) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          next == null
              ? "--settle-at goes with --next"
              : "--settle-at must be in (0, 1]: " + settleAt);
    }
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold, "--train-gold", trainGold);
    long t0 = System.nanoTime();
    CrowdDataset data = input.read(output, err);
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    Gold goldLabels = input.gold(gold, data);
    String goldFrom = input.goldFromExport(gold) ? " (the export's golden answers)" : "";
    Gold known =
        trainGold == null
            ? null
            : CrowdReader.readGold(trainGold, data, "task", "label", input.rules());
    if (Methods.LIST.contains(method)
        && Methods.spec(method).requires(Requirement.TWO_CLASSES)
        && data.numLabels() != 2) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "method '"
              + method
              + "' is for two classes; "
              + input.answers
              + " has "
              + data.numLabels()
              + " "
              + data.labels().names()
              + ". Use ds, ds-map, glad, mace or auto.");
    }
    boolean choice = method.startsWith("auto");
    ProgressBar bar =
        ProgressBar.delayed(
            err,
            choice
                ? ProgressBar.terminalMode(output.quiet)
                : data.numAnswers() >= 200_000
                    ? ProgressBar.mode(output.quiet)
                    : ProgressBar.Mode.OFF,
            choice ? ProgressBar.TWO_SECONDS : 0L);
    long t1 = System.nanoTime();
    AggregationResult result = Checks.fit(aggregator, data, new FitContext<>(known, bar));
    double fitSeconds = (System.nanoTime() - t1) / 1e9;
    bar.finish();
    if (!output.quiet && result.selection().isPresent()) {
      for (String note : result.selection().get().notes()) {
        err.println("note: " + note);
      }
      err.flush();
    }
    if (out != null) {
      ResultWriter.writeLabels(out, result, precision == null ? 0 : precision);
    }
    if (modelOut != null) {
      ClassificationModelWriter.write(modelOut, result, data);
    }
    if (answerQuality != null) {
      ResultWriter.writeAnswerQuality(
          answerQuality, result, data, precision == null ? 0 : precision);
    }
    if (annotatorsOut != null) {
      AnnotatorTable.of(result, data).write(annotatorsOut);
    }
    if (next != null) {
      writeNext(result, data, aggregator);
    }
    Diagnostics d = result.diagnostics();
    double accuracy = goldLabels == null ? Double.NaN : goldLabels.accuracy(result.labels());
    GoldSplit split =
        goldLabels == null || known == null
            ? null
            : GoldSplit.of(goldLabels, known, result.labels());
    double[] goldFree =
        goldFreeSummary
            ? SelectionOutput.diagnostics(result, data)
            : new double[] {Double.NaN, Double.NaN};
    if (output.json) {
      ObjectNode j = Output.object("aggregate");
      j.put("method", method);
      j.put("engine", "local");
      Output.put(j, "input", input.answers);
      j.put("tasks", data.numTasks());
      j.put("workers", data.numWorkers());
      j.put("anonymous", data.anonymous());
      j.put("answers", data.numAnswers());
      j.put("classes", data.numLabels());
      FitSummary.json(j, d);
      double[] history = d.objective();
      Output.put(j, "objective", history.length == 0 ? Double.NaN : history[history.length - 1]);
      j.put("objectiveName", d.objectiveName());
      FitSummary.seconds(j, loadSeconds, fitSeconds);
      if (goldFreeSummary) {
        Output.put(j, "consistency", goldFree[0]);
        Output.put(j, "uncertainty", goldFree[1]);
      }
      if (result.selection().isPresent()) {
        SelectionOutput.json(j, result.selection().get());
      }
      if (goldLabels == null) {
        j.putNull("gold");
      } else {
        ObjectNode g = j.putObject("gold");
        g.put("source", input.goldSource(gold));
        g.put("tasks", goldLabels.count());
        Output.put(g, "accuracy", accuracy);
        if (split != null) {
          g.put("trainGoldTasks", split.trainTasks());
          Output.put(g, "accuracyOnTrainGold", split.trainAccuracy());
          g.put("otherTasks", split.otherTasks());
          Output.put(g, "accuracyOnOthers", split.otherAccuracy());
        }
      }
      Output.put(j, "out", out);
      Output.put(j, "modelOut", modelOut);
      Output.put(j, "predictions", predictions);
      Output.put(j, "answerQuality", answerQuality);
      Output.put(j, "annotatorsOut", annotatorsOut);
      Output.put(j, "next", next);
      if (sparkModelOut != null) {
        j.put("sparkModelOut", sparkModelOut);
      }
      Output.print(outw, j);
    } else if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "%s on %s: %d tasks, %d workers%s, %d answers, %d classes%n",
          method,
          input.answers,
          data.numTasks(),
          data.numWorkers(),
          data.anonymous() ? " (anonymous)" : "",
          data.numAnswers(),
          data.numLabels());
      FitSummary.print(outw, d, loadSeconds, fitSeconds);
      if (result.selection().isPresent()) {
        SelectionOutput.print(outw, result.selection().get());
      }
      if (goldFreeSummary) {
        outw.printf(
            Locale.ROOT,
            "gold-free: consistency %.4f, uncertainty %.4f nats%n",
            goldFree[0],
            goldFree[1]);
      }
      if (split != null) {
        outw.printf(
            Locale.ROOT,
            "accuracy on %d gold tasks%s not given as --train-gold: %.4f"
                + " (on the %d --train-gold tasks: %.4f; all %d: %.4f)%n",
            split.otherTasks(),
            goldFrom,
            split.otherAccuracy(),
            split.trainTasks(),
            split.trainAccuracy(),
            goldLabels.count(),
            accuracy);
      } else if (goldLabels != null) {
        outw.printf(
            Locale.ROOT,
            "accuracy on %d gold tasks%s: %.4f%n",
            goldLabels.count(),
            goldFrom,
            accuracy);
      }
      if (out != null) {
        outw.println("labels written to " + out);
      } else {
        Output.preview(
            outw,
            result.numTasks(),
            i ->
                String.format(
                    Locale.ROOT,
                    "%s\t%s\tp=%.4f",
                    result.tasks().name(i),
                    result.labelNames().name(result.label(i)),
                    result.posterior(i, result.label(i))),
            "labels");
      }
      if (modelOut != null) {
        outw.println("model written to " + modelOut);
      }
      if (answerQuality != null) {
        outw.println("answer quality written to " + answerQuality);
      }
      if (annotatorsOut != null) {
        outw.println("annotators written to " + annotatorsOut);
      }
      if (next != null) {
        outw.println("next answers' gains written to " + next);
      }
      outw.flush();
    }
    return ExitCodes.OK;
  }

  /** Writes {@code --next}: the candidates for one more answer, the largest gain first. */
  private void writeNext(AggregationResult result, CrowdDataset data, Aggregator aggregator)
      throws Exception {
    List<String> newTasks = List.of();
    double[] newProbabilities = new double[0];
    if (probabilities != null) {
      ClassifierProbabilities.Unanswered u = probabilities.unanswered(data);
      newTasks = u.tasks();
      newProbabilities = u.probabilities();
    }
    StoppingRule.Decision decision =
        StoppingRule.calibrated(settleAt == null ? 0.98 : settleAt, 3)
            .decide(data, aggregator, result);
    List<NextAnswers.Candidate> ranked =
        NextAnswers.rank(result, data, decision.settled(), newTasks, newProbabilities);
    int digits = precision == null ? 0 : precision;
    CsvWriter.write(
        next,
        csv -> {
          csv.precision(digits);
          csv.row("task", "answers", "label", "confidence", "gain", "settled");
          for (NextAnswers.Candidate c : ranked) {
            csv.field(c.task())
                .number(c.answers())
                .field(data.labels().name(c.label()))
                .number(c.confidence())
                .number(c.gain())
                .field(c.settled() ? "true" : "false")
                .end();
          }
        });
  }

  /** Methods that need worker ids or gold, refused with a usage error when they cannot run. */
  private void refuseUnsuitable() {
    if (input.anonymous && !WITHOUT_WORKER_IDS.contains(method)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "method '"
              + method
              + "' models each annotator, and with --anonymous every answer is its own"
              + " annotator; use one of "
              + String.join(", ", WITHOUT_WORKER_IDS));
    }
    if (Methods.LIST.contains(method)
        && Methods.spec(method).requires(Requirement.GOLD)
        && trainGold == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "method '"
              + method
              + "' learns each annotator's skill from known labels: give them with"
              + " --train-gold FILE (task,label)");
    }
  }

  /** Methods that use no worker ids (auto chooses among them on anonymous answers). */
  static final List<String> WITHOUT_WORKER_IDS = List.of("auto", "mv", "soft-mv", "crowd-mixture");

  /**
   * Accuracy against {@code --gold} split into the tasks given as {@code --train-gold} (which the
   * method saw) and the others.
   */
  record GoldSplit(int trainTasks, double trainAccuracy, int otherTasks, double otherAccuracy) {
    static GoldSplit of(Gold gold, Gold known, int[] labels) {
      int[] hit = new int[2];
      int[] count = new int[2];
      for (int i = 0; i < labels.length; i++) {
        if (!gold.has(i)) {
          continue;
        }
        int side = known.hasKnown(i) ? 0 : 1;
        count[side]++;
        if (gold.label(i) == labels[i]) {
          hit[side]++;
        }
      }
      return new GoldSplit(
          count[0],
          count[0] == 0 ? Double.NaN : (double) hit[0] / count[0],
          count[1],
          count[1] == 0 ? Double.NaN : (double) hit[1] / count[1]);
    }
  }

  /** The method called {@code name}, or a usage error with a suggestion. */
  static MethodSpec<Aggregator> methodSpec(CommandLine.Model.CommandSpec spec, String name) {
    MethodSpec<Aggregator> s;
    try {
      s = Methods.spec(name);
    } catch (IllegalArgumentException e) {
      List<String> names = new ArrayList<>();
      for (MethodSpec<Aggregator> m : Methods.all()) {
        names.add(m.name());
      }
      throw Checks.unknown(spec, "method", name, names);
    }
    return s.requires(Requirement.SKILLS) ? withSkillsFile(s) : s;
  }

  /**
   * The aggregator {@code s} makes with {@code options}, or a usage error that names the method as
   * given ({@code name}).
   */
  static Aggregator create(
      CommandLine.Model.CommandSpec spec,
      MethodSpec<Aggregator> s,
      String name,
      Map<String, String> options) {
    try {
      return s.create(options);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "method '" + name + "': " + e.getMessage());
    }
  }

  /** {@code s} (wmv) built with the skills of the file its option {@code skillsFile} names. */
  private static MethodSpec<Aggregator> withSkillsFile(MethodSpec<Aggregator> s) {
    return new MethodSpec<>(
        s.name(),
        s.description(),
        s.defaults(),
        o -> SkillsReader.weightedMajorityVote((WeightedMajorityVote.Options) o),
        s.requirements());
  }

  private int runSpark(Map<String, String> overrides, PrintWriter outw, PrintWriter err)
      throws Exception {
    engine.checkSpark(spec.commandLine(), input, false); // an empty label is an error
    ProgressBar bar = output.progress(err);
    try {
      SparkEngine.run(this, overrides, bar, outw);
    } catch (IllegalArgumentException e) {
      bar.finish();
      throw new IllegalStateException(e.getMessage(), e);
    }
    bar.finish();
    if (output.json) {
      ObjectNode j = EngineOptions.sparkSummary("aggregate", method, input.answers);
      Output.put(j, "out", out);
      Output.put(j, "modelOut", modelOut);
      if (sparkModelOut != null) {
        j.put("sparkModelOut", sparkModelOut);
      }
      Output.print(outw, j);
    }
    return ExitCodes.OK;
  }

  /** Whether the options record {@code r} has a component called {@code name}. */
  static boolean hasComponent(Record r, String name) {
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      if (c.getName().equals(name)) {
        return true;
      }
    }
    return false;
  }

  /** The method list for the help footer. */
  static String methodList() {
    HelpList list = new HelpList(22);
    for (MethodSpec<Aggregator> s : Methods.all()) {
      list.add(s.name(), s.description());
    }
    return list.toString();
  }
}
