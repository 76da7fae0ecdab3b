package org.crowd4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Where a fit runs: {@code --engine}, and for Spark {@code --master} and {@code --partitions}. */
final class EngineOptions {
  /** Where the fit runs. */
  enum Engine {
    local,
    spark
  }

  @Option(
      names = "--engine",
      defaultValue = "local",
      paramLabel = "ENGINE",
      description =
          "Where to run: local (this JVM) or spark (Apache Spark: aggregate and"
              + " aggregate-multilabel with mv, soft-mv, ds, one-coin-ds, glad, crowd-mixture,"
              + " common-confusion-em; rank with bt; input may be CSV or .parquet, on any file"
              + " system Spark reads). Default: ${DEFAULT-VALUE}.")
  Engine engine;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description =
          "Spark master for --engine spark outside spark-submit (default local[*]), e.g."
              + " local[2], spark://host:7077.")
  String master;

  @Option(
      names = "--partitions",
      defaultValue = "0",
      paramLabel = "N",
      description = "Answer blocks for --engine spark (0: automatic, about 4M answers each).")
  int partitions;

  /** Whether the fit runs on Spark. */
  boolean spark() {
    return engine == Engine.spark;
  }

  /** Refuses the Spark options on the local engine. */
  void refuseSparkOptions(CommandLine cmd) {
    if (master != null) {
      throw new CommandLine.ParameterException(cmd, "--master applies to --engine spark only");
    }
  }

  /**
   * Checks what the Spark engine needs of the answers' options and of the class path: worker ids,
   * every answer kept, a partition count ≥ 0, Spark itself.
   */
  void checkSpark(CommandLine cmd, AnswerInput input) {
    if (input.anonymous) {
      throw new CommandLine.ParameterException(
          cmd, "--anonymous is not supported with --engine spark");
    }
    if (input.duplicates != org.crowd4j.data.DuplicatePolicy.KEEP_ALL) {
      throw new CommandLine.ParameterException(
          cmd, "--duplicates must be KEEP_ALL with --engine spark");
    }
    checkSpark(cmd);
  }

  /** Checks the partition count and that Spark is on the class path. */
  void checkSpark(CommandLine cmd) {
    if (partitions < 0) {
      throw new CommandLine.ParameterException(cmd, "--partitions must be >= 0: " + partitions);
    }
    if (!SparkEngine.available()) {
      throw new IllegalStateException(SparkEngine.MISSING);
    }
  }
}
