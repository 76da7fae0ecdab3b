package org.crowd4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.io.LabelsFile;
import org.crowd4j.metrics.Classification;
import org.crowd4j.metrics.ConfusionRecovery;
import org.crowd4j.metrics.JensenShannon;
import org.crowd4j.metrics.RocAuc;
import org.crowd4j.model.ClassificationModel;
import org.crowd4j.model.Models;
import org.crowd4j.simulate.TrueConfusionsReader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code crowd4j evaluate}: metrics of predicted labels (and an annotator model) against truth. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description =
        "Score predicted labels against gold: accuracy, macro-F1, log-loss, calibration (ECE), ROC"
            + " AUC; with true confusions and a model, the confusion-recovery errors and"
            + " Jensen-Shannon divergences.")
final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--pred",
      required = true,
      paramLabel = "FILE",
      description = "task,label,p_<class>...")
  Path pred;

  @Option(names = "--gold", required = true, paramLabel = "FILE", description = "task,label")
  Path gold;

  @Option(
      names = "--true-confusions",
      paramLabel = "FILE",
      description = "true_confusions.json written by simulate.")
  Path trueConfusions;

  @Option(names = "--model", paramLabel = "FILE", description = "model.json written by aggregate.")
  Path model;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Checks.inputsExist(
        spec,
        "--pred",
        pred,
        "--gold",
        gold,
        "--true-confusions",
        trueConfusions,
        "--model",
        model);
    Map<String, String> truthByTask = CrowdReader.readGoldMap(gold, "task", "label");
    Prediction p = readPrediction(pred);
    Vocabulary labels = p.labels;
    int k = labels.size();
    int n = p.tasks.size();
    int[] truth = new int[n];
    int[] predicted = new int[n];
    int missing = 0;
    for (int i = 0; i < n; i++) {
      String t = truthByTask.get(p.tasks.get(i));
      truth[i] = t == null ? -1 : labels.id(t);
      if (t != null && truth[i] < 0) {
        truth[i] = Integer.MAX_VALUE; // a gold label the predictions never use: always wrong
      }
      predicted[i] = labels.id(p.predicted.get(i));
      if (t == null) {
        missing++;
      }
    }
    if (missing == n) {
      throw new BadInputException(pred + ": none of its " + n + " task(s) has a label in " + gold);
    }
    int[] scored = truth.clone();
    for (int i = 0; i < n; i++) {
      if (scored[i] == Integer.MAX_VALUE) {
        scored[i] = -1;
      }
    }
    ObjectNode j = Output.object("evaluate");
    j.put("tasks", n);
    j.put("withGold", n - missing);
    Output.put(j, "accuracy", accuracy(truth, predicted));
    Output.put(j, "macroF1", Classification.macroF1(scored, predicted, k));
    if (p.probs != null) {
      Output.put(j, "logLoss", Classification.logLoss(scored, p.probs, k));
      Output.put(j, "ece", Classification.expectedCalibrationError(scored, p.probs, k, 15));
      Output.put(j, "rocAuc", RocAuc.mean(RocAuc.perClass(scored, p.probs, k)));
    } else {
      j.putNull("logLoss");
      j.putNull("ece");
      j.putNull("rocAuc");
    }
    if (trueConfusions != null && model != null) {
      recovery(j.putObject("recovery"));
    } else {
      j.putNull("recovery");
    }
    if (output.json) {
      Output.print(out, j);
    } else if (!output.quiet) {
      human(out, j);
    }
    out.flush();
    return ExitCodes.OK;
  }

  private static void human(PrintWriter out, ObjectNode j) {
    out.printf(
        Locale.ROOT,
        "tasks predicted: %d, with gold: %d%n",
        j.get("tasks").asInt(),
        j.get("withGold").asInt());
    out.printf(Locale.ROOT, "accuracy:  %.4f%n", number(j, "accuracy"));
    out.printf(Locale.ROOT, "macro-F1:  %.4f%n", number(j, "macroF1"));
    if (!j.get("logLoss").isNull() || !j.get("ece").isNull()) {
      out.printf(Locale.ROOT, "log-loss:  %.4f%n", number(j, "logLoss"));
      out.printf(Locale.ROOT, "ECE (15 bins): %.4f%n", number(j, "ece"));
      out.printf(Locale.ROOT, "ROC AUC (mean over classes): %.4f%n", number(j, "rocAuc"));
    }
    JsonNode r = j.get("recovery");
    if (r.isNull()) {
      return;
    }
    if (r.get("annotators").asInt() == 0) {
      out.println("no annotator confusion matrices to compare (the model has none)");
      return;
    }
    out.printf(Locale.ROOT, "annotators compared: %d%n", r.get("annotators").asInt());
    out.printf(
        Locale.ROOT, "confusion error (Tanno, mean squared / K): %.5f%n", number(r, "tannoError"));
    out.printf(
        Locale.ROOT,
        "confusion error (normalized Frobenius):  %.5f%n",
        number(r, "normalizedFrobenius"));
    out.printf(Locale.ROOT, "I-JS: %.5f%n", number(r, "individualJs"));
    out.printf(Locale.ROOT, "G-JS: %.5f%n", number(r, "globalJs"));
  }

  private static double number(JsonNode o, String name) {
    JsonNode v = o.get(name);
    return v == null || v.isNull() ? Double.NaN : v.asDouble();
  }

  private static double accuracy(int[] truth, int[] predicted) {
    int count = 0;
    int hits = 0;
    for (int i = 0; i < truth.length; i++) {
      if (truth[i] >= 0) {
        count++;
        if (truth[i] == predicted[i]) {
          hits++;
        }
      }
    }
    return count == 0 ? Double.NaN : (double) hits / count;
  }

  private void recovery(ObjectNode r) throws Exception {
    TrueConfusionsReader.TrueConfusions truth = TrueConfusionsReader.read(trueConfusions);
    int k = truth.classes();
    Map<String, double[]> trueByWorker = truth.effectiveByWorker();
    List<double[]> t = new ArrayList<>();
    List<double[]> e = new ArrayList<>();
    ClassificationModel est = Models.read(model, ClassificationModel.class);
    if (est.numLabels() != k) {
      throw new BadInputException(
          model + ": " + est.numLabels() + " classes, " + trueConfusions + " has " + k);
    }
    for (ClassificationModel.Worker w : est.workerModels()) {
      double[] tm = trueByWorker.get(w.worker());
      if (tm == null || w.confusion() == null) {
        continue;
      }
      t.add(tm);
      e.add(flat(w.confusion(), k));
    }
    r.put("annotators", t.size());
    if (t.isEmpty()) {
      r.putNull("tannoError");
      r.putNull("normalizedFrobenius");
      r.putNull("individualJs");
      r.putNull("globalJs");
      return;
    }
    double[] tf = concat(t, k);
    double[] ef = concat(e, k);
    Output.put(r, "tannoError", ConfusionRecovery.tannoError(tf, ef, k));
    Output.put(r, "normalizedFrobenius", ConfusionRecovery.normalizedFrobenius(tf, ef, k));
    Output.put(r, "individualJs", JensenShannon.individual(tf, ef, k));
    Output.put(
        r,
        "globalJs",
        JensenShannon.global(ConfusionRecovery.mean(tf, k), ConfusionRecovery.mean(ef, k), k));
  }

  private static double[] flat(double[][] rows, int k) {
    double[] m = new double[k * k];
    for (int r = 0; r < k; r++) {
      System.arraycopy(rows[r], 0, m, r * k, k);
    }
    return m;
  }

  private static double[] concat(List<double[]> ms, int k) {
    double[] out = new double[ms.size() * k * k];
    for (int j = 0; j < ms.size(); j++) {
      System.arraycopy(ms.get(j), 0, out, j * k * k, k * k);
    }
    return out;
  }

  private record Prediction(
      List<String> tasks, List<String> predicted, Vocabulary labels, double[] probs) {}

  private static Prediction readPrediction(Path file) throws CrowdFormatException {
    LabelsFile f = LabelsFile.read(file);
    return new Prediction(f.tasks(), f.labels(), f.classes(), f.probabilities());
  }
}
