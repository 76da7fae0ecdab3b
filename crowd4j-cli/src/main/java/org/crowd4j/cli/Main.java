package org.crowd4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code crowd4j} command. Exit codes: 0 success, 1 bad input or failed run (the message names
 * file, line and field), 2 usage error.
 */
@Command(
    name = "crowd4j",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Learning from crowds: aggregate noisy labels and estimate annotator quality.",
    subcommands = {
      AggregateCommand.class,
      SimulateCommand.class,
      EvaluateCommand.class,
      DemoCommand.class,
      TrainCommand.class,
      PredictCommand.class,
      ReproduceCommand.class,
      ReportCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:bad input or failed run (message names file:line and field)",
      "2:usage error"
    })
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }

  /** Builds the command line (also used by tests). */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.getSubcommands()
        .get("aggregate")
        .getCommandSpec()
        .usageMessage()
        .footer(AggregateCommand.methodList());
    cl.getSubcommands()
        .get("train")
        .getCommandSpec()
        .usageMessage()
        .footer(TrainCommand.learnerList());
    cl.setExecutionExceptionHandler(
        (ex, cmd, parseResult) -> {
          cmd.getErr().println("crowd4j: " + ex.getMessage());
          return 1;
        });
    return cl;
  }

  /** Entry point. */
  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    System.setProperty("org.slf4j.simpleLogger.showThreadName", "false");
    System.setProperty("org.slf4j.simpleLogger.showLogName", "false");
    System.setProperty("org.slf4j.simpleLogger.log.ai.djl.util.cuda.CudaUtils", "error");
    System.exit(commandLine().execute(args));
  }
}
