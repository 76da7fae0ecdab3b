package org.crowd4j.cli.report;

import java.awt.Dimension;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.crowd4j.io.AtomicFiles;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.w3c.dom.Document;

/**
 * Renders each chart once as a PNG for the page (embedded as base64) and, when asked, also as a PNG
 * or SVG file beside the report for slides and papers. SVG goes through Apache Batik's {@link
 * SVGGraphics2D}, onto which JFreeChart draws exactly as onto the screen.
 */
final class ChartSink {
  /** File format of the separate chart files. */
  enum Format {
    png,
    svg
  }

  private final Format format;
  private final Path dir;
  private final String prefix;
  private final List<Path> files = new ArrayList<>();
  private int charts;

  /**
   * @param format file format, or {@code null} to embed the charts only
   * @param dir folder of the chart files
   * @param prefix start of each chart file's name
   */
  ChartSink(Format format, Path dir, String prefix) {
    this.format = format;
    this.dir = dir;
    this.prefix = prefix;
  }

  /** Renders {@code chart} and returns the PNG as base64; writes the chart file if asked. */
  String render(String id, JFreeChart chart, int width, int height) throws IOException {
    charts++;
    byte[] png = ChartUtils.encodeAsPNG(chart.createBufferedImage(width, height));
    if (format != null) {
      Path file = dir.resolve(prefix + "-" + id + "." + format.name().toLowerCase(Locale.ROOT));
      if (format == Format.png) {
        AtomicFiles.write(file, out -> out.write(png));
      } else {
        String svg = svg(chart, width, height);
        AtomicFiles.write(file, out -> out.write(svg.getBytes(StandardCharsets.UTF_8)));
      }
      files.add(file);
    }
    return Base64.getEncoder().encodeToString(png);
  }

  /** The chart as a standalone SVG document. */
  static String svg(JFreeChart chart, int width, int height) throws IOException {
    Document doc;
    try {
      doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
    } catch (ParserConfigurationException e) {
      throw new IOException("no XML DOM available for SVG output", e);
    }
    SVGGeneratorContext ctx = SVGGeneratorContext.createDefault(doc);
    ctx.setComment("crowd4j report chart");
    SVGGraphics2D g = new SVGGraphics2D(ctx, false);
    g.setSVGCanvasSize(new Dimension(width, height));
    chart.draw(g, new Rectangle2D.Double(0, 0, width, height));
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (Writer w = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
      g.stream(w, true);
    }
    g.dispose();
    // no DOCTYPE: it names a DTD on the web that XML tools would try to fetch
    return bytes.toString(StandardCharsets.UTF_8).replaceFirst("<!DOCTYPE[^>]*>\\s*", "");
  }

  /** Number of charts rendered. */
  int count() {
    return charts;
  }

  /** The chart files written. */
  List<Path> files() {
    return List.copyOf(files);
  }
}
