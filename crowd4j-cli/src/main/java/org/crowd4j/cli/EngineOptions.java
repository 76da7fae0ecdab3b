package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.FileCheck;
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
              + " common-confusion-em; aggregate-numeric with mean, median, catd, pm, raykar; rank"
              + " with bt; input may be CSV or .parquet, on any file"
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
   * Checks what the Spark engine needs of the answers' options, of the answers file and of the
   * class path: worker ids, every answer kept, the file by the local engine's strict rules ({@link
   * #checkFile}; the label column as text where {@code emptyLabels} are allowed, else as an id), a
   * partition count ≥ 0, Spark itself.
   */
  void checkSpark(CommandLine cmd, AnswerInput input, boolean emptyLabels)
      throws CrowdFormatException {
    if (input.anonymous) {
      throw new CommandLine.ParameterException(
          cmd, "--anonymous is not supported with --engine spark");
    }
    if (input.duplicates != org.crowd4j.data.DuplicatePolicy.KEEP_ALL) {
      throw new CommandLine.ParameterException(
          cmd, "--duplicates must be KEEP_ALL with --engine spark");
    }
    List<String> ids =
        new ArrayList<>(List.of(input.columns.taskColumn, input.columns.workerColumn));
    List<String> texts = new ArrayList<>();
    (emptyLabels ? texts : ids).add(input.labelColumn);
    checkFile(input.answers, input.format(), ids, texts);
    checkSpark(cmd);
  }

  /**
   * Reads a local CSV/TSV file that Spark is about to read once by the local engine's strict rules,
   * so that a malformed row, an unclosed quote or a header without rows is the same error at the
   * same line as without Spark (Spark's CSV reader fails with a stack trace, or quietly reads a
   * quote to the end). Parquet input and paths that are not local files are left to Spark.
   */
  static void checkFile(Path file, CsvFormat rules, List<String> ids, List<String> texts)
      throws CrowdFormatException {
    String name = file.getFileName() == null ? "" : file.getFileName().toString();
    if (Files.isRegularFile(file) && !name.toLowerCase(Locale.ROOT).endsWith(".parquet")) {
      FileCheck.check(file, rules, ids, texts);
    }
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

  /** The start of the --json summary of {@code command} run on Spark: method, engine, input. */
  static ObjectNode sparkSummary(String command, String method, Path answers) {
    ObjectNode j = Output.object(command);
    j.put("method", method);
    j.put("engine", "spark");
    j.put("input", answers.toString());
    return j;
  }
}
