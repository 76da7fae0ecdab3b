package org.crowd4j.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster on this machine: one Master and some Workers, each a JVM of its own
 * started from a {@link SparkHome}, all bound to the loop-back address on free ports. The Workers
 * start executor JVMs for the applications that connect to {@link #masterUrl()}; {@link
 * #executorProcess} finds one to kill. {@link #close()} stops every process, executors included
 * (also when the test JVM exits early).
 */
final class StandaloneCluster implements AutoCloseable {
  private static final String HOST = "127.0.0.1";
  private static final Pattern ALIVE_WORKERS = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");

  private final Path dir;
  private final List<Process> processes = new ArrayList<>();
  private final List<Process> workers = new ArrayList<>();
  private final List<Path> workDirs = new ArrayList<>();
  private final List<Path> logs = new ArrayList<>();
  private final Thread shutdownHook = new Thread(this::stopAll, "stop the test cluster");
  private String masterUrl;
  private int masterUiPort;

  private StandaloneCluster(Path dir) {
    this.dir = dir;
  }

  /**
   * Starts a Master and {@code workers} Workers and waits until all Workers have registered.
   *
   * @param home the Spark installation
   * @param dir where the logs and the Workers' work folders go (emptied first)
   * @param jvmOptions options of every JVM (Spark's {@code --add-opens} list on Java 17)
   * @param workers number of Workers
   * @param coresPerWorker cores each Worker offers
   * @param memoryPerWorker memory each Worker offers to executors (e.g. {@code 1g})
   * @param timeout how long to wait for the Workers
   * @throws IllegalStateException when the cluster does not come up in time (naming the logs)
   */
  static StandaloneCluster start(
      SparkHome home,
      Path dir,
      List<String> jvmOptions,
      int workers,
      int coresPerWorker,
      String memoryPerWorker,
      Duration timeout)
      throws IOException, InterruptedException {
    SparkHome.deleteTree(dir);
    Files.createDirectories(dir);
    StandaloneCluster cluster = new StandaloneCluster(dir);
    Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
    try {
      int port = freePort();
      cluster.masterUiPort = freePort();
      cluster.masterUrl = "spark://" + HOST + ":" + port;
      cluster.launch(
          home,
          jvmOptions,
          "master",
          "org.apache.spark.deploy.master.Master",
          "--host",
          HOST,
          "--port",
          Integer.toString(port),
          "--webui-port",
          Integer.toString(cluster.masterUiPort));
      for (int w = 0; w < workers; w++) {
        Path work = dir.resolve("worker-" + (w + 1));
        Files.createDirectories(work);
        cluster.workDirs.add(work);
        cluster.workers.add(
            cluster.launch(
                home,
                jvmOptions,
                "worker-" + (w + 1),
                "org.apache.spark.deploy.worker.Worker",
                "--host",
                HOST,
                "--webui-port",
                Integer.toString(freePort()),
                "--cores",
                Integer.toString(coresPerWorker),
                "--memory",
                memoryPerWorker,
                "--work-dir",
                work.toString(),
                cluster.masterUrl));
      }
      cluster.awaitWorkers(workers, timeout);
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      cluster.close();
      throw e;
    }
  }

  /** {@code spark://127.0.0.1:PORT}. */
  String masterUrl() {
    return masterUrl;
  }

  /** The work folder of Worker {@code index} (0-based): {@code <application>/<executor>/}. */
  Path workDir(int index) {
    return workDirs.get(index);
  }

  /** The number of Workers. */
  int numWorkers() {
    return workers.size();
  }

  /**
   * The JVM of executor {@code executorId} of application {@code appId}: a child of the Worker
   * whose work folder holds {@code appId/executorId}, started with {@code --executor-id
   * executorId}.
   *
   * @throws IllegalStateException when no such live process exists
   */
  ProcessHandle executorProcess(String appId, String executorId) {
    for (int w = 0; w < workers.size(); w++) {
      if (!Files.isDirectory(workDirs.get(w).resolve(appId).resolve(executorId))) {
        continue;
      }
      List<ProcessHandle> alive =
          workers.get(w).toHandle().descendants().filter(ProcessHandle::isAlive).toList();
      List<ProcessHandle> found = alive.stream().filter(p -> isExecutor(p, executorId)).toList();
      if (found.isEmpty()
          && alive.size() == 1
          && alive.get(0).info().arguments().map(a -> a.length == 0).orElse(true)) {
        // where the arguments of a process cannot be read, the Worker's only child is it
        found = alive;
      }
      if (found.size() == 1) {
        return found.get(0);
      }
      throw new IllegalStateException(
          "worker-"
              + (w + 1)
              + " runs "
              + found.size()
              + " JVMs of executor "
              + executorId
              + " among "
              + alive.size()
              + " child processes");
    }
    throw new IllegalStateException(
        "no worker work folder holds " + appId + "/" + executorId + " (under " + dir + ")");
  }

  private static boolean isExecutor(ProcessHandle p, String executorId) {
    String[] args = p.info().arguments().orElse(new String[0]);
    List<String> list = Arrays.asList(args);
    int at = list.indexOf("--executor-id");
    return list.contains("org.apache.spark.executor.CoarseGrainedExecutorBackend")
        && at >= 0
        && at + 1 < list.size()
        && list.get(at + 1).equals(executorId);
  }

  /** The last lines of every log of the cluster (Master, Workers), for failure messages. */
  String logTails(int lines) {
    StringBuilder sb = new StringBuilder();
    for (Path log : logs) {
      sb.append("---- ").append(log).append('\n');
      try {
        List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
        for (String l : all.subList(Math.max(0, all.size() - lines), all.size())) {
          sb.append(l).append('\n');
        }
      } catch (IOException e) {
        sb.append("(unreadable: ").append(e.getMessage()).append(")\n");
      }
    }
    return sb.toString();
  }

  private Process launch(SparkHome home, List<String> jvmOptions, String name, String... main)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.addAll(StandaloneClusterIT.SHORT_LIVED_JVM);
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(home.classPath());
    command.addAll(Arrays.asList(main));
    Path log = dir.resolve(name + ".log");
    logs.add(log);
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.put("SPARK_HOME", home.home().toString());
    env.put("SPARK_SCALA_VERSION", home.scalaVersion());
    env.put("SPARK_LOCAL_IP", HOST);
    env.remove("SPARK_CONF_DIR");
    Process p = pb.start();
    processes.add(p);
    return p;
  }

  private void awaitWorkers(int expected, Duration timeout) throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    URI status = URI.create("http://" + HOST + ":" + masterUiPort + "/json/");
    long deadline = System.nanoTime() + timeout.toNanos();
    int alive = -1;
    while (System.nanoTime() < deadline) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException(
              "a cluster JVM exited with " + p.exitValue() + "\n" + logTails(30));
        }
      }
      try {
        String body =
            http.send(
                    HttpRequest.newBuilder(status).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher m = ALIVE_WORKERS.matcher(body);
        if (m.find()) {
          alive = Integer.parseInt(m.group(1));
          if (alive >= expected) {
            return;
          }
        }
      } catch (IOException e) {
        // the Master's web server is not up yet
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException(
        "the Spark cluster did not start within "
            + timeout.toSeconds()
            + " s ("
            + Math.max(alive, 0)
            + " of "
            + expected
            + " workers alive)\n"
            + logTails(30));
  }

  /** Stops the Workers (and their executors), then the Master; waits for every JVM to exit. */
  @Override
  public void close() {
    stopAll();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // the JVM is shutting down and runs the hook itself
    }
  }

  private synchronized void stopAll() {
    List<ProcessHandle> all = new ArrayList<>();
    for (Process p : processes) {
      all.addAll(p.toHandle().descendants().toList());
      all.add(p.toHandle());
    }
    all.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    for (ProcessHandle p : all) {
      long left = Math.max(0, deadline - System.nanoTime());
      try {
        p.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (Exception e) {
        p.destroyForcibly();
      }
    }
    for (Process p : processes) {
      try {
        // reaped, so that their CPU time counts as this JVM's children's
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    processes.clear();
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
