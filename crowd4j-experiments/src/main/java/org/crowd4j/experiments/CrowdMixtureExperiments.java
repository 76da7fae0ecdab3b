package org.crowd4j.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.GroupMixtureModel;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.CrowdMixtureNet;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.RaykarEm;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TwoStage;
import org.crowd4j.nn.Validation;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.SimulatedCrowd;
import org.crowd4j.simulate.Specs;

/**
 * The acceptance runs of the crowd mixture with a classifier (Mena &amp; Ñanculef 2019) next to
 * generalised EM (Raykar et al. 2010 / DL-EM):
 *
 * <ul>
 *   <li>{@code cmm-labelme}: LabelMe test accuracy in the individual setting (worker ids) and the
 *       global one (every answer anonymous, so each answer is its own annotator for per-annotator
 *       methods); the epoch is chosen on the gold validation split. Settings: {@code
 *       seeds=0,1,2,3,4}, {@code methods=crowd-mixture-net,raykar-em,mv}, {@code
 *       settings=individual,global}, {@code restarts=5}.
 *   <li>{@code cmm-scaling}: the paper's setup (1) — three 2-D Gaussians (1,000 points each, the
 *       authors' centres, 75/25 train/test split), annotators drawn from the three group confusions
 *       with p(g) = (0.25, 0.55, 0.20), each labelling each item with probability 5 / T — for
 *       {@code t=100,1500,6000,10000}: test accuracy, wall seconds of the fit, peak heap during the
 *       fit and resident memory. MLP 16 ReLU, dropout 0.2, standardised inputs, at most {@code
 *       epochs=50} rounds of one epoch, the last epoch kept (no validation, as the paper).
 *       Settings: {@code seeds=0,1,2}, {@code methods=crowd-mixture-net,raykar-em}, {@code
 *       restarts=5}.
 * </ul>
 *
 * Both take {@code tol=X} (the learners' stopping tolerance; {@code tol=0} runs the whole epoch
 * budget, the same work at every T, for timing) and {@code groups=M}. Rows are appended to {@code
 * out=FILE} (CSV) and printed; columns: test and training accuracy, selected and run epochs (of the
 * kept restart), wall seconds of the whole fit, number of annotator parameters, heap retained by
 * the fitted model, peak heap during the fit, resident and peak resident memory of the process, and
 * the group weights α of the crowd mixture.
 */
public final class CrowdMixtureExperiments {
  private static final String HEADER =
      "experiment,dataset,method,setting,seed,annotators,answers,test_acc,train_acc,best_epoch,"
          + "epochs_run,seconds,annotator_params,retained_mb,heap_peak_mb,rss_mb,peak_rss_mb,alpha,"
          + "select_metric,select_score\n";

  private final Map<String, String> args;
  private final Path shared;
  private final PrintStream out = System.out;

  /** Experiments with {@code key=value} settings and the shared data folder. */
  public CrowdMixtureExperiments(Map<String, String> args, Path shared) {
    this.args = args;
    this.shared = shared;
  }

  private long[] seeds(String defaults) {
    return Arrays.stream(args.getOrDefault("seeds", defaults).split(","))
        .mapToLong(Long::parseLong)
        .toArray();
  }

  private List<String> list(String key, String defaults) {
    return List.of(args.getOrDefault(key, defaults).split(","));
  }

  private int restarts() {
    return Integer.parseInt(args.getOrDefault("restarts", "5"));
  }

  /** The stopping tolerance ({@code tol=0} runs the whole epoch budget: fixed work per fit). */
  private double tol(double defaults) {
    return Double.parseDouble(args.getOrDefault("tol", Double.toString(defaults)));
  }

  private Learner learner(String method, TrainOptions t, Backbone b) {
    return switch (method) {
      case CrowdMixtureNet.NAME -> {
        CrowdMixtureNet.Options d = CrowdMixtureNet.Options.defaults();
        yield new CrowdMixtureNet(
            new CrowdMixtureNet.Options(
                Integer.parseInt(args.getOrDefault("groups", Integer.toString(d.groups()))),
                d.epochsPerRound(),
                tol(d.tol()),
                restarts(),
                d.laplace(),
                d.randomLambda(),
                d.normalizeTargets()),
            t,
            b);
      }
      case RaykarEm.NAME -> {
        RaykarEm.Options d = RaykarEm.Options.defaults();
        yield new RaykarEm(
            new RaykarEm.Options(d.epochsPerRound(), d.prior(), tol(d.tol()), restarts()), t, b);
      }
      case "mv" -> new TwoStage(new TwoStage.Options("mv", false, true), t, b);
      default -> throw new IllegalArgumentException("unknown method " + method);
    };
  }

  /** Every answer of {@code data} without its worker id (the global setting). */
  static CrowdDataset anonymous(CrowdDataset data) {
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    for (int a = 0; a < data.numAnswers(); a++) {
      b.add(data.tasks().name(data.task(a)), null, data.labels().name(data.label(a)));
    }
    return b.build();
  }

  // ---------------------------------------------------------------- LabelMe

  /** The LabelMe runs. */
  public void labelme() throws Exception {
    CrowdFiles files = CrowdFiles.read(shared.resolve("datasets").resolve("labelme"));
    TrainOptions base = TrainOptions.fixedEpochs(100);
    if (args.containsKey("epochs")) {
      base = base.withEpochs(Integer.parseInt(args.get("epochs")));
    }
    Backbone backbone = Backbone.paperMlp();
    for (String setting : list("settings", "individual,global")) {
      CrowdDataset data = setting.equals("global") ? anonymous(files.data()) : files.data();
      int[] trainGold = goldByName(files, data);
      for (String method : list("methods", "crowd-mixture-net,raykar-em,mv")) {
        for (long seed : seeds("0,1,2,3,4")) {
          Learner l = learner(method, base.withSeed(seed), backbone);
          measure(
              "cmm-labelme",
              "labelme",
              method,
              setting,
              seed,
              data,
              trainGold,
              () -> l.fit(data, files.features(), files.valid(), EpochListener.NONE),
              files.features(),
              files.test());
        }
      }
    }
  }

  private static int[] goldByName(CrowdFiles files, CrowdDataset data) {
    int[] g = new int[data.numTasks()];
    Arrays.fill(g, -1);
    if (files.trainGold() == null) {
      return g;
    }
    for (int i = 0; i < files.data().numTasks(); i++) {
      int id = data.tasks().id(files.data().tasks().name(i));
      if (id >= 0 && files.trainGold().hasKnown(i)) {
        g[id] = files.trainGold().label(i);
      }
    }
    return g;
  }

  // ---------------------------------------------------------------- scaling

  /** The annotator-count sweep on the three Gaussians. */
  public void scaling() throws Exception {
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "50"));
    Backbone mlp = Backbone.mlp(new int[] {16}, 0.2, false, false);
    for (String tStr : list("t", "100,1500,6000,10000")) {
      int annotators = Integer.parseInt(tStr);
      for (long seed : seeds("0,1,2")) {
        SplittableRandom rng = new SplittableRandom(7919L * seed + 17);
        Gaussians.Sample s = Gaussians.threeClusters(1000, false, rng);
        int n = s.labels().length;
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
          perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
          int j = rng.nextInt(i + 1);
          int t = perm[i];
          perm[i] = perm[j];
          perm[j] = t;
        }
        int nTrain = n * 3 / 4;
        float[] xTrain = new float[nTrain * 2];
        int[] yTrain = new int[nTrain];
        float[] xTest = new float[(n - nTrain) * 2];
        int[] yTest = new int[n - nTrain];
        for (int i = 0; i < n; i++) {
          int p = perm[i];
          if (i < nTrain) {
            xTrain[2 * i] = s.features()[2 * p];
            xTrain[2 * i + 1] = s.features()[2 * p + 1];
            yTrain[i] = s.labels()[p];
          } else {
            int q = i - nTrain;
            xTest[2 * q] = s.features()[2 * p];
            xTest[2 * q + 1] = s.features()[2 * p + 1];
            yTest[q] = s.labels()[p];
          }
        }
        ConfusionPool pool =
            ConfusionPool.groups(
                Specs.MENA_SETUP1_GROUPS, Specs.MENA_SETUP1_PRIOR, annotators, rng.split());
        SimulatedCrowd crowd =
            CrowdSimulator.simulate(yTrain, pool, Assignment.density(5), 31L * seed + annotators);
        CrowdDataset data = crowd.data();
        TaskFeatures features = rows(xTrain, nTrain);
        Validation test = new Validation(rows(xTest, n - nTrain), yTest);
        int[] trainGold = crowd.gold().labels();
        TrainOptions t =
            new TrainOptions(
                epochs,
                64,
                1e-3,
                0,
                false,
                0.9,
                0.999,
                1e-8,
                0,
                false,
                TrainOptions.Selection.LAST_EPOCH,
                0.1,
                0,
                true,
                true,
                1,
                seed,
                "");
        for (String method : list("methods", "crowd-mixture-net,raykar-em")) {
          Learner l = learner(method, t, mlp);
          measure(
              "cmm-scaling",
              "gaussians",
              method,
              "T=" + annotators,
              seed,
              data,
              trainGold,
              () -> l.fit(data, features, null, EpochListener.NONE),
              features,
              test);
        }
      }
    }
  }

  private static TaskFeatures rows(float[] x, int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add(Integer.toString(i));
    }
    return new TaskFeatures(Vocabulary.of(names), 2, x);
  }

  // ---------------------------------------------------------------- measuring

  @FunctionalInterface
  private interface Fit {
    LearnedModel fit();
  }

  private void measure(
      String experiment,
      String dataset,
      String method,
      String setting,
      long seed,
      CrowdDataset data,
      int[] trainGold,
      Fit fit,
      TaskFeatures trainFeatures,
      Validation test)
      throws IOException {
    long before = liveHeap();
    List<MemoryPoolMXBean> heap = new ArrayList<>();
    for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
      if (p.getType() == MemoryType.HEAP) {
        p.resetPeakUsage();
        heap.add(p);
      }
    }
    long t0 = System.nanoTime();
    try (LearnedModel m = fit.fit()) {
      double seconds = (System.nanoTime() - t0) / 1e9;
      long peak = 0;
      for (MemoryPoolMXBean p : heap) {
        peak += p.getPeakUsage().getUsed();
      }
      long retained = liveHeap() - before;
      double testAcc = test.accuracy(m.predictLabels(test.features()));
      int[] trainPred = m.predictLabels(trainFeatures.alignedTo(data.tasks()));
      int hits = 0;
      int known = 0;
      for (int i = 0; i < trainPred.length; i++) {
        if (trainGold[i] >= 0) {
          known++;
          hits += trainPred[i] == trainGold[i] ? 1 : 0;
        }
      }
      String alpha = "";
      long params = 0;
      if (m.annotatorModel() instanceof ConfusionMatrices c) {
        params = (long) c.numWorkers() * data.numLabels() * data.numLabels();
      }
      if (m.annotatorModel() instanceof GroupMixtureModel g) {
        params = g.numGroups() * (1L + (long) data.numLabels() * data.numLabels());
        StringBuilder sb = new StringBuilder();
        for (double v : g.groupWeights()) {
          sb.append(sb.length() == 0 ? "" : ";").append(String.format(Locale.ROOT, "%.3f", v));
        }
        alpha = sb.toString();
      }
      record(
          experiment,
          dataset,
          method,
          setting,
          Long.toString(seed),
          Integer.toString(data.numWorkers()),
          Integer.toString(data.numAnswers()),
          f(testAcc),
          f(known == 0 ? Double.NaN : (double) hits / known),
          Integer.toString(m.summary().bestEpoch()),
          Integer.toString(m.summary().epochsRun()),
          String.format(Locale.ROOT, "%.2f", seconds),
          Long.toString(params),
          String.format(Locale.ROOT, "%.1f", retained / 1e6),
          String.format(Locale.ROOT, "%.1f", peak / 1e6),
          String.format(Locale.ROOT, "%.1f", status("VmRSS:") / 1e6),
          String.format(Locale.ROOT, "%.1f", status("VmHWM:") / 1e6),
          alpha,
          m.summary().selectionMetric(),
          f(m.summary().bestScore()));
    }
  }

  /** Heap in use after a full collection. */
  private static long liveHeap() {
    System.gc();
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }

  private static long status(String key) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith(key)) {
          return Long.parseLong(line.trim().split("\\s+")[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  private void record(String... row) throws IOException {
    String line = String.join(",", row);
    out.println(line);
    out.flush();
    String file = args.get("out");
    if (file != null) {
      Path p = Path.of(file);
      if (!Files.exists(p)) {
        Files.writeString(p, HEADER, StandardCharsets.UTF_8);
      }
      Files.writeString(p, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }
}
