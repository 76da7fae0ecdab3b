package org.crowd4j.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The field separator and id columns of answers in long format. */
final class IdColumns {
  @Mixin DelimiterOption delimiter;

  @Option(
      names = "--task-column",
      defaultValue = "task",
      description = "Header of the task id column (default: ${DEFAULT-VALUE}).")
  String taskColumn;

  @Option(
      names = "--worker-column",
      defaultValue = "worker",
      description = "Header of the worker id column (default: ${DEFAULT-VALUE}).")
  String workerColumn;
}
