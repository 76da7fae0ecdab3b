package org.crowd4j.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** The {@code --param KEY=VALUE} options of a method, for commands whose methods iterate. */
final class MethodParams {
  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description = "Method option, repeatable (e.g. --param maxIterations=50).")
  Map<String, String> values = new LinkedHashMap<>();
}
