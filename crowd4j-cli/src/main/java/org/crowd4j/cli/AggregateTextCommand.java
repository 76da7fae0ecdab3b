package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.platform.ExportData;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.model.TextModelWriter;
import org.crowd4j.text.TaskEmbeddings;
import org.crowd4j.text.TextAggregator;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextMethods;
import org.crowd4j.text.TextReader;
import org.crowd4j.text.TextResult;
import org.crowd4j.text.TextWriter;
import org.crowd4j.text.Tokenizer;
import org.crowd4j.text.WordErrorRate;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j aggregate-text}: one text per task from free-text answers. */
@Command(
    name = "aggregate-text",
    mixinStandardHelpOptions = true,
    description =
        "Aggregate free-text answers (transcripts, translations) into one text per task: ROVER"
            + " builds a text by word alignment; rasa, hrrasa and closest-to-average return the"
            + " answer whose embedding is closest to the aggregated embedding.",
    footerHeading = "%nMethods (--param KEY=VALUE sets their options):%n",
    footer = {
      "The embedding methods need --embedding-column or --embeddings. Details: docs/methods/texts.md"
    })
final class AggregateTextCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin KindInput input;

  @Option(
      names = "--method",
      required = true,
      paramLabel = "NAME",
      description = "rover, rasa, hrrasa or closest-to-average.")
  String method;

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description = "Method option, repeatable (e.g. --param tokenizer=whitespace).")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(
      names = "--text-column",
      defaultValue = "text",
      description = "Header of the answer text column (default: ${DEFAULT-VALUE}).")
  String textColumn;

  @Option(
      names = "--embedding-column",
      paramLabel = "NAME",
      description =
          "Column of the answers file holding each answer's embedding (numbers"
              + " separated by spaces).")
  String embeddingColumn;

  @Option(
      names = "--embeddings",
      paramLabel = "FILE",
      description =
          "Answer embeddings in a separate file: task,worker and either one column of"
              + " space-separated numbers or one number per column.")
  Path embeddings;

  @Option(
      names = "--true-embeddings",
      paramLabel = "FILE",
      description =
          "Known embeddings of true answers (task and the numbers), used as the tasks'"
              + " aggregated embeddings.")
  Path trueEmbeddings;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description = "Reference texts (task,text): the word error rate is printed.")
  Path gold;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write task,text (and the chosen answer's worker) as CSV.")
  Path out;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description = "Write worker reliabilities, diagnostics and provenance as JSON.")
  Path modelOut;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    if (!TextMethods.LIST.contains(method)) {
      throw Checks.unknown(spec, "method", method, TextMethods.LIST.names());
    }
    MethodSpec<TextAggregator> methodSpec = TextMethods.LIST.spec(method);
    Record defaults = methodSpec.defaults();
    Checks.paramsKnown(spec, "method '" + method + "'", params.keySet(), defaults);
    Record options;
    CsvFormat rules;
    try {
      options = OptionsBinder.bind(defaults, params);
      rules = input.rules();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    boolean embedded = !method.equals("rover");
    if (embedded && embeddingColumn == null && embeddings == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "method '" + method + "' needs embeddings: give --embedding-column or --embeddings");
    }
    if (!embedded && (embeddingColumn != null || embeddings != null || trueEmbeddings != null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "rover aligns words and uses no embeddings: leave out --embedding-column, --embeddings"
              + " and --true-embeddings");
    }
    if (embeddingColumn != null && embeddings != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "give --embedding-column or --embeddings, not both");
    }
    Checks.inputsExist(
        spec,
        "--answers",
        input.answers,
        "--embeddings",
        embeddings,
        "--true-embeddings",
        trueEmbeddings,
        "--gold",
        gold);
    long t0 = System.nanoTime();
    TextAnswers data;
    TaskEmbeddings truth = null;
    Map<String, String> goldTexts = null;
    try {
      ExportFormat format = input.answersFormat();
      if (format == ExportFormat.LONG) {
        input.refuseExportOptions();
        data =
            TextReader.read(
                input.answers,
                new TextReader.Layout(
                    input.columns.taskColumn,
                    input.columns.workerColumn,
                    textColumn,
                    embeddingColumn),
                rules);
      } else {
        if (embeddingColumn != null) {
          throw new CommandLine.ParameterException(
              spec.commandLine(),
              "--embedding-column reads answers in long format, not --format "
                  + format.id()
                  + "; give the embeddings with --embeddings FILE");
        }
        ExportData<TextAnswers> x =
            ExportReader.readTexts(input.answers, format, rules, input.exportOptions());
        ExportInput.printNotes(output, spec.commandLine().getErr(), input.answers, x.notes());
        data = x.data();
      }
      if (embeddings != null) {
        data =
            TextReader.readEmbeddings(
                embeddings, data, input.columns.taskColumn, input.columns.workerColumn, rules);
      }
      if (trueEmbeddings != null) {
        truth = TextReader.readTaskEmbeddings(trueEmbeddings, input.columns.taskColumn, rules);
      }
      if (gold != null) {
        goldTexts = readGold(gold, input.columns.taskColumn, textColumn, rules);
      }
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      throw new BadInputException(e.getMessage(), e);
    }
    if (truth != null && !output.quiet) {
      int unknown = 0;
      String first = null;
      for (String task : truth.tasks().names()) {
        if (!data.tasks().contains(task)) {
          unknown++;
          first = first == null ? task : first;
        }
      }
      if (unknown > 0) {
        spec.commandLine()
            .getErr()
            .printf(
                Locale.ROOT,
                "note: %d task(s) of %s have no answers and are not used (first: %s)%n",
                unknown,
                trueEmbeddings,
                first);
      }
    }
    double loadSeconds = (System.nanoTime() - t0) / 1e9;
    TextAggregator aggregator = methodSpec.factory().apply(options);
    long t1 = System.nanoTime();
    TextResult result;
    try {
      result = aggregator.fit(data, FitContext.withGold(truth));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage(), e);
    }
    double fitSeconds = (System.nanoTime() - t1) / 1e9;
    if (out != null) {
      TextWriter.writeCsv(out, result, data);
    }
    if (modelOut != null) {
      TextModelWriter.write(modelOut, result);
    }
    double wer = Double.NaN;
    int goldTasks = 0;
    if (goldTexts != null) {
      List<String> refs = new ArrayList<>();
      List<String> hyps = new ArrayList<>();
      for (Map.Entry<String, String> g : goldTexts.entrySet()) {
        if (data.tasks().contains(g.getKey())) {
          refs.add(g.getValue());
          hyps.add(result.text(data.tasks().id(g.getKey())));
        }
      }
      goldTasks = refs.size();
      wer = WordErrorRate.of(refs, hyps, Tokenizer.WHITESPACE);
    }
    Diagnostics d = result.diagnostics();
    if (output.json) {
      ObjectNode j = Output.object("aggregate-text");
      j.put("method", method);
      Output.put(j, "input", input.answers);
      j.put("tasks", data.tasks().size());
      j.put("workers", data.workers().size());
      j.put("answers", data.size());
      j.put("embeddingDim", data.dim());
      FitSummary.json(j, d);
      FitSummary.seconds(j, loadSeconds, fitSeconds);
      if (goldTexts == null) {
        j.putNull("gold");
      } else {
        ObjectNode g = j.putObject("gold");
        g.put("tasks", goldTasks);
        Output.put(g, "wordErrorRate", wer);
      }
      Output.put(j, "out", out);
      Output.put(j, "modelOut", modelOut);
      Output.print(outw, j);
    } else if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "%s on %s: %d tasks, %d workers, %d answers%s%n",
          method,
          input.answers,
          data.tasks().size(),
          data.workers().size(),
          data.size(),
          data.dim() > 0 ? ", embeddings of " + data.dim() : "");
      FitSummary.print(outw, d, loadSeconds, fitSeconds);
      if (goldTexts != null) {
        outw.printf(Locale.ROOT, "word error rate on %d gold tasks: %.4f%n", goldTasks, wer);
      }
      if (out == null) {
        Output.preview(
            outw,
            data.tasks().size(),
            t -> result.tasks().name(t) + "\t" + result.text(t),
            "texts");
      } else {
        outw.println("texts written to " + out);
      }
    }
    outw.flush();
    return ExitCodes.OK;
  }

  /** Reference texts, task → text, in file order; a task given twice is an error. */
  static Map<String, String> readGold(
      Path file, String taskColumn, String textColumn, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, String> out = new LinkedHashMap<>();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(taskColumn);
      int xc = t.column(textColumn);
      while (t.next()) {
        String task = t.id(tc);
        if (out.put(task, t.text(xc)) != null) {
          throw t.error(taskColumn, "task '" + task + "' has a second reference text");
        }
      }
    }
    if (out.isEmpty()) {
      throw new CrowdFormatException(file, 0, textColumn, "no reference texts after the header");
    }
    return out;
  }
}
