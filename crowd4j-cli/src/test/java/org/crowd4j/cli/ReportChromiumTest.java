package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code crowd4j report} end to end: the report of LabelMe (with gold and a CoNAL model) opened in
 * headless Chromium must show every chart with a non-zero size and log no console message (the
 * page's content security policy turns any attempt to load something into one); a page with a
 * broken chart and a console error must be caught by the same checks. Skipped when Chromium is
 * missing, except under CI=true, where it fails.
 */
class ReportChromiumTest {
  @TempDir Path dir;

  /** Screenshots are kept here for people to look at. */
  static final Path SHOTS = Paths.get("target", "report-screenshots");

  /** The check run in the page once loaded: every chart image decoded and laid out. */
  static final String CHECK =
      """
      <script>
      window.addEventListener('load', function () {
        var bad = [];
        var charts = document.querySelectorAll('img, svg');
        charts.forEach(function (el, i) {
          var r = el.getBoundingClientRect();
          var ok = r.width > 0 && r.height > 0;
          if (el.tagName.toLowerCase() === 'img') {
            ok = ok && el.complete && el.naturalWidth > 0 && el.naturalHeight > 0;
          }
          if (!ok) { bad.push((el.parentNode && el.parentNode.id) || ('#' + i)); }
        });
        var out = document.createElement('div');
        out.id = 'chart-check';
        out.textContent = bad.length === 0 ? 'CHARTS-OK ' + charts.length
            : 'CHARTS-FAILED ' + bad.join(' ');
        document.body.appendChild(out);
      });
      </script>
      """;

  static Path chromium() {
    for (String p : new String[] {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
      if (Files.isExecutable(Paths.get(p))) {
        return Paths.get(p);
      }
    }
    return null;
  }

  static Path requireChromium() {
    Path c = chromium();
    if (c == null) {
      if ("true".equals(System.getenv("CI"))) {
        fail("chromium is not installed (CI=true): .ci/run installs the Debian package chromium");
      }
      Assumptions.abort("chromium not installed; skipping the browser check");
    }
    return c;
  }

  /** Result of one headless Chromium run: standard output and the log. */
  record Browser(String stdout, String log) {}

  Browser chromium(Path exe, String mode, Path page, int height) throws Exception {
    Path profile = Files.createTempDirectory(dir, "profile");
    List<String> cmd =
        new ArrayList<>(
            List.of(
                exe.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--window-size=1400," + height,
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=5000"));
    cmd.add(mode);
    cmd.add(page.toUri().toString());
    Path stdout = dir.resolve("chromium-" + System.nanoTime() + ".out");
    Path stderr = dir.resolve("chromium-" + System.nanoTime() + ".err");
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish in 90 s: " + Files.readString(stderr));
    }
    return new Browser(
        Files.readString(stdout, StandardCharsets.UTF_8),
        Files.readString(stderr, StandardCharsets.UTF_8));
  }

  /** A copy of the report that runs {@link #CHECK} (its policy then has to allow inline script). */
  Path withCheck(Path report, String extraBody) throws IOException {
    String html = Files.readString(report, StandardCharsets.UTF_8);
    String policy = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";
    assertTrue(html.contains(policy), "the report forbids loading anything");
    html = html.replace(policy, policy + "; script-src 'unsafe-inline'");
    html = html.replace("</body>", CHECK + extraBody + "</body>");
    Path copy = dir.resolve("checked-" + report.getFileName());
    Files.writeString(copy, html, StandardCharsets.UTF_8);
    return copy;
  }

  static List<String> consoleLines(String log) {
    List<String> out = new ArrayList<>();
    for (String line : log.split("\n")) {
      if (line.contains("CONSOLE") || line.contains("Refused to") || line.contains("net::ERR")) {
        out.add(line);
      }
    }
    return out;
  }

  static String checkResult(String dom) {
    Matcher m = Pattern.compile("<div id=\"chart-check\">([^<]*)</div>").matcher(dom);
    return m.find() ? m.group(1) : "no check result in the DOM";
  }

  static int countImages(Path report) throws IOException {
    String html = Files.readString(report, StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("<img ").matcher(html);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  @Test
  void labelMeReportRendersInChromium() throws Exception {
    Path d = SharedData.dataset("labelme");
    Path model = dir.resolve("conal");
    Run t =
        run(
            "train",
            "--method",
            "conal",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--features",
            d.resolve("features.csv").toString(),
            "--epochs",
            "2",
            "--seed",
            "1",
            "--out",
            model.toString(),
            "--quiet");
    assertEquals(0, t.code(), t.err());
    Path report = dir.resolve("labelme.html");
    Path charts = dir.resolve("charts");
    Run r =
        run(
            "report",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--gold",
            d.resolve("gold.csv").toString(),
            "--method",
            "ds",
            "mv",
            "--model",
            model.toString(),
            "--chart-format",
            "svg",
            "--charts-dir",
            charts.toString(),
            "--out",
            report.toString());
    assertEquals(0, r.code(), r.err());
    String html = Files.readString(report, StandardCharsets.UTF_8);
    for (String id :
        List.of("overview", "annotators", "classes", "items", "embeddings", "gold", "redundancy")) {
      assertTrue(html.contains("<h2 id=\"" + id + "\">"), "section " + id);
    }
    assertFalse(html.contains("http://") || html.contains("https://"), "no external reference");
    assertTrue(
        html.contains("id=\"chart-common-confusion-conal\""), "CoNAL's common confusion is drawn");
    assertTrue(html.contains("id=\"chart-annotator-map\""), "annotator map is drawn");
    int images = countImages(report);
    Matcher count = Pattern.compile("report with (\\d+) charts").matcher(r.out());
    assertTrue(count.find(), r.out());
    assertEquals(Integer.parseInt(count.group(1)), images);
    try (Stream<Path> files = Files.list(charts)) {
      List<Path> svgs = files.filter(f -> f.toString().endsWith(".svg")).toList();
      assertEquals(images, svgs.size());
      for (Path svg : svgs) {
        org.w3c.dom.Element root =
            javax.xml.parsers.DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(svg.toFile())
                .getDocumentElement();
        assertEquals("svg", root.getTagName(), svg.toString());
        assertFalse(root.getAttribute("width").isEmpty(), svg.toString());
      }
    }

    Path exe = requireChromium();
    Path checked = withCheck(report, "");
    Browser dom = chromium(exe, "--dump-dom", checked, 6000);
    assertEquals("CHARTS-OK " + images, checkResult(dom.stdout()), dom.log());
    assertEquals(List.of(), consoleLines(dom.log()), "the page logged nothing");
    Files.createDirectories(SHOTS);
    Path shot = SHOTS.toAbsolutePath().resolve("labelme.png");
    Files.deleteIfExists(shot);
    Files.copy(
        report, SHOTS.resolve("labelme.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Browser s = chromium(exe, "--screenshot=" + shot, report, 8200);
    assertTrue(Files.size(shot) > 50_000, "screenshot written: " + s.log());
    assertEquals(List.of(), consoleLines(s.log()), "the page logged nothing");
  }

  /** The checks catch a chart that does not decode, a console error and a blocked load. */
  @Test
  void checksCatchBrokenPages() throws Exception {
    Path d = SharedData.dataset("bluebirds");
    Path report = dir.resolve("bluebirds.html");
    Run r =
        run(
            "report",
            "--answers",
            d.resolve("answers.csv").toString(),
            "--method",
            "mv",
            "--chart-format",
            "png",
            "--out",
            report.toString(),
            "--quiet");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.out());
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> pngs =
          files.filter(f -> f.getFileName().toString().startsWith("bluebirds-")).toList();
      assertEquals(countImages(report), pngs.size(), "one PNG per chart beside the report");
      for (Path png : pngs) {
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 4);
        assertEquals("\u0089PNG", new String(head, StandardCharsets.ISO_8859_1), png.toString());
      }
    }
    Path exe = requireChromium();
    Path broken =
        withCheck(
            report,
            "<figure id=\"broken\"><img src=\"data:image/png;base64,AAAA\" width=\"10\""
                + " height=\"10\"></figure><script>console.error('boom')</script>"
                + "<img src=\"http://127.0.0.1:9/x.png\">");
    Browser dom = chromium(exe, "--dump-dom", broken, 6000);
    String result = checkResult(dom.stdout());
    assertTrue(result.startsWith("CHARTS-FAILED") && result.contains("broken"), result);
    String console = String.join("\n", consoleLines(dom.log()));
    assertTrue(console.contains("boom"), dom.log());
    assertTrue(console.contains("Content Security Policy"), dom.log());
  }
}
