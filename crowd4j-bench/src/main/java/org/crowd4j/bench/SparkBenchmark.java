package org.crowd4j.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.DawidSkene;
import org.crowd4j.aggregate.Glad;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.spark.CrowdModel;
import org.crowd4j.spark.SparkAggregator;
import org.crowd4j.spark.SparkCrowd;
import org.crowd4j.spark.SparkDawidSkene;
import org.crowd4j.spark.SparkGlad;

/**
 * Dawid–Skene ({@code --method ds}, the default) or GLAD ({@code --method glad}) on a generated
 * crowd ({@link BenchmarkCrowd}: n = answers / 10 tasks, 1,000 workers, 4 classes, seed 42), on one
 * machine (crowd4j-core) or on Spark (crowd4j-spark), one engine per JVM; prints one tab-separated
 * result line.
 *
 * <pre>
 * java -Xmx8g -cp "$(cat crowd4j-spark/target/spark-classpath.txt):crowd4j-bench/target/crowd4j-bench.jar" \
 *   [Spark's --add-opens options] org.crowd4j.bench.SparkBenchmark --engine spark --answers 10000000 \
 *   --data /tmp/crowd4j-spark-bench --iterations 50 --master local[2] [--method glad]
 * </pre>
 *
 * <p>Both methods run with {@code tol = 0} unless {@code --tol} says otherwise (Dawid–Skene:
 * stopping on the log-likelihood, floor 1e-10; GLAD: otherwise default options), so they stop after
 * {@code --iterations} or when an iteration no longer gains.
 *
 * <p>Columns: engine, answers, tasks, iterations run, load/prepare seconds, EM seconds, ms per
 * iteration (mean of iterations 2..last, from the listener's callbacks), EM seconds of the first 10
 * iterations (prepare excluded), ns per answer and iteration, posteriors pass seconds (Spark: one
 * job over the cached blocks that counts the posterior rows), JVM CPU seconds, accuracy, mean
 * system load average during the run.
 */
public final class SparkBenchmark {
  private SparkBenchmark() {}

  /** Runs one benchmark; see the class comment for the flags. */
  public static void main(String[] args) throws Exception {
    String engine = "spark";
    int answers = 1_000_000;
    Path data = Path.of("/tmp/crowd4j-spark-bench");
    int iterations = 50;
    String master = "local[2]";
    int partitions = 0;
    String method = "ds";
    double tol = 0.0;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--engine" -> engine = args[++i];
        case "--answers" -> answers = Integer.parseInt(args[++i]);
        case "--data" -> data = Path.of(args[++i]);
        case "--iterations" -> iterations = Integer.parseInt(args[++i]);
        case "--master" -> master = args[++i];
        case "--partitions" -> partitions = Integer.parseInt(args[++i]);
        case "--method" -> method = args[++i];
        case "--tol" -> tol = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("unknown flag " + args[i]);
      }
    }
    BenchmarkCrowd crowd = new BenchmarkCrowd(Math.max(1, answers / 10), 1000, 4, answers, 42);
    Files.createDirectories(data);
    Path csv = data.resolve("crowd-" + answers + "-" + crowd.tasks() + "-1000-4-42.csv");
    Path truthFile = data.resolve("truth-" + answers + ".bin");
    int[] truth;
    if (!Files.exists(csv) || !Files.exists(truthFile)) {
      truth = crowd.write(csv);
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(truth.length * 4);
      buf.asIntBuffer().put(truth);
      Files.write(truthFile, buf.array());
    } else {
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(Files.readAllBytes(truthFile));
      truth = new int[crowd.tasks()];
      buf.asIntBuffer().get(truth);
    }
    Aggregator core;
    java.util.function.Supplier<SparkAggregator<?, ?>> onSpark;
    switch (method) {
      case "ds" -> {
        DawidSkene.Options options =
            new DawidSkene.Options(iterations, tol, 1e-10, DawidSkene.Stopping.LIKELIHOOD);
        core = new DawidSkene(options);
        onSpark = () -> new SparkDawidSkene(options);
      }
      case "glad" -> {
        Glad.Options d = Glad.Options.defaults();
        Glad.Options options =
            new Glad.Options(
                iterations, tol, d.alphaPriorMean(), d.betaPriorMean(), d.betaSteps(), d.memory());
        core = new Glad(options);
        onSpark = () -> new SparkGlad(options);
      }
      default -> throw new IllegalArgumentException("--method ds or glad: " + method);
    }
    LoadSampler load = new LoadSampler();
    load.start();
    long cpu0 = cpuNanos();
    String line;
    if (engine.equals("core")) {
      line = core(csv, core, truth);
    } else {
      line = spark(csv, onSpark.get(), truth, master, partitions);
    }
    double cpu = (cpuNanos() - cpu0) / 1e9;
    load.finish();
    System.out.println(line + String.format(Locale.ROOT, "\t%.1f\t%.2f", cpu, load.mean()));
  }

  private static String core(Path csv, Aggregator method, int[] truth) throws Exception {
    long t0 = System.nanoTime();
    CrowdDataset data = CrowdReader.readAnswers(csv);
    long t1 = System.nanoTime();
    List<Long> stamps = new ArrayList<>();
    AggregationResult r =
        method.fit(
            data,
            FitContext.<Gold>none()
                .listener(
                    (m, it, max, obj) -> {
                      stamps.add(System.nanoTime());
                      return true;
                    }));
    long t2 = System.nanoTime();
    int hits = 0;
    for (int i = 0; i < data.numTasks(); i++) {
      int task = Integer.parseInt(data.tasks().name(i).substring(1));
      if (Integer.parseInt(data.labels().name(r.label(i))) == truth[task]) {
        hits++;
      }
    }
    return row(
        "core",
        data.numAnswers(),
        data.numTasks(),
        r.diagnostics().iterations(),
        (t1 - t0) / 1e9,
        (t2 - t1) / 1e9,
        stamps,
        t1,
        0,
        (double) hits / data.numTasks());
  }

  private static String spark(
      Path csv, SparkAggregator<?, ?> method, int[] truth, String master, int partitions) {
    SparkSession spark =
        SparkSession.builder()
            .master(master)
            .appName("crowd4j benchmark")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "8")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    List<Long> stamps = new ArrayList<>();
    long t0 = System.nanoTime();
    Dataset<Row> answers = SparkCrowd.read(spark, csv.toString(), null);
    long tFit = System.nanoTime();
    CrowdModel<?> model =
        method
            .setNumPartitions(partitions)
            .setListener(
                (m, it, max, obj) -> {
                  stamps.add(System.nanoTime());
                  return true;
                })
            .fit(answers);
    double[] fit = model.fitSeconds();
    long blockBytes = 0;
    for (org.apache.spark.storage.RDDInfo info : spark.sparkContext().getRDDStorageInfo()) {
      if ("crowd4j answer blocks".equals(info.name())) {
        blockBytes += info.memSize() + info.diskSize();
      }
    }
    System.err.printf(
        Locale.ROOT,
        "reading (schema) %.2f s, preparation %.2f s, EM %.2f s%n",
        (tFit - t0) / 1e9,
        fit[0],
        fit[1]);
    long emStart = tFit + (long) (fit[0] * 1e9);
    double load = (tFit - t0) / 1e9 + fit[0];
    long t3 = System.nanoTime();
    Dataset<Row> post = model.posteriors();
    long hits = 0;
    long tasks = 0;
    for (java.util.Iterator<Row> it = post.toLocalIterator(); it.hasNext(); ) {
      Row r = it.next();
      tasks++;
      int task = Integer.parseInt(r.getString(0).substring(1));
      if (Integer.parseInt(r.getString(1)) == truth[task]) {
        hits++;
      }
    }
    long t4 = System.nanoTime();
    String out =
        row(
            "spark " + master + " P=" + model.fitPartitions(),
            model.numAnswers(),
            tasks,
            model.diagnostics().iterations(),
            load,
            fit[1],
            stamps,
            emStart,
            (t4 - t3) / 1e9,
            (double) hits / tasks);
    model.unpersist();
    spark.stop();
    return out + String.format(Locale.ROOT, "\tblocks %.0f MiB", blockBytes / 1048576.0);
  }

  private static String row(
      String engine,
      long answers,
      long tasks,
      int iterations,
      double load,
      double em,
      List<Long> stamps,
      long emStart,
      double posteriors,
      double accuracy) {
    double perIteration =
        stamps.size() > 1
            ? (stamps.get(stamps.size() - 1) - stamps.get(0)) / 1e6 / (stamps.size() - 1)
            : Double.NaN;
    double first10 = stamps.size() >= 10 ? (stamps.get(9) - emStart) / 1e9 : Double.NaN;
    double nsPerAnswer = perIteration * 1e6 / answers;
    return String.format(
        Locale.ROOT,
        "%s\t%d\t%d\t%d\t%.2f\t%.2f\t%.1f\t%.2f\t%.2f\t%.2f\t%.4f",
        engine,
        answers,
        tasks,
        iterations,
        load,
        em,
        perIteration,
        first10,
        nsPerAnswer,
        posteriors,
        accuracy);
  }

  private static long cpuNanos() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return 0;
  }

  /** Samples the 1-minute load average every second. */
  private static final class LoadSampler extends Thread {
    private volatile boolean done;
    private double sum;
    private int count;

    LoadSampler() {
      setDaemon(true);
    }

    @Override
    public void run() {
      while (!done) {
        try {
          String s = Files.readString(Path.of("/proc/loadavg"));
          synchronized (this) {
            sum += Double.parseDouble(s.split(" ")[0]);
            count++;
          }
          Thread.sleep(1000);
        } catch (IOException | InterruptedException | RuntimeException e) {
          return;
        }
      }
    }

    void finish() {
      done = true;
    }

    synchronized double mean() {
      return count == 0 ? Double.NaN : sum / count;
    }
  }
}
