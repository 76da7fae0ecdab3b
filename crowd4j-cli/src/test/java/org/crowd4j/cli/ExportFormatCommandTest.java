package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --format} on the command line: the same answers as a platform's export and in long format
 * give the same labels; bad exports exit as bad long files do.
 */
class ExportFormatCommandTest {
  @TempDir Path dir;

  /** (task, worker, label) of a small noisy crowd: 30 items, 5 workers, 3 classes. */
  private static List<String[]> answers() {
    Random rnd = new Random(7);
    String[] classes = {"bird", "cat", "dog"};
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      int truth = i % 3;
      for (int w = 0; w < 5; w++) {
        int l = rnd.nextDouble() < 0.3 + 0.1 * w ? rnd.nextInt(3) : truth;
        out.add(new String[] {Integer.toString(100 + i), Integer.toString(7 + w), classes[l]});
      }
    }
    return out;
  }

  private Path longCsv(List<String[]> answers) throws Exception {
    StringBuilder b = new StringBuilder("task,worker,label\n");
    for (String[] a : answers) {
      b.append(String.join(",", a)).append('\n');
    }
    return write("answers.csv", b.toString());
  }

  /** The Label Studio JSON export of the answers (completed_by as an id or a user object). */
  private Path labelStudio(List<String[]> answers) throws Exception {
    StringBuilder b = new StringBuilder("[\n");
    String task = null;
    for (String[] a : answers) {
      if (!a[0].equals(task)) {
        b.append(task == null ? "" : "]},\n");
        b.append("{\"id\": ")
            .append(a[0])
            .append(", \"data\": {\"text\": \"item\"}, \"annotations\": [");
        task = a[0];
      } else {
        b.append(", ");
      }
      String by =
          Integer.parseInt(a[1]) % 2 == 0
              ? a[1]
              : "{\"id\": " + a[1] + ", \"email\": \"u" + a[1] + "@example.com\"}";
      b.append("{\"completed_by\": ")
          .append(by)
          .append(", \"was_cancelled\": false, \"result\": [{\"from_name\": \"animal\",")
          .append(" \"to_name\": \"image\", \"type\": \"choices\", \"value\": {\"choices\": [\"")
          .append(a[2])
          .append("\"]}}]}");
    }
    b.append("]}\n]\n");
    return write("export.json", b.toString());
  }

  private Path write(String name, String content) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, content, StandardCharsets.UTF_8);
    return p;
  }

  private Run aggregate(Path answers, Path out, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "aggregate",
                "--method",
                "ds",
                "--answers",
                answers.toString(),
                "--out",
                out.toString(),
                "--quiet"));
    args.addAll(List.of(more));
    return run(args.toArray(String[]::new));
  }

  @Test
  void labelStudioExportGivesTheLabelsOfTheLongCsv() throws Exception {
    List<String[]> answers = answers();
    Path csv = longCsv(answers);
    Path json = labelStudio(answers);
    Path fromCsv = dir.resolve("csv-labels.csv");
    Path named = dir.resolve("named-labels.csv");
    Path detected = dir.resolve("detected-labels.csv");
    assertEquals(0, aggregate(csv, fromCsv).code());
    Run r = aggregate(json, named, "--format", "label-studio");
    assertEquals(0, r.code(), r.err());
    r = aggregate(json, detected);
    assertEquals(0, r.code(), r.err());
    assertEquals(Files.readString(fromCsv), Files.readString(named));
    assertEquals(Files.readString(fromCsv), Files.readString(detected));
  }

  @Test
  void badFormatsAndBadExportsExitAsUsageAndBadInputErrors() throws Exception {
    Path json = labelStudio(answers());
    Path out = dir.resolve("labels.csv");
    Run r = aggregate(json, out, "--format", "excel");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown answers format 'excel'"), r.err());
    assertTrue(r.err().contains("label-studio"), r.err());

    Path broken = write("broken.json", "[\n{\"id\": 1, \"annotations\": [\n  {\"result\": []}]}]");
    r = aggregate(broken, out);
    assertEquals(3, r.code());
    assertTrue(
        r.err().contains(broken + ":3: the annotation that begins here has no 'completed_by'"),
        r.err());
    assertFalse(Files.exists(out));

    // a long CSV named as an export is read as that export, and says what is missing
    Path csv = longCsv(answers());
    r = aggregate(csv, out, "--format", "mturk");
    assertEquals(3, r.code());
    assertTrue(r.err().contains(csv + ":1: missing column 'WorkerId'"), r.err());
    assertFalse(r.err().contains("--task-column"), r.err());
    r = aggregate(csv, out, "--answer-field", "kind");
    assertEquals(3, r.code());
    assertTrue(r.err().contains("read as the long format, to which --answer-field does not apply"));
  }

  @Test
  void tolokaNotesRejectedAssignmentsAndWritesItsGoldenAnswers() throws Exception {
    Path tsv =
        write(
            "results.tsv",
            "INPUT:image\tOUTPUT:result\tGOLDEN:result\tASSIGNMENT:worker_id\tASSIGNMENT:status\n"
                + "i1\tcat\tcat\tw1\tAPPROVED\n"
                + "i2\tdog\t\tw1\tAPPROVED\n"
                + "i1\tcat\tcat\tw2\tSUBMITTED\n"
                + "i2\tcat\t\tw2\tREJECTED\n"
                + "i2\tdog\t\tw3\tAPPROVED\n");
    Path out = dir.resolve("labels.csv");
    Path gold = dir.resolve("gold.csv");
    Run r =
        run(
            "aggregate",
            "--method",
            "mv",
            "--answers",
            tsv.toString(),
            "--out",
            out.toString(),
            "--gold-out",
            gold.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("note: results.tsv: 1 rejected assignment(s) skipped"), r.err());
    assertEquals("task,label\ni1,cat\n", Files.readString(gold));
    r = run("aggregate", "--method", "mv", "--answers", tsv.toString(), "--gold", gold.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("accuracy"), r.out());
  }
}
