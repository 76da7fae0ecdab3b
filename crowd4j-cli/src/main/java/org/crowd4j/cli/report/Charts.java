package org.crowd4j.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.PaintScale;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.category.StatisticalLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYBlockRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYShapeRenderer;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.statistics.DefaultStatisticalCategoryDataset;
import org.jfree.data.statistics.HistogramDataset;
import org.jfree.data.xy.DefaultXYZDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/** The report's charts, drawn with JFreeChart in one plain style. */
final class Charts {
  static {
    System.setProperty("java.awt.headless", "true");
  }

  static final Color BLUE = new Color(0x2f, 0x6d, 0xb5);
  static final Color ORANGE = new Color(0xe0, 0x7b, 0x1f);
  static final Color GRID = new Color(0xd8, 0xdc, 0xe2);
  private static final Color[] SERIES = {
    BLUE,
    ORANGE,
    new Color(0x3a, 0x9a, 0x4a),
    new Color(0xb5, 0x3a, 0x3a),
    new Color(0x7a, 0x4f, 0xb0),
    new Color(0x6b, 0x6b, 0x6b)
  };

  private Charts() {}

  /**
   * Histogram of {@code values}. Integer data get one bar per value (up to 40 values, wider bins
   * beyond); real data get {@code bins} equal bins over [{@code min}, {@code max}].
   */
  static JFreeChart histogram(
      String title, String xLabel, double[] values, boolean integers, double min, double max) {
    HistogramDataset ds = new HistogramDataset();
    double lo = min;
    double hi = max;
    int bins = 20;
    if (integers) {
      int span = (int) Math.round(max - min) + 1;
      int width = Math.max(1, (int) Math.ceil(span / 40.0));
      bins = (int) Math.ceil(span / (double) width);
      lo = min - 0.5;
      hi = lo + bins * width;
    }
    if (!(hi > lo)) {
      hi = lo + 1;
    }
    ds.addSeries("count", values.length == 0 ? new double[] {lo} : values, bins, lo, hi);
    JFreeChart chart =
        ChartFactory.createHistogram(
            title, xLabel, "count", ds, PlotOrientation.VERTICAL, false, false, false);
    XYPlot plot = chart.getXYPlot();
    XYBarRenderer r = (XYBarRenderer) plot.getRenderer();
    r.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
    r.setShadowVisible(false);
    r.setSeriesPaint(0, BLUE);
    r.setDrawBarOutline(true);
    r.setSeriesOutlinePaint(0, Color.WHITE);
    if (integers) {
      ((NumberAxis) plot.getDomainAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    }
    ((NumberAxis) plot.getRangeAxis()).setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    return style(chart);
  }

  /**
   * Horizontal bars: one value per category in the given order; {@code secondary} (may be null) is
   * drawn as a second bar per category on its own axis (e.g. answer counts beside skills).
   */
  static JFreeChart bars(
      String title,
      List<String> categories,
      double[] values,
      String valueLabel,
      double[] secondary,
      String secondaryLabel,
      boolean horizontal) {
    DefaultCategoryDataset ds = new DefaultCategoryDataset();
    for (int i = 0; i < categories.size(); i++) {
      ds.addValue(values[i], valueLabel, categories.get(i));
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            title,
            null,
            valueLabel,
            ds,
            horizontal ? PlotOrientation.HORIZONTAL : PlotOrientation.VERTICAL,
            secondary != null,
            false,
            false);
    CategoryPlot plot = chart.getCategoryPlot();
    BarRenderer r = (BarRenderer) plot.getRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setSeriesPaint(0, BLUE);
    r.setItemMargin(0);
    r.setMaximumBarWidth(0.12);
    if (secondary != null) {
      DefaultCategoryDataset ds2 = new DefaultCategoryDataset();
      for (int i = 0; i < categories.size(); i++) {
        ds2.addValue(0, valueLabel, categories.get(i));
        ds2.addValue(secondary[i], secondaryLabel, categories.get(i));
      }
      // the second dataset carries a zero dummy series so that its bars sit beside the first's
      plot.setDataset(1, ds2);
      NumberAxis axis2 = new NumberAxis(secondaryLabel);
      plot.setRangeAxis(1, axis2);
      plot.mapDatasetToRangeAxis(1, 1);
      plot.setRangeAxisLocation(1, AxisLocation.BOTTOM_OR_RIGHT);
      BarRenderer r2 = new BarRenderer();
      r2.setBarPainter(new StandardBarPainter());
      r2.setShadowVisible(false);
      r2.setSeriesPaint(0, new Color(0, 0, 0, 0));
      r2.setSeriesPaint(1, ORANGE);
      r2.setSeriesVisibleInLegend(0, false);
      r2.setItemMargin(0);
      r2.setMaximumBarWidth(0.12);
      plot.setRenderer(1, r2);
      DefaultCategoryDataset ds1 = new DefaultCategoryDataset();
      for (int i = 0; i < categories.size(); i++) {
        ds1.addValue(values[i], valueLabel, categories.get(i));
        ds1.addValue(0, secondaryLabel, categories.get(i));
      }
      plot.setDataset(0, ds1);
      r.setSeriesPaint(1, new Color(0, 0, 0, 0));
      r.setSeriesVisibleInLegend(1, false);
    }
    CategoryAxis cat = plot.getDomainAxis();
    cat.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, categories.size() > 30 ? 9 : 11));
    if (!horizontal && categories.size() > 6) {
      cat.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    }
    cat.setMaximumCategoryLabelWidthRatio(horizontal ? 0.45f : 1f);
    return style(chart);
  }

  /**
   * Horizontal bars of several series on one value axis over [0, {@code max}]: per category one bar
   * of each series, in the given order (e.g. IoU with the aggregate beside IoU with the truth).
   */
  static JFreeChart groupedBars(
      String title,
      List<String> categories,
      List<String> series,
      double[][] values,
      String valueLabel,
      double max) {
    DefaultCategoryDataset ds = new DefaultCategoryDataset();
    for (int s = 0; s < series.size(); s++) {
      for (int i = 0; i < categories.size(); i++) {
        ds.addValue(values[s][i], series.get(s), categories.get(i));
      }
    }
    JFreeChart chart =
        ChartFactory.createBarChart(
            title,
            null,
            valueLabel,
            ds,
            PlotOrientation.HORIZONTAL,
            series.size() > 1,
            false,
            false);
    CategoryPlot plot = chart.getCategoryPlot();
    BarRenderer r = (BarRenderer) plot.getRenderer();
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    for (int s = 0; s < series.size(); s++) {
      r.setSeriesPaint(s, SERIES[s % SERIES.length]);
    }
    r.setItemMargin(0);
    ((NumberAxis) plot.getRangeAxis()).setRange(0, max);
    CategoryAxis cat = plot.getDomainAxis();
    cat.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, categories.size() > 30 ? 9 : 11));
    cat.setMaximumCategoryLabelWidthRatio(0.45f);
    return style(chart);
  }

  /**
   * Horizontal intervals in the given order: per category a point at {@code mid} and a bar of ±
   * {@code half} (a NaN half-width draws the point alone).
   */
  static JFreeChart intervals(
      String title, List<String> categories, double[] mid, double[] half, String valueLabel) {
    DefaultStatisticalCategoryDataset ds = new DefaultStatisticalCategoryDataset();
    for (int i = 0; i < categories.size(); i++) {
      ds.add(mid[i], Double.isNaN(half[i]) ? 0 : half[i], valueLabel, categories.get(i));
    }
    StatisticalLineAndShapeRenderer r = new StatisticalLineAndShapeRenderer(false, true);
    r.setSeriesPaint(0, BLUE);
    r.setErrorIndicatorPaint(Color.DARK_GRAY);
    CategoryAxis cat = new CategoryAxis(null);
    cat.setTickLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, categories.size() > 30 ? 9 : 11));
    cat.setMaximumCategoryLabelWidthRatio(0.45f);
    NumberAxis value = new NumberAxis(valueLabel);
    value.setAutoRangeIncludesZero(false);
    CategoryPlot plot = new CategoryPlot(ds, cat, value, r);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setDomainGridlinesVisible(true);
    plot.setDomainGridlinePaint(GRID);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
    return style(chart);
  }

  /** A paint scale from white through light blue to dark blue over [lo, hi]. */
  static PaintScale blues(double lo, double hi) {
    return new PaintScale() {
      @Override
      public double getLowerBound() {
        return lo;
      }

      @Override
      public double getUpperBound() {
        return hi;
      }

      @Override
      public Paint getPaint(double value) {
        double t = hi > lo ? (value - lo) / (hi - lo) : 0;
        t = Math.max(0, Math.min(1, Double.isNaN(t) ? 0 : t));
        return new Color(
            (int) Math.round(255 + t * (0x08 - 255)),
            (int) Math.round(255 + t * (0x30 - 255)),
            (int) Math.round(255 + t * (0x6b - 255)));
      }
    };
  }

  /** A paint scale from red (low) through yellow to green (high) over [lo, hi]. */
  static PaintScale redToGreen(double lo, double hi) {
    return new PaintScale() {
      @Override
      public double getLowerBound() {
        return lo;
      }

      @Override
      public double getUpperBound() {
        return hi;
      }

      @Override
      public Paint getPaint(double value) {
        double t = hi > lo ? (value - lo) / (hi - lo) : 0.5;
        t = Math.max(0, Math.min(1, Double.isNaN(t) ? 0.5 : t));
        Color a = t < 0.5 ? new Color(0xd7, 0x30, 0x27) : new Color(0xfe, 0xe0, 0x8b);
        Color b = t < 0.5 ? new Color(0xfe, 0xe0, 0x8b) : new Color(0x1a, 0x98, 0x50);
        double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
        return new Color(
            (int) Math.round(a.getRed() + u * (b.getRed() - a.getRed())),
            (int) Math.round(a.getGreen() + u * (b.getGreen() - a.getGreen())),
            (int) Math.round(a.getBlue() + u * (b.getBlue() - a.getBlue())));
      }
    };
  }

  /**
   * A K × K heatmap of {@code m[row][col]} (rows = true class, columns = answered class), values in
   * [0, 1], each cell labelled with its value when K ≤ 12.
   */
  static JFreeChart heatmap(
      String title, String[] classes, double[][] m, String rowLabel, String colLabel) {
    int k = classes.length;
    double[][] xyz = new double[3][k * k];
    for (int r = 0; r < k; r++) {
      for (int c = 0; c < k; c++) {
        int i = r * k + c;
        xyz[0][i] = c;
        xyz[1][i] = r;
        xyz[2][i] = m[r][c];
      }
    }
    DefaultXYZDataset ds = new DefaultXYZDataset();
    ds.addSeries("p", xyz);
    SymbolAxis x = new SymbolAxis(colLabel, classes);
    SymbolAxis y = new SymbolAxis(rowLabel, classes);
    x.setGridBandsVisible(false);
    y.setGridBandsVisible(false);
    y.setInverted(true);
    Font tick = new Font(Font.SANS_SERIF, Font.PLAIN, k > 10 ? 9 : 11);
    x.setTickLabelFont(tick);
    y.setTickLabelFont(tick);
    if (k > 4) {
      x.setVerticalTickLabels(true);
    }
    XYBlockRenderer r = new XYBlockRenderer();
    PaintScale scale = blues(0, 1);
    r.setPaintScale(scale);
    XYPlot plot = new XYPlot(ds, x, y, r);
    plot.setDomainGridlinesVisible(false);
    plot.setRangeGridlinesVisible(false);
    plot.setBackgroundPaint(Color.WHITE);
    if (k <= 12) {
      Font f = new Font(Font.SANS_SERIF, Font.PLAIN, k > 8 ? 8 : 11);
      for (int row = 0; row < k; row++) {
        for (int c = 0; c < k; c++) {
          XYTextAnnotation a =
              new XYTextAnnotation(String.format(Locale.ROOT, "%.2f", m[row][c]), c, row);
          a.setFont(f);
          a.setPaint(m[row][c] > 0.55 ? Color.WHITE : Color.DARK_GRAY);
          a.setTextAnchor(TextAnchor.CENTER);
          plot.addAnnotation(a);
        }
      }
    }
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
    NumberAxis legendAxis = new NumberAxis("p");
    legendAxis.setRange(0, 1);
    legendAxis.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(0.25));
    PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
    legend.setPosition(RectangleEdge.RIGHT);
    legend.setMargin(new RectangleInsets(4, 4, 4, 4));
    legend.setStripWidth(10);
    chart.addSubtitle(legend);
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  /** A scatter plot of 2-D points coloured by {@code colour} (e.g. skill, red low, green high). */
  static JFreeChart scatter(
      String title, double[][] xy, double[] colour, String colourLabel, String[] labels) {
    int n = xy.length;
    double[][] xyz = new double[3][n];
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      xyz[0][i] = xy[i][0];
      xyz[1][i] = xy[i][1];
      xyz[2][i] = colour[i];
      lo = Math.min(lo, colour[i]);
      hi = Math.max(hi, colour[i]);
    }
    if (!(hi > lo)) {
      hi = lo + 1e-9;
    }
    DefaultXYZDataset ds = new DefaultXYZDataset();
    ds.addSeries("annotators", xyz);
    XYShapeRenderer r = new XYShapeRenderer();
    PaintScale scale = redToGreen(lo, hi);
    r.setPaintScale(scale);
    r.setDrawOutlines(true);
    r.setDefaultOutlinePaint(Color.DARK_GRAY);
    r.setSeriesShape(0, new java.awt.geom.Ellipse2D.Double(-5, -5, 10, 10));
    NumberAxis x = new NumberAxis("dimension 1");
    NumberAxis y = new NumberAxis("dimension 2");
    x.setAutoRangeIncludesZero(false);
    y.setAutoRangeIncludesZero(false);
    XYPlot plot = new XYPlot(ds, x, y, r);
    if (labels != null && n <= 40) {
      Font f = new Font(Font.SANS_SERIF, Font.PLAIN, 9);
      for (int i = 0; i < n; i++) {
        XYTextAnnotation a = new XYTextAnnotation(labels[i], xy[i][0], xy[i][1]);
        a.setFont(f);
        a.setTextAnchor(TextAnchor.BOTTOM_LEFT);
        plot.addAnnotation(a);
      }
    }
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, false);
    NumberAxis legendAxis = new NumberAxis(colourLabel);
    legendAxis.setRange(lo, hi);
    double step = Math.pow(10, Math.floor(Math.log10((hi - lo) / 4)));
    while ((hi - lo) / step > 6) {
      step *= 2;
    }
    legendAxis.setTickUnit(
        new org.jfree.chart.axis.NumberTickUnit(
            step, new java.text.DecimalFormat(step >= 0.01 ? "0.00" : "0.0###")));
    PaintScaleLegend legend = new PaintScaleLegend(scale, legendAxis);
    legend.setPosition(RectangleEdge.RIGHT);
    legend.setMargin(new RectangleInsets(4, 4, 4, 4));
    legend.setStripWidth(10);
    chart.addSubtitle(legend);
    return style(chart);
  }

  /** One line per series with a band of ± {@code sd}; {@code x} shared. */
  static JFreeChart bandLines(
      String title,
      String xLabel,
      String yLabel,
      List<String> names,
      double[] x,
      double[][] mean,
      double[][] sd) {
    YIntervalSeriesCollection ds = new YIntervalSeriesCollection();
    for (int s = 0; s < names.size(); s++) {
      YIntervalSeries series = new YIntervalSeries(names.get(s));
      for (int i = 0; i < x.length; i++) {
        if (!Double.isNaN(mean[s][i])) {
          series.add(x[i], mean[s][i], mean[s][i] - sd[s][i], mean[s][i] + sd[s][i]);
        }
      }
      ds.addSeries(series);
    }
    DeviationRenderer r = new DeviationRenderer(true, true);
    for (int s = 0; s < names.size(); s++) {
      Color c = SERIES[s % SERIES.length];
      r.setSeriesPaint(s, c);
      r.setSeriesFillPaint(s, c);
      r.setSeriesStroke(s, new BasicStroke(2f));
    }
    r.setAlpha(0.15f);
    NumberAxis xa = new NumberAxis(xLabel);
    xa.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    xa.setAutoRangeIncludesZero(false);
    NumberAxis ya = new NumberAxis(yLabel);
    ya.setAutoRangeIncludesZero(false);
    XYPlot plot = new XYPlot(ds, xa, ya, r);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, true);
    return style(chart);
  }

  /** Replaces the x axis of {@code chart} (an XY chart) by a base-10 logarithmic one. */
  static void logX(JFreeChart chart, String label) {
    org.jfree.chart.axis.LogAxis axis = new org.jfree.chart.axis.LogAxis(label);
    axis.setBase(10);
    axis.setStandardTickUnits(NumberAxis.createStandardTickUnits());
    axis.setNumberFormatOverride(new java.text.DecimalFormat("#,##0"));
    ((XYPlot) chart.getPlot()).setDomainAxis(axis);
  }

  /**
   * Reliability diagram: per method, observed accuracy against mean confidence in each confidence
   * bin, with the diagonal of perfect calibration.
   */
  static JFreeChart reliability(String title, List<String> names, List<double[][]> points) {
    XYSeriesCollection ds = new XYSeriesCollection();
    XYSeries diag = new XYSeries("perfect calibration");
    diag.add(0, 0);
    diag.add(1, 1);
    ds.addSeries(diag);
    for (int s = 0; s < names.size(); s++) {
      XYSeries series = new XYSeries(names.get(s));
      for (double[] p : points.get(s)) {
        series.add(p[0], p[1]);
      }
      ds.addSeries(series);
    }
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
    r.setSeriesPaint(0, Color.GRAY);
    r.setSeriesShapesVisible(0, false);
    r.setSeriesStroke(
        0,
        new BasicStroke(
            1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {4, 4}, 0));
    for (int s = 0; s < names.size(); s++) {
      r.setSeriesPaint(s + 1, SERIES[s % SERIES.length]);
      r.setSeriesStroke(s + 1, new BasicStroke(2f));
    }
    NumberAxis xa = new NumberAxis("confidence (probability of the chosen label)");
    NumberAxis ya = new NumberAxis("accuracy against gold");
    xa.setRange(0, 1.02);
    ya.setRange(0, 1.02);
    XYPlot plot = new XYPlot(ds, xa, ya, r);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, true);
    return style(chart);
  }

  private static JFreeChart style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
    if (chart.getPlot() instanceof XYPlot p) {
      p.setBackgroundPaint(Color.WHITE);
      p.setDomainGridlinePaint(GRID);
      p.setRangeGridlinePaint(GRID);
      p.setOutlinePaint(GRID);
    } else if (chart.getPlot() instanceof CategoryPlot p) {
      p.setBackgroundPaint(Color.WHITE);
      p.setRangeGridlinePaint(GRID);
      p.setOutlinePaint(GRID);
    }
    return chart;
  }
}
