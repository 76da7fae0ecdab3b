package org.crowd4j.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.method.IterationListener;
import org.crowd4j.spark.AnswerColumns;
import org.crowd4j.spark.SparkAggregation;
import org.crowd4j.spark.SparkMultiLabelAggregation;
import org.crowd4j.spark.SparkNumericAggregation;

/**
 * The bridge from {@code aggregate --engine spark} to crowd4j-spark. Loaded only for that engine,
 * after {@link #available()} confirmed that Apache Spark is on the class path (Spark is not part of
 * the command-line jar: {@code ./crowd4j} adds it, or {@code spark-submit} runs the jar). With a
 * cluster {@code --master} the command line's jar goes to the executors ({@link ApplicationJar}).
 */
final class SparkEngine {
  private SparkEngine() {}

  /** What to say when Spark is missing. */
  static final String MISSING =
      "--engine spark needs Apache Spark 4 on the class path, which crowd4j.jar does not bundle."
          + " Run it through ./crowd4j (it adds $SPARK_HOME/jars, or the Spark jars of the build),"
          + " or submit the jar to Spark: spark-submit --class org.crowd4j.cli.Main"
          + " crowd4j-cli/target/crowd4j.jar aggregate --engine spark ... (see docs/spark.md)";

  /** Whether Spark's session class can be loaded (without loading any crowd4j-spark class). */
  static boolean available() {
    try {
      Class.forName("org.apache.spark.sql.SparkSession", false, SparkEngine.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** What {@code rank --engine spark} gives the command: the core's ranking and counts. */
  record Ranked(org.crowd4j.pairwise.Ranking ranking, long comparisons, String engine) {}

  /** {@code rank --engine spark}: Bradley–Terry with {@code options}. */
  static Ranked rank(
      RankCommand cmd,
      org.crowd4j.pairwise.BradleyTerry.Options options,
      char delimiter,
      IterationListener listener) {
    ApplicationJar.shipFor(cmd.engine.master);
    org.crowd4j.spark.SparkRanking.Result r =
        org.crowd4j.spark.SparkRanking.run(
            new org.crowd4j.spark.SparkRanking.Request(
                cmd.comparisons.toString(),
                delimiter == 0 ? null : delimiter,
                cmd.leftColumn,
                cmd.rightColumn,
                cmd.labelColumn,
                options,
                cmd.engine.master),
            listener);
    return new Ranked(r.ranking(), r.comparisons(), r.engine());
  }

  /**
   * {@code aggregate-numeric --engine spark}: {@code options} of the command's method; prints the
   * summary as the local engine does (a note on unscored gold tasks, then the text or JSON).
   */
  static void aggregateNumeric(
      AggregateNumericCommand cmd,
      Record options,
      Map<String, Double> gold,
      IterationListener listener,
      PrintWriter out) {
    KindInput in = cmd.input;
    Character delimiter = in.columns.delimiter.given() ? in.rules().delimiter() : null;
    ApplicationJar.shipFor(cmd.engine.master);
    SparkNumericAggregation.Outcome o =
        SparkNumericAggregation.run(
            new SparkNumericAggregation.Request(
                in.answers.toString(),
                delimiter,
                in.columns.taskColumn,
                in.columns.workerColumn,
                cmd.valueColumn,
                cmd.method,
                options,
                gold,
                cmd.out == null ? null : cmd.out.toString(),
                cmd.workersOut == null ? null : cmd.workersOut.toString(),
                cmd.engine.master,
                cmd.engine.partitions),
            listener);
    if (cmd.gold != null && o.goldTasks() < gold.size() && !cmd.output.quiet) {
      cmd.spec
          .commandLine()
          .getErr()
          .printf(
              Locale.ROOT,
              "note: %d task(s) of %s are not in the answers and are not scored%n",
              gold.size() - o.goldTasks(),
              cmd.gold);
    }
    if (cmd.output.json) {
      ObjectNode j = EngineOptions.sparkSummary("aggregate-numeric", cmd.method, in.answers);
      j.put("tasks", o.tasks());
      j.put("workers", o.workers());
      j.put("answers", o.numAnswers());
      FitSummary.json(j, o.diagnostics());
      if (cmd.gold == null) {
        j.putNull("gold");
      } else {
        ObjectNode g = j.putObject("gold");
        g.put("tasks", o.goldTasks());
        Output.put(g, "pearson", o.pearson());
        Output.put(g, "rmse", o.rmse());
        Output.put(g, "mae", o.mae());
      }
      Output.put(j, "out", cmd.out);
      Output.put(j, "workersOut", cmd.workersOut);
      Output.print(out, j);
      return;
    }
    if (!cmd.output.human()) {
      return;
    }
    out.println(
        headline(
            o.method(),
            o.answers(),
            o.sparkVersion(),
            o.master(),
            o.partitions(),
            o.tasks(),
            o.workers(),
            o.numAnswers()));
    FitSummary.printSpark(out, o.diagnostics(), o.seconds());
    if (cmd.gold != null) {
      out.println(AggregateNumericCommand.goldLine(o.goldTasks(), o.pearson(), o.rmse(), o.mae()));
    }
    if (cmd.out != null) {
      out.println("estimates written to " + cmd.out);
    }
    if (cmd.workersOut != null) {
      out.println("workers written to " + cmd.workersOut);
    }
  }

  /** {@code aggregate-multilabel --engine spark}. */
  static void runMultiLabel(AggregateMultiLabelCommand cmd, PrintWriter out) throws Exception {
    AnswerInput in = cmd.input;
    in.requireLongFormat(cmd.spec.commandLine(), "--engine spark");
    Character delimiter = in.columns.delimiter.given() ? in.format().delimiter() : null;
    ApplicationJar.shipFor(cmd.engine.master);
    boolean quiet = cmd.output.quiet || cmd.output.json;
    SparkMultiLabelAggregation.Outcome o =
        SparkMultiLabelAggregation.run(
            new SparkMultiLabelAggregation.Request(
                in.answers.toString(),
                delimiter,
                new AnswerColumns(
                    in.columns.taskColumn, in.columns.workerColumn, in.labelColumn, null),
                cmd.separator,
                cmd.method,
                cmd.params.values,
                cmd.gold == null ? null : cmd.gold.toString(),
                cmd.out == null ? null : cmd.out.toString(),
                cmd.engine.master,
                cmd.engine.partitions,
                quiet));
    if (!quiet) {
      printMultiLabel(o, cmd.out == null ? null : cmd.out.toString(), out);
    }
  }

  private static void printMultiLabel(
      SparkMultiLabelAggregation.Outcome o, String labelsOut, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "binary relevance with %s on %s (Spark %s, %s): %d tasks, %d tags, load + fit %.2f s%n",
        o.method(),
        o.answers(),
        o.sparkVersion(),
        o.master(),
        o.tasks(),
        o.tags().size(),
        o.seconds());
    AggregateMultiLabelCommand.printTags(out, o.reported(), o.chosen(), o.metrics());
    if (labelsOut != null) {
      out.println("tag sets written to " + labelsOut);
    }
    out.flush();
  }

  static void run(
      AggregateCommand cmd, Map<String, String> params, IterationListener listener, PrintWriter out)
      throws Exception {
    AnswerInput in = cmd.input;
    in.requireLongFormat(cmd.spec.commandLine(), "--engine spark");
    Character delimiter = null;
    if (in.columns.delimiter.given()) {
      delimiter = in.format().delimiter();
    }
    AnswerColumns columns =
        new AnswerColumns(in.columns.taskColumn, in.columns.workerColumn, in.labelColumn, null);
    ApplicationJar.shipFor(cmd.engine.master);
    boolean quiet = cmd.output.quiet || cmd.output.json;
    SparkAggregation.Outcome o =
        SparkAggregation.run(
            new SparkAggregation.Request(
                in.answers.toString(),
                delimiter,
                columns,
                cmd.method,
                params,
                cmd.gold == null ? null : cmd.gold.toString(),
                cmd.trainGold == null ? null : cmd.trainGold.toString(),
                cmd.predictions == null ? null : cmd.predictions.toString(),
                cmd.out == null ? null : cmd.out.toString(),
                cmd.modelOut == null ? null : cmd.modelOut.toString(),
                cmd.sparkModelOut,
                cmd.engine.master,
                cmd.engine.partitions,
                quiet),
            listener);
    if (quiet) {
      return;
    }
    out.println(
        headline(
                o.method(),
                o.answers(),
                o.sparkVersion(),
                o.master(),
                o.partitions(),
                o.tasks(),
                o.workers(),
                o.numAnswers())
            + ", "
            + o.classes()
            + " classes");
    FitSummary.printSpark(out, o.diagnostics(), o.seconds());
    if (cmd.gold != null && cmd.trainGold != null) {
      out.printf(
          Locale.ROOT,
          "accuracy on %d gold tasks not given as --train-gold: %.4f"
              + " (on the %d --train-gold tasks: %.4f; all %d: %.4f)%n",
          o.goldTasks() - o.trainGoldTasks(),
          o.otherAccuracy(),
          o.trainGoldTasks(),
          o.trainGoldAccuracy(),
          o.goldTasks(),
          o.goldAccuracy());
    } else if (cmd.gold != null) {
      out.printf(Locale.ROOT, "accuracy on %d gold tasks: %.4f%n", o.goldTasks(), o.goldAccuracy());
    }
    if (cmd.out != null) {
      out.println("labels written to " + cmd.out);
    }
    if (cmd.modelOut != null) {
      out.println("model written to " + cmd.modelOut);
    }
    if (cmd.sparkModelOut != null) {
      out.println("Spark ML model saved to " + cmd.sparkModelOut);
    }
    out.flush();
  }

  /** The first line of a Spark run's summary: method, input, Spark, master, partitions, counts. */
  private static String headline(
      String method,
      String answers,
      String sparkVersion,
      String master,
      int partitions,
      long tasks,
      long workers,
      long numAnswers) {
    return String.format(
        Locale.ROOT,
        "%s on %s (Spark %s, %s, %d partitions): %d tasks, %d workers, %d answers",
        method,
        answers,
        sparkVersion,
        master,
        partitions,
        tasks,
        workers,
        numAnswers);
  }
}
