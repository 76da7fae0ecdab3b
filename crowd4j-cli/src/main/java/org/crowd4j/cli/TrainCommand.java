package org.crowd4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.EpochStats;
import org.crowd4j.nn.LearnedModel;
import org.crowd4j.nn.Learner;
import org.crowd4j.nn.Learners;
import org.crowd4j.nn.Lia;
import org.crowd4j.nn.NnRuntime;
import org.crowd4j.nn.OutOfFold;
import org.crowd4j.nn.Predictions;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;
import org.crowd4j.nn.Tuning;
import org.crowd4j.nn.Validation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code crowd4j train}: train a classifier end to end from answers and item features, choosing
 * feature scaling, step sizes and regulariser by {@link Tuning} and the epoch by early stopping,
 * all without test data; {@code --predictions-out} adds out-of-fold class probabilities of the
 * training items ({@link OutOfFold}, each fold trained with the chosen setting).
 */
@Command(
    name = "train",
    mixinStandardHelpOptions = true,
    description = {
      "Train a classifier from noisy answers and item features, learning the annotators too.",
      "Without options it chooses everything on data the evaluation never sees: the epoch by early"
          + " stopping and, for the learners that train by epochs, the feature scaling"
          + " (standardize=true|false), the learning rate, the annotator model's step and the"
          + " learner's regulariser from a small grid — by accuracy on --valid-gold when given,"
          + " otherwise by the likelihood of the answers of 10%% of the training items held out"
          + " (see docs/methods/neural-learners.md). --param NAME=VALUE fixes a value (it is then"
          + " not searched); --no-tune trains once with the defaults."
    },
    footerHeading = "%nLearners:%n")
final class TrainCommand implements Callable<Integer> {
  /** Made on first use, not when picocli builds the command (help, other commands). */
  private static final class Trees {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin AnswerInput input;

  @Option(
      names = "--method",
      required = true,
      paramLabel = "NAME",
      description = "Learner (see the list below).")
  String method;

  @Option(
      names = "--features",
      paramLabel = "FILE",
      description =
          "Item features: task,f0,f1,... (one row per task of the answers). Required unless"
              + " --item-embeddings.")
  Path features;

  @Option(
      names = "--item-embeddings",
      description =
          "No feature file: each item's features are its one-hot id, so the first layer learns"
              + " an embedding per item (LIA-E of the LIA paper; transductive — use --labels-out"
              + " for the items' labels; n × n floats, so for up to some ten thousand items).")
  boolean itemEmbeddings;

  @Option(
      names = "--allow-feature-mismatch",
      description =
          "Accept a features file whose rows do not match the answers' tasks: rows of tasks"
              + " without answers are ignored and answers of tasks without a row are left out"
              + " (both counted in a note). By default a mismatch is an error.")
  boolean allowFeatureMismatch;

  @Option(names = "--valid-features", paramLabel = "FILE", description = "Validation features.")
  Path validFeatures;

  @Option(
      names = "--valid-gold",
      paramLabel = "FILE",
      description = "Validation gold (task,label): the epoch is chosen on its accuracy.")
  Path validGold;

  @Option(names = "--test-features", paramLabel = "FILE", description = "Test features.")
  Path testFeatures;

  @Option(
      names = "--test-gold",
      paramLabel = "FILE",
      description = "Test gold (task,label): test accuracy is printed (never used for selection).")
  Path testGold;

  @Option(
      names = "--gold",
      paramLabel = "FILE",
      description = "Gold of the training items: the accuracy of the inferred labels is printed.")
  Path gold;

  @Option(
      names = "--epochs",
      paramLabel = "N",
      description =
          "Epoch cap (default 500, with early stopping; 100 for lia, raykar-em,"
              + " crowd-mixture-net and learning-to-vote, whose epochs are an EM schedule).")
  Integer epochs;

  @Option(
      names = "--patience",
      paramLabel = "N",
      description =
          "Stop when the selection score has not improved for N epochs (default 20; 0 runs"
              + " every epoch).")
  Integer patience;

  @Option(
      names = "--no-tune",
      description =
          "Train one network once with the defaults (standardised features, lr 1e-3, the"
              + " learner's own options) instead of choosing scaling, step sizes and regulariser"
              + " from the grid and averaging an ensemble of networks (--param members=N).")
  boolean noTune;

  @Option(names = "--seed", paramLabel = "N", description = "Seed (default 0).")
  Long seed;

  @Option(
      names = "--param",
      paramLabel = "KEY=VALUE",
      description =
          "Learner or training option, repeatable (e.g. --param lambda=0.01 --param"
              + " learningRate=0.01 --param aggregator=ds --param standardize=false); a value"
              + " given here is not searched.")
  Map<String, String> params = new LinkedHashMap<>();

  @Option(
      names = "--authors-protocol",
      description =
          "The CoNAL authors' protocol (a preset, not tuned): Adam lr 0.01 re-created every"
              + " epoch, batch 1024, 100 epochs, raw features.")
  boolean authorsProtocol;

  @Option(
      names = "--backbone",
      defaultValue = "mlp",
      paramLabel = "KIND",
      description = "Classifier: mlp (feature vectors) or cnn (28x28 images as 784 features).")
  String backbone;

  @Option(
      names = "--hidden",
      split = ",",
      paramLabel = "N[,N...]",
      description = "MLP hidden sizes (default 128).")
  int[] hidden = {128};

  @Option(names = "--dropout", defaultValue = "0.5", description = "Dropout (default 0.5).")
  double dropout;

  @Option(
      names = "--batch-norm",
      description = "Non-affine batch normalisation on the MLP's input and hidden layers.")
  boolean batchNorm;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description =
          "Engine intra-op threads (default: 1 for the MLP, whose layers are too small to gain"
              + " from more; for the CNN half the cores, at most 4). Results repeat exactly for"
              + " the same seed and thread count.")
  Integer threads;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Folder for the trained model (model.json, parameters.safetensors). At least one of"
              + " --out, --labels-out and --predictions-out is required.")
  Path out;

  @Option(
      names = "--labels-out",
      paramLabel = "FILE",
      description = "Write every training item's inferred label and class probabilities (CSV).")
  Path labelsOut;

  @Option(
      names = "--predictions-out",
      paramLabel = "FILE",
      description =
          "Write out-of-fold class probabilities of every training item (task,label,p_<class>...,"
              + " as --labels-out; the input of aggregate --predictions): the items are split into"
              + " --folds seeded folds and each fold is predicted by a model trained on the other"
              + " folds' answers only, so no row comes from a model that saw that item's answers."
              + " Each fold trains with the setting the full run's tuning chose (on held-out"
              + " answers, or --valid-gold when given; not tuned again) and its ensemble size;"
              + " cost: --folds more trainings of that setting. Needs --features.")
  Path predictionsOut;

  @Option(
      names = "--folds",
      paramLabel = "K",
      description = "Folds of --predictions-out (default 5; from 2 to the number of tasks).")
  Integer folds;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter outw = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    NnRuntime.threads(threads != null ? threads : NnRuntime.defaultThreads(backbone.equals("cnn")));
    Backbone b =
        switch (backbone) {
          case "mlp" -> Backbone.mlp(hidden, dropout, batchNorm, batchNorm);
          case "cnn" -> Backbone.smallCnn();
          default ->
              throw new CommandLine.ParameterException(
                  spec.commandLine(), "--backbone must be mlp or cnn: " + backbone);
        };
    if ((features == null) == !itemEmbeddings) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          features == null
              ? "--features FILE is required (or --item-embeddings for items without features)"
              : "--features and --item-embeddings exclude each other");
    }
    if (out == null && labelsOut == null && predictionsOut == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "nothing to write: give --out DIR (the model), --labels-out FILE or --predictions-out"
              + " FILE");
    }
    if (folds != null && predictionsOut == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--folds goes with --predictions-out");
    }
    int k = folds == null ? OutOfFold.DEFAULT_FOLDS : folds;
    if (predictionsOut != null) {
      if (k < 2) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--folds must be at least 2: " + k);
      }
      if (itemEmbeddings) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--predictions-out needs --features: with --item-embeddings an item's features are"
                + " its own id, which a model trained without the item never learnt");
      }
    }
    if ((validFeatures == null) != (validGold == null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--valid-features and --valid-gold go together");
    }
    if ((testFeatures == null) != (testGold == null)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--test-features and --test-gold go together");
    }
    Learners.Spec learnerSpec;
    try {
      learnerSpec = Learners.spec(method);
    } catch (IllegalArgumentException e) {
      List<String> names = new ArrayList<>();
      for (Learners.Spec s : Learners.all()) {
        names.add(s.name());
      }
      throw Checks.unknown(spec, "learner", method, names);
    }
    TrainOptions train =
        authorsProtocol ? TrainOptions.authorsProtocol() : Learners.trainDefaults(method);
    if (epochs != null) {
      train = train.withEpochs(epochs);
    }
    if (patience != null) {
      train = train.withPatience(patience);
    }
    if (seed != null) {
      train = train.withSeed(seed);
    }
    if (noTune && !params.containsKey("members")) {
      // one training means one network
      train = train.withMembers(1);
    }
    Set<String> fixed = new LinkedHashSet<>(params.keySet());
    if (itemEmbeddings) {
      // one-hot item ids are not features to rescale
      train = train.withStandardize(false);
      fixed.add("standardize");
    }
    Checks.paramsKnown(
        spec, "learner '" + method + "'", params.keySet(), learnerSpec.defaults(), train);
    try {
      Learners.create(method, params, train, b);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "learner '" + method + "': " + e.getMessage());
    }
    List<List<Tuning.Axis>> stages =
        authorsProtocol || noTune ? List.of() : Tuning.stages(method, fixed);
    Checks.inputsExist(
        spec,
        "--answers",
        input.answers,
        "--features",
        features,
        "--valid-features",
        validFeatures,
        "--valid-gold",
        validGold,
        "--test-features",
        testFeatures,
        "--test-gold",
        testGold,
        "--gold",
        gold);
    CrowdDataset data = input.read(output, err);
    TaskFeatures x;
    if (itemEmbeddings) {
      x = Lia.itemIdentityFeatures(data);
    } else {
      x = output.readFeatures(features, input.rules(), err);
      data = FeatureCoverage.check(features, x, input.answers, data, allowFeatureMismatch, err);
    }
    if (predictionsOut != null && k > data.numTasks()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          String.format(
              Locale.ROOT,
              "--folds must be at most the number of tasks (%d): %d",
              data.numTasks(),
              k));
    }
    Validation valid = split(validFeatures, validGold, data, err);
    Validation test = split(testFeatures, testGold, data, err);
    if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "%s on %s: %d tasks, %d workers, %d answers, %d classes, %d features; %s%n",
          method,
          input.answers,
          data.numTasks(),
          data.numWorkers(),
          data.numAnswers(),
          data.numLabels(),
          x.dim(),
          NnRuntime.describe());
      outw.flush();
    }
    ProgressBar bar = output.everyStep(err);
    ObjectNode j = Output.object("train");
    Tuning.Listener candidates = candidateProgress(bar, err);
    try (LearnedModel model =
        Tuning.fit(
            method, params, train, b, stages, data, x, valid, s -> progress(bar, s), candidates)) {
      bar.finish();
      if (out != null) {
        model.save(out);
      }
      TrainingSummary s = model.summary();
      j.put("method", method);
      Output.put(j, "input", input.answers);
      j.put("tasks", data.numTasks());
      j.put("workers", data.numWorkers());
      j.put("answers", data.numAnswers());
      j.put("classes", data.numLabels());
      j.put("features", x.dim());
      j.put("engine", NnRuntime.describe());
      j.put("epochsRun", s.epochsRun());
      j.put("bestEpoch", s.bestEpoch());
      j.put("selectionMetric", s.selectionMetric());
      Output.put(j, "bestScore", s.bestScore());
      Output.put(j, "secondsPerEpoch", s.medianEpochSeconds());
      j.put("annotatorEpochs", s.annotatorEpochs());
      Output.put(j, "annotatorScore", s.annotatorScore());
      j.put("standardized", model.standardized());
      j.set("tuning", Trees.MAPPER.valueToTree(model.tuning()));
      if (output.human()) {
        outw.printf(
            Locale.ROOT,
            "selected epoch %d of %d (%s), %.4f s per epoch%n",
            s.bestEpoch(),
            s.epochsRun(),
            Double.isNaN(s.bestScore())
                ? s.selectionMetric()
                : String.format(Locale.ROOT, "%s %.4f", s.selectionMetric(), s.bestScore()),
            s.medianEpochSeconds());
        printTuning(outw, model);
        if (s.annotatorEpochs() > 0) {
          outw.printf(
              Locale.ROOT,
              "annotator model fitted for %d more epochs with the classifier fixed"
                  + " (held-out answer NLL %.4f)%n",
              s.annotatorEpochs(),
              s.annotatorScore());
        }
      }
      accuracy(j, "validation", valid, model, outw, "validation accuracy on %d items: %.4f%n");
      accuracy(j, "test", test, model, outw, "test accuracy on %d items: %.4f%n");
      TaskFeatures aligned = x.alignedTo(data.tasks());
      double[] probs = model.predict(aligned);
      Gold g = input.gold(gold, data);
      if (g != null) {
        double acc = g.accuracy(model.predictLabels(aligned));
        ObjectNode go = j.putObject("trainingGold");
        go.put("source", input.goldSource(gold));
        go.put("items", g.count());
        Output.put(go, "accuracy", acc);
        if (output.human()) {
          outw.printf(
              Locale.ROOT,
              "training items: accuracy of the inferred labels on %d gold items%s: %.4f%n",
              g.count(),
              input.goldFromExport(gold) ? " (the export's golden answers)" : "",
              acc);
        }
      } else {
        j.putNull("trainingGold");
      }
      if (labelsOut != null) {
        Predictions.write(labelsOut, data.tasks(), data.labels(), probs);
      }
      if (predictionsOut != null) {
        outOfFold(j, model, train, b, data, x, valid, g, k, bar, outw, err);
      } else {
        j.putNull("outOfFold");
      }
      Output.put(j, "out", out);
      Output.put(j, "labelsOut", labelsOut);
      Output.put(j, "predictionsOut", predictionsOut);
      if (output.json) {
        Output.print(outw, j);
      } else if (output.human()) {
        if (out != null) {
          outw.println("model saved to " + out);
        }
        if (labelsOut != null) {
          outw.println("labels written to " + labelsOut);
        }
        if (predictionsOut != null) {
          outw.println("out-of-fold predictions written to " + predictionsOut);
        }
      }
      outw.flush();
    } finally {
      bar.finish();
    }
    return ExitCodes.OK;
  }

  /**
   * Trains {@code folds} models, each on the answers of the other folds' items, with the setting
   * {@code model}'s tuning chose and its ensemble size, and writes their out-of-fold predictions.
   */
  @SuppressWarnings("unchecked")
  private void outOfFold(
      ObjectNode j,
      LearnedModel model,
      TrainOptions train,
      Backbone b,
      CrowdDataset data,
      TaskFeatures x,
      Validation valid,
      Gold g,
      int folds,
      ProgressBar bar,
      PrintWriter outw,
      PrintWriter err)
      throws Exception {
    Map<String, String> setting = new LinkedHashMap<>();
    Map<String, Object> t = model.tuning();
    if (t != null && t.get("chosen") instanceof Map<?, ?> chosen) {
      setting.putAll((Map<String, String>) chosen);
    }
    setting.putAll(params);
    // only the classifiers predict: the annotator model's final fit would not change them
    TrainOptions foldTrain = train.withMembers(model.members()).withFitAnnotators(false);
    long t0 = System.nanoTime();
    Learner fixed =
        new Learner() {
          @Override
          public String name() {
            return method;
          }

          @Override
          public LearnedModel fit(
              CrowdDataset d, TaskFeatures f, Validation v, EpochListener ignored) {
            return Tuning.fit(
                method, setting, foldTrain, b, List.of(), d, f, v, s -> progress(bar, s), null);
          }
        };
    OutOfFold.Result r =
        OutOfFold.predict(
            fixed,
            data,
            x,
            valid,
            folds,
            train.seed(),
            (fold, total, trainItems, heldOut) -> {
              if (bar.enabled()) {
                bar.finish();
                err.printf(
                    Locale.ROOT,
                    "%s: fold %d/%d: training on %d items, predicting %d%n",
                    method,
                    fold + 1,
                    total,
                    trainItems,
                    heldOut);
                err.flush();
              }
            });
    bar.finish();
    double seconds = (System.nanoTime() - t0) / 1e9;
    Predictions.write(predictionsOut, r.tasks(), r.labels(), r.probabilities());
    ObjectNode o = j.putObject("outOfFold");
    o.put("folds", folds);
    o.put("seed", train.seed());
    o.put("members", model.members());
    o.set("setting", Trees.MAPPER.valueToTree(setting));
    Output.put(o, "seconds", seconds);
    if (g != null) {
      double acc = g.accuracy(r.predictedLabels());
      ObjectNode go = o.putObject("gold");
      go.put("items", g.count());
      Output.put(go, "accuracy", acc);
    } else {
      o.putNull("gold");
    }
    if (output.human()) {
      outw.printf(
          Locale.ROOT,
          "out-of-fold predictions: %d folds, each trained with %s%s (%.1f s)%n",
          folds,
          setting.isEmpty() ? "the defaults" : text(setting),
          model.members() > 1 ? ", an ensemble of " + model.members() : "",
          seconds);
      if (g != null) {
        outw.printf(
            Locale.ROOT,
            "out-of-fold accuracy on %d gold items: %.4f%n",
            g.count(),
            g.accuracy(r.predictedLabels()));
      }
    }
  }

  private void accuracy(
      ObjectNode j,
      String name,
      Validation v,
      LearnedModel model,
      PrintWriter outw,
      String format) {
    if (v == null) {
      j.putNull(name);
      return;
    }
    double acc = v.accuracy(model.predictLabels(v.features()));
    ObjectNode o = j.putObject(name);
    o.put("items", v.count());
    Output.put(o, "accuracy", acc);
    if (output.human()) {
      outw.printf(Locale.ROOT, format, v.count(), acc);
    }
  }

  /** Progress lines for the grid's candidates (standard error). */
  private Tuning.Listener candidateProgress(ProgressBar bar, PrintWriter err) {
    return new Tuning.Listener() {
      @Override
      public void onStart(int index, int total, Map<String, String> setting) {
        if (total > 1 && bar.enabled()) {
          bar.finish();
          err.printf(
              Locale.ROOT, "%s: candidate %d/%d: %s%n", method, index + 1, total, text(setting));
          err.flush();
        }
      }

      @Override
      public void onDone(int index, int total, Tuning.Candidate c) {
        if (total > 1 && bar.enabled()) {
          bar.finish();
          err.printf(
              Locale.ROOT,
              "%s: candidate %d/%d: score %.4f at epoch %d of %d (%.1f s)%n",
              method,
              index + 1,
              total,
              c.score(),
              c.bestEpoch(),
              c.epochsRun(),
              c.seconds());
          err.flush();
        }
      }
    };
  }

  @SuppressWarnings("unchecked")
  private static void printTuning(PrintWriter outw, LearnedModel model) {
    Map<String, Object> t = model.tuning();
    if (t == null) {
      return;
    }
    List<Map<String, Object>> cs = (List<Map<String, Object>>) t.get("candidates");
    if (cs.size() > 1) {
      outw.printf(
          Locale.ROOT,
          "chosen by %s (%s of %d candidates): %s%n",
          t.get("metric"),
          t.get("rule"),
          cs.size(),
          text((Map<String, String>) t.get("chosen")));
      for (Map<String, Object> c : cs) {
        outw.printf(
            Locale.ROOT,
            "  %-10s epoch %3s of %3s  %s%n",
            score(c),
            c.get("bestEpoch"),
            c.get("epochsRun"),
            text((Map<String, String>) c.get("setting")));
      }
    }
    List<Map<String, Object>> ms = (List<Map<String, Object>>) t.get("members");
    if (ms != null && ms.size() > 1) {
      outw.printf(
          Locale.ROOT,
          "an ensemble of %d classifiers with the chosen setting, their class probabilities"
              + " averaged:%n",
          ms.size());
      for (Map<String, Object> m : ms) {
        outw.printf(
            Locale.ROOT,
            "  %-10s epoch %3s of %3s  seed %s%n",
            score(m),
            m.get("bestEpoch"),
            m.get("epochsRun"),
            m.get("seed"));
      }
    }
  }

  private static String score(Map<String, Object> c) {
    Object score = c.get("score");
    return score == null ? "NaN" : String.format(Locale.ROOT, "%.4f", (Double) score);
  }

  private static String text(Map<String, String> setting) {
    StringBuilder sb = new StringBuilder();
    setting.forEach(
        (k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return sb.toString();
  }

  private boolean progress(ProgressBar bar, EpochStats s) {
    bar.step(
        method,
        s.epoch(),
        s.epochs(),
        "epoch",
        String.format(
            Locale.ROOT,
            "loss %.5f  %s %.4f%s  %.3f s",
            s.trainLoss(),
            s.selectionMetric(),
            s.selectionScore(),
            s.best() ? " *" : "",
            s.seconds()),
        s.epoch() >= s.epochs());
    return true;
  }

  private Validation split(Path f, Path g, CrowdDataset data, PrintWriter err) throws Exception {
    if (f == null) {
      return null;
    }
    return Validation.of(
        output.readFeatures(f, input.rules(), err),
        CrowdReader.readGoldMap(g, "task", "label", input.rules()),
        data.labels());
  }

  /** The learner list for the help footer. */
  static String learnerList() {
    HelpList list = new HelpList(18);
    for (Learners.Spec s : Learners.all()) {
      list.add(s.name(), s.description());
    }
    return list.toString();
  }
}
