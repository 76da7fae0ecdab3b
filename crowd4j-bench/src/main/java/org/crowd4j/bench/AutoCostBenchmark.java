package org.crowd4j.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Auto;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.MethodSelection;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;

/**
 * What {@code auto} costs against one Dawid–Skene fit on the same answers, both at default options:
 * Dawid–Skene is timed {@code --ds-repeats} times after a warm-up fit (median), {@code auto} {@code
 * --auto-repeats} times (median). Prints one line per measurement and the ratio.
 *
 * <pre>
 * java -Xmx6g -cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.AutoCostBenchmark \
 *   --answers crowd.csv [--ds-repeats 5] [--auto-repeats 2]
 * </pre>
 */
public final class AutoCostBenchmark {
  private AutoCostBenchmark() {}

  /** Runs it; see the class comment for the flags. */
  public static void main(String[] args) throws Exception {
    Path answers = null;
    int dsRepeats = 5;
    int autoRepeats = 2;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--answers" -> answers = Path.of(args[i + 1]);
        case "--ds-repeats" -> dsRepeats = Integer.parseInt(args[i + 1]);
        case "--auto-repeats" -> autoRepeats = Integer.parseInt(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    if (answers == null) {
      throw new IllegalArgumentException("--answers FILE is required");
    }
    CrowdDataset data = CrowdReader.readAnswers(answers);
    System.out.printf(
        Locale.ROOT,
        "%s: %d answers, %d tasks, %d workers, %d classes; %d processors%n",
        answers.getFileName(),
        data.numAnswers(),
        data.numTasks(),
        data.numWorkers(),
        data.numLabels(),
        Runtime.getRuntime().availableProcessors());
    new DawidSkene().fit(data); // warm-up
    Timed ds = time(new DawidSkene(), data, dsRepeats);
    System.out.printf(
        Locale.ROOT,
        "ds: median %.3f s over %d fits (%d iterations, %s)%n",
        ds.median(),
        dsRepeats,
        ds.last().diagnostics().iterations(),
        Arrays.toString(ds.seconds()));
    Timed auto = time(new Auto(), data, autoRepeats);
    MethodSelection sel = auto.last().selection().orElseThrow();
    System.out.printf(
        Locale.ROOT,
        "auto: median %.3f s over %d fits (%s); scored on %d answers; chosen %s%n",
        auto.median(),
        autoRepeats,
        Arrays.toString(auto.seconds()),
        sel.scoredAnswers(),
        sel.chosen());
    double dsMedian = ds.median();
    double autoMedian = auto.median();
    System.out.printf(Locale.ROOT, "auto / ds = %.1f%n", autoMedian / dsMedian);
  }

  /** Fit times in seconds and the last result. */
  private record Timed(double[] seconds, AggregationResult last) {
    double median() {
      return AutoCostBenchmark.median(seconds);
    }
  }

  private static Timed time(Aggregator method, CrowdDataset data, int repeats) {
    double[] s = new double[repeats];
    AggregationResult last = null;
    for (int r = 0; r < repeats; r++) {
      long t0 = System.nanoTime();
      last = method.fit(data);
      s[r] = (System.nanoTime() - t0) / 1e9;
    }
    return new Timed(s, last);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  }
}
