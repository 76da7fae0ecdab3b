package org.crowd4j.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.IterationListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * crowd4j on a Spark standalone cluster of separate JVMs (a Master and two Workers with one core
 * and 1 GB each, started from the Spark jars Maven resolved): the driver runs in this JVM and ships
 * {@code crowd4j-spark-bundle.jar} to the executors, so closures, broadcasts and blocks cross
 * process boundaries. For Dawid–Skene (and GLAD and the crowd mixture with {@code -Pfull-sweep}), a
 * fit on the cluster equals the core's within 1e-9; a second fit during which one executor JVM is
 * killed ({@code kill -9}) after the second iteration finishes with bit for bit the same posteriors
 * (GLAD's per-task state goes to the session's checkpoint directory); and {@code ./crowd4j
 * aggregate --engine spark --master spark://…} runs against the same cluster. The wall and CPU
 * times of the phases are written to {@code target/cluster/timings.txt}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterIT {
  private static final double TOLERANCE = 1e-9;
  private static final int WORKERS = 2;
  private static final int PARTITIONS = 4;
  private static final int KILL_AFTER_ITERATION = 2;
  private static final Duration STARTUP = Duration.ofSeconds(180);
  private static final Duration COMMAND_LINE = Duration.ofMinutes(5);

  /**
   * Options of every JVM of the cluster, executors and command line included: they live for seconds
   * on small data, where the optimising compiler and parallel GC cost more CPU than they save.
   */
  static final List<String> SHORT_LIVED_JVM =
      List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  /** A fixed number of iterations (tol 0) so that the fit goes on for a while after the kill. */
  private static final Map<String, Map<String, String>> PARAMS =
      Map.of(
          "ds", Map.of("tol", "0", "maxIterations", "20"),
          "glad", Map.of("tol", "0", "maxIterations", "8"),
          "crowd-mixture", Map.of("tol", "0", "maxIterations", "20"));

  private Path dir;
  private StandaloneCluster cluster;
  private SparkSession spark;
  private ExecutorEvents events;
  private Path answersFile;
  private CrowdDataset answers;
  private final List<String> timings = new ArrayList<>();

  @BeforeAll
  void startCluster() throws Exception {
    String clusterDir = System.getProperty("crowd4j.cluster.dir");
    if (clusterDir == null) {
      fail("crowd4j.cluster.dir is not set: run the cluster tests with mvn verify");
    }
    dir = Path.of(clusterDir);
    long t0 = System.nanoTime();
    SparkHome home = SparkHome.create(dir.resolve("spark-jars.txt"), dir.resolve("spark-home"));
    List<String> jvmOptions =
        Arrays.stream(System.getProperty("crowd4j.cluster.jvmOptions", "").trim().split("\\s+"))
            .filter(s -> !s.isEmpty())
            .toList();
    cluster =
        StandaloneCluster.start(home, dir.resolve("run"), jvmOptions, WORKERS, 1, "1g", STARTUP);
    timings.add(seconds("cluster up (master + 2 workers)", t0));
    answersFile = GeneratedAnswers.write(dir.resolve("data").resolve("answers.csv"), 3000, 7);
    answers = CrowdReader.readAnswers(answersFile);
    t0 = System.nanoTime();
    spark = startSession();
    // GLAD writes its per-task state there, so that it survives a lost executor
    spark.sparkContext().setCheckpointDir(checkpoints().toString());
    events = new ExecutorEvents();
    spark.sparkContext().addSparkListener(events);
    awaitExecutors(WORKERS);
    timings.add(seconds("driver session + 2 executors", t0));
  }

  private SparkSession startSession() {
    Path bundle = dir.resolve("crowd4j-spark-bundle.jar");
    assertTrue(Files.isRegularFile(bundle), bundle + " (copied by pre-integration-test)");
    return SparkSession.builder()
        .master(cluster.masterUrl())
        .appName("crowd4j cluster tests")
        .config("spark.jars", bundle.toString())
        .config("spark.executor.memory", "1g")
        .config("spark.executor.extraJavaOptions", String.join(" ", SHORT_LIVED_JVM))
        .config("spark.executor.cores", "1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", Integer.toString(PARTITIONS))
        .config("spark.default.parallelism", Integer.toString(PARTITIONS))
        .config("spark.sql.session.timeZone", "UTC")
        // no waiting for the executor that holds a task's block: both single-core executors work
        .config("spark.locality.wait", "0s")
        .getOrCreate();
  }

  /** The checkpoint directory of the driver's session (HDFS or the like on a real cluster). */
  private Path checkpoints() {
    return dir.resolve("checkpoints");
  }

  @AfterAll
  void stopCluster() throws IOException {
    try {
      if (spark != null) {
        spark.stop();
      }
    } finally {
      if (cluster != null) {
        cluster.close();
      }
      Duration children = CpuTime.reapedChildren();
      timings.add(
          String.format(
              Locale.ROOT,
              "CPU time: driver (test JVM) %.1f s; cluster, executors and command line %s",
              CpuTime.self().toMillis() / 1e3,
              children == null
                  ? "(not measured)"
                  : String.format(Locale.ROOT, "%.1f s", children.toMillis() / 1e3)));
      if (dir != null) {
        Files.createDirectories(dir);
        Files.write(dir.resolve("timings.txt"), timings);
        System.out.println(String.join(System.lineSeparator(), timings));
      }
    }
  }

  @Order(1)
  @ParameterizedTest
  @ValueSource(strings = {"ds"})
  void fitsEqualTheCoreAndSurviveAKilledExecutor(String method) throws Exception {
    fitAndKill(method);
  }

  /** The same for the other iterative kinds of fit; run by {@code -Pfull-sweep}. */
  @Order(1)
  @Tag("full-sweep")
  @ParameterizedTest
  @ValueSource(strings = {"glad", "crowd-mixture"})
  void otherFitsEqualTheCoreAndSurviveAKilledExecutor(String method) throws Exception {
    fitAndKill(method);
  }

  private void fitAndKill(String method) throws Exception {
    Map<String, String> params = PARAMS.get(method);
    AggregationResult core = ClusterFits.onCore(method, params, answers);
    Dataset<Row> frame = spark.read().option("header", "true").csv(answersFile.toString());
    awaitExecutors(WORKERS);

    long t0 = System.nanoTime();
    Map<String, double[]> undisturbed;
    int iterations;
    try (ClusterFits.Fitted fit =
        ClusterFits.onSpark(method, params, frame, PARTITIONS, IterationListener.NONE)) {
      checkParity(method, core, fit);
      undisturbed = fit.posteriorsByTask();
      iterations = fit.iterations();
    }
    timings.add(seconds(method + ": fit, " + iterations + " iterations", t0));

    awaitExecutors(WORKERS);
    Killer killer = new Killer(method);
    t0 = System.nanoTime();
    try (ClusterFits.Fitted fit = ClusterFits.onSpark(method, params, frame, PARTITIONS, killer)) {
      assertNotNull(
          killer.victim, "an executor was killed after iteration " + KILL_AFTER_ITERATION);
      assertTrue(
          fit.iterations() > KILL_AFTER_ITERATION,
          "the fit went on after the kill: " + fit.iterations() + " iterations");
      assertTrue(
          waitFor(() -> events.removed().contains(killer.victim), Duration.ofSeconds(30)),
          "the driver saw executor " + killer.victim + " go: " + events.removed());
      Set<String> recomputed = new TreeSet<>(killer.lost);
      recomputed.retainAll(events.storedSinceMark());
      assertFalse(
          recomputed.isEmpty(),
          "blocks of the killed executor were computed again from lineage: lost "
              + killer.lost
              + ", stored since the kill "
              + new TreeSet<>(events.storedSinceMark()));
      assertEquals(iterations, fit.iterations(), method + ": iterations with a kill");
      checkParity(method, core, fit);
      Map<String, double[]> disturbed = fit.posteriorsByTask();
      assertEquals(undisturbed.keySet(), disturbed.keySet(), "tasks");
      for (Map.Entry<String, double[]> e : undisturbed.entrySet()) {
        assertTrue(
            Arrays.equals(e.getValue(), disturbed.get(e.getKey())),
            method + ": task " + e.getKey() + " has other bits after the kill");
      }
      timings.add(
          seconds(
              String.format(
                  Locale.ROOT,
                  "%s: fit with executor %s killed after iteration %d (%d lost blocks, %d failed"
                      + " tasks)",
                  method,
                  killer.victim,
                  KILL_AFTER_ITERATION,
                  killer.lost.size(),
                  events.failedTasksSinceMark()),
              t0));
    }
    assertEquals(List.of(), checkpointFiles(), "checkpoint files left after the fits");
  }

  /** The RDD folders in the checkpoint directory ({@code <uuid>/rdd-<id>}). */
  private List<Path> checkpointFiles() throws IOException {
    if (!Files.isDirectory(checkpoints())) {
      return List.of();
    }
    try (var s = Files.walk(checkpoints(), 2)) {
      return s.filter(p -> p.getFileName().toString().startsWith("rdd-")).toList();
    }
  }

  @Order(2)
  @Test
  void commandLineRunsAgainstTheCluster() throws Exception {
    // the cluster's two cores go to the next application once this one has stopped
    spark.stop();
    spark = null;
    Path root = Path.of(System.getProperty("crowd4j.root", "."));
    Path launcher = root.resolve("crowd4j");
    Path jar = root.resolve("crowd4j-cli").resolve("target").resolve("crowd4j.jar");
    assertTrue(Files.isRegularFile(jar), jar + " is built by the package phase of crowd4j-cli");
    Path out = dir.resolve("data").resolve("cli-labels.csv");
    Files.deleteIfExists(out);
    Path log = dir.resolve("cli.log");
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                launcher.toString(),
                "aggregate",
                "--engine",
                "spark",
                "--master",
                cluster.masterUrl(),
                "--method",
                "ds",
                "--partitions",
                Integer.toString(PARTITIONS),
                "--answers",
                answersFile.toString(),
                "--out",
                out.toString())
            .directory(root.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().put("SPARK_HOME", dir.resolve("spark-home").toString());
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    // the launcher splits CROWD4J_JAVA_OPTS at spaces: one option for the executors
    pb.environment()
        .put(
            "CROWD4J_JAVA_OPTS",
            "-Xmx1g "
                + String.join(" ", SHORT_LIVED_JVM)
                + " -Dspark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1");
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(COMMAND_LINE.toSeconds(), TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      fail(
          "./crowd4j aggregate did not finish within "
              + COMMAND_LINE.toMinutes()
              + " minutes\n"
              + Files.readString(log));
    }
    String output = Files.readString(log);
    timings.add(seconds("./crowd4j aggregate --engine spark --master spark://… (ds)", t0));
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains(cluster.masterUrl()), output);

    List<Path> shipped = shippedJars("crowd4j.jar");
    assertFalse(shipped.isEmpty(), "the executors fetched crowd4j.jar from the driver\n" + output);

    AggregationResult core = ClusterFits.onCore("ds", Map.of(), answers);
    double max = CliLabels.maxDifference(core, out);
    assertTrue(max <= TOLERANCE, "command line vs core: max |Δ posterior| = " + max);
  }

  /** The copies of {@code name} in the executors' work folders (where spark.jars are fetched). */
  private List<Path> shippedJars(String name) throws IOException {
    List<Path> found = new ArrayList<>();
    for (int w = 0; w < cluster.numWorkers(); w++) {
      try (var s = Files.walk(cluster.workDir(w), 3)) {
        s.filter(p -> p.getFileName().toString().equals(name)).forEach(found::add);
      }
    }
    return found;
  }

  private void checkParity(String method, AggregationResult core, ClusterFits.Fitted fit) {
    Parity.Diff diff = Parity.compare(core, fit.posteriors(), fit.labels());
    assertTrue(diff.maxAbs() <= TOLERANCE, method + " vs core: " + diff);
    assertEquals(0, diff.labelMismatches(), method + " label differences: " + diff);
    assertEquals(core.diagnostics().iterations(), fit.iterations(), method + " iterations");
  }

  /**
   * Kills, after iteration {@link #KILL_AFTER_ITERATION}, the JVM of the executor that holds the
   * first of the cached blocks, and waits until it is gone before the fit goes on.
   */
  private final class Killer implements IterationListener {
    private final String method;
    String victim;
    Set<String> lost = Set.of();

    Killer(String method) {
      this.method = method;
    }

    @Override
    public boolean onIteration(String name, int iteration, int maxIterations, double objective) {
      if (iteration != KILL_AFTER_ITERATION || victim != null) {
        return true;
      }
      Map<String, Set<String>> holders = awaitBlockHolders(WORKERS);
      victim = new TreeSet<>(holders.keySet()).first();
      lost = holders.get(victim);
      ProcessHandle executor =
          cluster.executorProcess(spark.sparkContext().applicationId(), victim);
      events.mark();
      executor.destroyForcibly();
      try {
        executor.onExit().get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new IllegalStateException(method + ": executor " + victim + " did not die", e);
      }
      return true;
    }
  }

  /** The executors holding cached blocks, once {@code count} of them do (or what there is). */
  private Map<String, Set<String>> awaitBlockHolders(int count) {
    waitFor(() -> events.blocksByExecutor().size() >= count, Duration.ofSeconds(10));
    return events.blocksByExecutor();
  }

  /** Waits until {@code count} executors have registered with the driver. */
  private void awaitExecutors(int count) {
    boolean ok =
        waitFor(
            () -> spark.sparkContext().statusTracker().getExecutorInfos().length >= count + 1,
            STARTUP);
    if (!ok) {
      fail(
          count
              + " executors did not register within "
              + STARTUP.toSeconds()
              + " s\n"
              + cluster.logTails(30));
    }
  }

  private static boolean waitFor(BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  private static String seconds(String what, long startNanos) {
    return String.format(
        Locale.ROOT, "%-90s %6.1f s", what, (System.nanoTime() - startNanos) / 1e9);
  }
}
