package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Strict input from the command line: quotes, control characters, features of other answers. */
class StrictInputCommandTest {
  @TempDir Path dir;

  private Path file(String name, String content) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void unclosedQuoteExitsWithBadInputNamingTheLine() throws Exception {
    Path a = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,\"unterminated\nt2,w1,b\n");
    Path out = dir.resolve("labels.csv");
    Run r = run("aggregate", "--method", "mv", "--answers", a.toString(), "--out", out.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(a + ":3: a quoted field is never closed"), r.err());
    assertFalse(Files.exists(out));
  }

  @Test
  void strayQuotesAndControlCharactersNeedAnOption() throws Exception {
    Path a = file("answers.csv", "task,worker,label\nt1,w1,say \"hi\"\nt1,w2,no\nt2,w1,\"x\ny\"\n");
    Path out = dir.resolve("labels.csv");
    Run r = run("aggregate", "--method", "mv", "--answers", a.toString(), "--out", out.toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains(a + ":2: a quote inside an unquoted field"), r.err());
    r =
        run(
            "aggregate",
            "--method",
            "mv",
            "--answers",
            a.toString(),
            "--lenient-quotes",
            "--out",
            out.toString());
    assertEquals(3, r.code());
    assertTrue(r.err().contains(a + ":4: field 'label' holds a line break"), r.err());
    r =
        run(
            "aggregate",
            "--method",
            "mv",
            "--answers",
            a.toString(),
            "--lenient-quotes",
            "--allow-control-chars",
            "--out",
            out.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.readString(out).contains("\"x\ny\""));
  }

  @Test
  void theRelaxingOptionsHoldForTheGoldFilesToo() throws Exception {
    Path a = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,a\nt2,w1,b\nt2,w2,b\n");
    Path g = file("gold.csv", "task,label\nt1,a\nt2,b  \"sure\"\n");
    Path out = dir.resolve("labels.csv");
    for (String flag : new String[] {"--gold", "--train-gold"}) {
      String[] strict = {
        "aggregate",
        "--method",
        "mv",
        "--answers",
        a.toString(),
        flag,
        g.toString(),
        "--out",
        out.toString()
      };
      Run r = run(strict);
      assertEquals(3, r.code(), r.err());
      assertTrue(r.err().contains(g + ":3: a quote inside an unquoted field"), r.err());
      String[] lenient = java.util.Arrays.copyOf(strict, strict.length + 1);
      lenient[strict.length] = "--lenient-quotes";
      r = run(lenient);
      // accepted as text: the label 'b  "sure"' is not one of the answers' labels
      assertFalse(r.err().contains("a quote inside an unquoted field"), r.err());
    }
  }

  @Test
  void featuresOfOtherAnswersAreRefusedWithCounts() throws Exception {
    Path a = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,b\nt2,w1,b\nt3,w2,a\n");
    Path x = file("features.csv", "task,f0\nt1,0.1\nt2,0.2\nu1,0.3\nu2,0.4\n");
    Run r =
        run(
            "train",
            "--method",
            "two-stage",
            "--answers",
            a.toString(),
            "--features",
            x.toString(),
            "--out",
            dir.resolve("m").toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(
        r.err()
            .contains(
                x
                    + " has rows for 2 of the 3 tasks of "
                    + a
                    + ": 1 task(s) without a row (e.g. 't3'), 2 row(s) of tasks without answers"
                    + " (e.g. 'u1', 'u2')"),
        r.err());
    assertFalse(Files.exists(dir.resolve("m")));
  }

  @Test
  void inputsOfTheGeneratedCorpusThatFailedAreBadInputAndNoNonFiniteNumberIsPrinted()
      throws Exception {
    Path a = file("answers.csv", "task,worker,label\nt1,w1,a\nt1,w2,b\nt2,w1,b\nt2,w2,b\n");
    Path skills = file("skills.csv", "worker,skill\nw1,0.9\n");
    Run r =
        run(
            "aggregate",
            "--method",
            "wmv",
            "--param",
            "skillsFile=" + skills,
            "--answers",
            a.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(skills + ": 1 worker(s) have no skill"), r.err());
    Path gold = file("gold.csv", "task,label\nt1,a\nt2,b\n");
    Path pred = file("pred.csv", "task,label\nu1,a\n");
    r = run("evaluate", "--pred", pred.toString(), "--gold", gold.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(pred + ": none of its 1 task(s) has a label in " + gold), r.err());
    Path model = dir.resolve("model.json");
    r =
        run(
            "aggregate",
            "--method",
            "ds",
            "--answers",
            a.toString(),
            "--model-out",
            model.toString());
    assertEquals(0, r.code(), r.err());
    Path truth =
        file("true_confusions.json", "{\"classes\": 2, \"workers\": [{\"worker\": \"w1\",");
    r =
        run(
            "evaluate",
            "--pred",
            gold.toString(),
            "--gold",
            gold.toString(),
            "--model",
            model.toString(),
            "--true-confusions",
            truth.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(truth + ":1: not valid JSON"), r.err());
    Path texts = file("texts.csv", "task,worker,text\nt1,w1,a b\nt1,w2,a c\n");
    Path refs = file("refs.csv", "task,text\n");
    r =
        run(
            "aggregate-text",
            "--method",
            "rover",
            "--answers",
            texts.toString(),
            "--gold",
            refs.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(refs + ": no reference texts after the header"), r.err());
    Path masks = file("masks.csv", "task,worker,segmentation\nt1,w1,01;10\nt1,w2,01;11\n");
    Path trueMasks = file("true-masks.csv", "task,segmentation\n");
    r =
        run(
            "aggregate-masks",
            "--method",
            "mv",
            "--answers",
            masks.toString(),
            "--gold",
            trueMasks.toString());
    assertEquals(3, r.code(), r.err());
    assertTrue(r.err().contains(trueMasks + ": no true masks after the header"), r.err());
    // an item that never won: no standard error, shown as n/a
    Path c = file("comparisons.csv", "worker,left,right,label\nw1,x,y,x\nw2,x,y,x\n");
    r = run("rank", "--comparisons", c.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("n/a") && !r.out().contains("NaN"), r.out());
    Path html = dir.resolve("report.html");
    r = run("report", "--kind", "pairwise", "--answers", c.toString(), "--out", html.toString());
    assertEquals(0, r.code(), r.err());
    assertFalse(Files.readString(html).contains("Infinity"));
  }
}
