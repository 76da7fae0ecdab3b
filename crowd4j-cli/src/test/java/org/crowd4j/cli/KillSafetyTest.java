package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.crowd4j.nn.internal.ModelFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety: {@code aggregate}, {@code aggregate-masks --png-dir}, {@code train}, {@code report}
 * and {@code simulate} run in their own JVM and are killed with SIGKILL at a random moment of their
 * run; afterwards every output path holds either nothing or a complete file — the same bytes as an
 * uninterrupted run where the command is deterministic, a model that passes the loader's checks for
 * {@code train}.
 *
 * <p>In the build it runs {@value #DEFAULT_RUNS} kills per command on small inputs. The benchmark
 * version, {@code mvn -o -pl crowd4j-cli -am test -Dtest=KillSafetyTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dcrowd4j.kill.runs=50 -Dcrowd4j.kill.large=true}, kills
 * each command 50 times on inputs big enough to be killed while writing, and writes its figures to
 * {@code target/kill-safety.txt}.
 */
class KillSafetyTest {
  static final int DEFAULT_RUNS = 3;
  static final int RUNS = Integer.getInteger("crowd4j.kill.runs", DEFAULT_RUNS);
  static final boolean LARGE = Boolean.getBoolean("crowd4j.kill.large");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path work;
  static Path sim;
  static Path small;
  static final List<String> SUMMARY = new ArrayList<>();

  @BeforeAll
  static void inputs() throws Exception {
    // the crowd the commands read: a simulation, run without a kill
    sim = work.resolve("sim");
    int n = LARGE ? 60_000 : 20_000;
    run(simulateArgs(n, sim));
    small = work.resolve("small");
    run(simulateArgs(LARGE ? 4_000 : 1_000, small));
  }

  static List<String> simulateArgs(int n, Path out) {
    return List.of(
        "simulate",
        "--source",
        "gaussian:n=" + n + ",classes=4,dim=20",
        "--annotators",
        "common:n=40,share=0.5",
        "--assignment",
        "k:5",
        "--seed",
        "3",
        "--quiet",
        "--out",
        out.toString());
  }

  @Test
  void simulateLeavesNothingOrCompleteFiles() throws Exception {
    Path ref = work.resolve("sim-ref");
    List<String> args = simulateArgs(LARGE ? 60_000 : 20_000, ref);
    long t = run(args);
    List<String> files = List.of("answers.csv", "gold.csv", "features.csv", "true_confusions.json");
    kills(
        "simulate",
        t,
        out -> simulateArgs(LARGE ? 60_000 : 20_000, out),
        out -> {
          for (String f : files) {
            sameOrAbsent(out.resolve(f), ref.resolve(f));
          }
        });
  }

  @Test
  void aggregateLeavesNothingOrCompleteFiles() throws Exception {
    Path ref = work.resolve("agg-ref");
    long t = run(aggregateArgs(ref));
    kills(
        "aggregate",
        t,
        KillSafetyTest::aggregateArgs,
        out -> {
          sameOrAbsent(out.resolve("labels.csv"), ref.resolve("labels.csv"));
          Path m = out.resolve("model.json");
          if (Files.exists(m)) {
            assertEquals(withoutClock(ref.resolve("model.json")), withoutClock(m));
          }
        });
  }

  static List<String> aggregateArgs(Path out) {
    return List.of(
        "aggregate",
        "--method",
        "ds",
        "--answers",
        sim.resolve("answers.csv").toString(),
        "--quiet",
        "--out",
        out.resolve("labels.csv").toString(),
        "--model-out",
        out.resolve("model.json").toString());
  }

  @Test
  void aggregateMasksLeavesNoOrACompletePngFolder() throws Exception {
    Path masks = work.resolve("masks");
    run(
        List.of(
            "simulate-masks",
            "--images",
            LARGE ? "3000" : "600",
            "--quiet",
            "--seed",
            "2",
            "--out",
            masks.toString()));
    Path ref = work.resolve("png-ref");
    long t = run(masksArgs(masks, ref));
    List<String> files;
    try (Stream<Path> s = Files.list(ref.resolve("png"))) {
      files = s.map(p -> p.getFileName().toString()).sorted().toList();
    }
    kills(
        "png-dir",
        t,
        out -> masksArgs(masks, out),
        out -> {
          Path png = out.resolve("png");
          if (Files.exists(png)) {
            try (Stream<Path> s = Files.list(png)) {
              assertEquals(files, s.map(p -> p.getFileName().toString()).sorted().toList());
            }
            for (String f : files) {
              sameOrAbsent(png.resolve(f), ref.resolve("png").resolve(f));
            }
          }
          sameOrAbsent(out.resolve("masks.csv"), ref.resolve("masks.csv"));
        });
  }

  static List<String> masksArgs(Path masks, Path out) {
    return List.of(
        "aggregate-masks",
        "--method",
        "mv",
        "--answers",
        masks.resolve("answers.csv").toString(),
        "--quiet",
        "--out",
        out.resolve("masks.csv").toString(),
        "--png-dir",
        out.resolve("png").toString());
  }

  @Test
  void trainLeavesNothingOrACompleteModel() throws Exception {
    Path ref = work.resolve("train-ref");
    long t = run(trainArgs(ref));
    byte[] params = Files.readAllBytes(ref.resolve("model/parameters.safetensors"));
    kills(
        "train",
        t,
        KillSafetyTest::trainArgs,
        out -> {
          Path m = out.resolve("model");
          if (Files.exists(m)) {
            ModelFiles.check(
                m,
                Files.readAllBytes(m.resolve("model.json")),
                Files.readAllBytes(m.resolve("parameters.safetensors")));
            assertTrue(
                Arrays.equals(params, Files.readAllBytes(m.resolve("parameters.safetensors"))),
                "same seed and threads, same parameters");
          }
        });
  }

  static List<String> trainArgs(Path out) {
    return List.of(
        "train",
        "--method",
        "two-stage",
        "--answers",
        small.resolve("answers.csv").toString(),
        "--features",
        small.resolve("features.csv").toString(),
        "--hidden",
        LARGE ? "1024,1024" : "256",
        "--epochs",
        "2",
        "--seed",
        "1",
        "--threads",
        "1",
        "--quiet",
        "--out",
        out.resolve("model").toString());
  }

  @Test
  void reportLeavesNothingOrACompletePage() throws Exception {
    Path ref = work.resolve("report-ref");
    long t = run(reportArgs(ref));
    long size = Files.size(ref.resolve("report.html"));
    kills(
        "report",
        t,
        KillSafetyTest::reportArgs,
        out -> {
          Path r = out.resolve("report.html");
          if (Files.exists(r)) {
            String html = Files.readString(r, StandardCharsets.UTF_8);
            assertTrue(html.strip().endsWith("</html>"), "a complete page");
            assertTrue(Math.abs(html.length() - size) < size / 10, "about the reference's size");
          }
        });
  }

  static List<String> reportArgs(Path out) {
    return List.of(
        "report",
        "--answers",
        sim.resolve("answers.csv").toString(),
        "--gold",
        sim.resolve("gold.csv").toString(),
        "--out",
        out.resolve("report.html").toString());
  }

  /** A check of an output folder after a kill. */
  interface Check {
    void accept(Path out) throws Exception;
  }

  /** Arguments for a run writing into a folder. */
  interface Args {
    List<String> of(Path out);
  }

  /**
   * {@link #RUNS} runs of the command, each killed after a random share (0 to 1.2) of the reference
   * run's time, then checked; counts the runs killed while writing (a temporary file was left).
   */
  static void kills(String name, long refMillis, Args args, Check check) throws Exception {
    SplittableRandom rng = new SplittableRandom(name.hashCode());
    int killed = 0;
    int midWrite = 0;
    int finished = 0;
    int complete = 0;
    for (int i = 0; i < RUNS; i++) {
      Path out = Files.createDirectories(work.resolve(name + "-kill-" + i));
      long delay = (long) (rng.nextDouble() * 1.2 * refMillis);
      Process p = start(args.of(out), true);
      boolean done = p.waitFor(delay, TimeUnit.MILLISECONDS);
      if (done) {
        finished++;
      } else {
        p.destroyForcibly(); // SIGKILL
        p.waitFor();
        killed++;
      }
      if (hasTemporaryFiles(out)) {
        midWrite++;
      }
      if (hasOutput(out)) {
        complete++;
      }
      check.accept(out);
    }
    String line =
        String.format(
            Locale.ROOT,
            "%-10s runs %3d, killed %3d (%3d while writing: a temporary file left), finished %3d;"
                + " outputs present and complete after %3d runs, partial outputs 0 (reference run"
                + " %.1f s)",
            name,
            RUNS,
            killed,
            midWrite,
            finished,
            complete,
            refMillis / 1000.0);
    System.out.println(line);
    synchronized (SUMMARY) {
      SUMMARY.add(line);
      Path target = Path.of("target");
      if (Files.isDirectory(target)) {
        Files.write(target.resolve("kill-safety.txt"), SUMMARY);
      }
    }
  }

  static boolean hasTemporaryFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.anyMatch(
          p ->
              p.getFileName().toString().startsWith(".")
                  && p.getFileName().toString().endsWith(".tmp"));
    }
  }

  static boolean hasOutput(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.anyMatch(p -> Files.isRegularFile(p) && !p.getFileName().toString().startsWith("."));
    }
  }

  static void sameOrAbsent(Path file, Path reference) throws IOException {
    if (Files.exists(file)) {
      assertTrue(
          Arrays.equals(Files.readAllBytes(reference), Files.readAllBytes(file)),
          file + " differs from an uninterrupted run");
    }
  }

  static JsonNode withoutClock(Path modelJson) throws IOException {
    ObjectNode o = (ObjectNode) JSON.readTree(modelJson.toFile());
    ObjectNode p = (ObjectNode) o.get("provenance");
    p.remove("created");
    p.remove("elapsedMillis");
    o.remove("checksum"); // over the content, clock included
    return o;
  }

  /** Runs to the end; returns the wall time in milliseconds. */
  static long run(List<String> args) throws Exception {
    long t0 = System.nanoTime();
    Process p = start(args, false);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), args + ":\n" + output);
    return (System.nanoTime() - t0) / 1_000_000;
  }

  static Process start(List<String> args, boolean discard) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx2g");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(args);
    ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
    if (discard) {
      b.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }
    return b.start();
  }
}
