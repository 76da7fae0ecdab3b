package org.crowd4j.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.aggregate.WeightedMajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.simulate.SyntheticCrowd;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code crowd4j demo}: aggregates a generated crowd of known truth with every method and prints a
 * comparison table.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Aggregate a built-in generated crowd (experts, noisy workers, spammers, class confusers"
            + " and adversaries) with every method and compare them with the known truth; then"
            + " show one command line for each other kind of crowd data (multi-label, pairwise,"
            + " texts, segmentation).")
final class DemoCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--seed", defaultValue = "42", description = "Seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--tasks",
      defaultValue = "2000",
      description = "Number of tasks (default: ${DEFAULT-VALUE}).")
  int tasks;

  @Option(
      names = "--answers-per-task",
      defaultValue = "5",
      description = "Answers per task (default: ${DEFAULT-VALUE}).")
  int answersPerTask;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    SyntheticCrowd crowd =
        SyntheticCrowd.generate(
            tasks, 4, 60, answersPerTask, new double[] {0.25, 0.35, 0.2, 0.1, 0.1}, seed);
    CrowdDataset data = crowd.data();
    out.printf(
        Locale.ROOT,
        "Generated crowd (seed %d): %d tasks, %d workers (25%% experts, 35%% noisy, 20%% spammers,"
            + " 10%% class confusers, 10%% adversaries), %d answers, %d classes%n%n",
        seed,
        data.numTasks(),
        data.numWorkers(),
        data.numAnswers(),
        data.numLabels());
    out.printf(
        Locale.ROOT,
        "%-22s %9s %11s %10s %9s%n",
        "method",
        "accuracy",
        "iterations",
        "converged",
        "time ms");
    out.println("-".repeat(65));
    for (MethodSpec<Aggregator> s : Methods.all()) {
      Map<String, String> overrides = new LinkedHashMap<>();
      if (AggregateCommand.hasComponent(s.defaults(), "seed")) {
        overrides.put("seed", Long.toString(seed));
      }
      AggregationResult r;
      String label = s.name();
      try {
        if (s.name().equals("wmv")) {
          r = new WeightedMajorityVote(trueSkills(crowd)).fit(data);
          label = "wmv (true skills)";
        } else if (s.name().equals("gold-mv")) {
          r = s.create(goldOptions()).fit(data, FitContext.withGold(tenPercentGold(crowd, seed)));
          label = "gold-mv (10% gold)";
        } else {
          r = s.create(overrides).fit(data, FitContext.none());
        }
      } catch (IllegalArgumentException e) {
        out.printf(Locale.ROOT, "%-22s %s%n", s.name(), "skipped: " + e.getMessage());
        continue;
      }
      out.printf(
          Locale.ROOT,
          "%-22s %9.4f %11d %10s %9.1f%n",
          label,
          crowd.gold().accuracy(r.labels()),
          r.diagnostics().iterations(),
          r.diagnostics().converged(),
          r.provenance().elapsedMillis());
    }
    out.println();
    out.println(
        "Try it on your data: crowd4j aggregate --answers answers.csv --method auto --out labels.csv");
    out.println();
    out.println("Other kinds of crowd data (the simulated ones run as written):");
    for (String[] kind : OTHER_KINDS) {
      out.printf(Locale.ROOT, "  %-13s %s%n", kind[0], kind[1]);
    }
    out.flush();
    return 0;
  }

  /** One command line per other kind of data: kind, command. */
  static final String[][] OTHER_KINDS = {
    {
      "multi-label",
      "crowd4j simulate-multilabel --out sim-tags -q"
          + " && crowd4j aggregate-multilabel --answers sim-tags/answers.csv --method ds"
          + " --gold sim-tags/gold.csv"
    },
    {
      "pairwise",
      "crowd4j simulate-pairwise --items 50 --comparisons 2000 --out sim-pw -q"
          + " && crowd4j rank --comparisons sim-pw/comparisons.csv --truth sim-pw/truth.csv"
    },
    {
      "texts",
      "crowd4j simulate-text --out sim-text -q"
          + " && crowd4j aggregate-text --answers sim-text/answers.csv --method rover"
          + " --gold sim-text/gold.csv"
    },
    {
      "segmentation",
      "crowd4j simulate-masks --out sim-masks -q"
          + " && crowd4j aggregate-masks --answers sim-masks/answers.csv --method mv"
          + " --gold sim-masks/gold.csv"
    },
    {
      "report",
      "crowd4j report --kind text --answers sim-text/answers.csv --gold sim-text/gold.csv"
          + " --out text-report.html"
    }
  };

  /** Each worker's true skill (mean diagonal of her confusion), as an oracle for wmv. */
  private static Map<String, Double> trueSkills(SyntheticCrowd crowd) {
    Map<String, Double> skills = new LinkedHashMap<>();
    CrowdDataset data = crowd.data();
    for (int w = 0; w < data.numWorkers(); w++) {
      String name = data.workers().name(w);
      double[][] c = crowd.confusion(Integer.parseInt(name.substring(1)));
      double d = 0;
      for (int k = 0; k < c.length; k++) {
        d += c[k][k];
      }
      skills.put(name, d / c.length);
    }
    return skills;
  }

  /** Gold labels for a random tenth of the tasks. */
  private static Gold tenPercentGold(SyntheticCrowd crowd, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    int[] labels = crowd.gold().labels();
    for (int i = 0; i < labels.length; i++) {
      if (rng.nextInt(10) != 0) {
        labels[i] = Gold.NONE;
      }
    }
    return Gold.ofIds(labels);
  }

  private static Map<String, String> goldOptions() {
    return Map.of("missingSkill", "value", "defaultSkill", "0.5");
  }
}
