package org.crowd4j.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.acquisition.Policy;
import org.crowd4j.acquisition.Replay;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvWriter;

/**
 * Replays the dense shared crowds (≥ 10 answers per task) as if their answers were bought one at a
 * time ({@link Replay}), with Dawid–Skene as the consensus, under each policy: round robin,
 * uncertainty, expected gain, and expected gain with a stopping rule (a task with at least 3
 * answers whose top posterior reaches 0.999 gets no more answers; both chosen on the design crowds,
 * one seed, among 0.99/3, 0.999/3 and 0.99/5, before the confirmation crowds were run). For each
 * crowd, the accuracy of majority vote with every real answer is the bar; the table gives the share
 * of the answers each policy buys to reach it (mean curve over the seeds) and its accuracy at a
 * quarter and half of the answers. Writes the curves ({@code
 * crowd,policy,seed,bought,share,accuracy}) and a Markdown table.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.ReplayBenchmark \
 *   --shared ../shared --reps 3 --csv target/replay.csv --markdown results/replay.md
 * </pre>
 */
public final class ReplayBenchmark {
  /** Crowds the policies were designed on. */
  static final List<String> DESIGN = List.of("bluebirds", "snow-rte", "dog");

  /** Crowds kept aside to confirm on. */
  static final List<String> CONFIRM =
      List.of(
          "snow-temp",
          "snow-wsd",
          "sentiment",
          "crowdtruth-mre-cause",
          "crowdtruth-mre-treat",
          "zencrowd-all");

  /**
   * The stopping threshold (chosen on the design crowds; {@code -Dreplay.stopAt} to try others).
   */
  static final double STOP_AT = Double.parseDouble(System.getProperty("replay.stopAt", "0.999"));

  /** Answers a task has before it can be settled. */
  static final int MIN_ANSWERS = Integer.getInteger("replay.minAnswers", 3);

  private ReplayBenchmark() {}

  /** A policy as replayed: a name, the policy, the stopping threshold. */
  record Variant(String name, Policy policy, double stopAt, int minAnswers) {}

  static final List<Variant> VARIANTS =
      List.of(
          new Variant("round-robin", Policy.ROUND_ROBIN, Double.NaN, 1),
          new Variant("uncertainty", Policy.UNCERTAINTY, Double.NaN, 1),
          new Variant("expected-gain", Policy.EXPECTED_GAIN, Double.NaN, 1),
          new Variant("expected-gain+stop", Policy.EXPECTED_GAIN, STOP_AT, MIN_ANSWERS));

  /** Runs it; flags {@code --shared DIR --reps N --csv FILE --markdown FILE --crowds a,b}. */
  public static void main(String[] args) throws Exception {
    Path shared = Path.of("../shared");
    int reps = 3;
    Path csv = Path.of("target/replay.csv");
    Path markdown = Path.of("results/replay.md");
    List<String> crowds = new ArrayList<>(DESIGN);
    crowds.addAll(CONFIRM);
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--shared" -> shared = Path.of(args[i + 1]);
        case "--reps" -> reps = Integer.parseInt(args[i + 1]);
        case "--csv" -> csv = Path.of(args[i + 1]);
        case "--markdown" -> markdown = Path.of(args[i + 1]);
        case "--crowds" -> crowds = List.of(args[i + 1].split(","));
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    List<String[]> rows = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append(
        "| crowd | set | answers | MV, all answers | policy | share of answers to reach MV-all |"
            + " accuracy at 25 % | at 50 % | ≥ round robin at every budget it spent | answers when stopped |\n");
    md.append("|---|---|---:|---:|---|---:|---:|---:|---|---:|\n");
    for (String name : crowds) {
      Path dir = shared.resolve("datasets").resolve(name);
      CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
      Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
      double bar = gold.accuracy(new MajorityVote().fit(data).labels());
      int total = data.numAnswers();
      int batch = Math.max(1, data.numTasks() / 20);
      double[] grid = grid(data.numTasks(), total);
      Map<String, double[]> mean = new LinkedHashMap<>();
      Map<String, Double> spent = new LinkedHashMap<>();
      for (Variant v : VARIANTS) {
        double[] m = new double[grid.length];
        double s = 0;
        for (int seed = 0; seed < reps; seed++) {
          long t0 = System.nanoTime();
          Replay.Curve c =
              Replay.run(
                  data,
                  gold,
                  new DawidSkene(),
                  new Replay.Options(v.policy(), v.stopAt(), v.minAnswers(), batch, seed));
          for (int r = 0; r < c.bought().length; r++) {
            rows.add(
                new String[] {
                  name,
                  v.name(),
                  Integer.toString(seed),
                  Integer.toString(c.bought()[r]),
                  String.format(Locale.ROOT, "%.4f", (double) c.bought()[r] / total),
                  String.format(Locale.ROOT, "%.4f", c.accuracy()[r])
                });
          }
          for (int g = 0; g < grid.length; g++) {
            // after the replay stopped, the consensus stays as it was
            m[g] += c.accuracyAt((int) grid[g]) / reps;
          }
          s += (double) c.spent() / reps;
          System.out.printf(
              Locale.ROOT,
              "%-22s %-20s seed %d: %d rounds, %d answers bought, final accuracy %.4f (%.1f s)%n",
              name,
              v.name(),
              seed,
              c.bought().length,
              c.spent(),
              c.accuracy()[c.accuracy().length - 1],
              (System.nanoTime() - t0) / 1e9);
        }
        mean.put(v.name(), m);
        spent.put(v.name(), s);
      }
      double[] rr = mean.get("round-robin");
      for (Variant v : VARIANTS) {
        double[] m = mean.get(v.name());
        // at every budget up to what the policy spent (with a stop it buys no more)
        double worst = Double.POSITIVE_INFINITY;
        double worstAt = 0;
        for (int g = 0; g < grid.length && grid[g] <= spent.get(v.name()) + 0.5; g++) {
          if (m[g] - rr[g] < worst) {
            worst = m[g] - rr[g];
            worstAt = grid[g];
          }
        }
        String atLeast =
            worst >= -1e-12
                ? "yes"
                : String.format(Locale.ROOT, "no: %+.4f at %.0f %%", worst, 100 * worstAt / total);
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %,d | %.4f | %s | %s | %.4f | %.4f | %s | %s |%n",
                name,
                DESIGN.contains(name) ? "design" : "confirm",
                total,
                bar,
                v.name(),
                reach(grid, m, bar, total),
                at(grid, m, 0.25 * total),
                at(grid, m, 0.5 * total),
                v.name().equals("round-robin") ? "–" : atLeast,
                Double.isNaN(v.stopAt())
                    ? "–"
                    : String.format(
                        Locale.ROOT,
                        "%,.0f (%.0f %%)",
                        spent.get(v.name()),
                        100 * spent.get(v.name()) / total)));
      }
    }
    CsvWriter.write(csv, List.of("crowd", "policy", "seed", "bought", "share", "accuracy"), rows);
    Files.createDirectories(markdown.toAbsolutePath().getParent());
    Files.writeString(markdown, md);
    System.out.print(md);
  }

  /** Budgets from one answer per task to every answer, in 1 % steps of the answers. */
  static double[] grid(int tasks, int total) {
    List<Double> g = new ArrayList<>();
    for (int p = 0; p <= 100; p++) {
      double b = Math.max(tasks, Math.round(total * p / 100.0));
      if (g.isEmpty() || b > g.get(g.size() - 1)) {
        g.add(b);
      }
    }
    return g.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The mean accuracy at the largest grid budget within {@code budget}. */
  static double at(double[] grid, double[] mean, double budget) {
    double acc = mean[0];
    for (int g = 0; g < grid.length && grid[g] <= budget; g++) {
      acc = mean[g];
    }
    return acc;
  }

  /** The first budget (as a share of the answers) where the mean curve reaches {@code bar}. */
  static String reach(double[] grid, double[] mean, double bar, int total) {
    for (int g = 0; g < grid.length; g++) {
      if (mean[g] >= bar - 1e-12) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * grid[g] / total);
      }
    }
    return "never";
  }
}
