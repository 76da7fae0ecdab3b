package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Help, completion, exit codes, suggestions, --json, --quiet and progress of the command line. */
class CliPolishTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  /** The help of the kinds' commands lists the catalogue's methods with their options. */
  @Test
  void kindHelpListsTheCataloguesMethodsAndOptions() {
    String text = run("aggregate-text", "--help").out();
    for (String name : org.crowd4j.text.TextMethods.LIST.names()) {
      assertTrue(text.contains("\n  " + name + " "), name + ": " + text);
    }
    assertTrue(text.contains("distance=cosine|euclidean (cosine)"), text);
    String masks = run("aggregate-masks", "--help").out();
    assertTrue(masks.contains("onMissing=error|ignore|value (error)"), masks);
    assertTrue(!masks.contains("skills={"), "worker weights come from --skills: " + masks);
    String rank = run("rank", "--help").out();
    assertTrue(rank.contains("noisy-bt"), rank);
    assertTrue(rank.contains("prior=1.0E-5"), rank);
  }

  @Test
  void everySubcommandHasHelpListingTheExitCodes() {
    CommandLine root = Main.commandLine();
    assertTrue(root.getSubcommands().size() >= 9);
    for (String name : root.getSubcommands().keySet()) {
      if (name.equals("help")) {
        continue;
      }
      Run r = run(name, "--help");
      assertEquals(0, r.code(), name + ": " + r.err());
      assertTrue(r.out().startsWith("Usage: crowd4j " + name), name + ": " + r.out());
      assertTrue(r.out().contains("Exit codes:"), name);
      assertTrue(r.out().contains("bad input data"), name);
      assertTrue(r.out().contains("-h, --help"), name);
    }
    for (String name : new String[] {"aggregate", "train"}) {
      // the method lists: every line within 80 columns, a wrapped description indented under itself
      String out = run(name, "--help").out();
      String list = out.substring(out.indexOf(name.equals("train") ? "Learners:" : "Methods:"));
      for (String line : list.split("\\R")) {
        assertTrue(line.length() <= 80, name + ": " + line);
        assertTrue(
            line.isEmpty() || line.startsWith("  ") || line.endsWith(":"), name + ": " + line);
      }
      assertTrue(list.contains("\n" + " ".repeat(name.equals("train") ? 21 : 25)), list);
    }
    Run top = run("--help");
    assertEquals(0, top.code());
    assertTrue(top.out().contains("recommend"), top.out());
    assertTrue(top.out().contains("completion"), top.out());
  }

  @Test
  void completionScriptCoversCommandsAndOptions() {
    Run r = run("completion");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("#!/usr/bin/env bash"), r.out().substring(0, 40));
    assertTrue(r.out().contains("complete -F _complete_crowd4j"), "registers the function");
    for (String s : List.of("aggregate", "recommend", "--method", "--budget", "--json")) {
      assertTrue(r.out().contains(s), s);
    }
  }

  @Test
  void versionNamesLibraryAndJava() {
    Run r = run("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("crowd4j "), r.out());
    assertTrue(r.out().contains("Java "), r.out());
  }

  @Test
  void versionIsTheProjectVersion() {
    // the build passes the POM's version to the tests (crowd4j.project.version)
    String expected = System.getProperty("crowd4j.project.version");
    assertTrue(expected != null && !expected.isBlank(), "crowd4j.project.version is set");
    Run r = run("--version");
    assertEquals(0, r.code());
    assertEquals("crowd4j " + expected, r.out().lines().findFirst().orElse(""), r.out());
  }

  @Test
  void misspelledNamesGetASuggestion() {
    Run method = run("aggregate", "--answers", "x.csv", "--method", "dss");
    assertEquals(2, method.code());
    assertTrue(method.err().contains("unknown method 'dss'. Did you mean 'ds'"), method.err());
    assertTrue(method.err().contains("Try 'crowd4j aggregate --help'"), method.err());
    Run param =
        run("aggregate", "--answers", "x.csv", "--method", "ds", "--param", "maxIteration=5");
    assertEquals(2, param.code());
    assertTrue(param.err().contains("Did you mean 'maxIterations'?"), param.err());
    Run learner =
        run("train", "--method", "conall", "--answers", "a", "--features", "f", "--out", "o");
    assertEquals(2, learner.code());
    assertTrue(learner.err().contains("Did you mean 'conal'?"), learner.err());
    Run learnerParam =
        run(
            "train",
            "--method",
            "conal",
            "--param",
            "lamda=0.1",
            "--answers",
            "a",
            "--features",
            "f",
            "--out",
            "o");
    assertEquals(2, learnerParam.code());
    assertTrue(learnerParam.err().contains("Did you mean 'lambda'?"), learnerParam.err());
    Run command = run("agregate");
    assertEquals(2, command.code());
    assertTrue(command.err().contains("aggregate"), command.err());
    Run experiment = run("reproduce", "labelmee");
    assertEquals(2, experiment.code());
    assertTrue(experiment.err().contains("Did you mean 'labelme'?"), experiment.err());
    Run option = run("aggregate", "--metod", "ds", "--answers", "x.csv");
    assertEquals(2, option.code());
    assertTrue(option.err().contains("--method"), option.err());
  }

  @Test
  void missingFileIsAUsageErrorWithTheNearestName() throws Exception {
    Files.writeString(dir.resolve("answers.csv"), "task,worker,label\nt,w,a\n");
    Run r = run("aggregate", "--answers", dir.resolve("answer.csv").toString(), "--method", "mv");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--answers: no such file: "), r.err());
    assertTrue(r.err().contains("Did you mean '" + dir.resolve("answers.csv") + "'?"), r.err());
    Run gold =
        run(
            "aggregate",
            "--answers",
            dir.resolve("answers.csv").toString(),
            "--gold",
            dir.resolve("nothing/gold.csv").toString(),
            "--method",
            "mv");
    assertEquals(2, gold.code());
    assertTrue(gold.err().contains("does not exist"), gold.err());
    Run model = run("predict", "--model", dir.toString(), "--features", "f", "--out", "o");
    assertEquals(2, model.code());
    assertTrue(model.err().contains("--features: no such file: f"), model.err());
  }

  @Test
  void wrongColumnNameListsTheColumns() throws Exception {
    Path f = dir.resolve("answers.csv");
    Files.writeString(f, "task,annotator,label\nt1,w1,a\n");
    Run r = run("aggregate", "--answers", f.toString(), "--method", "mv");
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains("missing column 'worker'"), r.err());
    assertTrue(r.err().contains("[task, annotator, label]"), r.err());
    assertTrue(r.err().contains("--worker-column"), r.err());
    Run fixed =
        run(
            "aggregate",
            "--answers",
            f.toString(),
            "--method",
            "mv",
            "--worker-column",
            "annotator");
    assertEquals(0, fixed.code(), fixed.err());
  }

  @Test
  void jsonResultsOfAggregateAndEvaluate() throws Exception {
    Path data = SharedData.dataset("bluebirds");
    Path labels = dir.resolve("labels.csv");
    Run a =
        run(
            "aggregate",
            "--answers",
            data.resolve("answers.csv").toString(),
            "--gold",
            data.resolve("gold.csv").toString(),
            "--method",
            "ds",
            "--out",
            labels.toString(),
            "--json");
    assertEquals(0, a.code(), a.err());
    JsonNode j = JSON.readTree(a.out());
    assertEquals("aggregate", j.get("command").asText());
    assertEquals("ds", j.get("method").asText());
    assertEquals(108, j.get("tasks").asInt());
    assertEquals(39, j.get("workers").asInt());
    assertEquals(4212, j.get("answers").asInt());
    assertEquals(2, j.get("classes").asInt());
    assertTrue(j.get("converged").asBoolean());
    // the accuracy the command reports is the one its labels file gives, counted here, and it is
    // no worse than crowd-kit's Dawid-Skene on the same data (one task of slack: EM start and stop)
    double counted = accuracy(labels, data.resolve("gold.csv"));
    assertEquals(counted, j.get("gold").get("accuracy").asDouble(), 1e-12);
    double crowdKit =
        JSON.readTree(SharedData.expected("crowdkit/accuracy.json").toFile())
            .get("bluebirds")
            .get("DS")
            .asDouble();
    assertTrue(counted >= crowdKit - 1.0 / 108 - 1e-12, counted + " vs crowd-kit " + crowdKit);
    assertEquals(labels.toString(), j.get("out").asText());
    assertTrue(j.get("modelOut").isNull());
    Run e =
        run(
            "evaluate",
            "--pred",
            labels.toString(),
            "--gold",
            data.resolve("gold.csv").toString(),
            "--json");
    assertEquals(0, e.code(), e.err());
    JsonNode ev = JSON.readTree(e.out());
    assertEquals("evaluate", ev.get("command").asText());
    assertEquals(108, ev.get("withGold").asInt());
    assertEquals(counted, ev.get("accuracy").asDouble(), 1e-12);
    for (String f : List.of("macroF1", "logLoss", "ece", "rocAuc")) {
      assertTrue(ev.get(f).isNumber(), f);
    }
    assertTrue(ev.get("recovery").isNull());
    Run quiet =
        run(
            "aggregate",
            "--answers",
            data.resolve("answers.csv").toString(),
            "--method",
            "mv",
            "--quiet");
    assertEquals(0, quiet.code());
    assertEquals("", quiet.out());
    assertEquals("", quiet.err());
  }

  @Test
  void progressDegradesToLinesAndCanBeSilenced() {
    StringWriter lines = new StringWriter();
    ProgressBar p = new ProgressBar(new PrintWriter(lines), ProgressBar.Mode.LINES, 0L);
    p.onIteration("ds", 1, 3, -0.5);
    p.onIteration("ds", 3, 3, -0.25);
    p.finish();
    assertEquals(
        "ds: iteration 1/3, objective -0.500000\nds: iteration 3/3, objective -0.250000\n",
        lines.toString().replace(System.lineSeparator(), "\n"));
    // throttled: only the first and the last line within the interval
    StringWriter slow = new StringWriter();
    ProgressBar t = new ProgressBar(new PrintWriter(slow), ProgressBar.Mode.LINES);
    for (int i = 1; i <= 50; i++) {
      t.onIteration("glad", i, 50, 0);
    }
    assertEquals(2, slow.toString().lines().count(), slow.toString());
    // a fit that stops before its limit still ends on its last iteration (cli.md: "always the
    // last")
    StringWriter stopped = new StringWriter();
    ProgressBar e = new ProgressBar(new PrintWriter(stopped), ProgressBar.Mode.LINES);
    for (int i = 1; i <= 12; i++) {
      e.onIteration("raykar", i, 500, -4.6);
    }
    e.finish();
    assertEquals(
        List.of(
            "raykar: iteration 1/500, objective -4.600000",
            "raykar: iteration 12/500, objective -4.600000"),
        stopped.toString().lines().toList());
    StringWriter bar = new StringWriter();
    ProgressBar b = new ProgressBar(new PrintWriter(bar), ProgressBar.Mode.BAR);
    b.step("reading a.csv", 5, 10, "MB", "50%", false);
    b.finish();
    assertTrue(bar.toString().startsWith("\rreading a.csv [###############               ] 5/10"));
    StringWriter off = new StringWriter();
    ProgressBar o = new ProgressBar(new PrintWriter(off), ProgressBar.Mode.OFF);
    o.onIteration("ds", 1, 1, 0);
    o.note("hello");
    assertEquals("", off.toString());
    assertFalse(o.enabled());
    assertEquals(ProgressBar.Mode.OFF, ProgressBar.mode(true));
    assertEquals(ProgressBar.Mode.OFF, ProgressBar.terminalMode(true));
    // a delayed bar says nothing before its delay but the last step, and draws after it
    StringWriter early = new StringWriter();
    ProgressBar d =
        ProgressBar.delayed(new PrintWriter(early), ProgressBar.Mode.BAR, 60_000_000_000L);
    d.onIteration("held-out fits", 1, 19, Double.NaN);
    assertEquals("", early.toString());
    StringWriter late = new StringWriter();
    ProgressBar now = ProgressBar.delayed(new PrintWriter(late), ProgressBar.Mode.BAR, 0L);
    now.onIteration("held-out fits", 1, 19, Double.NaN);
    assertTrue(late.toString().startsWith("\rheld-out fits [#"), late.toString());
  }

  @Test
  void suggestionsByEditDistance() {
    assertEquals(1, Suggestions.distance("ds", "dss"));
    assertEquals(1, Suggestions.distance("glad", "galdd".substring(0, 4)));
    assertEquals(List.of("ds"), Suggestions.closest("dss", List.of("mv", "ds", "glad")));
    assertEquals(List.of(), Suggestions.closest("zzzzzz", List.of("mv", "ds", "glad")));
    assertEquals(
        " Did you mean 'one-coin-ds'?",
        Suggestions.didYouMean("onecoin-ds", List.of("ds", "one-coin-ds", "glad")));
  }

  /** A misspelt option gets the closest options of its command, also where picocli has none. */
  @Test
  void misspeltOptionsGetSuggestions() {
    Run r = run("aggregate", "--answers", "x.csv", "--method", "ds", "--gld", "g.csv");
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("--gld: Did you mean '--gold'?"), r.err());
    Run m = run("aggregate", "--answers", "x.csv", "--methd", "ds");
    assertEquals(2, m.code(), m.err());
    assertTrue(m.err().contains("--method"), m.err());
  }

  /** Share of the gold tasks whose label in {@code labels} (task,label,…) is the gold label. */
  private static double accuracy(Path labels, Path gold) throws Exception {
    java.util.Map<String, String> predicted = new java.util.HashMap<>();
    List<String> labelLines = Files.readAllLines(labels);
    for (String line : labelLines.subList(1, labelLines.size())) {
      String[] f = line.split(",");
      predicted.put(f[0], f[1]);
    }
    int n = 0;
    int hits = 0;
    List<String> goldLines = Files.readAllLines(gold);
    for (String line : goldLines.subList(1, goldLines.size())) {
      String[] f = line.split(",");
      n++;
      hits += f[1].equals(predicted.get(f[0])) ? 1 : 0;
    }
    return (double) hits / n;
  }
}
