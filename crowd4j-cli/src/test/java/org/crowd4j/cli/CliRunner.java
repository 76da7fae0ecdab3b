package org.crowd4j.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the command line in this JVM and captures what it prints. */
final class CliRunner {
  private CliRunner() {}

  /** Exit code, standard output and standard error of one run. */
  record Run(int code, String out, String err) {}

  /** Runs {@code crowd4j args…} as {@link Main#main} would, without exiting. */
  static Run run(String... args) {
    return run(Main.commandLine(args), args);
  }

  /** Runs {@code args} on {@code cl} and captures what it prints. */
  static Run run(CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }
}
