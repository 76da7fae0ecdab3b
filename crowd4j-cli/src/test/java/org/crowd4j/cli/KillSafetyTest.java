package org.crowd4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.crowd4j.nn.internal.ModelFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crash safety of every command that writes files: each runs in its own JVM and is killed with
 * SIGKILL at a random moment of its run; afterwards every output path holds either nothing or a
 * complete file. {@code aggregate}, {@code aggregate-masks --png-dir}, {@code train}, {@code
 * report} and {@code simulate} have their own tests on larger inputs; {@link #writingCommands}
 * lists every other command that writes files ({@code aggregate --gold-out}, {@code
 * aggregate-text}, {@code aggregate-numeric}, {@code aggregate-multilabel}, {@code
 * aggregate-masks}, {@code rank}, the {@code simulate-*} commands, {@code train --labels-out},
 * {@code predict}, {@code recommend}, {@code export} to each target and {@code plot} to PNG and
 * SVG), each checked against an uninterrupted run of the same command: every file a killed run
 * leaves has the reference's bytes ({@code model.json} apart from its clock fields (see {@code
 * withoutClock})), and a file the reference lacks is a failure. Hidden temporary files ({@code
 * .NAME….tmp}) may be left; they count as a run killed while writing.
 *
 * <p>In the build it runs {@value #DEFAULT_RUNS} kills per command on small inputs (3 with {@code
 * -Pfull-sweep}: property {@code crowd4j.kill.runs}). The benchmark version, {@code mvn -o -pl
 * crowd4j-cli -am test -Dtest=KillSafetyTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dcrowd4j.kill.runs=50 -Dcrowd4j.kill.large=true}, kills each command 50 times (the commands of
 * the table on the same small inputs, the others on inputs big enough to be killed while writing),
 * and writes its figures to {@code target/kill-safety.txt}.
 */
class KillSafetyTest {
  static final int DEFAULT_RUNS = 2;
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

  /** A command of {@link #writingCommands}: its arguments writing into a folder. */
  record Spec(String name, Args args) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** An uninterrupted run of a {@link Spec}: its output folder and wall time. */
  record Reference(Path dir, long millis) {}

  private static final Map<String, Reference> REFERENCES = new HashMap<>();

  /**
   * Every command that writes files apart from those with their own test above, with small inputs;
   * a command reading another's output reads that command's reference run ({@link #reference}).
   */
  static Stream<Spec> writingCommands() {
    // -Dcrowd4j.kill.only=PREFIX runs the commands whose name starts so (a benchmark of some)
    String only = System.getProperty("crowd4j.kill.only", "");
    return allWritingCommands().filter(s -> s.name().startsWith(only));
  }

  static Stream<Spec> allWritingCommands() {
    return Stream.of(
        new Spec(
            "aggregate-gold",
            out ->
                List.of(
                    "aggregate",
                    "--method",
                    "ds",
                    "--answers",
                    toloka().toString(),
                    "--quiet",
                    "--out",
                    out.resolve("labels.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString(),
                    "--gold-out",
                    out.resolve("gold.csv").toString())),
        new Spec(
            "simulate-text",
            out ->
                List.of(
                    "simulate-text",
                    "--tasks",
                    "300",
                    "--annotators",
                    "5",
                    "--seed",
                    "4",
                    "--quiet",
                    "--out",
                    out.toString())),
        new Spec(
            "aggregate-text",
            out ->
                List.of(
                    "aggregate-text",
                    "--method",
                    "rover",
                    "--answers",
                    reference("simulate-text").resolve("answers.csv").toString(),
                    "--quiet",
                    "--out",
                    out.resolve("texts.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString())),
        new Spec(
            "aggregate-numeric",
            out ->
                List.of(
                    "aggregate-numeric",
                    "--answers",
                    numeric().toString(),
                    "--quiet",
                    "--out",
                    out.resolve("estimates.csv").toString(),
                    "--workers-out",
                    out.resolve("workers.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString())),
        new Spec(
            "simulate-multilabel",
            out ->
                List.of(
                    "simulate-multilabel",
                    "--tasks",
                    "500",
                    "--tags",
                    "5",
                    "--seed",
                    "4",
                    "--quiet",
                    "--out",
                    out.toString())),
        new Spec(
            "aggregate-multilabel",
            out ->
                List.of(
                    "aggregate-multilabel",
                    "--method",
                    "ds",
                    "--answers",
                    reference("simulate-multilabel").resolve("answers.csv").toString(),
                    "--quiet",
                    "--out",
                    out.resolve("tag-sets.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString())),
        new Spec(
            "simulate-masks",
            out ->
                List.of(
                    "simulate-masks",
                    "--images",
                    "100",
                    "--annotators",
                    "5",
                    "--seed",
                    "4",
                    "--quiet",
                    "--out",
                    out.toString())),
        new Spec(
            "aggregate-masks",
            out ->
                List.of(
                    "aggregate-masks",
                    "--method",
                    "em",
                    "--answers",
                    reference("simulate-masks").resolve("answers.csv").toString(),
                    "--quiet",
                    "--out",
                    out.resolve("masks.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString())),
        new Spec(
            "simulate-pairwise",
            out ->
                List.of(
                    "simulate-pairwise",
                    "--items",
                    "100",
                    "--comparisons",
                    "5000",
                    "--workers",
                    "30",
                    "--adversarial-share",
                    "0.2",
                    "--seed",
                    "4",
                    "--quiet",
                    "--out",
                    out.toString())),
        new Spec(
            "rank",
            out ->
                List.of(
                    "rank",
                    "--method",
                    "noisy-bt",
                    "--comparisons",
                    reference("simulate-pairwise").resolve("comparisons.csv").toString(),
                    "--quiet",
                    "--out",
                    out.resolve("ranking.csv").toString(),
                    "--model-out",
                    out.resolve("model.json").toString())),
        new Spec(
            "train-labels",
            out ->
                List.of(
                    "train",
                    "--method",
                    "conal",
                    "--answers",
                    small.resolve("answers.csv").toString(),
                    "--features",
                    small.resolve("features.csv").toString(),
                    "--no-tune",
                    "--epochs",
                    "3",
                    "--hidden",
                    "32",
                    "--seed",
                    "1",
                    "--threads",
                    "1",
                    "--quiet",
                    "--out",
                    out.resolve("model").toString(),
                    "--labels-out",
                    out.resolve("labels.csv").toString())),
        new Spec(
            "predict",
            out ->
                List.of(
                    "predict",
                    "--model",
                    reference("train-labels").resolve("model").toString(),
                    "--features",
                    small.resolve("features.csv").toString(),
                    "--quiet",
                    "--out",
                    out.resolve("predictions.csv").toString())),
        new Spec(
            "recommend",
            out ->
                List.of(
                    "recommend",
                    "--model",
                    reference("train-labels").resolve("model").toString(),
                    "--items",
                    small.resolve("features.csv").toString(),
                    "--budget",
                    "300",
                    "--quiet",
                    "--out",
                    out.resolve("plan.csv").toString())),
        new Spec("export-label-studio", out -> exportArgs("label-studio", "labels.csv", out)),
        new Spec("export-toloka", out -> exportArgs("toloka", "labels.csv", out)),
        new Spec("export-annotators", out -> exportArgs("annotators", "model.json", out)),
        new Spec("plot-png", out -> plotArgs(out.resolve("chart.png"))),
        new Spec("plot-svg", out -> plotArgs(out.resolve("chart.svg"))));
  }

  /** {@code export --to target} of the {@code aggregate-gold} reference's labels or model. */
  static List<String> exportArgs(String target, String input, Path out) {
    Path from = reference("aggregate-gold").resolve(input);
    return List.of(
        "export",
        "--to",
        target,
        input.endsWith(".json") ? "--model" : "--labels",
        from.toString(),
        "--quiet",
        "--out",
        out.resolve("export.out").toString());
  }

  static List<String> plotArgs(Path chart) {
    return List.of(
        "plot",
        "--csv",
        results().toString(),
        "--x",
        "n",
        "--y",
        "accuracy",
        "--series",
        "method",
        "--log-x",
        "--out",
        chart.toString());
  }

  /**
   * Kills the command at random moments; after each kill, every file it left (apart from hidden
   * temporary ones) is one of the reference run's, with its bytes.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("writingCommands")
  void leavesNothingOrTheReferenceFiles(Spec spec) throws Exception {
    Path ref = reference(spec.name());
    List<String> expected = outputs(ref);
    assertFalse(expected.isEmpty(), spec.name() + " wrote nothing");
    kills(
        spec.name(),
        REFERENCES.get(spec.name()).millis(),
        out -> quickStart(spec.args().of(out)),
        out -> {
          try (Stream<Path> s = Files.walk(out)) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith(".")).toList()) {
              assertTrue(temporary(p), p + ": a hidden file that is not a temporary one");
            }
          }
          for (String f : outputs(out)) {
            assertTrue(expected.contains(f), out.resolve(f) + ": not an output of the reference");
            if (f.equals("model.json") || f.endsWith("/model.json")) {
              assertEquals(withoutClock(ref.resolve(f)), withoutClock(out.resolve(f)), f);
            } else {
              sameOrAbsent(out.resolve(f), ref.resolve(f));
            }
          }
        });
  }

  /**
   * The arguments run by a JVM that compiles with C1 only: it starts about a third faster, and the
   * commands of {@link #writingCommands} run on inputs too small for C2 to pay.
   */
  static List<String> quickStart(List<String> args) {
    List<String> a = new ArrayList<>(args.size() + 1);
    a.add("-XX:TieredStopAtLevel=1");
    a.addAll(args);
    return a;
  }

  /** The output folder of an uninterrupted run of {@code name} of {@link #writingCommands}. */
  static synchronized Path reference(String name) {
    Reference r = REFERENCES.get(name);
    if (r == null) {
      Spec spec = allWritingCommands().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
      try {
        Path dir = Files.createDirectories(work.resolve(name + "-ref"));
        r = new Reference(dir, run(quickStart(spec.args().of(dir))));
      } catch (Exception e) {
        throw new AssertionError("the reference run of " + name, e);
      }
      REFERENCES.put(name, r);
    }
    return r.dir();
  }

  /** The regular files under {@code dir} outside hidden files and folders, relative, sorted. */
  static List<String> outputs(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .map(p -> dir.relativize(p))
          .filter(KillSafetyTest::notHidden)
          .map(p -> p.toString().replace('\\', '/'))
          .sorted()
          .toList();
    }
  }

  /** Whether no name of the relative path {@code p} starts with a dot. */
  static boolean notHidden(Path p) {
    for (Path n : p) {
      if (n.toString().startsWith(".")) {
        return false;
      }
    }
    return true;
  }

  static boolean temporary(Path p) {
    String n = p.getFileName().toString();
    return n.startsWith(".") && n.endsWith(".tmp");
  }

  /** Toloka's results with a GOLDEN column on every tenth task (for {@code --gold-out}). */
  static synchronized Path toloka() {
    return generated(
        "results.tsv",
        rng -> {
          StringBuilder b =
              new StringBuilder(
                  "INPUT:image\tOUTPUT:result\tGOLDEN:result\tASSIGNMENT:worker_id"
                      + "\tASSIGNMENT:status\n");
          String[] labels = {"cat", "dog", "bird"};
          for (int t = 0; t < 400; t++) {
            int truth = rng.nextInt(3);
            for (int k = 0; k < 5; k++) {
              int w = rng.nextInt(20);
              int l = rng.nextDouble() < 0.3 + w / 40.0 ? rng.nextInt(3) : truth;
              b.append("img")
                  .append(t)
                  .append('\t')
                  .append(labels[l])
                  .append('\t')
                  .append(t % 10 == 0 ? labels[truth] : "")
                  .append("\tw")
                  .append(w * 5 + k)
                  .append("\tAPPROVED\n");
            }
          }
          return b.toString();
        });
  }

  /** Numeric answers: each worker's value is the truth plus its bias and noise. */
  static synchronized Path numeric() {
    return generated(
        "numeric.csv",
        rng -> {
          StringBuilder b = new StringBuilder("task,worker,label\n");
          for (int t = 0; t < 400; t++) {
            double truth = rng.nextDouble() * 100;
            for (int k = 0; k < 5; k++) {
              int w = (t + k * 3) % 15;
              double v = truth + (w - 7) + rng.nextDouble() * (1 + w);
              b.append(String.format(Locale.ROOT, "t%d,w%d,%.3f%n", t, w, v));
            }
          }
          return b.toString();
        });
  }

  /** A results CSV for {@code plot}: accuracy by n and method, three seeds each. */
  static synchronized Path results() {
    return generated(
        "results.csv",
        rng -> {
          StringBuilder b = new StringBuilder("method,n,seed,accuracy\n");
          for (String m : List.of("mv", "ds", "glad")) {
            for (int n = 100; n <= 100_000; n *= 10) {
              for (int seed = 0; seed < 3; seed++) {
                b.append(
                    String.format(
                        Locale.ROOT,
                        "%s,%d,%d,%.4f%n",
                        m,
                        n,
                        seed,
                        0.7 + 0.05 * Math.log10(n) + 0.02 * rng.nextDouble()));
              }
            }
          }
          return b.toString();
        });
  }

  /** Writes {@code work/name} once, from a seeded generator. */
  static Path generated(String name, java.util.function.Function<SplittableRandom, String> text) {
    Path f = work.resolve(name);
    if (!Files.exists(f)) {
      try {
        Files.writeString(f, text.apply(new SplittableRandom(name.hashCode())));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return f;
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
            "%-20s runs %3d, killed %3d (%3d while writing: a temporary file left), finished %3d;"
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

  /** Whether a run left an output: a file outside hidden (temporary) files and folders. */
  static boolean hasOutput(Path dir) throws IOException {
    return !outputs(dir).isEmpty();
  }

  static void sameOrAbsent(Path file, Path reference) throws IOException {
    if (Files.exists(file)) {
      assertTrue(
          Arrays.equals(Files.readAllBytes(reference), Files.readAllBytes(file)),
          file + " differs from an uninterrupted run");
    }
  }

  /**
   * A model file without what depends on the clock: {@code created} and {@code elapsedMillis} of
   * every {@code provenance} (a multi-label model has one per tag), the timings of a network's
   * model ({@code summary.epochSeconds}, the {@code seconds} of {@code tuning}'s candidates and
   * members; it has no provenance) and every {@code checksum} (over the content, clock included).
   */
  static JsonNode withoutClock(Path modelJson) throws IOException {
    JsonNode o = JSON.readTree(modelJson.toFile());
    withoutClock(o);
    return o;
  }

  private static void withoutClock(JsonNode n) {
    if (n instanceof ObjectNode o) {
      if (o.get("provenance") instanceof ObjectNode p) {
        p.remove("created");
        p.remove("elapsedMillis");
      }
      o.remove("checksum");
      o.remove("epochSeconds");
      o.remove("seconds");
    }
    n.forEach(KillSafetyTest::withoutClock);
  }

  /** Runs to the end; returns the wall time in milliseconds. */
  static long run(List<String> args) throws Exception {
    long t0 = System.nanoTime();
    Process p = start(args, false);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), args + ":\n" + output);
    return (System.nanoTime() - t0) / 1_000_000;
  }

  /**
   * Starts the CLI with {@code args}; those before the command that start with -X go to the JVM.
   */
  static Process start(List<String> args, boolean discard) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx2g");
    int jvm = 0; // leading -X… arguments are the JVM's
    while (jvm < args.size() && args.get(jvm).startsWith("-X")) {
      cmd.add(args.get(jvm++));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(args.subList(jvm, args.size()));
    ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
    if (discard) {
      b.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    }
    return b.start();
  }
}
