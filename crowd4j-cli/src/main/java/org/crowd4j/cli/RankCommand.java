package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.platform.ExportData;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import org.crowd4j.io.platform.ExportReader;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.Method;
import org.crowd4j.method.OptionsBinder;
import org.crowd4j.model.RankingModelWriter;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.KendallTau;
import org.crowd4j.pairwise.PairwiseFormat;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.pairwise.RankingWriter;
import org.crowd4j.pairwise.StandardErrors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j rank}: item scores from pairwise comparisons (Bradley–Terry, NoisyBT). */
@Command(
    name = "rank",
    mixinStandardHelpOptions = true,
    description =
        "Rank items from pairwise comparisons (worker,left,right,label with label = the winner):"
            + " scores, standard errors and ranks by Bradley-Terry or NoisyBT.",
    footerHeading = "%nMethods (--param KEY=VALUE sets their options):%n",
    footer = {
      "Example: crowd4j rank --comparisons comparisons.csv --method noisy-bt --out ranking.csv"
          + " --model-out model.json"
    })
final class RankCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--comparisons",
      required = true,
      paramLabel = "FILE",
      description =
          "Comparisons: worker,left,right,label (CSV/TSV, optionally .gz) or a platform's export"
              + " (see --format: Label Studio's pairwise results; a Toloka or MTurk table with two"
              + " item columns and an answer naming the winner or its side, left or right).")
  Path comparisons;

  @Mixin ExportInput export;

  @Option(
      names = "--item-fields",
      paramLabel = "LEFT,RIGHT",
      description =
          "Exports: where the two items of a comparison are (Label Studio: the data fields, by"
              + " default the two names of a pairwise result's to_name, as text1,text2 in the"
              + " Pairwise template; Toloka: INPUT columns; MTurk: Input columns; by default the only"
              + " two).")
  String itemFields;

  @Option(
      names = "--method",
      defaultValue = "bt",
      description = "bt or noisy-bt (default: ${DEFAULT-VALUE}).")
  String method;

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description =
          "Method option, repeatable (e.g. --param maxIterations=200); --max-iter, --tol,"
              + " --prior, --standard-errors are short for maxIterations, tol, prior and"
              + " standardErrors.")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(
      names = "--max-iter",
      paramLabel = "N",
      description = "Iterations at most (default: 100).")
  Integer maxIterations;

  @Option(
      names = "--tol",
      paramLabel = "X",
      description =
          "Stop when the scores change by at most X in L1 (bt) or the objective falls by at most X"
              + " relative to its size (noisy-bt) (default: 1e-5).")
  Double tol;

  @Option(
      names = "--prior",
      paramLabel = "LAMBDA",
      description =
          "LAMBDA virtual wins and losses of every item against a reference item: keeps the scores"
              + " of items that never won or never lost finite (default: 0 for bt, 1e-5 for"
              + " noisy-bt, as crowd-kit).")
  Double prior;

  @Option(
      names = "--standard-errors",
      paramLabel = "MODE",
      description =
          "Standard errors of the log-scores (the stderr column): diagonal (default, 1/sqrt of"
              + " each item's own information, the other scores held fixed: one pass over the"
              + " pairs), exact (relative to the component's mean, from the inverse information"
              + " per component: O(items^3), components of more than maxDenseErrors items get the"
              + " diagonal ones) or none (the column left empty). Short for --param"
              + " standardErrors=MODE.")
  String standardErrors;

  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the ranking as CSV (item,score,stderr,rank,component).")
  Path out;

  @Option(
      names = "--model-out",
      paramLabel = "FILE",
      description =
          "Write every item's score, log-score and error, the annotator model (noisy-bt),"
              + " diagnostics and provenance as JSON.")
  Path modelOut;

  @Option(
      names = "--truth",
      paramLabel = "FILE",
      description =
          "True scores (item,score, as simulate-pairwise writes them): report Kendall's tau of"
              + " the fitted scores to them.")
  Path truth;

  @Option(
      names = "--top",
      defaultValue = "10",
      paramLabel = "N",
      description = "Items shown in the summary (default: ${DEFAULT-VALUE}).")
  int top;

  @Mixin DelimiterOption delimiter;

  @Option(
      names = "--worker-column",
      defaultValue = "worker",
      description = "Header of the worker column (default: ${DEFAULT-VALUE}).")
  String workerColumn;

  @Option(
      names = "--left-column",
      defaultValue = "left",
      description = "Header of the left item column (default: ${DEFAULT-VALUE}).")
  String leftColumn;

  @Option(
      names = "--right-column",
      defaultValue = "right",
      description = "Header of the right item column (default: ${DEFAULT-VALUE}).")
  String rightColumn;

  @Option(
      names = "--label-column",
      defaultValue = "label",
      description = "Header of the winner column (default: ${DEFAULT-VALUE}).")
  String labelColumn;

  @Option(
      names = "--anonymous",
      description = "The comparisons carry no worker ids (all count as one worker).")
  boolean anonymous;

  @Option(
      names = "--lenient-quotes",
      description =
          "Accept a quote inside an unquoted field and text after a closing quote (strict RFC"
              + " 4180 by default).")
  boolean lenientQuotes;

  @Option(
      names = "--allow-control-chars",
      description = "Accept line breaks and other control characters in ids (an error by default).")
  boolean controlCharacters;

  @Mixin Output output;

  @Mixin EngineOptions engine;

  @Override
  public Integer call() throws Exception {
    PrintWriter pw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Checks.inputsExist(spec, "--comparisons", comparisons, "--truth", truth);
    if (!RankingMethods.LIST.contains(method)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "unknown method '"
              + method
              + "'; use "
              + String.join(" or ", RankingMethods.LIST.names()));
    }
    Checks.paramsKnown(
        spec,
        "method '" + method + "'",
        overrides().keySet(),
        RankingMethods.LIST.spec(method).defaults());
    if (top < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--top must be >= 0: " + top);
    }
    if (engine.spark()) {
      return runSpark(pw, err);
    }
    engine.refuseSparkOptions(spec.commandLine());
    CsvFormat rules = rules();
    PairwiseFormat format =
        new PairwiseFormat(
            anonymous ? null : workerColumn, leftColumn, rightColumn, labelColumn, rules);
    Comparisons data;
    try {
      data = read(format, err);
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      String hint =
          e.getMessage().contains("missing column '")
              ? " (name the columns with --worker-column, --left-column, --right-column,"
                  + " --label-column, or give --anonymous)"
              : "";
      throw new BadInputException(e.getMessage() + hint, e);
    }
    double[] trueScores =
        truth == null ? null : PairwiseReader.readScores(truth, data.items(), rules);
    ProgressBar bar = output.progress(err);
    Ranking ranking;
    try {
      ranking = fit(data, bar);
    } catch (IllegalArgumentException e) {
      bar.finish();
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    bar.finish();
    if (out != null) {
      RankingWriter.writeCsv(out, ranking);
    }
    if (modelOut != null) {
      RankingModelWriter.write(modelOut, ranking, data);
    }
    double tau = trueScores == null ? Double.NaN : KendallTau.of(ranking.logScores(), trueScores);
    if (output.json) {
      Output.print(
          pw, json(data.numItems(), data.size(), data.numWorkers(), ranking, tau, "local"));
    } else if (output.human()) {
      summary(pw, data.numItems(), data.size(), data.numWorkers(), ranking, tau);
    }
    return ExitCodes.OK;
  }

  /** Bradley–Terry on Spark: the same outputs from the core's ranking of the Spark fit. */
  private int runSpark(PrintWriter pw, PrintWriter err) throws Exception {
    if (!method.equals(BradleyTerry.NAME)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--engine spark runs bt only, not '" + method + "'");
    }
    if (modelOut != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--model-out is not supported with --engine spark");
    }
    if (export.format(comparisons) != org.crowd4j.io.platform.ExportFormat.LONG) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--engine spark reads comparisons in long format only, not --format "
              + export.format(comparisons).id());
    }
    BradleyTerry.Options o;
    try {
      o = OptionsBinder.bind(BradleyTerry.Options.defaults(), overrides());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    if (o.standardErrors() != StandardErrors.DIAGONAL) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--engine spark computes the diagonal standard errors only");
    }
    CsvFormat rules = rules();
    EngineOptions.checkFile(
        comparisons, rules, List.of(leftColumn, rightColumn, labelColumn), List.of());
    engine.checkSpark(spec.commandLine());
    ProgressBar bar = output.progress(err);
    SparkEngine.Ranked r;
    try {
      r = SparkEngine.rank(this, o, rules.delimiter(), bar);
    } catch (IllegalArgumentException e) {
      bar.finish();
      throw new BadInputException(comparisons + ": " + e.getMessage(), e);
    }
    bar.finish();
    Ranking ranking = r.ranking();
    if (out != null) {
      RankingWriter.writeCsv(out, ranking);
    }
    double[] trueScores =
        truth == null ? null : PairwiseReader.readScores(truth, ranking.items(), rules);
    double tau = trueScores == null ? Double.NaN : KendallTau.of(ranking.logScores(), trueScores);
    if (output.json) {
      Output.print(pw, json(ranking.size(), r.comparisons(), -1, ranking, tau, r.engine()));
    } else if (output.human()) {
      summary(pw, ranking.size(), r.comparisons(), -1, ranking, tau);
    }
    return ExitCodes.OK;
  }

  /** The comparisons: in long format, or a platform's export. */
  private Comparisons read(PairwiseFormat format, PrintWriter err)
      throws CrowdFormatException, BadInputException {
    ExportFormat f = export.format(comparisons);
    List<String> items = itemFields == null ? null : List.of(itemFields.split(",", -1));
    if (items != null && (items.size() != 2 || items.contains(""))) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--item-fields takes two data fields, LEFT,RIGHT: " + itemFields);
    }
    if (f == ExportFormat.LONG) {
      String given =
          export.given() != null ? export.given() : itemFields != null ? "--item-fields" : null;
      ExportInput.refuseOnLong(comparisons, given);
      return PairwiseReader.read(comparisons, format, null);
    }
    CsvFormat rules = anonymous ? format.rules().anonymous() : format.rules();
    ExportData<Comparisons> x =
        ExportReader.readComparisons(
            comparisons,
            f,
            rules,
            new ExportOptions(export.taskField, export.answerField, null, items));
    ExportInput.printNotes(output, err, comparisons, x.notes());
    return x.data();
  }

  private CsvFormat rules() {
    char d;
    try {
      d = delimiter.separator();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    CsvFormat f = CsvFormat.defaults().withControlCharacters(controlCharacters).withDelimiter(d);
    return lenientQuotes ? f.withLenientQuotes() : f;
  }

  private Ranking fit(Comparisons data, ProgressBar bar) {
    Method<Comparisons, Void, Ranking> m;
    try {
      m = RankingMethods.LIST.create(method, overrides());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    return m.fit(data, new FitContext<>(null, bar));
  }

  /** The --param options with --max-iter, --tol and --prior put in as the options they name. */
  private Map<String, String> overrides() {
    Map<String, String> out = new LinkedHashMap<>(params);
    if (maxIterations != null) {
      out.put("maxIterations", String.valueOf(maxIterations));
    }
    if (tol != null) {
      out.put("tol", String.valueOf(tol));
    }
    if (prior != null) {
      out.put("prior", String.valueOf(prior));
    }
    if (standardErrors != null) {
      out.put("standardErrors", standardErrors);
    }
    return out;
  }

  /** The JSON summary; {@code workers} &lt; 0 when the engine does not count them. */
  private ObjectNode json(
      int itemCount, long count, int workers, Ranking r, double tau, String engineName) {
    Diagnostics d = r.diagnostics();
    ObjectNode j = Output.object("rank");
    j.put("method", method);
    j.put("engine", engineName);
    j.put("input", comparisons.toString());
    j.put("comparisons", count);
    j.put("items", itemCount);
    if (workers >= 0) {
      j.put("workers", workers);
    } else {
      j.putNull("workers");
    }
    j.put("components", r.components());
    j.put("iterations", d.iterations());
    j.put("converged", d.converged());
    j.put("stopReason", d.stopReason());
    j.put("objectiveName", d.objectiveName());
    double[] history = d.objective();
    Output.put(j, "objective", history.length == 0 ? Double.NaN : history[history.length - 1]);
    j.put("stderrMethod", r.stderrMethod());
    ArrayNode notes = j.putArray("notes");
    r.notes().forEach(notes::add);
    if (truth != null) {
      Output.put(j, "kendallTau", tau);
    }
    ArrayNode items = j.putArray("top");
    for (int rank = 1; rank <= Math.min(top, r.size()); rank++) {
      int i = r.itemAtRank(rank);
      ObjectNode o = items.addObject();
      o.put("item", r.items().name(i));
      Output.put(o, "score", r.score(i));
      Output.put(o, "stderr", r.stderr(i));
      o.put("rank", rank);
    }
    if (r.annotators() != null) {
      double mean = 0;
      for (int w = 0; w < r.annotators().size(); w++) {
        mean += r.annotators().skill(w) / r.annotators().size();
      }
      Output.put(j, "meanSkill", mean);
    }
    Output.put(j, "out", out);
    Output.put(j, "modelOut", modelOut);
    j.put("elapsedMillis", r.provenance().elapsedMillis());
    return j;
  }

  /** The human summary; {@code workers} &lt; 0 when the engine does not count them. */
  private void summary(PrintWriter pw, int items, long count, int workers, Ranking r, double tau) {
    Diagnostics d = r.diagnostics();
    pw.printf(
        Locale.ROOT,
        "%s: %d items, %d comparisons%s, %d component(s)%n",
        method,
        items,
        count,
        workers >= 0 ? " by " + workers + " workers" : "",
        r.components());
    pw.printf(
        Locale.ROOT,
        "%s after %d iterations (%s); %.2f s%n",
        d.converged() ? "converged" : "NOT converged",
        d.iterations(),
        d.stopReason(),
        r.provenance().elapsedMillis() / 1e3);
    for (String note : r.notes()) {
      pw.println("note: " + note);
    }
    if (!Double.isNaN(tau)) {
      pw.printf(Locale.ROOT, "Kendall tau to %s: %.4f%n", truth, tau);
    }
    if (top > 0) {
      pw.printf(Locale.ROOT, "%5s  %-24s %12s %10s%n", "rank", "item", "score", "stderr");
      for (int rank = 1; rank <= Math.min(top, r.size()); rank++) {
        int i = r.itemAtRank(rank);
        pw.printf(
            Locale.ROOT,
            "%5d  %-24s %12.6g %10s%n",
            rank,
            r.items().name(i),
            r.score(i),
            Double.isNaN(r.stderr(i)) ? "n/a" : String.format(Locale.ROOT, "%.4g", r.stderr(i)));
      }
    }
    if (out != null) {
      pw.println("ranking written to " + out);
    }
    if (modelOut != null) {
      pw.println("model written to " + modelOut);
    }
    pw.flush();
  }
}
