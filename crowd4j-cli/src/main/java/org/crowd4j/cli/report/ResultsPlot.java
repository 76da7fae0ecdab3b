package org.crowd4j.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * A line chart of an experiment's results file (one row per run, as the {@code reproduce}
 * experiments write): rows filtered by {@code column=value} conditions, grouped by a series column
 * and an x column, each point the mean of the y column with a band of ± one sample standard
 * deviation over the group's runs. An x value that is not a number is read by its last number
 * ({@code T=1500} → 1500).
 */
public final class ResultsPlot {
  private static final Pattern LAST_NUMBER =
      Pattern.compile("(-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)(?!.*[0-9])");

  /**
   * What to draw.
   *
   * @param x column of the x values
   * @param y column of the y values
   * @param series column naming the lines, or {@code null} for one line
   * @param where {@code column → value} conditions a row must meet
   * @param title chart title
   * @param xLabel x axis label
   * @param yLabel y axis label
   * @param logX logarithmic x axis
   */
  public record Spec(
      String x,
      String y,
      String series,
      Map<String, String> where,
      String title,
      String xLabel,
      String yLabel,
      boolean logX) {}

  /**
   * The points of the chart.
   *
   * @param names series names
   * @param x the x values, increasing
   * @param mean mean y per series and x ({@code NaN} where a series has no run)
   * @param sd sample standard deviation per series and x (0 for a single run)
   * @param runs rows used
   */
  public record Points(List<String> names, double[] x, double[][] mean, double[][] sd, int runs) {}

  private ResultsPlot() {}

  /** Reads {@code csv} and computes the points of {@code spec}. */
  public static Points points(Path csv, Spec spec) throws IOException {
    Map<String, Map<Double, List<Double>>> groups = new TreeMap<>();
    TreeSet<Double> xs = new TreeSet<>();
    int runs = 0;
    try (CsvRecords in = CsvRecords.open(csv, CsvFormat.defaults())) {
      List<String> header = in.headerFields();
      for (String c : columns(spec)) {
        if (!header.contains(c)) {
          throw new IllegalArgumentException(
              csv + ": no column '" + c + "'; the columns are " + String.join(", ", header));
        }
      }
      while (in.nextOfAnyWidth()) {
        if (in.fieldCount() != header.size()) {
          throw new IllegalArgumentException(
              csv
                  + ":"
                  + in.line()
                  + ": "
                  + in.fieldCount()
                  + " fields, the header has "
                  + header.size());
        }
        boolean keep = true;
        for (Map.Entry<String, String> e : spec.where().entrySet()) {
          keep &= in.field(header.indexOf(e.getKey())).equals(e.getValue());
        }
        if (!keep) {
          continue;
        }
        double x = number(in.field(header.indexOf(spec.x())), csv, in.line(), spec.x());
        double y = number(in.field(header.indexOf(spec.y())), csv, in.line(), spec.y());
        String s = spec.series() == null ? spec.y() : in.field(header.indexOf(spec.series()));
        groups.computeIfAbsent(s, k -> new TreeMap<>()).computeIfAbsent(x, k -> new ArrayList<>());
        groups.get(s).get(x).add(y);
        xs.add(x);
        runs++;
      }
    } catch (CrowdFormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    if (runs == 0) {
      throw new IllegalArgumentException(csv + ": no row matches " + spec.where());
    }
    double[] x = xs.stream().mapToDouble(Double::doubleValue).toArray();
    List<String> names = new ArrayList<>(groups.keySet());
    double[][] mean = new double[names.size()][x.length];
    double[][] sd = new double[names.size()][x.length];
    for (int s = 0; s < names.size(); s++) {
      Map<Double, List<Double>> g = groups.get(names.get(s));
      for (int i = 0; i < x.length; i++) {
        List<Double> v = g.get(x[i]);
        if (v == null) {
          mean[s][i] = Double.NaN;
          continue;
        }
        double m = 0;
        for (double d : v) {
          m += d;
        }
        m /= v.size();
        double ss = 0;
        for (double d : v) {
          ss += (d - m) * (d - m);
        }
        mean[s][i] = m;
        sd[s][i] = v.size() > 1 ? Math.sqrt(ss / (v.size() - 1)) : 0;
      }
    }
    return new Points(names, x, mean, sd, runs);
  }

  /** Draws {@code spec} from {@code csv} into {@code out} (PNG, or SVG when it ends in .svg). */
  public static Points write(Path csv, Spec spec, Path out, int width, int height)
      throws IOException {
    Points p = points(csv, spec);
    JFreeChart chart =
        Charts.bandLines(
            spec.title(), spec.xLabel(), spec.yLabel(), p.names(), p.x(), p.mean(), p.sd());
    if (spec.logX()) {
      Charts.logX(chart, spec.xLabel());
    }
    if (out.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".svg")) {
      String svg = ChartSink.svg(chart, width, height);
      AtomicFiles.write(out, o -> o.write(svg.getBytes(StandardCharsets.UTF_8)));
    } else {
      byte[] png = ChartUtils.encodeAsPNG(chart.createBufferedImage(width, height));
      AtomicFiles.write(out, o -> o.write(png));
    }
    return p;
  }

  private static List<String> columns(Spec spec) {
    List<String> c = new ArrayList<>(List.of(spec.x(), spec.y()));
    if (spec.series() != null) {
      c.add(spec.series());
    }
    c.addAll(spec.where().keySet());
    return c;
  }

  private static double number(String field, Path csv, long line, String column) {
    try {
      return Double.parseDouble(field);
    } catch (NumberFormatException e) {
      Matcher m = LAST_NUMBER.matcher(field);
      if (m.find()) {
        return Double.parseDouble(m.group(1));
      }
      throw new IllegalArgumentException(
          csv + ":" + line + ": field '" + column + "' is not a number: '" + field + "'");
    }
  }
}
