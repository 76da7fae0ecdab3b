package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --kind pairwise|text|segmentation|multilabel|numeric} on simulated crowds: each
 * report holds its kind's sections, and its numbers agree with those of the kind's own command.
 */
class ReportKindsCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static void ok(Run r) {
    assertEquals(0, r.code(), r.err() + r.out());
  }

  private static void hasSections(String html, String... ids) {
    for (String id : ids) {
      assertTrue(html.contains("<h2 id=\"" + id + "\">"), "section " + id);
    }
  }

  @Test
  void pairwiseReportShowsRankingIntervalsSkillsAndTau() throws Exception {
    Path sim = dir.resolve("pw");
    ok(
        run(
            "simulate-pairwise",
            "--items",
            "30",
            "--comparisons",
            "3000",
            "--workers",
            "12",
            "--random-share",
            "0.25",
            "--seed",
            "3",
            "--out",
            sim.toString(),
            "-q"));
    Path comparisons = sim.resolve("comparisons.csv");
    Path truth = sim.resolve("truth.csv");
    Path out = dir.resolve("pw.html");
    Run r =
        run(
            "report",
            "--kind",
            "pairwise",
            "--answers",
            comparisons.toString(),
            "--method",
            "noisy-bt",
            "--gold",
            truth.toString(),
            "--out",
            out.toString(),
            "--json");
    ok(r);
    JsonNode j = JSON.readTree(r.out());
    assertEquals("pairwise", j.get("kind").asText());
    assertEquals(3, j.get("charts").asInt());
    String html = Files.readString(out);
    hasSections(html, "overview", "ranking", "annotators", "truth", "diagnostics");
    assertTrue(html.contains("<dt>comparisons</dt><dd>3000</dd>"), html);
    assertTrue(html.contains("<dt>items</dt><dd>30</dd>"));
    assertTrue(html.contains("95 % interval"));
    assertTrue(html.contains("id=\"chart-top-items\""));
    assertTrue(html.contains("id=\"chart-annotator-skills\""));
    // the ranking and tau agree with crowd4j rank
    Run rank =
        run(
            "rank",
            "--comparisons",
            comparisons.toString(),
            "--method",
            "noisy-bt",
            "--truth",
            truth.toString(),
            "--top",
            "1",
            "--json");
    ok(rank);
    JsonNode k = JSON.readTree(rank.out());
    JsonNode top = k.get("top").get(0);
    assertTrue(
        html.contains(
            "<td>1</td><td>"
                + top.get("item").asText()
                + "</td><td>"
                + String.format(Locale.ROOT, "%.4f", top.get("score").asDouble())
                + "</td>"),
        "top item row");
    String tau = String.format(Locale.ROOT, "%.4f", k.get("kendallTau").asDouble());
    assertTrue(html.contains("<dt>Kendall&#39;s tau</dt><dd>" + tau + "</dd>"), tau);
    assertTrue(k.get("kendallTau").asDouble() > 0.5, "tau " + tau);
  }

  @Test
  void btReportHasNoAnnotatorSection() throws Exception {
    Path sim = dir.resolve("pw");
    ok(run("simulate-pairwise", "--items", "20", "--comparisons", "800", "--out", sim.toString()));
    Path out = dir.resolve("bt.html");
    ok(
        run(
            "report",
            "--kind",
            "pairwise",
            "--answers",
            sim.resolve("comparisons.csv").toString(),
            "--out",
            out.toString()));
    String html = Files.readString(out);
    hasSections(html, "overview", "ranking", "diagnostics");
    assertFalse(html.contains("<h2 id=\"annotators\">"));
    assertTrue(html.contains("<td>bt</td>"));
  }

  @Test
  void textReportShowsWordErrorRatesPerAnnotatorAndOfTheAggregate() throws Exception {
    Path sim = dir.resolve("text");
    ok(
        run(
            "simulate-text",
            "--tasks",
            "40",
            "--annotators",
            "5",
            "--seed",
            "2",
            "--out",
            sim.toString(),
            "-q"));
    Path answers = sim.resolve("answers.csv");
    Path gold = sim.resolve("gold.csv");
    Path out = dir.resolve("text.html");
    ok(
        run(
            "report",
            "--kind",
            "text",
            "--answers",
            answers.toString(),
            "--gold",
            gold.toString(),
            "--out",
            out.toString()));
    String html = Files.readString(out);
    hasSections(html, "overview", "annotators", "gold", "diagnostics");
    assertTrue(html.contains("<dt>answers</dt><dd>200</dd>"));
    assertTrue(html.contains("<th>WER against reference</th>"));
    Run agg =
        run(
            "aggregate-text",
            "--answers",
            answers.toString(),
            "--method",
            "rover",
            "--gold",
            gold.toString(),
            "--json");
    ok(agg);
    double wer = JSON.readTree(agg.out()).get("gold").get("wordErrorRate").asDouble();
    String shown = String.format(Locale.ROOT, "%.4f", wer);
    assertTrue(html.contains("<dt>WER of the aggregate</dt><dd>" + shown + "</dd>"), shown);
    // each annotator's WER against the reference, as simulate-text measured it
    for (String line : Files.readAllLines(sim.resolve("workers.csv")).subList(1, 6)) {
      String[] f = line.split(",");
      String w = String.format(Locale.ROOT, "%.3f", Double.parseDouble(f[4]));
      assertTrue(html.contains("<tr><td>" + f[0] + "</td><td>40</td>"), f[0]);
      assertTrue(html.contains("<td>" + w + "</td></tr>"), f[0] + " " + w);
    }
  }

  @Test
  void textReportShowsTheReliabilitiesOfAnEmbeddingMethod() throws Exception {
    SplittableRandom rnd = new SplittableRandom(5);
    StringBuilder b = new StringBuilder("task,worker,text,embedding\n");
    for (int t = 0; t < 30; t++) {
      double[] truth = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
      for (int w = 0; w < 4; w++) {
        double noise = w == 3 ? 2.0 : 0.1;
        StringBuilder e = new StringBuilder();
        for (double v : truth) {
          e.append(e.length() == 0 ? "" : " ")
              .append(String.format(Locale.ROOT, "%.4f", v + noise * rnd.nextGaussian()));
        }
        b.append("t").append(t).append(",u").append(w).append(",text ").append(t).append(' ');
        b.append(w).append(',').append(e).append('\n');
      }
    }
    Path answers = dir.resolve("emb.csv");
    Files.writeString(answers, b.toString());
    Path out = dir.resolve("rasa.html");
    ok(
        run(
            "report",
            "--kind",
            "text",
            "--method",
            "rasa",
            "--embedding-column",
            "embedding",
            "--answers",
            answers.toString(),
            "--out",
            out.toString()));
    String html = Files.readString(out);
    hasSections(html, "overview", "annotators", "diagnostics");
    assertFalse(html.contains("<h2 id=\"gold\">"));
    assertTrue(html.contains("<th>reliability (rasa)</th>"), html);
  }

  @Test
  void segmentationReportShowsIouPerAnnotatorAndOfTheAggregate() throws Exception {
    Path sim = dir.resolve("masks");
    ok(
        run(
            "simulate-masks",
            "--images",
            "12",
            "--annotators",
            "4",
            "--seed",
            "4",
            "--out",
            sim.toString(),
            "-q"));
    Path answers = sim.resolve("answers.csv");
    Path gold = sim.resolve("gold.csv");
    Path out = dir.resolve("masks.html");
    ok(
        run(
            "report",
            "--kind",
            "segmentation",
            "--method",
            "em",
            "--answers",
            answers.toString(),
            "--gold",
            gold.toString(),
            "--out",
            out.toString()));
    String html = Files.readString(out);
    hasSections(html, "overview", "annotators", "gold", "diagnostics");
    assertTrue(html.contains("<dt>images</dt><dd>12</dd>"));
    assertTrue(html.contains("<td>32×32</td><td>12</td>"));
    assertTrue(html.contains("<th>mean skill (em)</th>"));
    Run agg =
        run(
            "aggregate-masks",
            "--answers",
            answers.toString(),
            "--method",
            "em",
            "--gold",
            gold.toString(),
            "--json");
    ok(agg);
    JsonNode j = JSON.readTree(agg.out());
    String iou = String.format(Locale.ROOT, "%.4f", j.get("gold").get("meanIou").asDouble());
    assertTrue(html.contains("<dt>mean IoU of the aggregate</dt><dd>" + iou + "</dd>"), iou);
    assertTrue(html.contains(j.get("imagesConverged").asInt() + " of 12"));
    for (String line : Files.readAllLines(sim.resolve("workers.csv")).subList(1, 5)) {
      String[] f = line.split(",");
      String w = String.format(Locale.ROOT, "%.3f", Double.parseDouble(f[4]));
      assertTrue(html.contains("<tr><td>" + f[0] + "</td><td>12</td>"), f[0]);
      assertTrue(html.contains("<td>" + w + "</td>"), f[0] + " " + w);
    }
  }

  @Test
  void multiLabelReportShowsTagsAnnotatorsAndTheMetricsOfAggregateMultilabel() throws Exception {
    Path sim = dir.resolve("tags");
    ok(
        run(
            "simulate-multilabel",
            "--tasks",
            "300",
            "--tags",
            "4",
            "--workers",
            "12",
            "--per-task",
            "4",
            "--seed",
            "3",
            "--out",
            sim.toString(),
            "-q"));
    Path answers = sim.resolve("answers.csv");
    Path gold = sim.resolve("gold.csv");
    Path out = dir.resolve("tags.html");
    ok(
        run(
            "report",
            "--kind",
            "multilabel",
            "--answers",
            answers.toString(),
            "--gold",
            gold.toString(),
            "--out",
            out.toString()));
    String html = Files.readString(out);
    hasSections(html, "overview", "tags", "annotators", "gold", "diagnostics");
    assertTrue(html.contains("<dt>tasks</dt><dd>300</dd>"), "tasks");
    assertTrue(html.contains("<dt>tags</dt><dd>4</dd>"), "tags");
    assertTrue(html.contains("<th>mean skill (ds)</th>"), "skill column");
    Run agg =
        run(
            "aggregate-multilabel",
            "--answers",
            answers.toString(),
            "--method",
            "ds",
            "--gold",
            gold.toString(),
            "--json");
    ok(agg);
    JsonNode j = JSON.readTree(agg.out()).get("gold");
    for (String metric : new String[] {"microF1", "hammingLoss"}) {
      String v = String.format(Locale.ROOT, "%.4f", j.get(metric).asDouble());
      assertTrue(html.contains("<dd>" + v + "</dd>"), metric + " " + v);
    }
  }

  @Test
  void aTrueMaskOfAnotherSizeIsBadInput() throws Exception {
    Path sim = dir.resolve("masks");
    ok(run("simulate-masks", "--images", "2", "--out", sim.toString(), "-q"));
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,segmentation\ni1,01;10\n");
    Path out = dir.resolve("bad.html");
    Run r =
        run(
            "report",
            "--kind",
            "segmentation",
            "--answers",
            sim.resolve("answers.csv").toString(),
            "--gold",
            gold.toString(),
            "--out",
            out.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains("the true mask of 'i1' is not the size of its answers"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void misusedOptionsAreUsageErrorsAndBadFilesBadInput() throws Exception {
    Path sim = dir.resolve("text");
    ok(run("simulate-text", "--tasks", "5", "--out", sim.toString(), "-q"));
    String answers = sim.resolve("answers.csv").toString();
    String out = dir.resolve("r.html").toString();
    Run r = run("report", "--kind", "text", "--answers", answers, "--method", "ds", "--out", out);
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("unknown method of --kind text 'ds'"), r.err());
    r = run("report", "--kind", "text", "--answers", answers, "--method", "rasa", "--out", out);
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--embedding-column"), r.err());
    r =
        run(
            "report",
            "--kind",
            "text",
            "--answers",
            answers,
            "--method",
            "rover",
            "--method",
            "rasa",
            "--out",
            out);
    assertEquals(2, r.code(), r.err());
    r = run("report", "--kind", "text", "--answers", answers, "--seed", "3", "--out", out);
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--seed applies to --kind classification only"), r.err());
    r = run("report", "--answers", answers, "--embedding-column", "e", "--out", out);
    assertEquals(2, r.code(), r.err());
    r = run("report", "--kind", "segmentation", "--answers", answers, "--out", out);
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains("segmentation"), r.err());
    r = run("report", "--kind", "words", "--answers", answers, "--out", out);
    assertEquals(2, r.code(), r.err());
    assertFalse(Files.exists(dir.resolve("r.html")));
  }

  @Test
  void numericReportShowsAnnotatorsScoresAndTheChoiceAsTheCommandFindsThem() throws Exception {
    SplittableRandom rng = new SplittableRandom(11);
    StringBuilder answers = new StringBuilder("task,worker,label\n");
    StringBuilder gold = new StringBuilder("task,label\n");
    for (int t = 0; t < 60; t++) {
      double truth = Math.round(rng.nextDouble(0, 100) * 1000) / 1000.0;
      gold.append("t").append(t).append(',').append(truth).append('\n');
      for (int w = 0; w < 6; w++) {
        double noisy = truth + (w - 2.5) + rng.nextGaussian() * (1 + 2 * w);
        answers.append(String.format(Locale.ROOT, "t%d,w%d,%.3f%n", t, w, noisy));
      }
    }
    Path a = dir.resolve("numbers.csv");
    Path g = dir.resolve("known.csv");
    Files.writeString(a, answers);
    Files.writeString(g, gold);
    Path out = dir.resolve("numeric.html");
    Run r =
        run(
            "report",
            "--kind",
            "numeric",
            "--answers",
            a.toString(),
            "--method",
            "auto",
            "--gold",
            g.toString(),
            "--out",
            out.toString(),
            "--json");
    ok(r);
    assertEquals("numeric", JSON.readTree(r.out()).get("kind").asText());
    String html = Files.readString(out);
    hasSections(html, "overview", "annotators", "truth", "selection", "diagnostics");
    assertTrue(html.contains("<dt>answers</dt><dd>360</dd>"), html);
    JsonNode fit =
        JSON.readTree(
            run(
                    "aggregate-numeric",
                    "--answers",
                    a.toString(),
                    "--gold",
                    g.toString(),
                    "--method",
                    "auto",
                    "--json",
                    "--quiet")
                .out());
    String pearson = String.format(Locale.ROOT, "%.4f", fit.get("gold").get("pearson").asDouble());
    assertTrue(html.contains("<dt>Pearson r</dt><dd>" + pearson + "</dd>"), pearson);
    assertTrue(html.contains("(chosen)"), "auto's choice is marked");
    for (int w = 0; w < 6; w++) {
      assertTrue(html.contains("<td>w" + w + "</td>"), "annotator w" + w);
    }

    Run bad =
        run(
            "report",
            "--kind",
            "numeric",
            "--answers",
            a.toString(),
            "--method",
            "ds",
            "--out",
            out.toString());
    assertEquals(2, bad.code(), bad.err());
    assertTrue(bad.err().contains("raykar"), bad.err());
  }
}
