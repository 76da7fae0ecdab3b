package org.crowd4j.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.aggregate.Methods;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.method.FitContext;
import org.crowd4j.method.IterationListener;
import org.crowd4j.method.MethodSpec;
import org.crowd4j.method.OptionsBinder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * End-to-end speed of loading and aggregation on a seeded {@link BenchmarkCrowd}: writes the crowd
 * as CSV, times {@link CrowdReader#readAnswers(Path)}, Dawid–Skene with a fixed number of
 * iterations ({@code tol = 0}) and every other registered method with a few iterations, and reports
 * time per iteration, accuracy against the generating classes, peak heap and peak resident set size
 * as a Markdown table.
 *
 * <p>Per-iteration times come from the {@link IterationListener} callbacks: the time between the
 * first and the last callback divided by the iterations between them, so set-up costs (initial
 * majority vote, allocation) are excluded. Methods without a {@code maxIterations} option are timed
 * as a whole fit.
 *
 * <p>Run with {@code java -Xmx2g -cp crowd4j-bench/target/crowd4j-bench.jar
 * org.crowd4j.bench.AggregationBenchmark --answers 10000000}; {@code --help} lists the options.
 * {@link #run(Config)} is the programmatic entry point.
 */
public final class AggregationBenchmark {
  private static final Logger LOG = LoggerFactory.getLogger(AggregationBenchmark.class);

  private AggregationBenchmark() {}

  /**
   * What to run.
   *
   * @param answers total number of answers
   * @param tasks number of tasks, or 0 for {@code answers / 10}
   * @param workers number of workers
   * @param classes number of classes
   * @param seed generator seed
   * @param dataDir folder for the CSV, or {@code null} for a temporary folder (deleted afterwards)
   * @param dsIterations Dawid–Skene iterations (run with {@code tol = 0})
   * @param iterations {@code maxIterations} given to every other iterative method
   * @param methods method names to run ({@code "ds"} included), empty for all registered
   * @param loadRepeats how many times to load the CSV (the fastest load is reported)
   * @param markdown a Markdown file whose section {@code section} is replaced (or appended) with
   *     the report, or {@code null}
   * @param section section name inside {@code markdown}
   * @param note a line printed under the heading (what was measured, which build), or {@code null}
   */
  public record Config(
      int answers,
      int tasks,
      int workers,
      int classes,
      long seed,
      Path dataDir,
      int dsIterations,
      int iterations,
      List<String> methods,
      int loadRepeats,
      Path markdown,
      String section,
      String note) {
    /** Validates. */
    public Config {
      if (answers < 1) {
        throw new IllegalArgumentException("answers must be >= 1: " + answers);
      }
      if (tasks < 0) {
        throw new IllegalArgumentException("tasks must be >= 0: " + tasks);
      }
      if (dsIterations < 1) {
        throw new IllegalArgumentException("dsIterations must be >= 1: " + dsIterations);
      }
      if (iterations < 1) {
        throw new IllegalArgumentException("iterations must be >= 1: " + iterations);
      }
      if (loadRepeats < 1) {
        throw new IllegalArgumentException("loadRepeats must be >= 1: " + loadRepeats);
      }
      methods = List.copyOf(methods);
    }

    /** 1M answers, 100k tasks, 1,000 workers, 4 classes, seed 42, DS 50 iterations, others 5. */
    public static Config defaults() {
      return new Config(1_000_000, 0, 1000, 4, 42, null, 50, 5, List.of(), 1, null, null, null);
    }

    /** The number of tasks actually used. */
    public int effectiveTasks() {
      return tasks > 0 ? tasks : Math.max(1, answers / 10);
    }

    /** The generator this configuration describes. */
    public BenchmarkCrowd crowd() {
      return new BenchmarkCrowd(effectiveTasks(), workers, classes, answers, seed);
    }

    /**
     * Parses command-line flags ({@code --answers N --tasks N --workers N --classes K --seed S
     * --data DIR --ds-iterations N --iterations N --methods a,b --load-repeats N --markdown FILE
     * --section NAME --note TEXT}) over the defaults.
     */
    public static Config parse(String... args) {
      Config c = defaults();
      int answers = c.answers;
      int tasks = c.tasks;
      int workers = c.workers;
      int classes = c.classes;
      long seed = c.seed;
      Path data = c.dataDir;
      int ds = c.dsIterations;
      int its = c.iterations;
      List<String> methods = c.methods;
      int repeats = c.loadRepeats;
      Path md = c.markdown;
      String section = c.section;
      String note = c.note;
      for (int i = 0; i < args.length; i++) {
        String flag = args[i];
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("missing value after " + flag);
        }
        String v = args[++i];
        switch (flag) {
          case "--answers" -> answers = parseCount(flag, v);
          case "--tasks" -> tasks = parseCount(flag, v);
          case "--workers" -> workers = parseCount(flag, v);
          case "--classes" -> classes = parseCount(flag, v);
          case "--seed" -> seed = Long.parseLong(v);
          case "--data" -> data = Paths.get(v);
          case "--ds-iterations" -> ds = parseCount(flag, v);
          case "--iterations" -> its = parseCount(flag, v);
          case "--methods" -> methods = v.isBlank() ? List.of() : List.of(v.split(","));
          case "--load-repeats" -> repeats = parseCount(flag, v);
          case "--markdown" -> md = Paths.get(v);
          case "--section" -> section = v;
          case "--note" -> note = v;
          default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + usage());
        }
      }
      return new Config(
          answers, tasks, workers, classes, seed, data, ds, its, methods, repeats, md, section,
          note);
    }

    private static int parseCount(String flag, String v) {
      String s = v.replace("_", "").toLowerCase(Locale.ROOT);
      long mult = 1;
      if (s.endsWith("k")) {
        mult = 1_000;
        s = s.substring(0, s.length() - 1);
      } else if (s.endsWith("m")) {
        mult = 1_000_000;
        s = s.substring(0, s.length() - 1);
      }
      try {
        return Math.toIntExact(Long.parseLong(s) * mult);
      } catch (NumberFormatException | ArithmeticException e) {
        throw new IllegalArgumentException(flag + ": not a count: '" + v + "'", e);
      }
    }

    /** The flags that reproduce this configuration (the data folder and Markdown file omitted). */
    public String toArgs() {
      return "--answers "
          + answers
          + " --tasks "
          + effectiveTasks()
          + " --workers "
          + workers
          + " --classes "
          + classes
          + " --seed "
          + seed
          + " --ds-iterations "
          + dsIterations
          + " --iterations "
          + iterations
          + (methods.isEmpty() ? "" : " --methods " + String.join(",", methods))
          + (loadRepeats == 1 ? "" : " --load-repeats " + loadRepeats);
    }
  }

  /**
   * The timing of one method.
   *
   * @param method registered name
   * @param options the options it ran with
   * @param iterations iterations run (0 for closed-form methods)
   * @param fitSeconds wall time of the whole fit
   * @param cpuSeconds CPU time of the process (all threads, GC included) during the fit
   * @param perIterationSeconds time per iteration, or the whole fit for closed-form methods
   * @param accuracy fraction of tasks whose label equals the generating class
   * @param note why it did not run, or empty
   */
  public record MethodTiming(
      String method,
      String options,
      int iterations,
      double fitSeconds,
      double cpuSeconds,
      double perIterationSeconds,
      double accuracy,
      String note) {}

  /**
   * What a run measured.
   *
   * @param config the configuration
   * @param machine a one-line description of the machine and JVM
   * @param fileBytes size of the CSV
   * @param generateSeconds time to write the CSV (not part of the target)
   * @param loadSeconds time of every load, in order
   * @param loadCpuSeconds CPU time of the process during every load
   * @param dataset the loaded dataset's shape
   * @param methods per-method timings, DS first
   * @param loadDsPeakHeapBytes highest heap use sampled every 5 ms during load and Dawid–Skene
   * @param loadDsPeakRssBytes peak resident set size (VmHWM) after load and Dawid–Skene, or -1
   * @param peakHeapBytes highest heap use sampled every 5 ms from load onwards (all methods)
   * @param datasetHeapBytes heap still in use after a full GC with only the dataset alive
   * @param peakRssBytes peak resident set size (VmHWM) of the process, or -1 where unknown
   */
  public record Results(
      Config config,
      String machine,
      long fileBytes,
      double generateSeconds,
      double[] loadSeconds,
      double[] loadCpuSeconds,
      String dataset,
      List<MethodTiming> methods,
      long loadDsPeakHeapBytes,
      long loadDsPeakRssBytes,
      long peakHeapBytes,
      long datasetHeapBytes,
      long peakRssBytes) {
    /** The fastest load. */
    public double bestLoadSeconds() {
      return Arrays.stream(loadSeconds).min().orElse(Double.NaN);
    }

    /** CPU time of the fastest load. */
    public double bestLoadCpuSeconds() {
      int best = 0;
      for (int r = 1; r < loadSeconds.length; r++) {
        if (loadSeconds[r] < loadSeconds[best]) {
          best = r;
        }
      }
      return loadCpuSeconds[best];
    }

    /**
     * Load plus Dawid–Skene with exactly {@code dsIterations} iterations: when the fit stopped
     * earlier (its objective stopped increasing in floating point), the missing iterations are
     * added at the measured time per iteration.
     */
    public double loadPlusDsSeconds() {
      MethodTiming ds = ds();
      if (ds == null || !ds.note().isEmpty()) {
        return Double.NaN;
      }
      int missing = Math.max(0, config.dsIterations() - ds.iterations());
      return bestLoadSeconds() + ds.fitSeconds() + missing * ds.perIterationSeconds();
    }

    /** The Dawid–Skene timing, or {@code null} when it did not run. */
    public MethodTiming ds() {
      return methods.stream().filter(m -> m.method().equals("ds")).findFirst().orElse(null);
    }

    /** The report as Markdown: a heading, the machine, the command and a table. */
    public String toMarkdown() {
      StringBuilder sb = new StringBuilder();
      Config c = config;
      sb.append(
          String.format(
              Locale.ROOT,
              "### %,d answers (%,d tasks, %,d workers, %d classes, seed %d)%n%n",
              c.answers(),
              c.effectiveTasks(),
              c.workers(),
              c.classes(),
              c.seed()));
      if (c.note() != null) {
        sb.append(c.note()).append("\n\n");
      }
      sb.append("Machine: ").append(machine).append("  \n");
      sb.append("Command: `").append(commandLine(c)).append("`  \n");
      sb.append("Data: ").append(dataset).append(", CSV ").append(mib(fileBytes)).append(" MiB");
      sb.append(String.format(Locale.ROOT, " (generated in %.1f s)%n%n", generateSeconds));
      sb.append("| step | options | iterations | time (s) | CPU (s) | per iteration (ms) |");
      sb.append(" × DS per iteration | accuracy |\n");
      sb.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
      sb.append(
          String.format(
              Locale.ROOT,
              "| load CSV | %s | | %.2f | %.2f | | | |%n",
              loadSeconds.length == 1 ? "" : "best of " + loadSeconds.length,
              bestLoadSeconds(),
              bestLoadCpuSeconds()));
      MethodTiming ds = ds();
      for (MethodTiming m : methods) {
        if (!m.note().isEmpty()) {
          sb.append("| ")
              .append(m.method())
              .append(" | ")
              .append(m.options())
              .append(" | | | | | | ")
              .append(m.note())
              .append(" |\n");
          continue;
        }
        String ratio =
            ds == null || m.iterations() == 0
                ? ""
                : String.format(
                    Locale.ROOT, "%.2f", m.perIterationSeconds() / ds.perIterationSeconds());
        sb.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %.2f | %.2f | %s | %s | %.4f |%n",
                m.method(),
                m.options(),
                m.iterations() == 0 ? "closed form" : Integer.toString(m.iterations()),
                m.fitSeconds(),
                m.cpuSeconds(),
                m.iterations() == 0
                    ? ""
                    : String.format(Locale.ROOT, "%.1f", m.perIterationSeconds() * 1e3),
                ratio,
                m.accuracy()));
      }
      if (ds != null && ds.note().isEmpty()) {
        boolean extrapolated = ds.iterations() < c.dsIterations();
        sb.append(
            String.format(
                Locale.ROOT,
                "| **load + ds** | %s | %d | **%.2f** | | | | |%n",
                extrapolated ? "ds stopped early; rest at its time per iteration" : "",
                c.dsIterations(),
                loadPlusDsSeconds()));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "%nMemory, load + ds: peak heap used %d MiB (sampled every 5 ms), peak RSS (VmHWM) %s"
                  + " MiB; the dataset alone after GC: %d MiB.  %n"
                  + "Memory, whole run (every method): peak heap used %d MiB, peak RSS %s MiB.%n",
              mib(loadDsPeakHeapBytes),
              loadDsPeakRssBytes < 0 ? "n/a" : Long.toString(mib(loadDsPeakRssBytes)),
              mib(datasetHeapBytes),
              mib(peakHeapBytes),
              peakRssBytes < 0 ? "n/a" : Long.toString(mib(peakRssBytes))));
      return sb.toString();
    }
  }

  /** Generates the crowd, loads it and times every method as {@code config} says. */
  public static Results run(Config config) throws IOException, CrowdFormatException {
    BenchmarkCrowd crowd = config.crowd();
    boolean temporary = config.dataDir() == null;
    Path dir =
        temporary ? Files.createTempDirectory("crowd4j-bench") : config.dataDir().toAbsolutePath();
    Files.createDirectories(dir);
    Path file =
        dir.resolve(
            String.format(
                Locale.ROOT,
                "crowd-%d-%d-%d-%d-%d.csv",
                crowd.answers(),
                crowd.tasks(),
                crowd.workers(),
                crowd.classes(),
                crowd.seed()));
    try {
      long t0 = System.nanoTime();
      int[] truth;
      if (Files.isRegularFile(file)) {
        LOG.info("reusing {}", file);
        truth = crowd.write(OutputStream.nullOutputStream());
      } else {
        LOG.info("writing {}", file);
        Path part = file.resolveSibling(file.getFileName() + ".part");
        truth = crowd.write(part);
        Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
      double generate = seconds(t0);
      long fileBytes = Files.size(file);

      resetPeakRss();
      try (HeapSampler sampler = new HeapSampler()) {
        double[] loads = new double[config.loadRepeats()];
        double[] loadCpu = new double[config.loadRepeats()];
        CrowdDataset data = null;
        for (int r = 0; r < loads.length; r++) {
          data = null;
          long cpu = cpuNanos();
          long t = System.nanoTime();
          data = CrowdReader.readAnswers(file);
          loads[r] = seconds(t);
          loadCpu[r] = (cpuNanos() - cpu) / 1e9;
          LOG.info("loaded {} in {} s", data, String.format(Locale.ROOT, "%.2f", loads[r]));
        }
        Objects.requireNonNull(data);
        long datasetHeap = liveHeap();
        int[] truthById = new int[data.numTasks()];
        int[] labelOf = labelIds(data, crowd.classes());
        for (int i = 0; i < truth.length; i++) {
          truthById[data.tasks().id("t" + i)] = labelOf[truth[i]];
        }

        List<MethodTiming> timings = new ArrayList<>();
        long loadDsHeap = sampler.peak();
        long loadDsRss = peakRss();
        List<MethodSpec<Aggregator>> specs = new ArrayList<>();
        Methods.all().stream().filter(s -> s.name().equals("ds")).forEach(specs::add);
        Methods.all().stream().filter(s -> !s.name().equals("ds")).forEach(specs::add);
        for (MethodSpec<Aggregator> spec : specs) {
          if (!config.methods().isEmpty() && !config.methods().contains(spec.name())) {
            continue;
          }
          timings.add(time(spec, data, truthById, config));
          if (spec.name().equals("ds")) {
            loadDsHeap = sampler.peak();
            loadDsRss = peakRss();
          }
        }
        for (String wanted : config.methods()) {
          if (specs.stream().noneMatch(s -> s.name().equals(wanted))) {
            LOG.info("method {} is not registered; skipped", wanted);
          }
        }
        String shape = data.toString();
        data = null;
        return new Results(
            config,
            machine(),
            fileBytes,
            generate,
            loads,
            loadCpu,
            shape,
            timings,
            loadDsHeap,
            loadDsRss,
            sampler.peak(),
            datasetHeap,
            peakRss());
      }
    } finally {
      if (temporary) {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
      }
    }
  }

  private static int[] labelIds(CrowdDataset data, int classes) {
    int[] out = new int[classes];
    for (int l = 0; l < classes; l++) {
      out[l] = data.labels().id(Integer.toString(l));
    }
    return out;
  }

  private static MethodTiming time(
      MethodSpec<Aggregator> spec, CrowdDataset data, int[] truthById, Config config) {
    Record options;
    boolean iterative = hasComponent(spec.defaults(), "maxIterations");
    boolean ds = spec.name().equals("ds");
    try {
      if (!iterative) {
        options = spec.defaults();
      } else {
        String its = Integer.toString(ds ? config.dsIterations() : config.iterations());
        Map<String, String> overrides = new HashMap<>();
        overrides.put("maxIterations", its);
        if (hasComponent(spec.defaults(), "tol")) {
          overrides.put("tol", "0");
        }
        options = bindOrFallback(spec.defaults(), overrides, its);
      }
    } catch (RuntimeException e) {
      return new MethodTiming(spec.name(), "", 0, 0, 0, 0, 0, "options: " + e.getMessage());
    }
    String shown = describeOptions(options);
    Aggregator method;
    try {
      method = spec.factory().apply(options);
    } catch (RuntimeException e) {
      return new MethodTiming(spec.name(), shown, 0, 0, 0, 0, 0, "not run: " + e.getMessage());
    }
    long[] stamps = new long[Math.max(16, config.dsIterations() + config.iterations() + 8)];
    int[] count = {0};
    IterationListener listener =
        (name, it, max, objective) -> {
          if (count[0] == stamps.length) {
            return true;
          }
          stamps[count[0]++] = System.nanoTime();
          return true;
        };
    LOG.info("fitting {} ({})", spec.name(), shown);
    AggregationResult result;
    long cpu0 = cpuNanos();
    long t0 = System.nanoTime();
    try {
      result = method.fit(data, new FitContext<>(null, listener));
    } catch (RuntimeException | OutOfMemoryError e) {
      return new MethodTiming(
          spec.name(), shown, 0, 0, 0, 0, 0, e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    long t1 = System.nanoTime();
    double cpu = (cpuNanos() - cpu0) / 1e9;
    double fit = (t1 - t0) / 1e9;
    int iterations = result.diagnostics().iterations();
    int n = count[0];
    double perIteration;
    if (!iterative || iterations == 0) {
      perIteration = fit;
      iterations = 0;
    } else if (n >= 2) {
      perIteration = (stamps[n - 1] - stamps[0]) / 1e9 / (n - 1);
    } else {
      perIteration = fit / Math.max(1, iterations);
    }
    int hits = 0;
    for (int i = 0; i < data.numTasks(); i++) {
      if (result.label(i) == truthById[i]) {
        hits++;
      }
    }
    double accuracy = (double) hits / data.numTasks();
    LOG.info(
        "{}: {} iterations in {} s, accuracy {}",
        spec.name(),
        iterations,
        String.format(Locale.ROOT, "%.2f", fit),
        String.format(Locale.ROOT, "%.4f", accuracy));
    return new MethodTiming(spec.name(), shown, iterations, fit, cpu, perIteration, accuracy, "");
  }

  private static Record bindOrFallback(Record defaults, Map<String, String> overrides, String its) {
    try {
      return OptionsBinder.bind(defaults, overrides);
    } catch (IllegalArgumentException e) {
      return OptionsBinder.bind(defaults, Map.of("maxIterations", its));
    }
  }

  private static boolean hasComponent(Record r, String name) {
    return Arrays.stream(r.getClass().getRecordComponents())
        .anyMatch(c -> c.getName().equals(name));
  }

  private static String describeOptions(Record options) {
    List<String> parts = new ArrayList<>();
    for (var c : options.getClass().getRecordComponents()) {
      if (c.getName().equals("maxIterations") || c.getName().equals("tol")) {
        try {
          parts.add(c.getName() + "=" + c.getAccessor().invoke(options));
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return String.join(", ", parts);
  }

  /** Prints the report and, when asked, writes it into the Markdown file. */
  public static void main(String[] args) throws Exception {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      System.out.println(usage());
      return;
    }
    Config config = Config.parse(args);
    Results results = run(config);
    String md = results.toMarkdown();
    System.out.println(md);
    if (config.markdown() != null) {
      String section =
          config.section() != null
              ? config.section()
              : String.format(Locale.ROOT, "%d-answers", config.answers());
      writeSection(config.markdown(), section, md);
      System.out.println("updated section '" + section + "' of " + config.markdown());
    }
  }

  /** Usage text. */
  static String usage() {
    return String.join(
        "\n",
        "java -Xmx2g -cp crowd4j-bench.jar org.crowd4j.bench.AggregationBenchmark [flags]",
        "  --answers N        total answers (default 1000000; 10m, 500k accepted)",
        "  --tasks N          tasks (default answers/10)",
        "  --workers N        workers (default 1000)",
        "  --classes K        classes (default 4)",
        "  --seed S           generator seed (default 42)",
        "  --data DIR         keep the CSV in DIR and reuse it when present (default: temp)",
        "  --ds-iterations N  Dawid-Skene iterations, tol=0 (default 50)",
        "  --iterations N     maxIterations of the other methods (default 5)",
        "  --methods a,b      only these registered methods (default all)",
        "  --load-repeats N   load the CSV N times, report the fastest (default 1)",
        "  --markdown FILE    replace or append the report section in FILE",
        "  --section NAME     section name in FILE (default <answers>-answers)",
        "  --note TEXT        a line printed under the report's heading");
  }

  /**
   * Replaces the text between {@code <!-- bench:NAME -->} and {@code <!-- /bench:NAME -->} in
   * {@code file} with {@code body}, or appends a new marked section.
   */
  public static void writeSection(Path file, String name, String body) throws IOException {
    String open = "<!-- bench:" + name + " -->";
    String close = "<!-- /bench:" + name + " -->";
    String block = open + "\n" + body.strip() + "\n" + close;
    String text =
        Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "# Benchmarks\n\n";
    int a = text.indexOf(open);
    int b = a < 0 ? -1 : text.indexOf(close, a);
    if (a >= 0 && b >= 0) {
      text = text.substring(0, a) + block + text.substring(b + close.length());
    } else {
      text = (text.endsWith("\n") ? text : text + "\n") + "\n" + block + "\n";
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  static String commandLine(Config c) {
    List<String> jvm = new ArrayList<>();
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-X") || a.startsWith("-XX")) {
        jvm.add(a);
      }
    }
    return "java "
        + (jvm.isEmpty() ? "" : String.join(" ", jvm) + " ")
        + "-cp crowd4j-bench/target/crowd4j-bench.jar org.crowd4j.bench.AggregationBenchmark "
        + c.toArgs();
  }

  static String machine() {
    String cpu = "unknown CPU";
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          cpu = line.substring(line.indexOf(':') + 1).trim();
          break;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: keep the placeholder
    }
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %s %s, %s, max heap %d MiB",
        Runtime.getRuntime().availableProcessors(),
        cpu,
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        mib(Runtime.getRuntime().maxMemory()));
  }

  private static long liveHeap() {
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return mem.getHeapMemoryUsage().getUsed();
  }

  private static void resetPeakRss() {
    try {
      Files.writeString(Paths.get("/proc/self/clear_refs"), "5");
    } catch (IOException | RuntimeException e) {
      // not supported here: VmHWM then covers the whole process
    }
  }

  private static long peakRss() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] parts = line.substring(6).trim().split("\\s+");
          return Long.parseLong(parts[0]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  /** CPU time of the whole process (every thread), or 0 where the JVM does not tell. */
  private static long cpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return Math.max(0, os.getProcessCpuTime());
    }
    return 0;
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  private static long mib(long bytes) {
    return bytes / (1024 * 1024);
  }

  /** Samples the heap in use every 5 ms on a daemon thread and keeps the maximum. */
  private static final class HeapSampler implements AutoCloseable {
    private final AtomicLong peak = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    HeapSampler() {
      MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
      thread =
          new Thread(
              () -> {
                while (running) {
                  peak.accumulateAndGet(mem.getHeapMemoryUsage().getUsed(), Math::max);
                  try {
                    Thread.sleep(5);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "heap-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    long peak() {
      peak.accumulateAndGet(
          ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
      return peak.get();
    }

    @Override
    public void close() {
      running = false;
      thread.interrupt();
    }
  }
}
