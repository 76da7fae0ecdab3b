package org.crowd4j.cli;

import static org.crowd4j.cli.CliRunner.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The other kinds that {@code crowd4j demo} shows, and their simulated command lines run. */
class DemoKindsTest {
  @TempDir Path dir;

  @Test
  void demoShowsEveryKindAndItsSimulatedLinesRun() throws Exception {
    Run r = run("demo", "--tasks", "200");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("Other kinds of crowd data"), r.out());
    for (String[] kind : DemoCommand.OTHER_KINDS) {
      assertTrue(r.out().contains(kind[1]), kind[0]);
      if (!kind[1].contains("sim-")) {
        continue;
      }
      for (String command : kind[1].split(" && ")) {
        String[] words = command.strip().split("\\s+");
        assertEquals("crowd4j", words[0], command);
        List<String> args = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
          String w = words[i];
          args.add(w.startsWith("sim-") || w.endsWith(".html") ? dir.resolve(w).toString() : w);
        }
        Run c = run(args.toArray(new String[0]));
        assertEquals(0, c.code(), command + "\n" + c.err());
      }
    }
    assertTrue(Files.exists(dir.resolve("text-report.html")));
  }
}
