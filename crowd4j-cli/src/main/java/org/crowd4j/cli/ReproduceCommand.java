package org.crowd4j.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.crowd4j.nn.experiments.Reproduce;
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
  @Parameters(arity = "1..*", paramLabel = "EXPERIMENT [KEY=VALUE...]")
  List<String> args;

  @Override
  public Integer call() throws Exception {
    Reproduce.run(args.toArray(new String[0]));
    return 0;
  }
}
