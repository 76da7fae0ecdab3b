package org.crowd4j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.IdxImages;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.SimulationWriter;
import org.crowd4j.simulate.Specs;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j simulate}: a crowd of known truth from a data source, annotators, assignment. */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    description = "Simulate a crowd whose truth is known and write it to a folder.",
    footerHeading = "%nSpecifications:%n",
    footer = {
      "  --source     gaussian[:n=10000,classes=6,dim=20,separation=0.6] | mena[:per-class=1000,"
          + "paper-centres=false] | idx:DIR[:prefix=train,limit=N] | features:FILE (with --truth)",
      "  --annotators kind[:key=value,...] joined by '+': perfect, spammer, hammer-spammer(p,"
          + " reading=annotator|rows|mixture), pairwise(p, dominant=true), symmetric(s),"
          + " pair-flips(s, pairs=0-1;2-3), neighbour(s), adversarial(s), asymmetric(s),"
          + " cifar4(avg=true), groups(n), perturbed(n, sigmas=0.2;0.8;1.5, prior=0.25;0.55;0.2),"
          + " common(n, common, individual, share,"
          + " type=asymmetric|symmetric, dim); every kind takes n",
      "  --assignment dense | one | k:N | density:MEAN | long-tail:k=N,alpha=A",
      "  --from MODEL [--tasks N] [--answers-per-task R]: a crowd like a fitted one (its workers'"
          + " answer models, workload and class prior), to ask how many answers per item it needs",
      "Example: crowd4j simulate --source gaussian --annotators common:n=30,share=0.5"
          + " --assignment k:3 --seed 1 --out sim/"
    })
final class SimulateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--source", defaultValue = "gaussian", description = "Items and their truth.")
  String source;

  @Option(names = "--truth", paramLabel = "FILE", description = "True labels for features:FILE.")
  Path truthFile;

  @Option(names = "--annotators", description = "Who answers (see below).")
  String annotators;

  @Option(
      names = "--from",
      paramLabel = "MODEL",
      description =
          "Simulate a crowd like a fitted one: the classes, class prior, every worker's answer"
              + " model and workload of a model.json written by aggregate --model-out (instead of"
              + " --source/--annotators/--assignment).")
  Path from;

  @Option(
      names = "--tasks",
      paramLabel = "N",
      description = "With --from: number of items (default: as many as the fitted data).")
  Integer tasks;

  @Option(
      names = "--answers-per-task",
      paramLabel = "R",
      description =
          "With --from: distinct workers per item, drawn in proportion to their workload"
              + " (default: the fitted data's mean, rounded).")
  Integer answersPerTask;

  @Option(names = "--assignment", defaultValue = "k:3", description = "Who labels what.")
  String assignment;

  @Mixin SimulateOptions run;

  @Override
  public Integer call() throws Exception {
    PrintWriter pw = spec.commandLine().getOut();
    if (from != null) {
      return fromModel(pw);
    }
    if (annotators == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "give --annotators (or --from MODEL to copy a fitted crowd)");
    }
    if (tasks != null || answersPerTask != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--tasks and --answers-per-task apply to --from only");
    }
    SplittableRandom rng = new SplittableRandom(run.seed);
    Items items;
    Specs.PoolResult pool;
    try {
      items = items(rng);
      pool = Specs.pool(annotators, items.k, items.features, items.dim, items.truth, rng);
      Specs.assignment(assignment);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    long t0 = System.nanoTime();
    SimulatedCrowd crowd =
        CrowdSimulator.simulate(items.truth, pool.pool(), Specs.assignment(assignment), run.seed);
    long t1 = System.nanoTime();
    SimulationWriter.write(run.out, crowd, items.features, items.dim);
    long t2 = System.nanoTime();
    CrowdDataset d = crowd.data();
    if (run.quiet) {
      return ExitCodes.OK;
    }
    double skill = 0;
    for (int r = 0; r < pool.pool().size(); r++) {
      skill += Confusions.skill(pool.pool().confusion(r)) / pool.pool().size();
    }
    pw.printf(
        Locale.ROOT,
        "simulated %d answers on %d items by %d annotators, %d classes%n",
        d.numAnswers(),
        d.numTasks(),
        d.numWorkers(),
        items.k);
    pw.printf(Locale.ROOT, "mean annotator skill (own confusion diagonal): %.4f%n", skill);
    if (pool.pool().commonConfusion() != null) {
      pw.printf(
          Locale.ROOT, "share of answers from the common confusion: %.4f%n", crowd.commonShare());
    }
    for (String note : pool.notes()) {
      pw.println(note);
    }
    pw.println(
        "written to "
            + run.out
            + " (answers.csv, gold.csv, "
            + (items.features != null ? "features.csv, " : "")
            + "true_confusions.json)");
    pw.printf(
        Locale.ROOT, "time: simulate %.2f s, write %.2f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    pw.flush();
    return 0;
  }

  /** {@code --from}: a crowd drawn from a fitted model's workers, workload and class prior. */
  private int fromModel(PrintWriter pw) throws Exception {
    Checks.inputsExist(spec, "--from", from);
    FittedCrowd model = FittedCrowd.read(from);
    int n = tasks != null ? tasks : model.tasks();
    long total = model.totalAnswers();
    int perTask =
        answersPerTask != null
            ? answersPerTask
            : (int) Math.max(1, Math.round((double) total / Math.max(1, model.tasks())));
    if (n < 1 || perTask < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--tasks and --answers-per-task must be >= 1");
    }
    SplittableRandom rng = new SplittableRandom(run.seed);
    int[] truth = new int[n];
    double[] prior = model.classPriors();
    for (int i = 0; i < n; i++) {
      double u = rng.nextDouble();
      int c = 0;
      double acc = prior[0];
      while (c < prior.length - 1 && u >= acc) {
        acc += prior[++c];
      }
      truth[i] = c;
    }
    SimulatedCrowd crowd;
    try {
      crowd =
          CrowdSimulator.simulate(
              truth, model.pool(), Assignment.weighted(perTask, model.workload()), run.seed);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    SimulationWriter.write(run.out, crowd, null, 0);
    if (!run.quiet) {
      CrowdDataset d = crowd.data();
      pw.printf(
          Locale.ROOT,
          "simulated %d answers on %d items by %d of the %d workers of %s, %d per item%n",
          d.numAnswers(),
          d.numTasks(),
          d.numWorkers(),
          model.workers().size(),
          from,
          perTask);
      SimulatedFolder.printWritten(pw, run.out, "answers.csv, gold.csv, true_confusions.json");
    }
    return ExitCodes.OK;
  }

  private record Items(int[] truth, int k, float[] features, int dim) {}

  private Items items(SplittableRandom rng) throws Exception {
    String kind = source.contains(":") ? source.substring(0, source.indexOf(':')) : source;
    String rest = source.contains(":") ? source.substring(source.indexOf(':') + 1) : "";
    switch (kind) {
      case "gaussian" -> {
        java.util.Map<String, String> o =
            sourceOptions(kind, rest, "n", "classes", "dim", "separation");
        Gaussians.Sample s =
            Gaussians.classes(
                Integer.parseInt(o.getOrDefault("n", "10000")),
                Integer.parseInt(o.getOrDefault("classes", "6")),
                Integer.parseInt(o.getOrDefault("dim", "20")),
                Double.parseDouble(o.getOrDefault("separation", "0.6")),
                rng);
        return new Items(s.labels(), s.numLabels(), s.features(), s.dim());
      }
      case "mena" -> {
        java.util.Map<String, String> o = sourceOptions(kind, rest, "per-class", "paper-centres");
        Gaussians.Sample s =
            Gaussians.threeClusters(
                Integer.parseInt(o.getOrDefault("per-class", "1000")),
                Boolean.parseBoolean(o.getOrDefault("paper-centres", "false")),
                rng);
        return new Items(s.labels(), 3, s.features(), 2);
      }
      case "idx" -> {
        String dirName = rest.contains(":") ? rest.substring(0, rest.indexOf(':')) : rest;
        java.util.Map<String, String> io = new java.util.HashMap<>();
        if (rest.contains(":")) {
          for (String kv : rest.substring(rest.indexOf(':') + 1).split(",")) {
            int e = kv.indexOf('=');
            if (e > 0) {
              io.put(kv.substring(0, e).trim(), kv.substring(e + 1).trim());
            }
          }
        }
        IdxImages.Data data = IdxImages.read(Path.of(dirName), io.getOrDefault("prefix", "train"));
        int limit = Integer.parseInt(io.getOrDefault("limit", Integer.toString(data.size())));
        int n = Math.min(limit, data.size());
        int k = 0;
        for (int i = 0; i < n; i++) {
          k = Math.max(k, data.labels()[i] + 1);
        }
        return new Items(
            java.util.Arrays.copyOf(data.labels(), n),
            k,
            java.util.Arrays.copyOf(data.pixels(), n * data.dim()),
            data.dim());
      }
      case "features" -> {
        if (truthFile == null) {
          throw new IllegalArgumentException("--source features:FILE needs --truth FILE");
        }
        TaskFeatures f = CrowdReader.readFeatures(Path.of(rest));
        java.util.Map<String, String> truth = CrowdReader.readGoldMap(truthFile, "task", "label");
        java.util.List<String> labelNames =
            new java.util.ArrayList<>(new java.util.TreeSet<>(truth.values()));
        org.crowd4j.data.Vocabulary labels = org.crowd4j.data.Vocabulary.sortedLabels(labelNames);
        int[] y = new int[f.numRows()];
        for (int i = 0; i < f.numRows(); i++) {
          String l = truth.get(f.tasks().name(i));
          if (l == null) {
            throw new IllegalArgumentException(
                truthFile + ": no label for task '" + f.tasks().name(i) + "'");
          }
          y[i] = labels.id(l);
        }
        return new Items(y, labels.size(), f.toArray(), f.dim());
      }
      default ->
          throw new IllegalArgumentException(
              "unknown source '" + source + "'; use gaussian, mena, idx:DIR or features:FILE");
    }
  }

  /** The {@code key=value,…} options of a generated source; unknown keys and bare words refused. */
  private static java.util.Map<String, String> sourceOptions(
      String kind, String rest, String... known) {
    java.util.Map<String, String> o = new java.util.HashMap<>();
    if (rest.isBlank()) {
      return o;
    }
    java.util.List<String> keys = java.util.List.of(known);
    for (String kv : rest.split(",")) {
      int e = kv.indexOf('=');
      String key = e > 0 ? kv.substring(0, e).trim() : kv.trim();
      if (e <= 0 || !keys.contains(key)) {
        throw new IllegalArgumentException(
            "--source "
                + kind
                + ": '"
                + kv.trim()
                + "' is not one of "
                + String.join(", ", keys)
                + " as KEY=VALUE");
      }
      o.put(key, kv.substring(e + 1).trim());
    }
    return o;
  }
}
