package org.crowd4j.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.multilabel.MultiLabelSimulator;
import org.crowd4j.multilabel.MultiLabelWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j simulate-multilabel}: multi-label answers of known true tag sets. */
@Command(
    name = "simulate-multilabel",
    mixinStandardHelpOptions = true,
    description =
        "Simulate multi-label answers (each a set of tags) by careful workers and spammers;"
            + " writes answers.csv, gold.csv and workers.csv to a folder.",
    footer = {
      "",
      "Example: crowd4j simulate-multilabel --tasks 2000 --tags 8 --per-task 3 --spammers 0.4"
          + " --seed 1 --out sim/",
      "         crowd4j aggregate-multilabel --answers sim/answers.csv --gold sim/gold.csv"
          + " --method ds"
    })
final class SimulateMultiLabelCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--tasks",
      defaultValue = "1000",
      description = "Tasks (default: ${DEFAULT-VALUE}).")
  int tasks;

  @Option(names = "--tags", defaultValue = "8", description = "Tags (default: ${DEFAULT-VALUE}).")
  int tags;

  @Option(
      names = "--workers",
      defaultValue = "50",
      description = "Workers (default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--per-task",
      defaultValue = "5",
      description = "Distinct workers answering each task (default: ${DEFAULT-VALUE}).")
  int perTask;

  @Option(
      names = "--prevalence",
      defaultValue = "0.05,0.4",
      split = ",",
      paramLabel = "MIN,MAX",
      description =
          "Share of tasks with the rarest and the commonest tag, spread evenly over the tags"
              + " (default: ${DEFAULT-VALUE}).")
  double[] prevalence;

  @Option(
      names = "--sensitivity",
      defaultValue = "0.8",
      description =
          "Mean share of its present tags a careful worker gives, ±0.15 per worker (default:"
              + " ${DEFAULT-VALUE}).")
  double sensitivity;

  @Option(
      names = "--false-tag-rate",
      defaultValue = "0.05",
      description =
          "Mean rate at which a careful worker gives an absent tag (default: ${DEFAULT-VALUE}).")
  double falseTagRate;

  @Option(
      names = "--spammers",
      defaultValue = "0.2",
      description = "Share of workers giving every tag by a fair coin (default: ${DEFAULT-VALUE}).")
  double spammers;

  @Mixin SimulateOptions run;

  @Override
  public Integer call() throws Exception {
    MultiLabelSimulator.Spec s;
    try {
      if (prevalence.length != 2) {
        throw new IllegalArgumentException("--prevalence takes MIN,MAX");
      }
      s =
          new MultiLabelSimulator.Spec(
              tasks,
              tags,
              workers,
              perTask,
              prevalence[0],
              prevalence[1],
              sensitivity,
              falseTagRate,
              spammers);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    MultiLabelSimulator.Simulated sim = MultiLabelSimulator.simulate(s, run.seed);
    MultiLabelWriter.writeSimulation(run.out, sim);
    if (!run.quiet) {
      PrintWriter pw = spec.commandLine().getOut();
      long spam = sim.spammer().values().stream().filter(b -> b).count();
      pw.printf(
          Locale.ROOT,
          "simulated %d answers (%d tasks × %d workers each) with %d tags by %d workers (%d"
              + " spammers)%n",
          sim.answers().numAnswers(),
          tasks,
          perTask,
          tags,
          workers,
          spam);
      SimulatedFolder.printWritten(pw, run.out, "answers.csv, gold.csv, workers.csv");
    }
    return ExitCodes.OK;
  }
}
