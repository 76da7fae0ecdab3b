package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aggregate --predictions}, {@code --answer-quality} and {@code --annotators-out}. */
class PredictionsCommandTest {
  @TempDir Path dir;

  private Path answers() throws IOException {
    Path a = dir.resolve("answers.csv");
    Files.writeString(
        a,
        "task,worker,label\n"
            + "t1,w1,a\nt1,w2,a\nt1,w3,b\n"
            + "t2,w1,b\nt2,w2,b\nt2,w3,b\n"
            + "t3,w1,a\nt3,w2,b\nt3,w3,a\n"
            + "t4,w1,a\nt4,w2,b\n");
    return a;
  }

  private Path predictions() throws IOException {
    Path p = dir.resolve("probs.csv");
    Files.writeString(
        p, "task,label,p_a,p_b\nt1,b,0.2,0.8\nt2,b,0.3,0.7\nt3,a,0.9,0.1\nt4,a,0.95,0.05\n");
    return p;
  }

  @Test
  void everyWayWritesLabelsAnswerQualityAndAnnotators() throws IOException {
    Path answers = answers();
    Path probs = predictions();
    for (String way : List.of("auto", "classifier-annotator", "classifier-prior", "crowdlab")) {
      Path out = dir.resolve(way + "-labels.csv");
      Path quality = dir.resolve(way + "-quality.csv");
      Path annotators = dir.resolve(way + "-annotators.csv");
      Run r =
          run(
              "aggregate",
              "--answers",
              answers.toString(),
              "--method",
              way,
              "--predictions",
              probs.toString(),
              "--out",
              out.toString(),
              "--answer-quality",
              quality.toString(),
              "--annotators-out",
              annotators.toString(),
              "-q");
      assertEquals(0, r.code(), r.err());
      assertEquals(5, Files.readAllLines(out).size(), way);
      List<String> q = Files.readAllLines(quality);
      assertEquals("task,worker,label,quality", q.get(0));
      assertEquals(12, q.size(), way);
      assertEquals(4, Files.readAllLines(annotators).size(), way);
    }
  }

  @Test
  void answerQualityWorksForAnyMethod() throws IOException {
    Path quality = dir.resolve("q.csv");
    Run r =
        run(
            "aggregate",
            "--answers",
            answers().toString(),
            "--method",
            "ds",
            "--answer-quality",
            quality.toString(),
            "-q");
    assertEquals(0, r.code(), r.err());
    assertEquals(12, Files.readAllLines(quality).size());
  }

  @Test
  void nextRanksTasksAndNewItemsByGain() throws IOException {
    Path probs = dir.resolve("with-new.csv");
    Files.writeString(
        probs,
        "task,label,p_a,p_b\nt1,b,0.2,0.8\nt2,b,0.3,0.7\nt3,a,0.9,0.1\nt4,a,0.95,0.05\n"
            + "n1,a,0.5,0.5\nn2,a,0.99,0.01\n");
    Path next = dir.resolve("next.csv");
    Run r =
        run(
            "aggregate",
            "--answers",
            answers().toString(),
            "--method",
            "classifier-annotator",
            "--predictions",
            probs.toString(),
            "--next",
            next.toString(),
            "-q");
    assertEquals(0, r.code(), r.err());
    List<String> rows = Files.readAllLines(next);
    assertEquals("task,answers,label,confidence,gain,settled", rows.get(0));
    assertEquals(7, rows.size());
    // the even new item is the most open question; the gains fall down the file
    assertTrue(rows.get(1).startsWith("n1,0,"), rows.get(1));
    double before = Double.POSITIVE_INFINITY;
    for (String row : rows.subList(1, rows.size())) {
      String[] f = row.split(",");
      double gain = Double.parseDouble(f[4]);
      assertTrue(gain <= before && gain >= 0, row);
      before = gain;
    }
  }

  @Test
  void misuseIsAUsageError() throws IOException {
    Path answers = answers();
    Run r = run("aggregate", "--answers", answers.toString(), "--method", "crowdlab");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--predictions FILE"), r.err());
    r =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            "ds",
            "--predictions",
            predictions().toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("one of auto, classifier-annotator"), r.err());
    Path bad = dir.resolve("bad.csv");
    Files.writeString(bad, "task,label,p_a,p_b\nt1,a,0.9,0.3\n");
    r =
        run(
            "aggregate",
            "--answers",
            answers.toString(),
            "--method",
            "auto",
            "--predictions",
            bad.toString());
    assertTrue(r.code() != 0);
    assertTrue(r.err().contains("bad.csv:2"), r.err());
  }
}
