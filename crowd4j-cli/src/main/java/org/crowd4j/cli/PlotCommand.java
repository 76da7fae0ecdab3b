package org.crowd4j.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.cli.report.ResultsPlot;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code crowd4j plot}: a line chart of an experiment's results CSV (mean ± s.d. over runs). */
@Command(
    name = "plot",
    mixinStandardHelpOptions = true,
    description = {
      "Draw a line chart from a results CSV (one row per run, as `reproduce … out=FILE` writes):"
          + " the mean of --y against --x, one line per --series value, with a band of ± one"
          + " sample standard deviation over the runs. PNG, or SVG when --out ends in .svg.",
      "Example: crowd4j plot --csv crowd4j-nn/results/crowd-mixture-net.csv"
          + " --where experiment=cmm-scaling --x setting --y test_acc --series method --log-x"
          + " --out scaling.png"
    })
final class PlotCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--csv", required = true, paramLabel = "FILE", description = "Results CSV.")
  Path csv;

  @Option(
      names = "--x",
      required = true,
      paramLabel = "COLUMN",
      description = "Column of the x values (a text value is read by its last number: T=1500).")
  String x;

  @Option(names = "--y", required = true, paramLabel = "COLUMN", description = "Column of y.")
  String y;

  @Option(names = "--series", paramLabel = "COLUMN", description = "Column naming the lines.")
  String series;

  @Option(
      names = "--where",
      paramLabel = "COLUMN=VALUE",
      description = "Keep only rows with this value (repeatable).")
  Map<String, String> where = new LinkedHashMap<>();

  @Option(names = "--title", paramLabel = "TEXT", description = "Chart title.")
  String title;

  @Option(names = "--x-label", paramLabel = "TEXT", description = "x axis label (default: --x).")
  String xLabel;

  @Option(names = "--y-label", paramLabel = "TEXT", description = "y axis label (default: --y).")
  String yLabel;

  @Option(names = "--log-x", description = "Logarithmic x axis.")
  boolean logX;

  @Option(
      names = "--size",
      paramLabel = "WxH",
      defaultValue = "800x450",
      description = "Size in pixels (default: ${DEFAULT-VALUE}).")
  String size;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "PNG or SVG file.")
  Path out;

  @Override
  public Integer call() throws Exception {
    Checks.inputsExist(spec, "--csv", csv);
    String[] wh = size.toLowerCase(Locale.ROOT).split("x");
    int width;
    int height;
    try {
      width = Integer.parseInt(wh[0]);
      height = Integer.parseInt(wh[1]);
    } catch (RuntimeException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--size must be WIDTHxHEIGHT: '" + size + "'");
    }
    ResultsPlot.Spec s =
        new ResultsPlot.Spec(
            x,
            y,
            series,
            where,
            title == null ? y + " by " + x : title,
            xLabel == null ? x : xLabel,
            yLabel == null ? y : yLabel,
            logX);
    ResultsPlot.Points p;
    try {
      p = ResultsPlot.write(csv, s, out, width, height);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage());
    }
    spec.commandLine()
        .getOut()
        .printf(
            Locale.ROOT,
            "%d runs, %d series (%s), %d x values: %s%n",
            p.runs(),
            p.names().size(),
            String.join(", ", p.names()),
            p.x().length,
            out);
    return 0;
  }
}
