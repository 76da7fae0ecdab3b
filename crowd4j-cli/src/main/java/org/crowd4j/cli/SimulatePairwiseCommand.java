package org.crowd4j.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.crowd4j.pairwise.ComparisonsWriter;
import org.crowd4j.pairwise.PairwiseSimulator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j simulate-pairwise}: pairwise comparisons of known true scores. */
@Command(
    name = "simulate-pairwise",
    mixinStandardHelpOptions = true,
    description =
        "Simulate pairwise comparisons of items with known scores by good, random and adversarial"
            + " workers; writes comparisons.csv, truth.csv and workers.csv to a folder.",
    footer = {
      "",
      "Example: crowd4j simulate-pairwise --items 200 --comparisons 10000 --workers 50"
          + " --random-share 0.2 --adversarial-share 0.1 --seed 1 --out sim/",
      "         crowd4j rank --comparisons sim/comparisons.csv --truth sim/truth.csv"
    })
final class SimulatePairwiseCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--items",
      defaultValue = "200",
      description = "Items (default: ${DEFAULT-VALUE}).")
  int items;

  @Option(
      names = "--comparisons",
      defaultValue = "10000",
      description = "Comparisons (default: ${DEFAULT-VALUE}).")
  int comparisons;

  @Option(
      names = "--workers",
      defaultValue = "50",
      description = "Workers (default: ${DEFAULT-VALUE}).")
  int workers;

  @Option(
      names = "--random-share",
      defaultValue = "0",
      description = "Share of workers answering by a fair coin (default: ${DEFAULT-VALUE}).")
  double randomShare;

  @Option(
      names = "--adversarial-share",
      defaultValue = "0",
      description = "Share of workers choosing against the model (default: ${DEFAULT-VALUE}).")
  double adversarialShare;

  @Option(
      names = "--spread",
      defaultValue = "1.0",
      description = "Standard deviation of the true log-scores (default: ${DEFAULT-VALUE}).")
  double spread;

  @Option(
      names = "--model",
      defaultValue = "BT",
      description =
          "Judgements of good workers: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  PairwiseSimulator.Model model;

  @Mixin SimulateOptions run;

  @Override
  public Integer call() throws Exception {
    PairwiseSimulator.Spec s;
    try {
      s =
          new PairwiseSimulator.Spec(
              items, comparisons, workers, randomShare, adversarialShare, spread, model);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    PairwiseSimulator.Simulated sim = PairwiseSimulator.simulate(s, run.seed);
    ComparisonsWriter.write(run.out, sim);
    if (!run.quiet) {
      PrintWriter pw = spec.commandLine().getOut();
      int[] kinds = new int[PairwiseSimulator.Kind.values().length];
      for (PairwiseSimulator.Kind k : sim.kinds()) {
        kinds[k.ordinal()]++;
      }
      pw.printf(
          Locale.ROOT,
          "simulated %d comparisons of %d items by %d workers (%d good, %d random, %d"
              + " adversarial), model %s%n",
          comparisons,
          items,
          workers,
          kinds[0],
          kinds[1],
          kinds[2],
          model);
      SimulatedFolder.printWritten(pw, run.out, "comparisons.csv, truth.csv, workers.csv");
    }
    return ExitCodes.OK;
  }
}
