package org.crowd4j.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.ComparisonsWriter;
import org.crowd4j.pairwise.KendallTau;
import org.crowd4j.pairwise.NoisyBradleyTerry;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;

/**
 * Pairwise ranking on simulated comparisons: Kendall τ of Bradley–Terry and NoisyBT scores to the
 * true scores against the number of comparisons, the coverage of BT's 95 % intervals on a clean
 * crowd, and the wall time of both fits on a large set.
 *
 * <pre>
 * java -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.PairwiseBenchmark accuracy
 * java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.PairwiseBenchmark \
 *   speed --comparisons 1000000 --items 1000 [--write DIR]
 * </pre>
 *
 * <p>{@code speed} writes the simulated comparisons to a CSV file, reads them back and times both
 * fits on what was read (CPU: this thread's, and the whole process's with GC and JIT); with {@code
 * --write DIR} the files ({@code comparisons.csv}: {@code worker,left,right,label}; {@code
 * truth.csv}: {@code item,score}, the true log-scores; {@code workers.csv}) are kept in {@code
 * DIR}, for timing other libraries on the same input; {@code --write DIR --write-only} writes them
 * and times nothing.
 */
public final class PairwiseBenchmark {
  private PairwiseBenchmark() {}

  /** Runs {@code accuracy} or {@code speed}. */
  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "accuracy";
    int comparisons = 1_000_000;
    int items = 1000;
    int seeds = 5;
    Path write = null;
    boolean time = true;
    for (int a = 1; a < args.length; a++) {
      switch (args[a]) {
        case "--comparisons" -> comparisons = Integer.parseInt(args[++a]);
        case "--items" -> items = Integer.parseInt(args[++a]);
        case "--seeds" -> seeds = Integer.parseInt(args[++a]);
        case "--write" -> write = Files.createDirectories(Path.of(args[++a]));
        case "--write-only" -> time = false;
        default -> throw new IllegalArgumentException("unknown flag " + args[a]);
      }
    }
    if (!time && write == null) {
      throw new IllegalArgumentException("--write-only needs --write DIR");
    }
    if (mode.equals("accuracy")) {
      accuracy(seeds);
    } else if (mode.equals("speed")) {
      speed(comparisons, items, write, time);
    } else {
      throw new IllegalArgumentException("mode must be accuracy or speed: " + mode);
    }
  }

  private static void accuracy(int seeds) {
    System.out.println(
        "| comparisons | bad workers | BT | BT, prior 1 | NoisyBT | NoisyBT, prior 1 |");
    System.out.println("|---:|---|---:|---:|---:|---:|");
    double[][] crowds = {{0, 0}, {0.2, 0.2}};
    for (double[] crowd : crowds) {
      for (int m : new int[] {1_000, 10_000, 100_000}) {
        double[] tau = new double[4];
        for (int seed = 1; seed <= seeds; seed++) {
          PairwiseSimulator.Simulated s =
              PairwiseSimulator.simulate(
                  new PairwiseSimulator.Spec(
                      200, m, 50, crowd[0], crowd[1], 1.0, PairwiseSimulator.Model.BT),
                  seed);
          Ranking[] fits = {
            new BradleyTerry(BradleyTerry.Options.defaults()).fit(s.data()),
            new BradleyTerry(BradleyTerry.Options.defaults().withPrior(1)).fit(s.data()),
            new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults()).fit(s.data()),
            new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults().withPrior(1)).fit(s.data())
          };
          for (int f = 0; f < fits.length; f++) {
            tau[f] += KendallTau.of(fits[f].logScores(), s.trueLogScores()) / seeds;
          }
        }
        System.out.printf(
            Locale.ROOT,
            "| %,d | %s | %.3f | %.3f | %.3f | %.3f |%n",
            m,
            crowd[0] == 0 && crowd[1] == 0
                ? "none"
                : String.format(
                    Locale.ROOT,
                    "%.0f %% random, %.0f %% adversarial",
                    100 * crowd[0],
                    100 * crowd[1]),
            tau[0],
            tau[1],
            tau[2],
            tau[3]);
      }
    }
    // coverage of BT's 95 % intervals for the centred log-scores, clean crowd
    long inside = 0;
    long total = 0;
    for (int seed = 1; seed <= seeds; seed++) {
      PairwiseSimulator.Simulated s =
          PairwiseSimulator.simulate(
              new PairwiseSimulator.Spec(200, 10_000, 50, 0, 0, 1.0, PairwiseSimulator.Model.BT),
              seed);
      Ranking r =
          new BradleyTerry(BradleyTerry.Options.defaults().withIterations(1000, 1e-10))
              .fit(s.data());
      double[] est = r.logScores();
      double[] truth = s.trueLogScores();
      double meanEst = 0;
      double meanTrue = 0;
      for (int i = 0; i < est.length; i++) {
        meanEst += est[i] / est.length;
        meanTrue += truth[i] / est.length;
      }
      for (int i = 0; i < est.length; i++) {
        double z = ((est[i] - meanEst) - (truth[i] - meanTrue)) / r.stderr(i);
        inside += Math.abs(z) <= 1.959964 ? 1 : 0;
        total++;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%nBT 95 %% intervals (±1.96 stderr) on 200 items, 10,000 clean comparisons, %d seeds:"
            + " coverage %.3f%n",
        seeds,
        (double) inside / total);
  }

  private static void speed(int comparisons, int items, Path write, boolean time) throws Exception {
    long t0 = System.nanoTime();
    PairwiseSimulator.Simulated s =
        PairwiseSimulator.simulate(
            new PairwiseSimulator.Spec(
                items, comparisons, 1000, 0.2, 0.2, 1.0, PairwiseSimulator.Model.BT),
            1);
    long t1 = System.nanoTime();
    Path dir = write != null ? write : Files.createTempDirectory("crowd4j-pairwise");
    ComparisonsWriter.write(dir, s);
    if (!time) {
      return;
    }
    long t2 = System.nanoTime();
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long readCpu = mx.getCurrentThreadCpuTime();
    Comparisons data = PairwiseReader.read(dir.resolve("comparisons.csv"));
    long t3 = System.nanoTime();
    readCpu = mx.getCurrentThreadCpuTime() - readCpu;
    System.out.printf(
        Locale.ROOT,
        "%,d comparisons, %,d items, 1,000 workers: simulate %.2f s, write CSV %.2f s (%.0f MB),"
            + " read CSV %.2f s wall, %.2f s CPU%n",
        data.size(),
        data.numItems(),
        (t1 - t0) / 1e9,
        (t2 - t1) / 1e9,
        Files.size(dir.resolve("comparisons.csv")) / 1e6,
        (t3 - t2) / 1e9,
        readCpu / 1e9);
    // the file lists items in first-seen order: align the truth by name
    double[] truth = new double[data.numItems()];
    for (int i = 0; i < truth.length; i++) {
      truth[i] = s.trueLogScores()[s.data().items().id(data.items().name(i))];
    }
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    for (int run = 0; run < 2; run++) {
      long a = System.nanoTime();
      long ca = cpu.getCurrentThreadCpuTime();
      long pa = KindsBenchmark.cpuNanos();
      Ranking bt = new BradleyTerry(BradleyTerry.Options.defaults()).fit(data);
      long b = System.nanoTime();
      long cb = cpu.getCurrentThreadCpuTime();
      long pb = KindsBenchmark.cpuNanos();
      Ranking noisy = new NoisyBradleyTerry(NoisyBradleyTerry.Options.defaults()).fit(data);
      long c = System.nanoTime();
      long cc = cpu.getCurrentThreadCpuTime();
      long pc = KindsBenchmark.cpuNanos();
      System.out.printf(
          Locale.ROOT,
          "run %d: bt %.2f s wall, %.2f s CPU, %.2f s process CPU (%d iterations, converged %s,"
              + " tau %.3f); noisy-bt %.2f s wall, %.2f s CPU, %.2f s process CPU (%d steps,"
              + " converged %s, tau %.3f)%n",
          run + 1,
          (b - a) / 1e9,
          (cb - ca) / 1e9,
          (pb - pa) / 1e9,
          bt.diagnostics().iterations(),
          bt.diagnostics().converged(),
          KendallTau.of(bt.logScores(), truth),
          (c - b) / 1e9,
          (cc - cb) / 1e9,
          (pc - pb) / 1e9,
          noisy.diagnostics().iterations(),
          noisy.diagnostics().converged(),
          KendallTau.of(noisy.logScores(), truth));
    }
    if (write == null) {
      for (String f : new String[] {"comparisons.csv", "truth.csv", "workers.csv"}) {
        Files.deleteIfExists(dir.resolve(f));
      }
      Files.deleteIfExists(dir);
    }
  }
}
