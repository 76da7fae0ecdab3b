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
import org.crowd4j.aggregate.CommonConfusionModel;
import org.crowd4j.aggregate.ConfusionMatrices;
import org.crowd4j.aggregate.MajorityVote;
import org.crowd4j.aggregate.Posteriors;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.metrics.ConfusionRecovery;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.Conal;
import org.crowd4j.nn.CrowdLayer;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.TraceRegularized;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;
import org.crowd4j.nn.Tuning;
import org.crowd4j.nn.TwoStage;
import org.crowd4j.nn.Validation;
import org.crowd4j.simulate.Assignment;
import org.crowd4j.simulate.CommonNoisePool;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;
import org.crowd4j.simulate.CrowdSimulator;
import org.crowd4j.simulate.Gaussians;
import org.crowd4j.simulate.IdxImages;
import org.crowd4j.simulate.SimulatedCrowd;

/**
 * The long acceptance runs of the neural learners (not unit tests): {@code labelme}, {@code music}
 * (real data, test accuracy of two-stage MV and DS, crowd layer, trace regularisation, CoNAL and a
 * gold-trained ceiling), {@code mnist} (simulated pairwise flippers: accuracy and confusion
 * recovery), {@code synthetic} (CoNAL recovering a common confusion) and {@code bench} (seconds per
 * epoch and resident memory). Usage: {@code Reproduce EXPERIMENT [key=value…]} with {@code
 * shared=DIR} (default {@code $CROWD4J_SHARED}, else the nearest {@code shared/} folder upwards),
 * {@code seeds=0,1,2,3,4}, {@code protocol=sound|authors}, {@code epochs=N}, {@code threads=N}
 * (default 1), {@code methods=a,b}, {@code out=FILE} (CSV rows are appended); the real-data
 * experiments also take {@code devfold=F} (F in 0–4: one of five seeded folds of the training items
 * with gold is removed from training and scored with its gold, a development set that is neither
 * test data nor seen by the run). Prints one line per run and a table of mean ± sample standard
 * deviation.
 */
public final class Reproduce {
  private final Map<String, String> args;
  private final List<String[]> rows = new ArrayList<>();
  private final PrintStream out = System.out;

  private Reproduce(Map<String, String> args) {
    this.args = args;
  }

  /** Usage line. */
  public static final String USAGE =
      "labelme|music|mnist|synthetic|bench|run|cmm-labelme|cmm-scaling|baselines2|learning-to-vote|learning-to-vote-ml|lia|lia-oracles|lia-penalties|fashion-crowd|folder [seeds=0,1,2,3,4] [protocol=sound|authors]"
          + " [epochs=N] [threads=1] [methods=a,b] [out=FILE] [shared=DIR]";

  /** Entry point. */
  public static void main(String[] argv) throws Exception {
    if (argv.length == 0) {
      System.err.println("usage: Reproduce " + USAGE);
      System.exit(2);
    }
    run(argv);
  }

  /** Runs one experiment: {@code argv[0]} names it, the rest are {@code key=value} settings. */
  public static void run(String... argv) throws Exception {
    Map<String, String> a = new LinkedHashMap<>();
    for (int i = 1; i < argv.length; i++) {
      String[] kv = argv[i].split("=", 2);
      a.put(kv[0], kv.length > 1 ? kv[1] : "true");
    }
    NnRuntime.threads(Integer.parseInt(a.getOrDefault("threads", "1")));
    Reproduce r = new Reproduce(a);
    switch (argv[0]) {
      case "labelme" -> r.realData("labelme", false);
      case "music" -> r.realData("music", true);
      case "folder" -> r.realData(a.get("dir"), false);
      case "mnist" -> r.mnist();
      case "synthetic" -> r.synthetic();
      case "bench" -> r.bench();
      case "run" -> r.single();
      case "cmm-labelme" -> {
        new CrowdMixtureExperiments(a, r.shared()).labelme();
        return;
      }
      case "cmm-scaling" -> {
        new CrowdMixtureExperiments(a, r.shared()).scaling();
        return;
      }
      case "baselines2" -> {
        Baselines2Experiments.run(a, r.shared());
        return;
      }
      case "learning-to-vote", "learning-to-vote-ml" -> {
        LearningToVoteExperiments.run(argv[0], a, r.shared());
        return;
      }
      case "lia" -> new LiaExperiments(a).sweep(r.shared());
      case "lia-oracles" -> new LiaExperiments(a).oracles(r.shared());
      case "lia-penalties" -> new LiaExperiments(a).penalties(r.shared());
      case "fashion-crowd" -> {
        FashionCrowd.write(a);
        return;
      }
      default -> throw new IllegalArgumentException("unknown experiment " + argv[0]);
    }
    r.summary();
  }

  Path shared() {
    String s = args.get("shared");
    if (s == null) {
      s = System.getenv("CROWD4J_SHARED");
    }
    if (s != null) {
      return Path.of(s);
    }
    // the nearest folder called shared/ with datasets, from here upwards
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("shared").resolve("datasets"))) {
        return dir.resolve("shared");
      }
    }
    return Path.of("../shared");
  }

  private long[] seeds() {
    return Arrays.stream(args.getOrDefault("seeds", "0,1,2,3,4").split(","))
        .mapToLong(Long::parseLong)
        .toArray();
  }

  private List<String> methods(String defaults) {
    return List.of(args.getOrDefault("methods", defaults).split(","));
  }

  private boolean authors() {
    return "authors".equals(args.getOrDefault("protocol", "sound"));
  }

  /** Columns of the CSV rows; shorter rows are padded with empty cells. */
  private static final String HEADER =
      "experiment,dataset,method,setting,seed,test_acc,cm_error,best_epoch,sec_per_epoch,"
          + "select_metric,select_score,valid_acc,train_gold_acc,chosen,epochs_run,annotator_nll,"
          + "members,devfold_acc,member0_valid_acc,member0_devfold_acc\n";

  private void record(String... cells) throws IOException {
    String[] row = Arrays.copyOf(cells, Math.max(cells.length, 20));
    for (int i = cells.length; i < row.length; i++) {
      row[i] = "";
    }
    rows.add(row);
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

  // ---------------------------------------------------------------- real data

  /**
   * The real-data table. {@code protocol=sound} (default): what {@code crowd4j train} does with
   * only the files and a seed — the paper MLP on standardised features, early stopping, learning
   * rate and regulariser from {@link Tuning}'s grid, everything chosen on the validation split or,
   * with {@code valid=false} or none, on held-out answers. {@code protocol=authors}: the CoNAL
   * authors' scripts (a named preset; 100 epochs on LabelMe, 200 on Music as they ran, their Music
   * network). {@code test=false} leaves the test accuracy out (for runs that only compare selection
   * scores). Other {@code key=value} settings are bound onto every learner as fixed options.
   */
  private void realData(String dataset, boolean music) throws Exception {
    Path folder =
        dataset.contains("/") ? Path.of(dataset) : shared().resolve("datasets").resolve(dataset);
    String name = folder.getFileName().toString();
    CrowdFiles files = CrowdFiles.read(folder);
    if (args.containsKey("devfold")) {
      files = withoutDevFold(files, Integer.parseInt(args.get("devfold")));
    }
    boolean useValid = Boolean.parseBoolean(args.getOrDefault("valid", "true"));
    boolean withTest = Boolean.parseBoolean(args.getOrDefault("test", "true"));
    Validation valid = useValid ? files.valid() : null;
    Map<String, String> fixed = new LinkedHashMap<>(args);
    for (String reserved :
        new String[] {
          "shared",
          "seeds",
          "protocol",
          "threads",
          "out",
          "methods",
          "valid",
          "test",
          "epochs",
          "dir",
          "devfold"
        }) {
      fixed.remove(reserved);
    }
    TrainOptions base;
    Backbone backbone;
    if (authors()) {
      // the CoNAL authors ran 200 epochs on Music, with batch normalisation in their network
      base = TrainOptions.authorsProtocol().withEpochs(music ? 200 : 100);
      backbone = music ? Backbone.musicMlp() : Backbone.paperMlp();
    } else {
      base = TrainOptions.defaults();
      backbone = Backbone.paperMlp();
    }
    if (args.containsKey("epochs")) {
      base = base.withEpochs(Integer.parseInt(args.get("epochs")));
    }
    StringBuilder setting =
        new StringBuilder(
            (authors() ? "authors" : "sound") + (valid == null ? "-heldout" : "-valid"));
    fixed.forEach((k, v) -> setting.append(' ').append(k).append('=').append(v));
    for (String method : methods("mv,ds,crowd-layer,trace-reg,conal,gold")) {
      for (long seed : seeds()) {
        TrainOptions t = base.withSeed(seed);
        LearnedModel m;
        if (method.equals("gold")) {
          // the ceiling: the same classifier on the true training labels, default learning rate
          int[] g = files.trainGold().labels();
          m =
              new TwoStage(TwoStage.Options.defaults(), bind(t, fixed), backbone)
                  .fitOnTargets(
                      files.data(),
                      files.features(),
                      oneHot(g, files.data().numLabels()),
                      valid,
                      EpochListener.NONE);
        } else {
          String learner = learnerName(method);
          Map<String, String> own = new LinkedHashMap<>(learnerOptions(method, music));
          own.putAll(fixed);
          List<List<Tuning.Axis>> grid =
              authors() ? List.of() : Tuning.stages(learner, own.keySet());
          m =
              Tuning.fit(
                  learner,
                  own,
                  t,
                  backbone,
                  grid,
                  files.data(),
                  files.features(),
                  valid,
                  EpochListener.NONE,
                  null);
        }
        try (m) {
          recordReal(name, method, setting.toString(), seed, m, files, withTest);
        }
      }
    }
  }

  /** Training items of a dev fold: removed from training, scored with their training gold. */
  private Validation devFold;

  /**
   * {@code files} without the answers of fold {@code fold} (of {@value #DEV_FOLDS}, a fixed seeded
   * partition of the training items with gold); those items and their gold become {@link #devFold},
   * a development set that no choice of the evaluation uses and that is not test data.
   */
  private CrowdFiles withoutDevFold(CrowdFiles files, int fold) {
    CrowdDataset data = files.data();
    if (files.trainGold() == null || fold < 0 || fold >= DEV_FOLDS) {
      throw new IllegalArgumentException(
          "devfold needs training gold and a fold in 0.." + (DEV_FOLDS - 1));
    }
    int n = data.numTasks();
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    SplittableRandom rng = new SplittableRandom(DEV_FOLD_SEED);
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    boolean[] inFold = new boolean[n];
    int c = 0;
    int size = 0;
    for (int p = 0; p < n; p++) {
      int i = order[p];
      if (files.trainGold().hasKnown(i) && c++ % DEV_FOLDS == fold) {
        inFold[i] = true;
        size++;
      }
    }
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    for (int a = 0; a < data.numAnswers(); a++) {
      if (!inFold[data.task(a)]) {
        b.add(
            data.tasks().name(data.task(a)),
            data.workers().name(data.worker(a)),
            data.labels().name(data.label(a)));
      }
    }
    TaskFeatures all = files.features().alignedTo(data.tasks());
    int d = all.dim();
    List<String> names = new ArrayList<>();
    int[] gold = new int[size];
    float[] rows = new float[size * d];
    for (int i = 0; i < n; i++) {
      if (inFold[i]) {
        int r = names.size();
        names.add(data.tasks().name(i));
        gold[r] = files.trainGold().label(i);
        System.arraycopy(all.row(i), 0, rows, r * d, d);
      }
    }
    devFold = new Validation(new TaskFeatures(Vocabulary.of(names), d, rows), gold);
    return new CrowdFiles(b.build(), files.features(), null, files.valid(), files.test());
  }

  private static final int DEV_FOLDS = 5;
  private static final long DEV_FOLD_SEED = 12345L;

  private static TrainOptions bind(TrainOptions t, Map<String, String> fixed) {
    Map<String, String> own = new LinkedHashMap<>();
    for (var c : TrainOptions.class.getRecordComponents()) {
      if (fixed.containsKey(c.getName())) {
        own.put(c.getName(), fixed.get(c.getName()));
      }
    }
    return org.crowd4j.method.OptionsBinder.bind(t, own);
  }

  private static String learnerName(String method) {
    return switch (method) {
      case "mv", "ds" -> TwoStage.NAME;
      default -> method;
    };
  }

  /** The options that define a table row beyond the learner's defaults. */
  private Map<String, String> learnerOptions(String method, boolean music) {
    Map<String, String> o = new LinkedHashMap<>();
    switch (method) {
      case "mv", "ds" -> o.put("aggregator", method);
      case "conal" -> {
        if (music && authors()) {
          // the authors' Music model: embedding 80, instance embedding not normalised
          o.put("embedding", "80");
          o.put("normalizeInstance", "false");
        }
      }
      default -> {}
    }
    return o;
  }

  private void recordReal(
      String name,
      String method,
      String setting,
      long seed,
      LearnedModel m,
      CrowdFiles files,
      boolean withTest)
      throws IOException {
    TrainingSummary s = m.summary();
    String test =
        withTest ? f(files.test().accuracy(m.predictLabels(files.test().features()))) : "";
    String validAcc =
        files.valid() == null
            ? ""
            : f(files.valid().accuracy(m.predictLabels(files.valid().features())));
    String trainAcc =
        files.trainGold() == null
            ? ""
            : f(
                files
                    .trainGold()
                    .accuracy(m.predictLabels(files.features().alignedTo(files.data().tasks()))));
    StringBuilder chosen = new StringBuilder();
    if (m.tuning() != null) {
      @SuppressWarnings("unchecked")
      Map<String, Object> c = (Map<String, Object>) m.tuning().get("chosen");
      c.forEach(
          (k, v) -> chosen.append(chosen.length() == 0 ? "" : " ").append(k).append('=').append(v));
    }
    record(
        name,
        name,
        method,
        setting,
        Long.toString(seed),
        test,
        "",
        Integer.toString(s.bestEpoch()),
        f(s.medianEpochSeconds()),
        s.selectionMetric(),
        f(s.bestScore()),
        validAcc,
        trainAcc,
        chosen.toString(),
        Integer.toString(s.epochsRun()),
        Double.isNaN(s.annotatorScore()) ? "" : f(s.annotatorScore()),
        Integer.toString(m.members()),
        devFold == null ? "" : f(devFold.accuracy(m.predictLabels(devFold.features()))),
        files.valid() == null ? "" : f(memberAccuracy(m, files.valid())),
        devFold == null ? "" : f(memberAccuracy(m, devFold)));
  }

  /** Accuracy of the ensemble's first member alone. */
  private static double memberAccuracy(LearnedModel m, Validation v) {
    int n = v.features().numRows();
    double[] p = m.predictMember(0, v.features());
    return v.accuracy(Posteriors.argmax(p, n, p.length / n));
  }

  /**
   * One learner by name on a real dataset ({@code dataset=labelme method=conal}), every other
   * {@code key=value} bound onto the learner's or the training options.
   */
  private void single() throws Exception {
    String name = args.getOrDefault("dataset", "labelme");
    boolean music = name.equals("music");
    CrowdFiles files = CrowdFiles.read(shared().resolve("datasets").resolve(name));
    Map<String, String> overrides = new LinkedHashMap<>(args);
    for (String reserved :
        new String[] {"shared", "seeds", "protocol", "threads", "out", "dataset", "method"}) {
      overrides.remove(reserved);
    }
    String method = args.getOrDefault("method", "conal");
    StringBuilder setting = new StringBuilder(authors() ? "authors" : "sound");
    overrides.forEach((k, v) -> setting.append(' ').append(k).append('=').append(v));
    for (long seed : seeds()) {
      TrainOptions t =
          (authors() ? TrainOptions.authorsProtocol() : TrainOptions.defaults()).withSeed(seed);
      Learner l =
          org.crowd4j.nn.Learners.create(
              method, overrides, t, music ? Backbone.musicMlp() : Backbone.paperMlp());
      try (LearnedModel m =
          l.fit(files.data(), files.features(), files.valid(), EpochListener.NONE)) {
        Validation test = files.test();
        record(
            "run",
            name,
            method,
            setting.toString(),
            Long.toString(seed),
            f(test.accuracy(m.predictLabels(test.features()))),
            "",
            Integer.toString(m.summary().bestEpoch()),
            f(m.summary().medianEpochSeconds()),
            m.summary().selectionMetric(),
            f(m.summary().bestScore()));
      }
    }
  }

  private static double[] oneHot(int[] labels, int k) {
    double[] t = new double[labels.length * k];
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] >= 0) {
        t[i * k + labels[i]] = 1;
      }
    }
    return t;
  }

  // ---------------------------------------------------------------- MNIST

  private void mnist() throws Exception {
    Path dir = shared().resolve("datasets").resolve("mnist-10k");
    IdxImages.Data train = IdxImages.read(dir, "train");
    IdxImages.Data test = IdxImages.read(dir, "t10k");
    int k = 10;
    TaskFeatures trainX = rows(train.pixels(), train.dim(), train.size());
    Validation testSet =
        new Validation(rows(test.pixels(), test.dim(), test.size()), test.labels());
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "10"));
    String[] ps = args.getOrDefault("p", "0.3,0.4,0.5").split(",");
    String[] regimes = args.getOrDefault("regimes", "dense,one").split(",");
    for (String regime : regimes) {
      for (String pStr : ps) {
        double p = Double.parseDouble(pStr);
        for (long seed : seeds()) {
          SimulatedCrowd crowd = FlipperCrowds.of(train.labels(), k, p, regime, seed);
          CrowdDataset data = crowd.data();
          double[] truth = crowd.effectiveConfusionsByWorkerId();
          boolean dominant =
              ConfusionRecovery.diagonallyDominant(ConfusionRecovery.mean(truth, k), k);
          TrainOptions t = FlipperCrowds.trainOptions(epochs, seed).withHeadLearningRate(0.01);
          TrainOptions sameRate = FlipperCrowds.trainOptions(epochs, seed);
          Backbone cnn = Backbone.smallCnn();
          String setting = regime + " p=" + pStr + (dominant ? "" : " (mean CM not dominant)");
          for (String method : methods("trace-reg,trace-reg-no-trace,crowd-layer,mv")) {
            Learner l =
                switch (method) {
                  case "trace-reg" ->
                      new TraceRegularized(TraceRegularized.Options.defaults(), t, cnn);
                  case "trace-reg-no-trace" ->
                      new TraceRegularized(
                          new TraceRegularized.Options(
                              0, TraceRegularized.TraceReduction.MEAN, 1, -5, 0.05),
                          t,
                          cnn);
                  // the crowd layer starts flat and is unconstrained: it keeps the classifier's
                  // rate
                  case "crowd-layer" ->
                      new CrowdLayer(CrowdLayer.Options.defaults(), sameRate, cnn);
                  case "mv" -> new TwoStage(TwoStage.Options.defaults(), t, cnn);
                  case "single-confusion" ->
                      new org.crowd4j.nn.SingleConfusion(
                          org.crowd4j.nn.SingleConfusion.Options.defaults(), t, cnn);
                  case "soft-bootstrap" ->
                      new org.crowd4j.nn.SoftBootstrap(
                          org.crowd4j.nn.SoftBootstrap.Options.defaults(), t, cnn);
                  default -> throw new IllegalArgumentException("unknown method " + method);
                };
            try (LearnedModel m = l.fit(data, trainX, null, EpochListener.NONE)) {
              double acc = testSet.accuracy(m.predictLabels(testSet.features()));
              String err = "";
              if (m.annotatorModel() instanceof ConfusionMatrices cm
                  && cm.numWorkers() == data.numWorkers()) {
                err = f(ConfusionRecovery.tannoError(truth, cm.toArray(), k));
              }
              record(
                  "mnist",
                  "mnist-10k",
                  method,
                  setting,
                  Long.toString(seed),
                  f(acc),
                  err,
                  Integer.toString(m.summary().bestEpoch()),
                  f(m.summary().medianEpochSeconds()),
                  m.summary().selectionMetric(),
                  f(m.summary().bestScore()));
            }
          }
        }
      }
    }
  }

  private static TaskFeatures rows(float[] x, int d, int n) {
    List<String> names = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      names.add(Integer.toString(i));
    }
    return new TaskFeatures(Vocabulary.of(names), d, x);
  }

  // ---------------------------------------------------------------- synthetic common noise

  private void synthetic() throws Exception {
    int n = 8000;
    int k = 6;
    int d = 20;
    int annotators = 30;
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "30"));
    double strength = Double.parseDouble(args.getOrDefault("strength", "0.4"));
    double share = Double.parseDouble(args.getOrDefault("share", "0.5"));
    for (long seed : seeds()) {
      SplittableRandom rng = new SplittableRandom(3000 + seed);
      Gaussians.Sample s = Gaussians.classes(n + 2000, k, d, 0.6, rng);
      double[][] common = Confusions.asymmetric(k, strength, rng);
      double[][][] individual = new double[annotators][][];
      for (int r = 0; r < annotators; r++) {
        individual[r] = Confusions.asymmetric(k, 0.7, rng);
      }
      float[] trainX = Arrays.copyOf(s.features(), n * d);
      CommonNoisePool pool = CommonNoisePool.create(trainX, d, common, individual, 20, share, rng);
      SimulatedCrowd crowd =
          CrowdSimulator.simulate(
              Arrays.copyOf(s.labels(), n), pool, Assignment.perItem(3), 4000 + seed);
      TaskFeatures x = rows(trainX, d, n);
      TaskFeatures validX = rows(Arrays.copyOfRange(s.features(), n * d, (n + 1000) * d), d, 1000);
      TaskFeatures testX =
          rows(Arrays.copyOfRange(s.features(), (n + 1000) * d, (n + 2000) * d), d, 1000);
      Validation valid = new Validation(validX, Arrays.copyOfRange(s.labels(), n, n + 1000));
      Validation test = new Validation(testX, Arrays.copyOfRange(s.labels(), n + 1000, n + 2000));
      TrainOptions t = TrainOptions.fixedEpochs(epochs).withSeed(seed);
      Backbone b = Backbone.paperMlp();
      double[] trueCommon = flat(common);
      try (LearnedModel m =
          new Conal(Conal.Options.defaults(), t, b)
              .fit(crowd.data(), x, valid, EpochListener.NONE)) {
        CommonConfusionModel cc = (CommonConfusionModel) m.annotatorModel();
        double commonErr = ConfusionRecovery.tannoError(trueCommon, cc.common(), k);
        double[] indTruth = new double[crowd.data().numWorkers() * k * k];
        for (int w = 0; w < crowd.data().numWorkers(); w++) {
          int a = Integer.parseInt(crowd.data().workers().name(w).substring(1));
          System.arraycopy(flat(individual[a]), 0, indTruth, w * k * k, k * k);
        }
        double indErr = ConfusionRecovery.tannoError(indTruth, cc.individual().toArray(), k);
        double acc = test.accuracy(m.predictLabels(testX));
        record(
            "synthetic",
            "gaussians-common-noise",
            "conal-common",
            "strength=" + strength + " share=" + share,
            Long.toString(seed),
            f(acc),
            f(commonErr),
            Integer.toString(m.summary().bestEpoch()),
            f(m.summary().medianEpochSeconds()),
            m.summary().selectionMetric(),
            f(m.summary().bestScore()));
        record(
            "synthetic",
            "gaussians-common-noise",
            "conal-individual-mean",
            "strength=" + strength + " share=" + share,
            Long.toString(seed),
            f(acc),
            f(indErr),
            Integer.toString(m.summary().bestEpoch()),
            f(m.summary().medianEpochSeconds()),
            m.summary().selectionMetric(),
            f(m.summary().bestScore()));
      }
      double mv = crowd.gold().accuracy(new MajorityVote().fit(crowd.data()).labels());
      record(
          "synthetic",
          "gaussians-common-noise",
          "mv-train-labels",
          "strength=" + strength + " share=" + share,
          Long.toString(seed),
          f(mv),
          "",
          "",
          "");
    }
  }

  private static double[] flat(double[][] m) {
    int k = m.length;
    double[] out = new double[k * k];
    for (int i = 0; i < k; i++) {
      System.arraycopy(m[i], 0, out, i * k, k);
    }
    return out;
  }

  // ---------------------------------------------------------------- speed and memory

  private void bench() throws Exception {
    CrowdFiles lm = CrowdFiles.read(shared().resolve("datasets").resolve("labelme"));
    int epochs = Integer.parseInt(args.getOrDefault("epochs", "100"));
    for (String protocol : new String[] {"authors", "sound"}) {
      TrainOptions t =
          (protocol.equals("authors")
                  ? TrainOptions.authorsProtocol()
                  : TrainOptions.fixedEpochs(100))
              .withEpochs(epochs)
              .withSelection(TrainOptions.Selection.LAST_EPOCH);
      // settled RSS over the five epochs ending at epoch 10 and at the last epoch (medians)
      long[] rss = new long[epochs + 1];
      EpochListener l =
          s -> {
            if ((s.epoch() > 5 && s.epoch() <= 10) || s.epoch() > s.epochs() - 5) {
              rss[s.epoch()] = settledResidentBytes();
            }
            return true;
          };
      try (LearnedModel m =
          new Conal(Conal.Options.defaults(), t, Backbone.paperMlp())
              .fit(lm.data(), lm.features(), null, l)) {
        record(
            "bench",
            "labelme",
            "conal",
            protocol
                + String.format(
                    Locale.ROOT,
                    " rss10=%.1fMB rss%d=%.1fMB",
                    windowMedian(rss, 6, 10) / 1e6,
                    epochs,
                    windowMedian(rss, epochs - 4, epochs) / 1e6),
            "0",
            f(lm.test().accuracy(m.predictLabels(lm.test().features()))),
            "",
            Integer.toString(m.summary().bestEpoch()),
            String.format(Locale.ROOT, "%.5f", m.summary().medianEpochSeconds()));
      }
    }
    if (!args.containsKey("skipMnist")) {
      Path dir = shared().resolve("datasets").resolve("mnist-10k");
      IdxImages.Data train = IdxImages.read(dir, "train");
      SplittableRandom rng = new SplittableRandom(1);
      ConfusionPool.Builder b = ConfusionPool.builder(10);
      for (int r = 0; r < 5; r++) {
        b.add(Confusions.pairwiseFlipper(10, 0.5, rng), "flipper");
      }
      SimulatedCrowd crowd =
          CrowdSimulator.simulate(train.labels(), b.build(), Assignment.dense(), 1);
      int mnistEpochs = Integer.parseInt(args.getOrDefault("mnistEpochs", "3"));
      TrainOptions t =
          TrainOptions.fixedEpochs(mnistEpochs).withSelection(TrainOptions.Selection.LAST_EPOCH);
      try (LearnedModel m =
          new TraceRegularized(TraceRegularized.Options.defaults(), t, Backbone.smallCnn())
              .fit(
                  crowd.data(),
                  rows(train.pixels(), train.dim(), train.size()),
                  null,
                  EpochListener.NONE)) {
        record(
            "bench",
            "mnist-10k",
            "trace-reg",
            "small CNN, batch 64, 8000 items",
            "0",
            "",
            "",
            "",
            String.format(Locale.ROOT, "%.4f", m.summary().medianEpochSeconds()));
      }
    }
  }

  private static double windowMedian(long[] v, int from, int to) {
    double[] w = new double[to - from + 1];
    for (int i = from; i <= to; i++) {
      w[i - from] = v[i];
    }
    return median(w);
  }

  /**
   * Resident set size after a full garbage collection and after glibc has returned freed heap pages
   * to the system ({@code malloc_trim}), so that it measures live memory rather than allocator
   * slack; −1 where unavailable.
   */
  public static long settledResidentBytes() {
    System.gc();
    System.gc();
    try {
      com.sun.jna.NativeLibrary.getInstance("c")
          .getFunction("malloc_trim")
          .invokeInt(new Object[] {0});
    } catch (RuntimeException | UnsatisfiedLinkError e) {
      // not glibc: plain RSS
    }
    return residentBytes();
  }

  /** Resident set size of this process (Linux /proc), or −1. */
  public static long residentBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          String[] parts = line.trim().split("\\s+");
          return Long.parseLong(parts[1]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  // ---------------------------------------------------------------- summary

  private void summary() {
    Map<String, List<String[]>> groups = new LinkedHashMap<>();
    for (String[] r : rows) {
      groups.computeIfAbsent(r[1] + " | " + r[2] + " | " + r[3], g -> new ArrayList<>()).add(r);
    }
    out.println();
    out.println(
        "| dataset | method | setting | runs | test accuracy | CM error | best epoch | s/epoch |");
    out.println("|---|---|---|---|---|---|---|---|");
    for (Map.Entry<String, List<String[]>> e : groups.entrySet()) {
      List<String[]> g = e.getValue();
      out.printf(
          Locale.ROOT,
          "| %s | %d | %s | %s | %s | %s |%n",
          e.getKey(),
          g.size(),
          meanStd(g, 5, 1),
          meanStd(g, 6, 1),
          meanStd(g, 7, 0),
          meanStd(g, 8, -1));
    }
  }

  private static String meanStd(List<String[]> g, int col, int scale) {
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
    if (scale == 1) {
      return String.format(Locale.ROOT, "%.4f ± %.4f", m, s);
    }
    if (scale == 0) {
      return String.format(Locale.ROOT, "%.1f", m);
    }
    return String.format(Locale.ROOT, "%.4f", median(v));
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }
}
