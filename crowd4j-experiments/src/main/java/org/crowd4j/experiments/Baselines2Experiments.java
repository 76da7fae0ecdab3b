package org.crowd4j.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.metrics.ConfusionRecovery;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.MaxMig;
import org.crowd4j.nn.Mbem;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TwoStage;
import org.crowd4j.nn.Validation;
import org.crowd4j.nn.WeightedDoctorNet;
import org.crowd4j.simulate.IdxImages;
import org.crowd4j.simulate.SimulatedCrowd;

/**
 * MBEM, the weighted doctor net and Max-MIG next to TwoStage(MV) ({@code crowd4j reproduce
 * baselines2}): {@code part=labelme} (1,000 LabelMe training images, the papers' MLP, the sound
 * protocol of {@code reproduce labelme}: Adam 1e-3, batch 64, 100 epochs, epoch chosen on the 500
 * validation images, test accuracy on 1,188) and {@code part=mnist} (MNIST-10k with 5 simulated
 * pairwise flippers of accuracy {@code p}, dense or one label per image, an MLP, batch 128, the
 * epoch chosen on held-out answers as {@code reproduce mnist} does). Settings: {@code seeds=0,1,2},
 * {@code methods=mv,mbem,wdn,max-mig} (also {@code ds}, {@code wdn-labellers}: WDN whose weights
 * are fitted on the averages of each item's own annotators' layers, {@code dn}: the doctor net
 * (uniform weights), {@code wdn-image}: image-specific weights, {@code mbem-uniform}: MBEM without
 * the predicted class prior, {@code max-mig-uniform}: fixed uniform prior, {@code max-mig-fast}:
 * aggregator step size 0.02), {@code epochs=N}, {@code p=0.4}, {@code regimes=dense,one}, {@code
 * out=FILE} (CSV rows are appended).
 */
public final class Baselines2Experiments {
  private final Map<String, String> args;
  private final Path shared;
  private final List<String[]> rows = new ArrayList<>();
  private final PrintStream out = System.out;

  private Baselines2Experiments(Map<String, String> args, Path shared) {
    this.args = args;
    this.shared = shared;
  }

  /** Runs the parts named by {@code part} (default both) with {@code args}. */
  public static void run(Map<String, String> args, Path shared) throws Exception {
    Baselines2Experiments e = new Baselines2Experiments(args, shared);
    for (String part : args.getOrDefault("part", "labelme,mnist").split(",")) {
      switch (part) {
        case "labelme" -> e.labelme();
        case "mnist" -> e.mnist();
        default -> throw new IllegalArgumentException("unknown part " + part);
      }
    }
    e.summary();
  }

  private long[] seeds() {
    return Arrays.stream(args.getOrDefault("seeds", "0,1,2").split(","))
        .mapToLong(Long::parseLong)
        .toArray();
  }

  private List<String> methods() {
    return List.of(args.getOrDefault("methods", "mv,mbem,wdn,max-mig").split(","));
  }

  private static Learner learner(String method, TrainOptions t, Backbone b) {
    return switch (method) {
      case "mv", "ds" -> new TwoStage(new TwoStage.Options(method, false, true), t, b);
      case "mbem" -> new Mbem(Mbem.Options.defaults(), t, b);
      case "mbem-uniform" -> new Mbem(new Mbem.Options(2, Mbem.Prior.UNIFORM, 0), t, b);
      case "wdn" -> new WeightedDoctorNet(WeightedDoctorNet.Options.defaults(), t, b);
      case "dn" ->
          new WeightedDoctorNet(new WeightedDoctorNet.Options(false, false, 0, 0.05), t, b);
      case "wdn-labellers" ->
          new WeightedDoctorNet(new WeightedDoctorNet.Options(false, true, 300, 0.05), t, b);
      case "wdn-image" ->
          new WeightedDoctorNet(new WeightedDoctorNet.Options(true, false, 300, 0.05), t, b);
      case "max-mig" -> new MaxMig(MaxMig.Options.defaults(), t, b);
      case "max-mig-uniform" -> new MaxMig(new MaxMig.Options(false, 0), t, b);
      case "max-mig-fast" -> new MaxMig(new MaxMig.Options(true, 0.02), t, b);
      default -> throw new IllegalArgumentException("unknown method " + method);
    };
  }

  private void labelme() throws Exception {
    CrowdFiles files = CrowdFiles.read(shared.resolve("datasets").resolve("labelme"));
    TrainOptions base = TrainOptions.fixedEpochs(100);
    if (args.containsKey("epochs")) {
      base = base.withEpochs(Integer.parseInt(args.get("epochs")));
    }
    Backbone mlp = Backbone.paperMlp();
    for (String method : methods()) {
      for (long seed : seeds()) {
        Learner l = learner(method, base.withSeed(seed), mlp);
        long t0 = System.nanoTime();
        try (LearnedModel m =
            l.fit(files.data(), files.features(), files.valid(), EpochListener.NONE)) {
          Validation test = files.test();
          if (m.annotatorModel() instanceof WorkerSkills ws) {
            out.println("  " + method + " " + describe(ws.values()));
          }
          record(
              "labelme",
              method,
              "sound-valid",
              seed,
              test.accuracy(m.predictLabels(test.features())),
              Double.NaN,
              m,
              (System.nanoTime() - t0) / 1e9);
        }
      }
    }
  }

  private void mnist() throws Exception {
    Path dir = shared.resolve("datasets").resolve("mnist-10k");
    IdxImages.Data train = IdxImages.read(dir, "train");
    IdxImages.Data test = IdxImages.read(dir, "t10k");
    int k = 10;
    TaskFeatures trainX = rows(train.pixels(), train.dim(), train.size());
    Validation testSet =
        new Validation(rows(test.pixels(), test.dim(), test.size()), test.labels());
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "10"));
    Backbone mlp = Backbone.mlp(new int[] {128}, 0.5, false, false);
    for (String regime : args.getOrDefault("regimes", "dense,one").split(",")) {
      for (String pStr : args.getOrDefault("p", "0.4").split(",")) {
        double p = Double.parseDouble(pStr);
        for (long seed : seeds()) {
          SimulatedCrowd crowd = FlipperCrowds.of(train.labels(), k, p, regime, seed);
          CrowdDataset data = crowd.data();
          double[] truth = crowd.effectiveConfusionsByWorkerId();
          TrainOptions t = FlipperCrowds.trainOptions(epochs, seed);
          for (String method : methods()) {
            long t0 = System.nanoTime();
            try (LearnedModel m =
                learner(method, t, mlp).fit(data, trainX, null, EpochListener.NONE)) {
              double err = Double.NaN;
              if (m.annotatorModel() instanceof ConfusionMatrices cm
                  && cm.numWorkers() == data.numWorkers()) {
                err = ConfusionRecovery.tannoError(truth, cm.toArray(), k);
              }
              if (m.annotatorModel() instanceof WorkerSkills ws) {
                out.println("  " + method + " " + describe(ws.values()));
              }
              record(
                  "mnist-10k",
                  method,
                  regime + " p=" + pStr,
                  seed,
                  testSet.accuracy(m.predictLabels(testSet.features())),
                  err,
                  m,
                  (System.nanoTime() - t0) / 1e9);
            }
          }
        }
      }
    }
  }

  /** Largest weight and effective number of doctors 1 / Σ a². */
  private static String describe(double[] a) {
    double max = 0;
    double sq = 0;
    for (double v : a) {
      max = Math.max(max, v);
      sq += v * v;
    }
    return String.format(
        Locale.ROOT,
        "averaging weights: max %.3f, effective number %.1f of %d",
        max,
        1 / sq,
        a.length);
  }

  private static TaskFeatures rows(float[] x, int d, int n) {
    List<String> names = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      names.add(Integer.toString(i));
    }
    return new TaskFeatures(Vocabulary.of(names), d, x);
  }

  private void record(
      String dataset,
      String method,
      String setting,
      long seed,
      double acc,
      double cmError,
      LearnedModel m,
      double seconds)
      throws IOException {
    String[] row = {
      "baselines2",
      dataset,
      method,
      setting,
      Long.toString(seed),
      f(acc),
      Double.isNaN(cmError) ? "" : f(cmError),
      Integer.toString(m.summary().bestEpoch()),
      f(m.summary().medianEpochSeconds()),
      String.format(Locale.ROOT, "%.1f", seconds),
      m.summary().selectionMetric(),
      f(m.summary().bestScore())
    };
    rows.add(row);
    String line = String.join(",", row);
    out.println(line);
    out.flush();
    String file = args.get("out");
    if (file != null) {
      Path p = Path.of(file);
      if (!Files.exists(p)) {
        Files.writeString(
            p,
            "experiment,dataset,method,setting,seed,test_acc,cm_error,best_epoch,sec_per_epoch,"
                + "fit_seconds,select_metric,select_score\n",
            StandardCharsets.UTF_8);
      }
      Files.writeString(p, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.4f", v);
  }

  private void summary() {
    Map<String, List<String[]>> groups = new LinkedHashMap<>();
    for (String[] r : rows) {
      groups.computeIfAbsent(r[1] + " | " + r[3] + " | " + r[2], g -> new ArrayList<>()).add(r);
    }
    out.println();
    out.println("| dataset | setting | method | runs | test accuracy | CM error | fit seconds |");
    out.println("|---|---|---|---|---|---|---|");
    for (Map.Entry<String, List<String[]>> e : groups.entrySet()) {
      List<String[]> g = e.getValue();
      out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %s | %s |%n",
          e.getKey(),
          g.size(),
          meanStd(g, 5),
          meanStd(g, 6),
          meanStd(g, 9));
    }
  }

  private static String meanStd(List<String[]> g, int col) {
    double[] v =
        g.stream()
            .filter(r -> !r[col].isEmpty())
            .mapToDouble(r -> Double.parseDouble(r[col]))
            .toArray();
    if (v.length == 0) {
      return "–";
    }
    double m = Arrays.stream(v).average().orElse(Double.NaN);
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    s = v.length > 1 ? Math.sqrt(s / (v.length - 1)) : 0;
    return String.format(Locale.ROOT, "%.4f ± %.4f", m, s);
  }
}
