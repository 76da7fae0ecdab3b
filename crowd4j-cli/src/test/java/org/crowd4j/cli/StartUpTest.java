package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.crowd4j.cli.CliRunner.Run;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command line a run builds ({@link Main#commandLine(String[])}: the one subcommand it runs)
 * prints and exits as the full one does.
 */
class StartUpTest {
  @Test
  void theRegistryNamesEveryCommandAsItsAnnotationDoes() {
    for (String name : Main.COMMANDS) {
      Class<?> c = Main.command(name);
      assertEquals(name, c.getAnnotation(CommandLine.Command.class).name());
    }
    assertEquals(Main.COMMANDS, List.copyOf(Main.commandLine().getSubcommands().keySet()));
  }

  @Test
  void eachCommandsHelpIsTheSameAsInTheFullCommandLine() {
    for (String name : Main.COMMANDS) {
      if (name.equals("completion")) {
        continue; // built in full: it walks the whole tree
      }
      assertSame(name, "--help");
      assertSame(name, "-h");
    }
  }

  @Test
  void usageErrorsAndTopLevelRunsAreTheSame() {
    assertSame("aggregate", "--metod", "mv", "--answers", "a.csv");
    assertSame("aggregate", "--method", "mvv", "--answers", "a.csv");
    assertSame("aggregate");
    assertSame("simulate");
    assertSame("rank", "--bogus");
    assertSame("aggregate", "--version");
    assertSame("--help");
    assertSame("-V");
    assertSame("--version");
    assertSame("--version", "aggregate");
    assertSame("--help", "aggregate");
    assertSame("agregate");
    assertSame();
    assertSame("help", "aggregate");
  }

  @Test
  void versionAloneBuildsNoSubcommandAndTheFastPathPrintsWhatPicocliPrints() {
    assertTrue(Main.commandLine(new String[] {"--version"}).getSubcommands().isEmpty());
    assertEquals(1, Main.commandLine(new String[] {"aggregate", "-h"}).getSubcommands().size());
    assertEquals(
        Main.COMMANDS.size(),
        Main.commandLine(new String[] {"completion"}).getSubcommands().size());
    Run full = CliRunner.run(Main.commandLine(), "--version");
    String expected =
        String.join(System.lineSeparator(), new VersionProvider().getVersion())
            + System.lineSeparator();
    assertEquals(expected, full.out());
  }

  private static void assertSame(String... args) {
    Run lazy = CliRunner.run(Main.commandLine(args), args);
    Run full = CliRunner.run(Main.commandLine(), args);
    String what = String.join(" ", args);
    assertEquals(full.code(), lazy.code(), what);
    assertEquals(full.out(), lazy.out(), what);
    assertEquals(full.err(), lazy.err(), what);
  }
}
