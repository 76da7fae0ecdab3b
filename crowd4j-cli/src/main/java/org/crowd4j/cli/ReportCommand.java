package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.cli.report.MethodRun;
import org.crowd4j.cli.report.ModelView;
import org.crowd4j.cli.report.Report;
import org.crowd4j.cli.report.ReportTarget;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.nn.LearnedModel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j report}: a self-contained HTML report on the crowd, its annotators and items. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Write one self-contained HTML report (charts embedded, no network needed). Its sections"
            + " follow the kind of data (--kind): for classification, overview and agreement,"
            + " annotator skills, confusions and suspected spammers, confused classes, uncertain"
            + " items, annotator map of a trained model, accuracy and calibration against gold,"
            + " and accuracy as a function of answers per item.",
    footerHeading = "%nKinds (--answers holds the kind's long format; one --method):%n",
    footer = {
      "  classification  task,worker,label or a platform's export (--format);",
      "                  the methods of aggregate, several --method compared",
      "  pairwise        worker,left,right,label (label = the winner); bt (default)",
      "                  or noisy-bt. Overview, ranking with 95%% intervals,",
      "                  annotator skill and bias (noisy-bt), Kendall's tau to",
      "                  --gold true scores (item,score), diagnostics",
      "  text            task,worker,text; rover (default), rasa, hrrasa,",
      "                  closest-to-average (with --embedding-column). Overview,",
      "                  reliability and word error rate per annotator, WER of",
      "                  the aggregate against --gold texts (task,text), diagnostics",
      "  segmentation    task,worker,segmentation; mv (default), rasa, em.",
      "                  Overview (images, sizes, annotators), mean IoU per",
      "                  annotator with the aggregate and with --gold masks",
      "                  (task,segmentation), the aggregate's IoU, diagnostics",
      "  multilabel      task,worker,label (tags joined by '|', or a row per tag);",
      "                  binary relevance with any method of aggregate, ds default.",
      "                  Overview, per tag shares, agreement and (--gold tag sets)",
      "                  F1, annotators' skill and agreement, micro/macro F1",
      "  numeric         task,worker,label (a number); mean (default), median, catd,",
      "                  pm, raykar or auto. Overview, estimates, annotators' bias,",
      "                  noise and weight, Pearson r, RMSE and MAE against --gold",
      "                  values (task,label), auto's held-out scores, diagnostics",
      "--label-column renames the answer column of every kind.",
      "Example: crowd4j report --kind text --answers sim/answers.csv",
      "         --gold sim/gold.csv --out text-report.html"
    })
final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin AnswerInput input;

  @Option(
      names = "--kind",
      defaultValue = "classification",
      paramLabel = "KIND",
      description =
          "Kind of data: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); the sections"
              + " follow it (see below).")
  ReportKinds.Kind kind;

  @Option(
      names = "--embedding-column",
      paramLabel = "NAME",
      description =
          "--kind text: column of each answer's embedding (numbers separated by spaces), for"
              + " rasa, hrrasa and closest-to-average.")
  String embeddingColumn;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description =
          "Gold labels (task,label): adds accuracy, calibration, redundancy on gold. Other kinds:"
              + " true scores (item,score), reference texts (task,text), true masks"
              + " (task,segmentation), true tag sets (task,label) or known numbers (task,label).")
  Path gold;

  @Option(
      names = "--method",
      arity = "1..*",
      paramLabel = "NAME",
      description =
          "Aggregation methods to compare (the first one gives posteriors and skills; default:"
              + " ds mv).")
  List<String> methods = new ArrayList<>();

  @Option(
      names = "--model",
      paramLabel = "DIR",
      description =
          "A model folder written by train: its annotator model (e.g. CoNAL's common confusion)"
              + " and annotator embeddings are shown; item posteriors still come from --method.")
  Path model;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "The HTML report.")
  Path out;

  @Option(
      names = "--chart-format",
      paramLabel = "FORMAT",
      description = "Also write each chart as a file: png or svg.")
  String format;

  @Option(
      names = "--charts-dir",
      paramLabel = "DIR",
      description = "Folder of the chart files of --chart-format (default: beside the report).")
  Path chartsDir;

  @Option(
      names = "--seed",
      defaultValue = "1",
      paramLabel = "N",
      description = "Seed of the subsampling and of the annotator map (default: ${DEFAULT-VALUE}).")
  long seed;

  @Mixin Output output;

  /** Options that only the classification report reads. */
  private static final List<String> CLASSIFICATION_ONLY =
      List.of(
          "--model",
          "--seed",
          "--duplicates",
          "--task-field",
          "--answer-field",
          "--worker-responses",
          "--gold-out");

  /** Where the gold came from ("file", "export") for --json, or null without gold. */
  private String goldSource;

  @Override
  public Integer call() throws Exception {
    if (format != null && !format.equalsIgnoreCase("png") && !format.equalsIgnoreCase("svg")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--chart-format must be png or svg: '" + format + "'");
    }
    if (chartsDir != null && format == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--charts-dir needs --chart-format png or svg");
    }
    if (kind != ReportKinds.Kind.classification) {
      return otherKind();
    }
    if (embeddingColumn != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--embedding-column applies to --kind text only");
    }
    List<String> names = methods.isEmpty() ? List.of("ds", "mv") : methods;
    Map<String, Aggregator> aggregators = new LinkedHashMap<>();
    for (String name : names) {
      aggregators.put(name, AggregateCommand.methodSpec(spec, name).create(Map.of()));
    }
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold, "--model", model);
    CrowdDataset data = input.read(output, spec.commandLine().getErr());
    Gold goldLabels = input.gold(gold, data);
    goldSource = input.goldSource(gold);
    if (input.goldFromExport(gold) && !output.quiet) {
      spec.commandLine()
          .getErr()
          .printf(
              Locale.ROOT,
              "note: %s: no --gold given: the export's %d golden answers are the gold%n",
              input.answers.getFileName(),
              goldLabels.count());
      spec.commandLine().getErr().flush();
    }
    List<MethodRun> runs = new ArrayList<>();
    for (Map.Entry<String, Aggregator> e : aggregators.entrySet()) {
      runs.add(Report.fit(e.getKey(), e.getValue(), data));
    }
    ModelView view = null;
    if (model != null) {
      // an aggregate's model.json is refused by its kind, and a trained model.json means its folder
      org.crowd4j.model.Models.read(model, org.crowd4j.model.TrainedModel.class);
      Path folder = Files.isDirectory(model) ? model : model.toAbsolutePath().getParent();
      try (LearnedModel m = LearnedModel.load(folder)) {
        view =
            new ModelView(
                m.method(),
                m.workers().names().toArray(String[]::new),
                m.annotatorModel(),
                m.annotatorEmbeddings());
      }
    }
    Report.Written w =
        Report.write(out, title(), data, goldLabels, runs, view, format, chartsDir, seed);
    return written(w);
  }

  /** The report of pairwise, text, segmentation or multi-label data. */
  private int otherKind() throws Exception {
    for (String option : CLASSIFICATION_ONLY) {
      if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), option + " applies to --kind classification only");
      }
    }
    if (methods.size() > 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--kind " + kind + " reports on one method: give one --method");
    }
    String method = methods.isEmpty() ? ReportKinds.defaultMethod(kind) : methods.get(0);
    if (!ReportKinds.methods(kind).contains(method)) {
      throw Checks.unknown(
          spec,
          "method of --kind " + kind,
          method,
          new java.util.TreeSet<>(ReportKinds.methods(kind)));
    }
    input.requireLongFormat(spec.commandLine(), "report --kind " + kind);
    Checks.inputsExist(spec, "--answers", input.answers, "--gold", gold);
    goldSource = gold == null ? null : "file";
    ReportTarget target = new ReportTarget(out, title(), format, chartsDir);
    ReportKinds kinds =
        new ReportKinds(
            spec.commandLine(),
            input,
            gold,
            embeddingColumn,
            output.progress(spec.commandLine().getErr()));
    return written(kinds.write(kind, method, target));
  }

  private String title() {
    Path abs = input.answers.toAbsolutePath();
    return (abs.getParent() != null && abs.getParent().getFileName() != null
            ? abs.getParent().getFileName() + "/"
            : "")
        + abs.getFileName();
  }

  private int written(Report.Written w) {
    if (output.json) {
      ObjectNode j = Output.object("report");
      j.put("kind", kind.name());
      j.put("goldSource", goldSource);
      Output.put(j, "out", out);
      j.put("charts", w.charts());
      Output.put(j, "seconds", w.seconds());
      Output.print(spec.commandLine().getOut(), j);
    } else if (!output.quiet) {
      PrintWriter outw = spec.commandLine().getOut();
      outw.printf(
          Locale.ROOT,
          "report with %d charts written to %s in %.1f s%n",
          w.charts(),
          out,
          w.seconds());
      if (!w.chartFiles().isEmpty()) {
        outw.printf(
            Locale.ROOT,
            "%d chart files written to %s%n",
            w.chartFiles().size(),
            w.chartFiles().get(0).getParent());
      }
      outw.flush();
    }
    return 0;
  }
}
