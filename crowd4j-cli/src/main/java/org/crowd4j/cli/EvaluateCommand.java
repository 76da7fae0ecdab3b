package org.crowd4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CrowdReader;
import org.crowd4j.metrics.Classification;
import org.crowd4j.metrics.ConfusionRecovery;
import org.crowd4j.metrics.JensenShannon;
import org.crowd4j.metrics.RocAuc;
import picocli.CommandLine;
import picocli.CommandLine.Command;
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

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
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
    int[] scored = truth.clone();
    for (int i = 0; i < n; i++) {
      if (scored[i] == Integer.MAX_VALUE) {
        scored[i] = -1;
      }
    }
    out.printf(Locale.ROOT, "tasks predicted: %d, with gold: %d%n", n, n - missing);
    out.printf(Locale.ROOT, "accuracy:  %.4f%n", accuracy(truth, predicted));
    out.printf(Locale.ROOT, "macro-F1:  %.4f%n", Classification.macroF1(scored, predicted, k));
    if (p.probs != null) {
      out.printf(Locale.ROOT, "log-loss:  %.4f%n", Classification.logLoss(scored, p.probs, k));
      out.printf(
          Locale.ROOT,
          "ECE (15 bins): %.4f%n",
          Classification.expectedCalibrationError(scored, p.probs, k, 15));
      double[] auc = RocAuc.perClass(scored, p.probs, k);
      out.printf(Locale.ROOT, "ROC AUC (mean over classes): %.4f%n", RocAuc.mean(auc));
    }
    if (trueConfusions != null && model != null) {
      recovery(out);
    }
    out.flush();
    return 0;
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

  private void recovery(PrintWriter out) throws Exception {
    ObjectMapper json = new ObjectMapper();
    JsonNode truth = json.readTree(trueConfusions.toFile());
    JsonNode est = json.readTree(model.toFile());
    int k = truth.get("classes").asInt();
    Map<String, double[]> trueByWorker = new HashMap<>();
    for (JsonNode w : truth.get("workers")) {
      trueByWorker.put(w.get("worker").asText(), flat(w.get("effectiveConfusion"), k));
    }
    List<double[]> t = new ArrayList<>();
    List<double[]> e = new ArrayList<>();
    JsonNode workers = est.get("workerModels");
    if (workers == null) {
      throw new IllegalArgumentException(model + ": no workerModels");
    }
    for (JsonNode w : workers) {
      double[] tm = trueByWorker.get(w.get("worker").asText());
      if (tm == null || w.get("confusion") == null) {
        continue;
      }
      t.add(tm);
      e.add(flat(w.get("confusion"), k));
    }
    if (t.isEmpty()) {
      out.println("no annotator confusion matrices to compare (the model has none)");
      return;
    }
    double[] tf = concat(t, k);
    double[] ef = concat(e, k);
    out.printf(Locale.ROOT, "annotators compared: %d%n", t.size());
    out.printf(
        Locale.ROOT,
        "confusion error (Tanno, mean squared / K): %.5f%n",
        ConfusionRecovery.tannoError(tf, ef, k));
    out.printf(
        Locale.ROOT,
        "confusion error (normalized Frobenius):  %.5f%n",
        ConfusionRecovery.normalizedFrobenius(tf, ef, k));
    out.printf(Locale.ROOT, "I-JS: %.5f%n", JensenShannon.individual(tf, ef, k));
    out.printf(
        Locale.ROOT,
        "G-JS: %.5f%n",
        JensenShannon.global(ConfusionRecovery.mean(tf, k), ConfusionRecovery.mean(ef, k), k));
  }

  private static double[] flat(JsonNode rows, int k) {
    double[] m = new double[k * k];
    for (int r = 0; r < k; r++) {
      for (int c = 0; c < k; c++) {
        m[r * k + c] = rows.get(r).get(c).asDouble();
      }
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
    List<String> tasks = new ArrayList<>();
    List<String> predicted = new ArrayList<>();
    List<double[]> rows = new ArrayList<>();
    List<String> probLabels = new ArrayList<>();
    try (CsvReader<CsvRecord> csv = CsvReader.builder().detectBomHeader(true).ofCsvRecord(file)) {
      var it = csv.iterator();
      if (!it.hasNext()) {
        throw new CrowdFormatException(file, 0, null, "the file is empty");
      }
      CsvRecord header = it.next();
      if (header.getFieldCount() < 2
          || !header.getField(0).equals("task")
          || !header.getField(1).equals("label")) {
        throw new CrowdFormatException(file, 1, null, "expected header task,label[,p_<class>...]");
      }
      for (int j = 2; j < header.getFieldCount(); j++) {
        String h = header.getField(j);
        if (!h.startsWith("p_")) {
          throw new CrowdFormatException(file, 1, h, "column '" + h + "' should be p_<class>");
        }
        probLabels.add(h.substring(2));
      }
      while (it.hasNext()) {
        CsvRecord r = it.next();
        tasks.add(r.getField(0));
        predicted.add(r.getField(1));
        double[] p = new double[probLabels.size()];
        for (int j = 0; j < p.length; j++) {
          try {
            p[j] = Double.parseDouble(r.getField(j + 2));
          } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new CrowdFormatException(
                file, r.getStartingLineNumber(), header.getField(j + 2), "not a probability");
          }
        }
        rows.add(p);
      }
    } catch (java.io.IOException | RuntimeException e) {
      throw new CrowdFormatException(file, 0, null, "cannot read: " + e.getMessage(), e);
    }
    Vocabulary labels;
    double[] probs = null;
    if (probLabels.isEmpty()) {
      labels = Vocabulary.sortedLabels(new java.util.TreeSet<>(predicted));
    } else {
      labels = Vocabulary.of(probLabels);
      int k = probLabels.size();
      probs = new double[rows.size() * k];
      for (int i = 0; i < rows.size(); i++) {
        System.arraycopy(rows.get(i), 0, probs, i * k, k);
      }
    }
    return new Prediction(tasks, predicted, labels, probs);
  }
}
