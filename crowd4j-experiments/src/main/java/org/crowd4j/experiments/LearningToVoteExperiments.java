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
import java.util.SplittableRandom;
import org.crowd4j.aggregate.WorkerSkills;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.metrics.RocAuc;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.LearningToVote;
import org.crowd4j.nn.TraceRegularized;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TwoStage;
import org.crowd4j.nn.Validation;
import org.crowd4j.simulate.AlgorithmicLabelers;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.IdxImages;
import org.crowd4j.simulate.SimulatedCrowd;

/**
 * The acceptance runs of {@link LearningToVote} on MNIST-10k (8,000 training, 2,000 test images),
 * with an MLP on the 784 pixels (FC {@code hidden}, ReLU, FC), the same for every method.
 *
 * <ul>
 *   <li>{@code learning-to-vote}: the five simulated label sets of Wang et al.'s CIFAR-10 protocol
 *       (HS symmetric 30 %, SF pair flips 40 %, OC neighbour confusion 50 %, AD a derangement 100
 *       %, AVG the mean of those four matrices, 45 %), one independent draw per set and item. Test
 *       accuracy of learning to vote, of a classifier on majority-vote labels (two-stage), of trace
 *       regularisation (each set an annotator) and of classifiers on each single set; the accuracy
 *       of every set's labels, of the majority vote and of the refined labels; the mean voting
 *       weight on clean and on noisy labels per set (the paper's Tables 2–3).
 *   <li>{@code learning-to-vote-ml}: multi-label attributes of the digits (even, greater than 4,
 *       closed loop), two simulated algorithmic labelers whose uncertain marks are resolved to 0
 *       and to 1, giving four label sets; mean test AUC of learning to vote, of BCE on each single
 *       set and of BCE on the per-finding majority vote of the four sets (ties at random).
 * </ul>
 *
 * Every method keeps the epoch with the best accuracy (mean AUC) on the first {@code
 * validation=500} test images, which have gold labels; the remaining 1,500 test images give the
 * reported numbers. Settings: {@code seeds=0,1,2}, {@code epochs=15}, {@code hidden=128}, {@code
 * batch=32}, {@code lr=0.001}, {@code methods=…}, {@code out=FILE} (long-format CSV rows {@code
 * experiment,method,seed,metric,value} are appended), {@code shared=DIR}; learning to vote's
 * options by name ({@code threshold=0.3}, {@code warmupEpochs=15}…) with {@code tag=NAME} to label
 * the variant; {@code noise=F} multiplies the labelers' error rates of the multi-label run.
 */
public final class LearningToVoteExperiments {
  private static final String[] SETS = {"HS", "SF", "OC", "AD", "AVG"};

  /** SF's class pairs for digits [J]: shapes that are commonly confused. */
  private static final int[][] DIGIT_PAIRS = {{4, 9}, {3, 5}, {1, 7}, {0, 6}, {2, 8}};

  private final Map<String, String> args;
  private final Path shared;
  private final PrintStream out = System.out;
  private final Map<String, List<Double>> values = new LinkedHashMap<>();

  private LearningToVoteExperiments(Map<String, String> args, Path shared) {
    this.args = args;
    this.shared = shared;
  }

  /** Runs {@code learning-to-vote} or {@code learning-to-vote-ml}. */
  public static void run(String experiment, Map<String, String> args, Path shared)
      throws Exception {
    LearningToVoteExperiments e = new LearningToVoteExperiments(args, shared);
    switch (experiment) {
      case "learning-to-vote" -> e.multiClass();
      case "learning-to-vote-ml" -> e.multiLabel();
      default -> throw new IllegalArgumentException("unknown experiment " + experiment);
    }
    e.summary();
  }

  private long[] seeds() {
    return Arrays.stream(args.getOrDefault("seeds", "0,1,2").split(","))
        .mapToLong(Long::parseLong)
        .toArray();
  }

  private List<String> methods(String defaults) {
    return List.of(args.getOrDefault("methods", defaults).split(","));
  }

  private TrainOptions options(long seed) {
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "15"));
    int batch = Integer.parseInt(args.getOrDefault("batch", "32"));
    double lr = Double.parseDouble(args.getOrDefault("lr", "0.001"));
    // every method keeps the epoch with the best accuracy (AUC) on the gold validation images
    return new TrainOptions(
        epochs,
        batch,
        lr,
        0,
        false,
        0.9,
        0.999,
        1e-8,
        0,
        false,
        TrainOptions.Selection.VALIDATION_GOLD,
        0.0,
        0,
        true,
        false,
        1,
        seed,
        "");
  }

  private Backbone backbone() {
    return Backbone.mlp(
        new int[] {Integer.parseInt(args.getOrDefault("hidden", "128"))}, 0.0, false, false);
  }

  private LearningToVote.Options voteOptions() {
    LearningToVote.Options d = LearningToVote.Options.defaults();
    return new LearningToVote.Options(
        Double.parseDouble(args.getOrDefault("metaStep", Double.toString(d.metaStep()))),
        Boolean.parseBoolean(args.getOrDefault("metaPerItem", Boolean.toString(d.metaPerItem()))),
        Integer.parseInt(args.getOrDefault("warmupEpochs", Integer.toString(d.warmupEpochs()))),
        Double.parseDouble(args.getOrDefault("sharpness", Double.toString(d.sharpness()))),
        Double.parseDouble(args.getOrDefault("threshold", Double.toString(d.threshold()))),
        Boolean.parseBoolean(args.getOrDefault("binarize", "true")),
        LearningToVote.MultiClassLoss.valueOf(
            args.getOrDefault("multiClassLoss", d.multiClassLoss().name())),
        LearningToVote.AttentionOptimizer.valueOf(
            args.getOrDefault("attentionOptimizer", d.attentionOptimizer().name())),
        Double.parseDouble(
            args.getOrDefault(
                "attentionLearningRate", Double.toString(d.attentionLearningRate()))));
  }

  private void record(String experiment, String method, long seed, String metric, double v)
      throws IOException {
    if (method.equals("learning-to-vote") && args.containsKey("tag")) {
      method = method + "[" + args.get("tag") + "]";
    }
    String line =
        String.join(
            ",",
            experiment,
            method,
            Long.toString(seed),
            metric,
            String.format(Locale.ROOT, "%.5f", v));
    out.println(line);
    out.flush();
    values.computeIfAbsent(method + " | " + metric, x -> new ArrayList<>()).add(v);
    String file = args.get("out");
    if (file != null) {
      Path p = Path.of(file);
      if (!Files.exists(p)) {
        Files.writeString(p, "experiment,method,seed,metric,value\n", StandardCharsets.UTF_8);
      }
      Files.writeString(p, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }
  }

  private static TaskFeatures rows(float[] x, int d, int n) {
    List<String> names = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      names.add(Integer.toString(i));
    }
    return new TaskFeatures(Vocabulary.of(names), d, x);
  }

  // ------------------------------------------------------------------ multi-class, five sets

  private void multiClass() throws Exception {
    Path dir = shared.resolve("datasets").resolve("mnist-10k");
    IdxImages.Data train = IdxImages.read(dir, "train");
    IdxImages.Data test = IdxImages.read(dir, "t10k");
    int k = 10;
    TaskFeatures trainX = rows(train.pixels(), train.dim(), train.size());
    int v = validationSize(test.size());
    int d = test.dim();
    Validation valid =
        new Validation(
            rows(Arrays.copyOf(test.pixels(), v * d), d, v), Arrays.copyOf(test.labels(), v));
    Validation testSet =
        new Validation(
            rows(Arrays.copyOfRange(test.pixels(), v * d, test.size() * d), d, test.size() - v),
            Arrays.copyOfRange(test.labels(), v, test.size()));
    String exp = "learning-to-vote";
    for (long seed : seeds()) {
      SplittableRandom rng = new SplittableRandom(5000 + seed);
      double[][] hs = Confusions.symmetric(k, 0.3);
      double[][] sf = Confusions.pairFlips(k, DIGIT_PAIRS, 0.4);
      double[][] oc = Confusions.neighbour(k, 0.5);
      double[][] ad = Confusions.adversarial(k, 1.0, rng);
      double[][] avg = Confusions.average(hs, sf, oc, ad);
      ConfusionPool pool =
          ConfusionPool.builder(k)
              .add(hs, "HS")
              .add(sf, "SF")
              .add(oc, "OC")
              .add(ad, "AD")
              .add(avg, "AVG")
              .build();
      SimulatedCrowd crowd =
          CrowdSimulator.simulate(train.labels(), pool, Assignment.dense(), 6000 + seed);
      CrowdDataset data = crowd.data();
      int n = data.numTasks();
      int[] truth = new int[n];
      for (int t = 0; t < n; t++) {
        truth[t] = train.labels()[Integer.parseInt(data.tasks().name(t))];
      }
      // labels of set s per task
      int[][] setLabels = new int[SETS.length][n];
      int[] setOf = new int[data.numWorkers()];
      for (int w = 0; w < data.numWorkers(); w++) {
        setOf[w] = Integer.parseInt(data.workers().name(w).substring(1));
      }
      for (int t = 0; t < n; t++) {
        for (int a = data.taskStart(t); a < data.taskEnd(t); a++) {
          setLabels[setOf[data.worker(a)]][t] = data.label(a);
        }
      }
      for (int s = 0; s < SETS.length; s++) {
        record(exp, SETS[s], seed, "label_acc", accuracy(setLabels[s], truth));
      }
      TrainOptions t = options(seed);
      Backbone b = backbone();
      for (String method : methods("learning-to-vote,mv,trace-reg,HS,SF,OC,AD,AVG")) {
        long t0 = System.nanoTime();
        switch (method) {
          case "learning-to-vote" -> {
            try (LearningToVote.Fit f =
                new LearningToVote(voteOptions(), t, b)
                    .fitVotes(data, trainX, valid, EpochListener.NONE)) {
              record(exp, method, seed, "test_acc", testAcc(f.model(), testSet));
              record(exp, method, seed, "label_acc", accuracy(f.votedLabels(), truth));
              record(exp, method, seed, "best_epoch", f.model().summary().bestEpoch());
              record(exp, method, seed, "valid_acc", f.model().summary().bestScore());
              record(exp, method, seed, "sec_per_epoch", f.model().summary().medianEpochSeconds());
              WorkerSkills w = (WorkerSkills) f.model().annotatorModel();
              for (int wk = 0; wk < data.numWorkers(); wk++) {
                int s = setOf[wk];
                double[] cleanNoisy = weightsCleanNoisy(f, wk, setLabels[s], truth);
                record(exp, method, seed, "w_mean_" + SETS[s], w.skill(wk));
                record(exp, method, seed, "w_clean_" + SETS[s], cleanNoisy[0]);
                record(exp, method, seed, "w_noisy_" + SETS[s], cleanNoisy[1]);
              }
            }
          }
          case "mv" -> {
            try (LearnedModel m =
                new TwoStage(TwoStage.Options.defaults(), t, b)
                    .fit(data, trainX, valid, EpochListener.NONE)) {
              record(exp, method, seed, "test_acc", testAcc(m, testSet));
              record(exp, method, seed, "best_epoch", m.summary().bestEpoch());
            }
            int[] mv = majority(setLabels, k, new SplittableRandom(seed));
            record(exp, method, seed, "label_acc", accuracy(mv, truth));
          }
          case "trace-reg" -> {
            try (LearnedModel m =
                new TraceRegularized(TraceRegularized.Options.defaults(), t, b)
                    .fit(data, trainX, valid, EpochListener.NONE)) {
              record(exp, method, seed, "test_acc", testAcc(m, testSet));
              record(exp, method, seed, "best_epoch", m.summary().bestEpoch());
            }
          }
          default -> {
            int s = Arrays.asList(SETS).indexOf(method);
            if (s < 0) {
              throw new IllegalArgumentException("unknown method " + method);
            }
            double[] target = new double[n * k];
            for (int i = 0; i < n; i++) {
              target[i * k + setLabels[s][i]] = 1;
            }
            try (LearnedModel m =
                new TwoStage(TwoStage.Options.defaults(), t, b)
                    .fitOnTargets(data, trainX, target, valid, EpochListener.NONE)) {
              record(exp, method, seed, "test_acc", testAcc(m, testSet));
              record(exp, method, seed, "best_epoch", m.summary().bestEpoch());
            }
          }
        }
        record(exp, method, seed, "seconds", (System.nanoTime() - t0) / 1e9);
      }
    }
  }

  /** The first {@code validation} test images (default 500) select the epoch; the rest test. */
  private int validationSize(int n) {
    int v = Integer.parseInt(args.getOrDefault("validation", "500"));
    if (v < 1 || v >= n) {
      throw new IllegalArgumentException("validation must be in 1.." + (n - 1) + ": " + v);
    }
    return v;
  }

  private static double testAcc(LearnedModel m, Validation test) {
    return test.accuracy(m.predictLabels(test.features()));
  }

  private static double accuracy(int[] labels, int[] truth) {
    int hits = 0;
    for (int i = 0; i < truth.length; i++) {
      if (labels[i] == truth[i]) {
        hits++;
      }
    }
    return hits / (double) truth.length;
  }

  /** Hard majority vote of the sets per item, ties at random (Wang's R50_MV). */
  static int[] majority(int[][] setLabels, int k, SplittableRandom rng) {
    int n = setLabels[0].length;
    int[] out = new int[n];
    int[] count = new int[k];
    for (int i = 0; i < n; i++) {
      Arrays.fill(count, 0);
      for (int[] s : setLabels) {
        count[s[i]]++;
      }
      int best = 0;
      int ties = 0;
      for (int c = 0; c < k; c++) {
        if (count[c] > best) {
          best = count[c];
          ties = 1;
          out[i] = c;
        } else if (count[c] == best) {
          ties++;
          if (rng.nextInt(ties) == 0) {
            out[i] = c;
          }
        }
      }
    }
    return out;
  }

  /** Mean voting weight of worker {@code wk} on items where its label is right, and wrong. */
  private static double[] weightsCleanNoisy(
      LearningToVote.Fit f, int wk, int[] labels, int[] truth) {
    int m = f.sets();
    double[] sum = new double[2];
    int[] count = new int[2];
    for (int i = 0; i < truth.length; i++) {
      int c = labels[i] == truth[i] ? 0 : 1;
      sum[c] += f.weights()[i * m + wk];
      count[c]++;
    }
    return new double[] {
      count[0] == 0 ? Double.NaN : sum[0] / count[0], count[1] == 0 ? Double.NaN : sum[1] / count[1]
    };
  }

  // ------------------------------------------------------------------ multi-label, four sets

  private void multiLabel() throws Exception {
    Path dir = shared.resolve("datasets").resolve("mnist-10k");
    IdxImages.Data train = IdxImages.read(dir, "train");
    IdxImages.Data test = IdxImages.read(dir, "t10k");
    int[][] attributes = AlgorithmicLabelers.digitAttributes();
    List<String> findings = List.of("even", "greater-than-4", "closed-loop");
    int l = findings.size();
    int n = train.size();
    int[] truth = AlgorithmicLabelers.attributes(train.labels(), attributes);
    int v = validationSize(test.size());
    int d = test.dim();
    int[] allTestTruth = AlgorithmicLabelers.attributes(test.labels(), attributes);
    int[] testTruth = Arrays.copyOfRange(allTestTruth, v * l, allTestTruth.length);
    TaskFeatures trainX = rows(train.pixels(), train.dim(), n);
    TaskFeatures testX =
        rows(Arrays.copyOfRange(test.pixels(), v * d, test.size() * d), d, test.size() - v);
    LearningToVote.MultiLabelValidation valid =
        new LearningToVote.MultiLabelValidation(
            rows(Arrays.copyOf(test.pixels(), v * d), d, v), Arrays.copyOf(allTestTruth, v * l));
    // two labelers [J]: per finding false-negative, false-positive and uncertain rates; noise=F
    // multiplies the error rates (not the uncertain rates)
    double noise = Double.parseDouble(args.getOrDefault("noise", "1"));
    AlgorithmicLabelers.Profile a =
        new AlgorithmicLabelers.Profile(
            scaled(noise, 0.10, 0.15, 0.20),
            scaled(noise, 0.05, 0.10, 0.05),
            new double[] {0.20, 0.25, 0.30});
    AlgorithmicLabelers.Profile bProfile =
        new AlgorithmicLabelers.Profile(
            scaled(noise, 0.20, 0.10, 0.25),
            scaled(noise, 0.10, 0.05, 0.15),
            new double[] {0.30, 0.20, 0.25});
    String exp = noise == 1 ? "learning-to-vote-ml" : "learning-to-vote-ml-noise" + noise;
    List<String> setNames = List.of("A_u0", "A_u1", "B_u0", "B_u1");
    for (long seed : seeds()) {
      SplittableRandom rng = new SplittableRandom(7000 + seed);
      int[] marksA =
          AlgorithmicLabelers.label(truth, l, a, AlgorithmicLabelers.UncertainPolicy.KEEP, rng);
      int[] marksB =
          AlgorithmicLabelers.label(
              truth, l, bProfile, AlgorithmicLabelers.UncertainPolicy.KEEP, rng);
      List<int[]> sets =
          List.of(
              LearningToVote.resolveUncertain(marksA, AlgorithmicLabelers.UncertainPolicy.U_ZEROS),
              LearningToVote.resolveUncertain(marksA, AlgorithmicLabelers.UncertainPolicy.U_ONES),
              LearningToVote.resolveUncertain(marksB, AlgorithmicLabelers.UncertainPolicy.U_ZEROS),
              LearningToVote.resolveUncertain(marksB, AlgorithmicLabelers.UncertainPolicy.U_ONES));
      for (int s = 0; s < sets.size(); s++) {
        record(exp, setNames.get(s), seed, "label_acc", entryAccuracy(sets.get(s), truth));
      }
      int[] mv = new int[n * l];
      SplittableRandom tie = new SplittableRandom(seed);
      for (int j = 0; j < mv.length; j++) {
        int ones = 0;
        for (int[] s : sets) {
          ones += s[j];
        }
        mv[j] =
            2 * ones > sets.size()
                ? 1
                : 2 * ones < sets.size() ? 0 : sets.get(tie.nextInt(sets.size()))[j];
      }
      TrainOptions t = options(seed);
      Backbone b = backbone();
      LearningToVote learner = new LearningToVote(voteOptions(), t, b);
      for (String method : methods("learning-to-vote,mv,A_u0,A_u1,B_u0,B_u1,gold")) {
        long t0 = System.nanoTime();
        LearningToVote.Fit f;
        if (method.equals("learning-to-vote")) {
          f = learner.fitMultiLabel(trainX, findings, setNames, sets, valid, EpochListener.NONE);
        } else {
          int[] target;
          if (method.equals("mv")) {
            target = mv;
          } else if (method.equals("gold")) {
            target = truth;
          } else {
            int s = setNames.indexOf(method);
            if (s < 0) {
              throw new IllegalArgumentException("unknown method " + method);
            }
            target = sets.get(s);
          }
          double[] tt = new double[target.length];
          for (int j = 0; j < tt.length; j++) {
            tt[j] = target[j];
          }
          f = learner.fitMultiLabelTargets(trainX, findings, tt, valid, EpochListener.NONE);
          if (method.equals("mv")) {
            record(exp, method, seed, "label_acc", entryAccuracy(mv, truth));
          }
        }
        try (f) {
          double[] auc =
              RocAuc.perLabel(f.model().predictMultiLabel(testX), testTruth, findings.size());
          record(exp, method, seed, "test_auc", RocAuc.mean(auc));
          for (int c = 0; c < l; c++) {
            record(exp, method, seed, "test_auc_" + findings.get(c), auc[c]);
          }
          record(exp, method, seed, "best_epoch", f.model().summary().bestEpoch());
          record(exp, method, seed, "valid_auc", f.model().summary().bestScore());
          if (method.equals("learning-to-vote")) {
            int[] refined = new int[n * l];
            for (int j = 0; j < refined.length; j++) {
              refined[j] = f.voted()[j] > 0.5 ? 1 : 0;
            }
            record(exp, method, seed, "label_acc", entryAccuracy(refined, truth));
            WorkerSkills w = (WorkerSkills) f.model().annotatorModel();
            for (int s = 0; s < setNames.size(); s++) {
              record(exp, method, seed, "w_mean_" + setNames.get(s), w.skill(s));
            }
          }
        }
        record(exp, method, seed, "seconds", (System.nanoTime() - t0) / 1e9);
      }
    }
  }

  private static double[] scaled(double f, double... rates) {
    double[] out = new double[rates.length];
    for (int j = 0; j < rates.length; j++) {
      out[j] = Math.min(0.49, f * rates[j]);
    }
    return out;
  }

  private static double entryAccuracy(int[] labels, int[] truth) {
    int hits = 0;
    for (int j = 0; j < truth.length; j++) {
      if (labels[j] == truth[j]) {
        hits++;
      }
    }
    return hits / (double) truth.length;
  }

  // ------------------------------------------------------------------ summary

  private void summary() {
    out.println();
    out.println("| method | metric | runs | mean ± std |");
    out.println("|---|---|---|---|");
    for (Map.Entry<String, List<Double>> e : values.entrySet()) {
      double[] v = e.getValue().stream().mapToDouble(Double::doubleValue).toArray();
      double m = Arrays.stream(v).average().orElse(Double.NaN);
      double s = 0;
      for (double x : v) {
        s += (x - m) * (x - m);
      }
      s = v.length > 1 ? Math.sqrt(s / (v.length - 1)) : 0;
      out.printf(Locale.ROOT, "| %s | %d | %.4f ± %.4f |%n", e.getKey(), v.length, m, s);
    }
  }
}
