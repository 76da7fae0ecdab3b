package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.testing.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {
  @TempDir Path dir;

  @Test
  void demoPrintsAComparisonTable() {
    Run r = run("demo", "--tasks", "300");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("method"), r.out());
    assertTrue(r.out().contains("ds "), r.out());
    assertTrue(r.out().contains("mv "), r.out());
  }

  @Test
  void autoOnTheReadmeCrowdFallsBackToTheVoteAndSaysWhy() throws Exception {
    Path sim = dir.resolve("sim");
    Run s =
        run(
            "simulate",
            "--source",
            "gaussian",
            "--annotators",
            "common:n=30,share=0.5",
            "--assignment",
            "k:3",
            "--seed",
            "1",
            "--out",
            sim.toString());
    assertEquals(0, s.code(), s.err());
    String answers = sim.resolve("answers.csv").toString();
    String gold = sim.resolve("gold.csv").toString();
    Run mv = run("aggregate", "--answers", answers, "--gold", gold, "--method", "mv");
    Run auto = run("aggregate", "--answers", answers, "--gold", gold, "--method", "auto");
    assertEquals(0, auto.code(), auto.err());
    assertTrue(mv.out().contains("accuracy on 10000 gold tasks: 0.3693"), mv.out());
    assertTrue(auto.out().contains("accuracy on 10000 gold tasks: 0.3693"), auto.out());
    assertTrue(auto.err().contains("note: ds overturns the vote on most tasks"), auto.err());
    assertTrue(auto.err().contains("so the result is majority vote"), auto.err());
    Run quiet = run("aggregate", "--answers", answers, "--method", "auto", "--quiet");
    assertEquals("", quiet.err());
  }

  @Test
  void aggregatesARealFileAndWritesOutputs() throws Exception {
    Path data = SharedData.dataset("bluebirds");
    Path labels = dir.resolve("labels.csv");
    Path model = dir.resolve("model.json");
    Run r =
        run(
            "aggregate",
            "--answers",
            data.resolve("answers.csv").toString(),
            "--gold",
            data.resolve("gold.csv").toString(),
            "--method",
            "ds",
            "--param",
            "maxIterations=50",
            "--out",
            labels.toString(),
            "--model-out",
            model.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("108 tasks, 39 workers, 4212 answers, 2 classes"), r.out());
    assertTrue(r.out().contains("accuracy on 108 gold tasks: 0.8981"), r.out());
    assertEquals(109, Files.readAllLines(labels).size());
    assertTrue(Files.readString(model).contains("\"maxIterations\" : \"50\""));
  }

  @Test
  void sparkEngineWithoutSparkExplainsWhatToDo() {
    Path data = SharedData.dataset("bluebirds");
    Run r =
        run(
            "aggregate",
            "--engine",
            "spark",
            "--answers",
            data.resolve("answers.csv").toString(),
            "--method",
            "ds");
    // this module's tests run without Spark on the class path, as the plain jar does
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("needs Apache Spark 4 on the class path"), r.err());
    assertTrue(r.err().contains("spark-submit --class org.crowd4j.cli.Main"), r.err());
    Run master = run("aggregate", "--master", "local[2]", "--answers", "x.csv", "--method", "ds");
    assertEquals(2, master.code());
    assertTrue(master.err().contains("--master applies to --engine spark only"), master.err());
    Run model = run("aggregate", "--spark-model-out", "m", "--answers", "x.csv", "--method", "ds");
    assertEquals(2, model.code());
    assertTrue(
        model.err().contains("--spark-model-out applies to --engine spark only"), model.err());
    Run anonymous =
        run(
            "aggregate",
            "--engine",
            "spark",
            "--anonymous",
            "--answers",
            "x.csv",
            "--method",
            "ds");
    assertEquals(2, anonymous.code());
  }

  @Test
  void usageErrorsExitWithTwoAndExplain() {
    Run unknown = run("aggregate", "--answers", "x.csv", "--method", "nope");
    assertEquals(2, unknown.code());
    assertTrue(
        unknown.err().contains("unknown method 'nope'. Available: auto, mv,"), unknown.err());
    Run badParam = run("aggregate", "--answers", "x.csv", "--method", "ds", "--param", "foo=1");
    assertEquals(2, badParam.code());
    assertTrue(
        badParam.err().contains("unknown option 'foo' for method 'ds'. Valid options:"),
        badParam.err());
    Run badValue =
        run("aggregate", "--answers", "x.csv", "--method", "ds", "--param", "maxIterations=-3");
    assertEquals(2, badValue.code());
    assertTrue(badValue.err().contains("maxIterations must be >= 0"), badValue.err());
    assertEquals(2, run("aggregate").code());
  }

  @Test
  void badInputExitsWithThreeNamingFileAndLine() throws Exception {
    Path bad = dir.resolve("answers.csv");
    Files.writeString(bad, "task,worker,label\nt1,w1,a\nt2,,b\n");
    Run r = run("aggregate", "--answers", bad.toString(), "--method", "mv");
    assertEquals(3, r.code());
    assertTrue(r.err().contains("answers.csv:3: field 'worker' is empty"), r.err());
  }

  @Test
  void simulateThenAggregateThenEvaluate() throws Exception {
    Path sim = dir.resolve("sim");
    Run s =
        run(
            "simulate",
            "--source",
            "gaussian:n=2000,classes=4,dim=10",
            "--annotators",
            "hammer-spammer:n=4,p=0.7,reading=mixture+adversarial:n=1",
            "--assignment",
            "k:3",
            "--seed",
            "5",
            "--out",
            sim.toString());
    assertEquals(0, s.code(), s.err());
    assertTrue(s.out().contains("simulated 6000 answers on 2000 items by 5 annotators"), s.out());
    for (String f :
        new String[] {"answers.csv", "gold.csv", "features.csv", "true_confusions.json"}) {
      assertTrue(Files.exists(sim.resolve(f)), f);
    }
    Run a =
        run(
            "aggregate",
            "--answers",
            sim.resolve("answers.csv").toString(),
            "--method",
            "ds",
            "--out",
            sim.resolve("labels.csv").toString(),
            "--model-out",
            sim.resolve("model.json").toString());
    assertEquals(0, a.code(), a.err());
    Run e =
        run(
            "evaluate",
            "--pred",
            sim.resolve("labels.csv").toString(),
            "--gold",
            sim.resolve("gold.csv").toString(),
            "--true-confusions",
            sim.resolve("true_confusions.json").toString(),
            "--model",
            sim.resolve("model.json").toString());
    assertEquals(0, e.code(), e.err());
    assertTrue(e.out().contains("accuracy:"), e.out());
    assertTrue(e.out().contains("annotators compared: 5"), e.out());
    assertTrue(e.out().contains("I-JS:"), e.out());
    Run bad = run("simulate", "--annotators", "nope", "--out", sim.toString());
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("unknown annotator kind 'nope'"), bad.err());
  }

  @Test
  void evaluateRefusesValuesThatAreNotProbabilities() throws Exception {
    // p_ values 5 and -4 once gave "ECE 2.1000"; NaN made log-loss, ECE and AUC vanish
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\nt1,a\nt2,b\n");
    String[][] cases = {
      {"t1,a,5,-4", "field 'p_a' holds 5, not a probability in [0, 1]"},
      {"t1,a,NaN,0.5", "field 'p_a' holds 'NaN', not a decimal number"},
      {"t1,a,0x1p-1,0.5", "field 'p_a' holds '0x1p-1', not a decimal number"},
      {"t1,a,0.6,0.6", "the p_ fields sum to 1.2, not 1"},
    };
    for (String[] c : cases) {
      Path pred = dir.resolve("pred.csv");
      Files.writeString(pred, "task,label,p_a,p_b\n" + c[0] + "\nt2,b,0.25,0.75\n");
      Run r = run("evaluate", "--pred", pred.toString(), "--gold", gold.toString());
      assertEquals(3, r.code(), c[0] + ": " + r.err());
      assertTrue(r.err().contains("pred.csv:2: " + c[1]), r.err());
    }
    Path pred = dir.resolve("pred.csv");
    Files.writeString(pred, "task,label,p_a,p_b\nt1,a,0.667,0.333\nt2,b,0.25,0.75\n");
    Run ok = run("evaluate", "--pred", pred.toString(), "--gold", gold.toString());
    assertEquals(0, ok.code(), ok.err());
  }

  @Test
  void modelOptionsSayWhatKindOfModelFileTheyWereGiven() throws Exception {
    Path answers = dir.resolve("answers.csv");
    Files.writeString(answers, "task,worker,label\nt1,w1,a\nt1,w2,a\nt2,w1,b\nt2,w2,a\n");
    Path labelsModel = dir.resolve("labels-model.json");
    Run a =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            "mv",
            "--model-out",
            labelsModel.toString());
    assertEquals(0, a.code(), a.err());
    // report --model takes a trained model; an aggregate's file once gave "Not a directory", exit 1
    Run r =
        run(
            "report",
            "--answers",
            answers.toString(),
            "--model",
            labelsModel.toString(),
            "--out",
            dir.resolve("r.html").toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(
        r.err().contains("labels-model.json: a classification model file, not a trained model"),
        r.err());
    // simulate --from a folder without a model file, or a device
    Run s = run("simulate", "--from", dir.toString(), "--out", dir.resolve("s").toString());
    assertEquals(3, s.code(), s.err());
    assertTrue(s.err().contains("model.json: no such file"), s.err());
    if (Files.exists(Path.of("/dev/zero"))) {
      Run z = run("simulate", "--from", "/dev/zero", "--out", dir.resolve("s").toString());
      assertEquals(3, z.code(), z.err());
      assertTrue(z.err().contains("/dev/zero: not a regular file"), z.err());
    }
  }

  @Test
  void theSparkEngineRefusesWhatTheLocalEngineRefusesAtTheSameLine() throws Exception {
    // Spark's CSV reader failed with a stack trace (malformed row, header only) or read an
    // unclosed quote to the end of the file and went on with an extra class
    String[][] cases = {
      {"task,worker,label\nt1,w1,a\nt2,w1\n", "bad.csv:3: "},
      {"task,worker,label\n", "bad.csv: no answers after the header"},
      {"task,worker,label\nt1,w1,a\nt2,w1,\"b\nt3,w2,a\n", "bad.csv:3: "},
      {"task,worker,label\nt1,w1,a\nt2,,b\n", "bad.csv:3: field 'worker' is empty"},
    };
    Path bad = dir.resolve("bad.csv");
    for (String[] c : cases) {
      Files.writeString(bad, c[0]);
      for (String command : List.of("aggregate", "aggregate-multilabel")) {
        Run r = run(command, "--engine", "spark", "--answers", bad.toString(), "--method", "mv");
        assertEquals(3, r.code(), command + " " + c[1] + ": " + r.err());
        assertTrue(r.err().contains(c[1]), r.err());
      }
    }
    Path pairs = dir.resolve("pairs.csv");
    Files.writeString(pairs, "worker,left,right,label\nw1,a,b,a\nw1,b,c\n");
    Run rank = run("rank", "--engine", "spark", "--comparisons", pairs.toString());
    assertEquals(3, rank.code(), rank.err());
    assertTrue(rank.err().contains("pairs.csv:3: "), rank.err());
  }

  @Test
  void pngFolderNamesEveryImageAndIsReplacedAsAWhole() throws Exception {
    // a/b, a_b and a?b once all became a_b.png: two masks lost with exit 0
    Path answers = dir.resolve("masks.csv");
    StringBuilder csv = new StringBuilder("task,worker,segmentation\n");
    for (String task : List.of("a/b", "a_b", "a?b", "A_B")) {
      csv.append('"').append(task).append("\",w1,01;10\n");
      csv.append('"').append(task).append("\",w2,01;11\n");
    }
    Files.writeString(answers, csv.toString());
    Path png = dir.resolve("png");
    Files.createDirectories(png);
    Files.writeString(png.resolve("stale.png"), "from an earlier run");
    Run r =
        run(
            "aggregate-masks",
            "--method",
            "mv",
            "--answers",
            answers.toString(),
            "--png-dir",
            png.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("note: 3 image(s) whose ids give the same file name"), r.err());
    assertEquals(
        List.of("task,file", "a/b,a_b.png", "a_b,a_b~2.png", "a?b,a_b~3.png", "A_B,A_B~4.png"),
        Files.readAllLines(png.resolve("index.csv")));
    for (String f : List.of("a_b.png", "a_b~2.png", "a_b~3.png", "A_B~4.png")) {
      assertTrue(Files.exists(png.resolve(f)), f);
    }
    // a folder of our own outputs is replaced as a whole; one with other files keeps them
    assertFalse(Files.exists(png.resolve("stale.png")));
    Files.writeString(png.resolve("notes.txt"), "mine");
    assertEquals(
        0,
        run(
                "aggregate-masks",
                "--method",
                "mv",
                "--answers",
                answers.toString(),
                "--png-dir",
                png.toString())
            .code());
    assertTrue(Files.exists(png.resolve("notes.txt")));
  }

  @Test
  void maxPixelsSetsTheMaskBudget() throws Exception {
    Path answers = dir.resolve("small-masks.csv");
    Files.writeString(answers, "task,worker,segmentation\nt1,w1,01;10\nt1,w2,01;11\n");
    try {
      Run r =
          run(
              "aggregate-masks",
              "--method",
              "mv",
              "--answers",
              answers.toString(),
              "--max-pixels",
              "3");
      assertEquals(3, r.code(), r.err());
      assertTrue(r.err().contains("small-masks.csv:2: "), r.err());
      assertTrue(r.err().contains("a 2x2 mask exceeds the pixel budget of 3 pixels"), r.err());
      Run bad =
          run(
              "aggregate-masks",
              "--method",
              "mv",
              "--answers",
              answers.toString(),
              "--max-pixels",
              "0");
      assertEquals(2, bad.code(), bad.err());
    } finally {
      org.crowd4j.segmentation.PixelBudget.setMaxPixels(
          org.crowd4j.segmentation.PixelBudget.DEFAULT_MAX_PIXELS);
    }
  }

  @Test
  void withoutOutTheSummaryShowsTheFirstResults() throws Exception {
    // aggregate and aggregate-masks once discarded their results silently without --out
    StringBuilder csv = new StringBuilder("task,worker,label\n");
    StringBuilder masks = new StringBuilder("task,worker,segmentation\n");
    for (int t = 1; t <= 7; t++) {
      csv.append("t").append(t).append(",w1,a\nt").append(t).append(",w2,a\n");
      masks.append("i").append(t).append(",w1,01;10\ni").append(t).append(",w2,01;11\n");
    }
    Path answers = dir.resolve("preview.csv");
    Files.writeString(answers, csv.toString());
    Run r = run("aggregate", "--answers", answers.toString(), "--method", "mv");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("t1\ta\tp=1.0000\n"), r.out());
    assertTrue(r.out().contains("... (--out FILE writes all 7 labels)"), r.out());
    Path maskFile = dir.resolve("preview-masks.csv");
    Files.writeString(maskFile, masks.toString());
    Run m = run("aggregate-masks", "--answers", maskFile.toString(), "--method", "mv");
    assertEquals(0, m.code(), m.err());
    assertTrue(m.out().contains("i1\t2x2, "), m.out());
    assertTrue(m.out().contains("... (--out FILE writes all 7 masks)"), m.out());
  }

  @Test
  void theEngineOptionNamesEveryMethodTheCatalogueRunsOnSpark() {
    String text =
        String.join(
            " ",
            Main.commandLine()
                .getSubcommands()
                .get("aggregate")
                .getCommandSpec()
                .findOption("--engine")
                .description());
    for (var list :
        List.of(
            org.crowd4j.aggregate.Methods.LIST,
            org.crowd4j.numeric.NumericMethods.LIST,
            org.crowd4j.pairwise.RankingMethods.LIST)) {
      for (var spec : list.all()) {
        assertEquals(
            spec.onSpark(),
            java.util.regex.Pattern.compile("[ ,]" + spec.name() + "[,;]").matcher(text).find(),
            spec.name() + " in: " + text);
      }
    }
  }

  @Test
  void trueEmbeddingsOfUnknownTasksAreNoted() throws Exception {
    // rows of tasks without answers were ignored silently
    Path answers = dir.resolve("texts.csv");
    Files.writeString(
        answers, "task,worker,text,embedding\nt1,w1,a b,1 0\nt1,w2,a c,0.9 0.1\nt1,w3,x,0 1\n");
    Path truth = dir.resolve("true.csv");
    Files.writeString(truth, "task,embedding\nt1,1 0\nzz,0 1\nyy,1 1\n");
    Run r =
        run(
            "aggregate-text",
            "--answers",
            answers.toString(),
            "--embedding-column",
            "embedding",
            "--true-embeddings",
            truth.toString(),
            "--method",
            "hrrasa");
    assertEquals(0, r.code(), r.err());
    assertTrue(
        r.err()
            .contains(
                "note: 2 task(s) of " + truth + " have no answers and are not used (first: zz)"),
        r.err());
  }

  @Test
  void simulatedSizesBeyondAnArrayAndUnknownSourceKeysAreRefused() {
    // n = 2e9 items of 20 features once wrapped round to a negative array size
    Path out = dir.resolve("sim");
    Run big =
        run(
            "simulate",
            "--source",
            "gaussian:n=2000000000",
            "--annotators",
            "hammer-spammer:n=4,p=0.7",
            "--out",
            out.toString());
    assertEquals(2, big.code(), big.err());
    assertTrue(big.err().contains("n × dim = 40000000000 values exceed"), big.err());
    Run typo =
        run(
            "simulate",
            "--source",
            "gaussian:nn=50",
            "--annotators",
            "hammer-spammer:n=4,p=0.7",
            "--out",
            out.toString());
    assertEquals(2, typo.code(), typo.err());
    assertTrue(
        typo.err().contains("'nn=50' is not one of n, classes, dim, separation"), typo.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void helpAndVersion() {
    Run help = run("aggregate", "--help");
    assertEquals(0, help.code());
    assertTrue(help.out().contains("Methods:"));
    assertTrue(help.out().contains("ds "));
    Run version = run("--version");
    assertEquals(0, version.code());
    assertTrue(version.out().startsWith("crowd4j "));
  }

  @Test
  void methodsThatCannotRunAreUsageErrors(@TempDir Path dir) throws Exception {
    Path answers = dir.resolve("answers.csv");
    Files.writeString(answers, "task,worker,label\nt1,a,x\nt1,b,y\nt2,a,z\nt2,b,z\nt3,a,x\n");
    Run anonymous =
        run("aggregate", "--answers", answers.toString(), "--method", "ds", "--anonymous");
    assertEquals(2, anonymous.code());
    assertTrue(anonymous.err().contains("use one of auto, mv, soft-mv, crowd-mixture"));
    assertEquals(
        0,
        run("aggregate", "--answers", answers.toString(), "--method", "mv", "--anonymous").code());
    Run goldMv = run("aggregate", "--answers", answers.toString(), "--method", "gold-mv");
    assertEquals(2, goldMv.code());
    assertTrue(goldMv.err().contains("--train-gold FILE"), goldMv.err());
    Run kos = run("aggregate", "--answers", answers.toString(), "--method", "kos");
    assertEquals(2, kos.code());
    assertTrue(kos.err().contains("method 'kos' is for two classes"), kos.err());
  }

  @Test
  void accuracyIsSplitBetweenTrainGoldAndTheOtherTasks(@TempDir Path dir) throws Exception {
    Path answers = dir.resolve("answers.csv");
    Files.writeString(
        answers, "task,worker,label\nt1,a,x\nt1,b,y\nt2,a,y\nt2,b,y\nt3,a,x\nt3,b,y\n");
    Path gold = dir.resolve("gold.csv");
    Files.writeString(gold, "task,label\nt1,y\nt2,y\nt3,y\n");
    Path known = dir.resolve("known.csv");
    Files.writeString(known, "task,label\nt1,y\n");
    Run r =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            "ds",
            "--gold",
            gold.toString(),
            "--train-gold",
            known.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("accuracy on 2 gold tasks not given as --train-gold:"), r.out());
    assertTrue(r.out().contains("(on the 1 --train-gold tasks: 1.0000"), r.out());
  }
}
