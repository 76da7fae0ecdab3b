package org.crowd4j.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.pairwise.BradleyTerry;
import org.crowd4j.pairwise.Comparisons;
import org.crowd4j.pairwise.ComparisonsWriter;
import org.crowd4j.pairwise.PairwiseReader;
import org.crowd4j.pairwise.PairwiseSimulator;
import org.crowd4j.pairwise.Ranking;
import org.crowd4j.spark.SparkBradleyTerry;
import org.crowd4j.spark.SparkBradleyTerryModel;

/**
 * Bradley–Terry on one machine and on Spark over the same simulated comparisons CSV (1,000 items,
 * 1,000 workers, 20 % random and 20 % adversarial, seed 1; written on first use): per engine and
 * run, the seconds to read and fit (Spark: reading the CSV and counting the pair wins on the
 * executors, then the MM updates on the driver), and the largest difference between the two fits'
 * scores, log-scores and standard errors.
 *
 * <pre>
 * java -Xmx4g $opens -cp "$cp" org.crowd4j.bench.SparkPairwiseBenchmark \
 *   --comparisons 1000000 --master 'local[2]' --data /tmp/crowd4j-bt-bench
 * </pre>
 */
public final class SparkPairwiseBenchmark {
  private SparkPairwiseBenchmark() {}

  /** Runs the benchmark. */
  public static void main(String[] args) throws Exception {
    int comparisons = 1_000_000;
    String master = "local[2]";
    Path data = Path.of("/tmp/crowd4j-bt-bench");
    int runs = 2;
    for (int a = 0; a + 1 < args.length; a += 2) {
      switch (args[a]) {
        case "--comparisons" -> comparisons = Integer.parseInt(args[a + 1]);
        case "--master" -> master = args[a + 1];
        case "--data" -> data = Path.of(args[a + 1]);
        case "--runs" -> runs = Integer.parseInt(args[a + 1]);
        default -> throw new IllegalArgumentException("unknown flag " + args[a]);
      }
    }
    Path dir = data.resolve(Integer.toString(comparisons));
    Path csv = dir.resolve("comparisons.csv");
    if (!Files.exists(csv)) {
      Files.createDirectories(dir);
      ComparisonsWriter.write(
          dir,
          PairwiseSimulator.simulate(
              new PairwiseSimulator.Spec(
                  1000, comparisons, 1000, 0.2, 0.2, 1.0, PairwiseSimulator.Model.BT),
              1));
    }
    BradleyTerry.Options options = BradleyTerry.Options.defaults();
    System.out.println("engine\trun\tcomparisons\titems\tupdates\tread s\tfit s\ttotal s\tCPU s");
    Ranking core = null;
    for (int run = 1; run <= runs; run++) {
      long cpu0 = cpuNanos();
      long t0 = System.nanoTime();
      Comparisons c = PairwiseReader.read(csv);
      long t1 = System.nanoTime();
      core = new BradleyTerry(options).fit(c);
      long t2 = System.nanoTime();
      System.out.printf(
          Locale.ROOT,
          "core\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f%n",
          run,
          c.size(),
          c.numItems(),
          core.diagnostics().iterations(),
          (t1 - t0) / 1e9,
          (t2 - t1) / 1e9,
          (t2 - t0) / 1e9,
          (cpuNanos() - cpu0) / 1e9);
    }
    SparkSession spark =
        SparkSession.builder()
            .master(master)
            .appName("crowd4j Bradley-Terry benchmark")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "8")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    SparkBradleyTerryModel model = null;
    for (int run = 1; run <= runs; run++) {
      long cpu0 = cpuNanos();
      long t0 = System.nanoTime();
      Dataset<Row> frame = spark.read().option("header", "true").csv(csv.toString());
      model = new SparkBradleyTerry(options).fit(frame);
      long t1 = System.nanoTime();
      double[] s = model.fitSeconds();
      System.out.printf(
          Locale.ROOT,
          "spark %s\t%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f%n",
          master,
          run,
          model.numComparisons(),
          model.numItems(),
          model.diagnostics().iterations(),
          (t1 - t0) / 1e9 - s[1],
          s[1],
          (t1 - t0) / 1e9,
          (cpuNanos() - cpu0) / 1e9);
    }
    Map<String, Row> byItem = new HashMap<>();
    for (Row r : model.scores().collectAsList()) {
      byItem.put(r.getString(0), r);
    }
    double worst = 0;
    for (int i = 0; i < core.size(); i++) {
      Row r = byItem.get(core.items().name(i));
      worst = Math.max(worst, Math.abs(core.score(i) - r.getDouble(1)));
      worst = Math.max(worst, Math.abs(core.logScore(i) - r.getDouble(2)));
      worst = Math.max(worst, Math.abs(core.stderr(i) - r.getDouble(3)));
    }
    System.out.printf(
        Locale.ROOT,
        "largest difference (score, log-score, stderr) core vs spark: %.3g; load average %.2f%n",
        worst,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    spark.stop();
  }

  private static long cpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return 0;
  }
}
