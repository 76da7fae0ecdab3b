package org.crowd4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.cli.report.MaskReport;
import org.crowd4j.cli.report.MultiLabelReport;
import org.crowd4j.cli.report.NumericReport;
import org.crowd4j.cli.report.PairwiseReport;
import org.crowd4j.cli.report.Report;
import org.crowd4j.cli.report.ReportTarget;
import org.crowd4j.cli.report.TextReport;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.method.FitContext;
import org.crowd4j.multilabel.BinaryRelevance;
import org.crowd4j.multilabel.MultiLabelReader;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.TagAnswers;
import org.crowd4j.multilabel.TagGold;
import org.crowd4j.numeric.NumericAnswers;
import org.crowd4j.numeric.NumericGold;
import org.crowd4j.numeric.NumericMethods;
import org.crowd4j.numeric.NumericReader;
import org.crowd4j.numeric.NumericResult;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.PairwiseFormat;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.pairwise.RankingMethods;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.MaskAnswers;
import org.crowd4j.segmentation.MaskMethods;
import org.crowd4j.segmentation.MaskReader;
import org.crowd4j.segmentation.SegmentationResult;
import org.crowd4j.text.TextAggregator;
import org.crowd4j.text.TextAnswers;
import org.crowd4j.text.TextMethods;
import org.crowd4j.text.TextReader;
import org.crowd4j.text.TextResult;
import picocli.CommandLine;

/**
 * The reports of {@code crowd4j report --kind pairwise|text|segmentation|multilabel|numeric}: reads
 * the answers of the kind, fits one method with its default options and writes the kind's report.
 */
final class ReportKinds {
  /** The kinds of data the report knows. */
  enum Kind {
    classification,
    pairwise,
    text,
    segmentation,
    multilabel,
    numeric
  }

  private final CommandLine cmd;
  private final AnswerInput input;
  private final Path gold;
  private final String embeddingColumn;
  private final ProgressBar bar;

  ReportKinds(
      CommandLine cmd, AnswerInput input, Path gold, String embeddingColumn, ProgressBar bar) {
    this.cmd = cmd;
    this.input = input;
    this.gold = gold;
    this.embeddingColumn = embeddingColumn;
    this.bar = bar;
  }

  /** The method of {@code kind} when none is named. */
  static String defaultMethod(Kind kind) {
    return switch (kind) {
      case pairwise -> BradleyTerry.NAME;
      case text -> "rover";
      case segmentation -> "mv";
      case numeric -> "mean";
      case classification, multilabel -> "ds";
    };
  }

  /** The methods of {@code kind}. */
  static Set<String> methods(Kind kind) {
    return switch (kind) {
      case pairwise -> new java.util.LinkedHashSet<>(RankingMethods.LIST.names());
      case text -> new java.util.LinkedHashSet<>(TextMethods.LIST.names());
      case segmentation -> new java.util.LinkedHashSet<>(MaskMethods.LIST.names());
      case multilabel -> new java.util.TreeSet<>(org.crowd4j.aggregate.Methods.LIST.names());
      case numeric -> new java.util.LinkedHashSet<>(NumericMethods.LIST.names());
      case classification -> Set.of();
    };
  }

  /** Reads, fits and writes the report of {@code kind}. */
  Report.Written write(Kind kind, String method, ReportTarget target)
      throws IOException, CrowdFormatException, BadInputException {
    try {
      return switch (kind) {
        case pairwise -> pairwise(method, target);
        case text -> text(method, target);
        case segmentation -> segmentation(method, target);
        case multilabel -> multilabel(method, target);
        case numeric -> numeric(method, target);
        case classification -> throw new IllegalStateException("not a kind of ReportKinds");
      };
    } catch (CrowdFormatException e) {
      if (e.getCause() instanceof java.nio.file.NoSuchFileException) {
        throw e;
      }
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /** The answer column: --label-column when given, else the kind's usual name. */
  private String answerColumn(String usual) {
    return cmd.getParseResult().hasMatchedOption("--label-column") ? input.labelColumn : usual;
  }

  private CsvFormat rules() {
    try {
      return input.rules().withDelimiter(input.format().delimiter());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cmd, e.getMessage());
    }
  }

  private Report.Written pairwise(String method, ReportTarget target)
      throws IOException, CrowdFormatException {
    CsvFormat rules = rules();
    PairwiseFormat format =
        new PairwiseFormat(
            input.anonymous ? null : input.columns.workerColumn,
            "left",
            "right",
            answerColumn("label"),
            rules);
    Comparisons data = PairwiseReader.read(input.answers, format, null);
    double[] truth = gold == null ? null : PairwiseReader.readScores(gold, data.items(), rules);
    long t0 = System.nanoTime();
    Ranking ranking;
    try {
      ranking = RankingMethods.LIST.create(method, Map.of()).fit(data, new FitContext<>(null, bar));
    } finally {
      bar.finish();
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return PairwiseReport.write(target, data, ranking, method, seconds, truth);
  }

  private Report.Written text(String method, ReportTarget target)
      throws IOException, CrowdFormatException, BadInputException {
    boolean embedded = !method.equals("rover");
    if (embedded && embeddingColumn == null) {
      throw new CommandLine.ParameterException(
          cmd, "method '" + method + "' needs embeddings: give --embedding-column NAME");
    }
    if (!embedded && embeddingColumn != null) {
      throw new CommandLine.ParameterException(
          cmd, "rover aligns words and uses no embeddings: leave out --embedding-column");
    }
    CsvFormat rules = rules();
    String textColumn = answerColumn("text");
    TextAnswers data =
        TextReader.read(
            input.answers,
            new TextReader.Layout(
                input.columns.taskColumn, input.columns.workerColumn, textColumn, embeddingColumn),
            rules);
    Map<String, String> refs =
        gold == null
            ? null
            : AggregateTextCommand.readGold(gold, input.columns.taskColumn, textColumn, rules);
    TextAggregator aggregator = TextMethods.LIST.create(method, Map.of());
    long t0 = System.nanoTime();
    TextResult result;
    try {
      result = aggregator.fit(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return TextReport.write(target, data, result, method, seconds, refs);
  }

  private Report.Written segmentation(String method, ReportTarget target)
      throws IOException, CrowdFormatException, BadInputException {
    CsvFormat rules = rules();
    MaskReader.Layout layout =
        new MaskReader.Layout(
            input.columns.taskColumn, input.columns.workerColumn, answerColumn("segmentation"));
    MaskAnswers data = MaskReader.read(input.answers, layout, rules);
    Map<String, Mask> truth = gold == null ? null : MaskReader.readTruth(gold, layout, rules);
    long t0 = System.nanoTime();
    SegmentationResult result;
    try {
      result = MaskMethods.LIST.create(method, Map.of()).fit(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    try {
      return MaskReport.write(target, data, result, method, seconds, truth);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(gold + ": " + e.getMessage(), e);
    }
  }

  private Report.Written multilabel(String method, ReportTarget target)
      throws IOException, CrowdFormatException, BadInputException {
    CsvFormat rules = rules();
    MultiLabelReader.Layout layout =
        new MultiLabelReader.Layout(
            input.columns.taskColumn, input.columns.workerColumn, answerColumn("label"), '|');
    Map<String, Set<String>> truth =
        gold == null ? Map.of() : MultiLabelReader.readGold(gold, layout, rules);
    TagAnswers data;
    try {
      data =
          MultiLabelReader.readAnswers(
              input.answers, layout, rules, MultiLabelReader.tagsOf(truth));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    }
    long t0 = System.nanoTime();
    MultiLabelResult result;
    try {
      result = new BinaryRelevance(Methods.create(method, Map.of())).fit(data);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return MultiLabelReport.write(
        target, data, result, method, seconds, gold == null ? null : TagGold.of(data, truth));
  }

  private Report.Written numeric(String method, ReportTarget target)
      throws IOException, CrowdFormatException, BadInputException {
    CsvFormat rules = rules();
    NumericReader.Layout layout =
        new NumericReader.Layout(
            input.columns.taskColumn, input.columns.workerColumn, answerColumn("label"));
    NumericAnswers data = NumericReader.read(input.answers, layout, rules);
    NumericGold known =
        gold == null ? null : NumericGold.of(data, NumericReader.readGold(gold, layout, rules));
    long t0 = System.nanoTime();
    NumericResult result;
    try {
      result = NumericMethods.LIST.create(method, Map.of()).fit(data, new FitContext<>(null, bar));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(input.answers + ": " + e.getMessage(), e);
    } finally {
      bar.finish();
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    return NumericReport.write(target, data, result, method, seconds, known);
  }
}
