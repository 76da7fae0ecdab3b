package org.crowd4j.cli;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.crowd4j.experiments.Reproduce;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code crowd4j reproduce}: the long acceptance runs of the neural learners. */
@Command(
    name = "reproduce",
    mixinStandardHelpOptions = true,
    description = {
      "Run the neural learners' reference experiments (LabelMe, Music, MNIST flippers,"
          + " CoNAL synthetic common noise, speed and memory) and print a table.",
      "Settings: " + Reproduce.USAGE
    })
final class ReproduceCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "EXPERIMENT [KEY=VALUE...]")
  List<String> args;

  @Override
  public Integer call() throws Exception {
    List<String> experiments = experiments();
    if (!experiments.contains(args.get(0))) {
      throw Checks.unknown(spec, "experiment", args.get(0), experiments);
    }
    Reproduce.run(args.toArray(new String[0]));
    return ExitCodes.OK;
  }

  /** The experiment names, from the first word of the usage line ({@code a|b|c}). */
  static List<String> experiments() {
    String first = Reproduce.USAGE.split("\\s+", 2)[0];
    return Arrays.asList(first.split("\\|"));
  }
}
