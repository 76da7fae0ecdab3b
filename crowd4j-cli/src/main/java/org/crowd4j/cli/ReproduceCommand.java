package org.crowd4j.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.crowd4j.nn.ReferenceExperiments;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code crowd4j reproduce}: the long acceptance runs of the neural learners, which {@code
 * crowd4j-experiments} provides as the {@link ReferenceExperiments} service (a run-time dependency
 * of the command line, never compiled against).
 */
@Command(
    name = "reproduce",
    mixinStandardHelpOptions = true,
    description = {
      "Run the neural learners' reference experiments (LabelMe, Music, MNIST flippers,"
          + " CoNAL synthetic common noise, speed and memory) and print a table."
    })
final class ReproduceCommand implements Callable<Integer> {
  private static final Optional<ReferenceExperiments> EXPERIMENTS = ReferenceExperiments.find();

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "EXPERIMENT [KEY=VALUE...]")
  List<String> args;

  @Override
  public Integer call() throws Exception {
    ReferenceExperiments provider =
        EXPERIMENTS.orElseThrow(
            () -> new IllegalStateException("crowd4j-experiments is not on the class path"));
    List<String> experiments = experiments();
    if (!experiments.contains(args.get(0))) {
      throw Checks.unknown(spec, "experiment", args.get(0), experiments);
    }
    provider.run(args.toArray(new String[0]));
    return ExitCodes.OK;
  }

  /** Appends the provider's usage line to the command's description (Main). */
  static void settingsInHelp(CommandLine.Model.UsageMessageSpec usage) {
    List<String> description = new ArrayList<>(List.of(usage.description()));
    description.add("Settings: " + EXPERIMENTS.map(ReferenceExperiments::usage).orElse("none"));
    usage.description(description.toArray(new String[0]));
  }

  /** The experiment names, from the first word of the usage line ({@code a|b|c}). */
  static List<String> experiments() {
    String first = EXPERIMENTS.map(ReferenceExperiments::usage).orElse("").split("\\s+", 2)[0];
    return first.isEmpty() ? List.of() : Arrays.asList(first.split("\\|"));
  }
}
