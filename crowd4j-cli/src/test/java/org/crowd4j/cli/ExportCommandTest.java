package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.cli.CliRunner.Run;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.LabelsFile;
import org.crowd4j.io.platform.ExportFormat;
import org.crowd4j.io.platform.ExportOptions;
import org.crowd4j.io.platform.ExportReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code crowd4j export}: Label Studio predictions that read back, Toloka's table, annotators. */
class ExportCommandTest {
  @TempDir Path dir;
  private Path labels;
  private Path model;

  /** Three careful workers and one who always answers "a", on 12 tasks. */
  @BeforeEach
  void aggregate() throws Exception {
    StringBuilder csv = new StringBuilder("task,worker,label\n");
    String[] truth = {"a", "b", "c"};
    for (int t = 0; t < 12; t++) {
      String right = truth[t % 3];
      String wrong = truth[(t + 1) % 3];
      csv.append(100 + t).append(",w1,").append(right).append('\n');
      csv.append(100 + t).append(",w2,").append(right).append('\n');
      csv.append(100 + t).append(",w3,").append(t == 4 ? wrong : right).append('\n');
      csv.append(100 + t).append(",spam,a\n");
    }
    Path answers = Files.writeString(dir.resolve("answers.csv"), csv);
    labels = dir.resolve("labels.csv");
    model = dir.resolve("model.json");
    Run r =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            "ds",
            "--out",
            labels.toString(),
            "--model-out",
            model.toString(),
            "--quiet");
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void labelStudioPredictionsReadBackAsTheLabels() throws Exception {
    Path out = dir.resolve("predictions.json");
    Run r =
        run(
            "export",
            "--to",
            "label-studio",
            "--labels",
            labels.toString(),
            "--out",
            out.toString(),
            "--model-version",
            "crowd4j-ds",
            "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"tasks\" : 12") || r.out().contains("\"tasks\":12"), r.out());
    String json = Files.readString(out);
    assertTrue(json.contains("\"from_name\" : \"choice\""), json);
    assertTrue(json.contains("\"id\" : 100,"), json);
    CrowdDataset back =
        ExportReader.read(
                out,
                ExportFormat.LABEL_STUDIO,
                CsvFormat.defaults(),
                ExportOptions.defaults().withPredictions())
            .data();
    LabelsFile written = LabelsFile.read(labels);
    assertEquals(12, back.numTasks());
    assertEquals(List.of("crowd4j-ds"), back.workers().names());
    Map<String, String> want = new HashMap<>();
    for (int i = 0; i < written.tasks().size(); i++) {
      want.put(written.tasks().get(i), written.labels().get(i));
    }
    for (int a = 0; a < back.numAnswers(); a++) {
      String task = back.tasks().name(back.task(a));
      assertEquals(want.get(task), back.labels().name(back.label(a)), task);
    }
    // read as an ordinary export (annotations), the file has none: a clear error
    Run asAnswers =
        run("aggregate", "--answers", out.toString(), "--format", "label-studio", "--method", "mv");
    assertEquals(3, asAnswers.code(), asAnswers.err());
    assertTrue(asAnswers.err().contains("no task has 'annotations'"), asAnswers.err());
  }

  @Test
  void tolokaTableHasInputOutputAndConfidence() throws Exception {
    Path out = dir.resolve("results.tsv");
    Run r = run("export", "--to", "toloka", "--labels", labels.toString(), "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(out);
    assertEquals("INPUT:task\tOUTPUT:result\tCONFIDENCE:result", lines.get(0));
    assertEquals(13, lines.size());
    String[] first = lines.get(1).split("\t");
    assertEquals("100", first[0]);
    assertEquals("a", first[1]);
    double confidence = Double.parseDouble(first[2]);
    assertTrue(confidence > 0.5 && confidence <= 1, lines.get(1));
  }

  @Test
  void annotatorTableFlagsTheSpammer() throws Exception {
    Path out = dir.resolve("annotators.csv");
    Run r =
        run("export", "--to", "annotators", "--model", model.toString(), "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    List<String> lines = Files.readAllLines(out);
    assertEquals(
        "worker,answers,skill,accuracy,spammer_score,largest_confusion,largest_confusion_p",
        lines.get(0));
    assertEquals(5, lines.size());
    Map<String, String[]> rows = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      rows.put(f[0], f);
    }
    double spam = Double.parseDouble(rows.get("spam")[4]);
    double careful = Double.parseDouble(rows.get("w1")[4]);
    assertTrue(spam > 0.99, "spammer score of the one who always answers a: " + spam);
    assertTrue(careful < 0.01, "spammer score of a careful worker: " + careful);
    assertEquals("12", rows.get("spam")[1]);
    assertTrue(Double.parseDouble(rows.get("w1")[3]) > 0.99);
    assertTrue(rows.get("spam")[5].endsWith("→a"), rows.get("spam")[5]);
  }

  /** Every classification method of the catalogue gives a table with a row per annotator. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("classificationMethods")
  void everyMethodGivesAnAnnotatorTable(String method) throws Exception {
    StringBuilder csv = new StringBuilder("task,worker,label\n");
    for (int t = 0; t < 20; t++) {
      String right = t % 2 == 0 ? "x" : "y";
      for (int w = 1; w <= 4; w++) {
        String answer = (t * w) % 7 == 3 ? (right.equals("x") ? "y" : "x") : right;
        csv.append('t').append(t).append(",w").append(w).append(',').append(answer).append('\n');
      }
    }
    Path answers = Files.writeString(dir.resolve("binary.csv"), csv);
    Path gold = Files.writeString(dir.resolve("gold.csv"), "task,label\nt0,x\nt1,y\n");
    Path skills =
        Files.writeString(
            dir.resolve("skills.csv"), "worker,skill\nw1,0.9\nw2,0.8\nw3,0.7\nw4,0.6\n");
    Path fitted = dir.resolve(method + ".json");
    Run a =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            method,
            "--train-gold",
            gold.toString(),
            "--param",
            method.equals("wmv") ? "skillsFile=" + skills : "seed=0",
            "--model-out",
            fitted.toString(),
            "--quiet");
    if (a.code() != 0 && a.err().contains("unknown option 'seed'")) {
      a =
          run(
              "aggregate",
              "--answers",
              answers.toString(),
              "--method",
              method,
              "--train-gold",
              gold.toString(),
              "--model-out",
              fitted.toString(),
              "--quiet");
    }
    assertEquals(0, a.code(), method + ": " + a.err());
    Path out = dir.resolve(method + ".csv");
    Run r =
        run("export", "--to", "annotators", "--model", fitted.toString(), "--out", out.toString());
    assertEquals(0, r.code(), method + ": " + r.err());
    List<String> lines = Files.readAllLines(out);
    assertEquals(5, lines.size(), method);
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      double accuracy = Double.parseDouble(f[3]);
      double spammer = Double.parseDouble(f[4]);
      assertTrue(
          accuracy >= 0 && accuracy <= 1 && spammer >= 0 && spammer <= 1, method + " " + line);
    }
  }

  static List<String> classificationMethods() {
    return org.crowd4j.aggregate.Methods.LIST.names();
  }

  @Test
  void missingInputsAreUsageErrors() {
    Run r = run("export", "--to", "annotators", "--out", dir.resolve("x.csv").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--to annotators needs --model"), r.err());
    Run bad = run("export", "--to", "excel", "--labels", labels.toString(), "--out", "x");
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("not one of label-studio, toloka, annotators"), bad.err());
    Run ranking = run("export", "--to", "toloka", "--labels", model.toString(), "--out", "x");
    assertEquals(3, ranking.code(), ranking.err());
  }
}
