package org.crowd4j.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The seed, output folder and {@code --quiet} of the simulate commands without {@code --json}. */
final class SimulateOptions {
  @Option(names = "--seed", defaultValue = "0", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output folder.")
  Path out;

  @Option(
      names = {"-q", "--quiet"},
      description = "Print nothing but errors.")
  boolean quiet;
}
