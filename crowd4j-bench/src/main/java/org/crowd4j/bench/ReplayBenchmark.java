package org.crowd4j.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import org.crowd4j.acquisition.Policy;
import org.crowd4j.acquisition.Replay;
import org.crowd4j.acquisition.StoppingRule;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.DawidSkeneMap;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.CsvWriter;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.SimulatedCrowd;

/**
 * Replays the dense shared crowds (≥ 10 answers per task) and simulated crowds (truth known for
 * every task) as if their answers were bought one at a time ({@link Replay}), with Dawid–Skene as
 * the consensus, under each policy: round robin, uncertainty, the one-answer expected gain, and
 * crowd4j's policy (every task first brought to {@link #FLOOR} answers, then the expected gain
 * looking {@link #HORIZON} answers ahead), alone, choosing the annotator, and with the calibrated
 * stopping rule (target {@link #TARGET}, at least {@link #MIN_ANSWERS} answers); the uncalibrated
 * rule (raw posterior 0.999) for comparison. For each crowd, the accuracy of majority vote with
 * every real answer is the bar; the table gives the share of the answers each policy buys to reach
 * it (mean curve over the seeds), its accuracy at a quarter and half of the answers, whether it is
 * at or above round robin at every budget it spent, and what the stopping rules spent. Writes the
 * mean-free curves on a grid of 1 % of the answers ({@code crowd,set,policy,seed,share,bought,
 * accuracy}, plottable with {@code crowd4j plot --x share --y accuracy --series policy --where
 * crowd=dog}) and a Markdown table.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.ReplayBenchmark \
 *   --shared ../shared --reps 3 --threads 2 --csv target/replay-curves.csv \
 *   --markdown results/replay.md
 * </pre>
 *
 * <p>Flags: {@code --crowds a,b} (names of shared crowds or {@code sim-*}), {@code --variants a,b},
 * {@code --simulated false}. The settings can be overridden for design runs with {@code
 * -Dreplay.floor}, {@code .horizon}, {@code .annotatorPrior}, {@code .target}, {@code .minAnswers},
 * {@code .folds}.
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

  /** Simulated crowds (see {@link #simulated}). */
  static final List<String> SIMULATED =
      List.of("sim-binary-mixed", "sim-binary-spammers", "sim-4class-hard", "sim-4class-longtail");

  /** Answers every task gets before crowd4j's policy ranks it (chosen on the design crowds). */
  static final int FLOOR = Integer.getInteger("replay.floor", 3);

  /** Answers the expected gain looks ahead (chosen on the design crowds). */
  static final int HORIZON = Integer.getInteger("replay.horizon", 3);

  /** Pseudo-answers of the crowd's model in an annotator's model when choosing who answers. */
  static final double ANNOTATOR_PRIOR =
      Double.parseDouble(System.getProperty("replay.annotatorPrior", "4"));

  /** The stopping rule's target: calibrated top posterior at which a task is settled. */
  static final double TARGET = Double.parseDouble(System.getProperty("replay.target", "0.98"));

  /**
   * Pseudo-counts per confusion row of the Dawid–Skene fit whose posteriors the stopping rule reads
   * (pooled prior; chosen on the design crowds).
   */
  static final double STOP_PRIOR = Double.parseDouble(System.getProperty("replay.stopPrior", "2"));

  /** Answers a task has before it can be settled. */
  static final int MIN_ANSWERS = Integer.getInteger("replay.minAnswers", 3);

  /** Folds of the stopping rule's calibration. */
  static final int FOLDS = Integer.getInteger("replay.folds", 5);

  private ReplayBenchmark() {}

  /** A policy as replayed: a name and its options (the batch and seed are set per crowd). */
  record Variant(String name, Replay.Options options) {}

  static List<Variant> variants() {
    Replay.Options crowd4j =
        Replay.Options.of(Policy.EXPECTED_GAIN, 1, 0).withFloor(FLOOR).withHorizon(HORIZON);
    StoppingRule stop =
        new StoppingRule(
            TARGET,
            MIN_ANSWERS,
            FOLDS,
            StoppingRule.TEMPERATURES,
            0L,
            new DawidSkeneMap().withStrength(STOP_PRIOR));
    return List.of(
        new Variant("round-robin", Replay.Options.of(Policy.ROUND_ROBIN, 1, 0)),
        new Variant("uncertainty", Replay.Options.of(Policy.UNCERTAINTY, 1, 0)),
        new Variant("expected-gain", Replay.Options.of(Policy.EXPECTED_GAIN, 1, 0)),
        new Variant("crowd4j", crowd4j),
        new Variant("crowd4j+annotator", crowd4j.choosingAnnotator(ANNOTATOR_PRIOR)),
        new Variant("crowd4j+stop", crowd4j.withStop(stop)),
        new Variant(
            "crowd4j+annotator+stop", crowd4j.choosingAnnotator(ANNOTATOR_PRIOR).withStop(stop)),
        new Variant("crowd4j+raw-stop", crowd4j.withStop(StoppingRule.fixed(0.999, MIN_ANSWERS))));
  }

  /** A crowd to replay. */
  record Crowd(String name, String set, CrowdDataset data, Gold gold) {}

  /** Runs it; flags as in the class comment. */
  public static void main(String[] args) throws Exception {
    Path shared = Path.of("../shared");
    int reps = 3;
    int threads = 1;
    boolean withSimulated = true;
    Path csv = Path.of("target/replay-curves.csv");
    Path markdown = Path.of("results/replay.md");
    List<String> crowds = new ArrayList<>(DESIGN);
    crowds.addAll(CONFIRM);
    List<String> only = null;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--shared" -> shared = Path.of(args[i + 1]);
        case "--reps" -> reps = Integer.parseInt(args[i + 1]);
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        case "--csv" -> csv = Path.of(args[i + 1]);
        case "--markdown" -> markdown = Path.of(args[i + 1]);
        case "--crowds" -> crowds = new ArrayList<>(List.of(args[i + 1].split(",")));
        case "--variants" -> only = List.of(args[i + 1].split(","));
        case "--simulated" -> withSimulated = Boolean.parseBoolean(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    if (withSimulated) {
      for (String s : SIMULATED) {
        if (!crowds.contains(s)) {
          crowds.add(s);
        }
      }
    }
    List<Variant> variants = new ArrayList<>();
    for (Variant v : variants()) {
      if (only == null || only.contains(v.name()) || v.name().equals("round-robin")) {
        variants.add(v);
      }
    }
    List<String[]> rows = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append(
        "| crowd | set | answers | MV, all answers | policy | share of answers to reach MV-all |"
            + " accuracy at 25 % | at 50 % | ≥ round robin at every budget it spent |"
            + " answers when stopped | accuracy when stopped |\n");
    md.append("|---|---|---:|---:|---|---:|---:|---:|---|---:|---:|\n");
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      for (String name : crowds) {
        Crowd crowd = load(shared, name);
        CrowdDataset data = crowd.data();
        Gold gold = crowd.gold();
        double bar = gold.accuracy(new MajorityVote().fit(data).labels());
        int total = data.numAnswers();
        int batch = Math.max(1, data.numTasks() / 20);
        double[] grid = grid(data.numTasks(), total);
        List<Callable<Replay.Curve>> jobs = new ArrayList<>();
        for (Variant v : variants) {
          for (int seed = 0; seed < reps; seed++) {
            Replay.Options o =
                new Replay.Options(
                    v.options().policy(),
                    v.options().floor(),
                    v.options().horizon(),
                    v.options().chooseAnnotator(),
                    v.options().annotatorPrior(),
                    v.options().stop(),
                    batch,
                    seed);
            String label = String.format(Locale.ROOT, "%-22s %-24s seed %d", name, v.name(), seed);
            jobs.add(
                () -> {
                  long t0 = System.nanoTime();
                  Replay.Curve c = Replay.run(data, gold, new DawidSkene(), o);
                  System.out.printf(
                      Locale.ROOT,
                      "%s: %d rounds, %d answers bought, final accuracy %.4f (%.1f s)%n",
                      label,
                      c.bought().length,
                      c.spent(),
                      c.accuracy()[c.accuracy().length - 1],
                      (System.nanoTime() - t0) / 1e9);
                  return c;
                });
          }
        }
        List<Future<Replay.Curve>> done = pool.invokeAll(jobs);
        Map<String, double[]> mean = new LinkedHashMap<>();
        Map<String, Double> spent = new LinkedHashMap<>();
        int j = 0;
        for (Variant v : variants) {
          double[] m = new double[grid.length];
          double s = 0;
          for (int seed = 0; seed < reps; seed++) {
            Replay.Curve c = done.get(j++).get();
            for (int g = 0; g < grid.length; g++) {
              // after the replay stopped, the consensus stays as it was
              double acc = c.accuracyAt((int) grid[g]);
              m[g] += acc / reps;
              rows.add(
                  new String[] {
                    name,
                    crowd.set(),
                    v.name(),
                    Integer.toString(seed),
                    String.format(Locale.ROOT, "%.2f", grid[g] / total),
                    Integer.toString((int) grid[g]),
                    String.format(Locale.ROOT, "%.4f", acc)
                  });
            }
            s += (double) c.spent() / reps;
          }
          mean.put(v.name(), m);
          spent.put(v.name(), s);
        }
        double[] rr = mean.get("round-robin");
        for (Variant v : variants) {
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
                  : String.format(
                      Locale.ROOT, "no: %+.4f at %.0f %%", worst, 100 * worstAt / total);
          boolean stops = v.options().stop() != null;
          md.append(
              String.format(
                  Locale.ROOT,
                  "| %s | %s | %,d | %.4f | %s | %s | %.4f | %.4f | %s | %s | %s |%n",
                  name,
                  crowd.set(),
                  total,
                  bar,
                  v.name(),
                  reach(grid, m, bar, total),
                  at(grid, m, 0.25 * total),
                  at(grid, m, 0.5 * total),
                  v.name().equals("round-robin") ? "–" : atLeast,
                  stops
                      ? String.format(
                          Locale.ROOT,
                          "%,.0f (%.0f %%)",
                          spent.get(v.name()),
                          100 * spent.get(v.name()) / total)
                      : "–",
                  stops ? String.format(Locale.ROOT, "%.4f", m[m.length - 1]) : "–"));
        }
      }
    } finally {
      pool.shutdown();
    }
    Path parent = csv.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    CsvWriter.write(
        csv, List.of("crowd", "set", "policy", "seed", "share", "bought", "accuracy"), rows);
    Files.createDirectories(markdown.toAbsolutePath().getParent());
    Files.writeString(markdown, md);
    System.out.print(md);
  }

  /** A shared crowd from {@code shared/datasets/NAME}, or a simulated one ({@code sim-*}). */
  static Crowd load(Path shared, String name) throws Exception {
    if (name.startsWith("sim-")) {
      SimulatedCrowd c = simulated(name);
      return new Crowd(name, "simulated", c.data(), c.gold());
    }
    Path dir = shared.resolve("datasets").resolve(name);
    CrowdDataset data = CrowdReader.readAnswers(dir.resolve("answers.csv"));
    Gold gold = CrowdReader.readGold(dir.resolve("gold.csv"), data);
    return new Crowd(name, DESIGN.contains(name) ? "design" : "confirm", data, gold);
  }

  /**
   * The simulated crowds, 500 tasks each with uniformly drawn truth, seeded: {@code
   * sim-binary-mixed} (2 classes, 12 answers per task from 40 annotators of accuracy 0.6–0.9,
   * symmetric noise), {@code sim-binary-spammers} (2 classes, 12 answers from 40 annotators, 24 of
   * them answering at random and 16 of accuracy 0.8–0.95), {@code sim-4class-hard} (4 classes, 12
   * answers from 30 annotators of accuracy 0.4–0.75), {@code sim-4class-longtail} (4 classes, 10
   * answers from 60 annotators whose workload follows a Zipf law, each with an asymmetric confusion
   * sending 0.1–0.45 of every class to another).
   */
  static SimulatedCrowd simulated(String name) {
    int n = 500;
    long seed = 20261129L;
    SplittableRandom rng = new SplittableRandom(seed);
    int k = name.startsWith("sim-4class") ? 4 : 2;
    int[] truth = new int[n];
    for (int i = 0; i < n; i++) {
      truth[i] = rng.nextInt(k);
    }
    ConfusionPool.Builder b = ConfusionPool.builder(k);
    Assignment assignment;
    switch (name) {
      case "sim-binary-mixed" -> {
        for (int w = 0; w < 40; w++) {
          b.add(Confusions.symmetric(k, 0.4 - 0.3 * w / 39.0), "a" + w);
        }
        assignment = Assignment.perItem(12);
      }
      case "sim-binary-spammers" -> {
        for (int w = 0; w < 40; w++) {
          b.add(
              w < 24
                  ? Confusions.uniform(k)
                  : Confusions.symmetric(k, 0.2 - 0.15 * (w - 24) / 15.0),
              "a" + w);
        }
        assignment = Assignment.perItem(12);
      }
      case "sim-4class-hard" -> {
        for (int w = 0; w < 30; w++) {
          b.add(Confusions.symmetric(k, 0.6 - 0.35 * w / 29.0), "a" + w);
        }
        assignment = Assignment.perItem(12);
      }
      case "sim-4class-longtail" -> {
        for (int w = 0; w < 60; w++) {
          b.add(Confusions.asymmetric(k, 0.1 + 0.35 * rng.nextDouble(), rng), "a" + w);
        }
        assignment = Assignment.longTail(10, 1.0);
      }
      default -> throw new IllegalArgumentException("unknown simulated crowd " + name);
    }
    return CrowdSimulator.simulate(truth, b.build(), assignment, seed);
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
