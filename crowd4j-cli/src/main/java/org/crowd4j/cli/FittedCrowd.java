package org.crowd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.simulate.ConfusionPool;
import org.crowd4j.simulate.Confusions;

/**
 * A crowd as a {@code model.json} of {@code aggregate} describes it: the classes and their prior,
 * every worker's answer model ({@code answerConfusion}: P(answer | true class)) and workload — what
 * {@code simulate --from} draws a new crowd from.
 *
 * @param file where it was read from
 * @param labels class names
 * @param classPriors P(class), uniform when the model has none
 * @param workers worker ids
 * @param answers answers each worker gave
 * @param confusions each worker's answer confusion, {@code [w][true][answer]}
 * @param tasks tasks of the fitted data
 */
record FittedCrowd(
    Path file,
    List<String> labels,
    double[] classPriors,
    List<String> workers,
    int[] answers,
    double[][][] confusions,
    int tasks) {

  /** Reads {@code file}; a missing or malformed field is a {@link BadInputException} naming it. */
  static FittedCrowd read(Path file) throws BadInputException, IOException {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          file + ":" + e.getLocation().getLineNr() + ": not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new BadInputException(file + ": not a model.json written by aggregate");
    }
    List<String> labels = new ArrayList<>();
    for (JsonNode l : field(file, root, "labels")) {
      labels.add(l.asText());
    }
    int k = labels.size();
    if (k < 1) {
      throw new BadInputException(file + ": field 'labels' is empty");
    }
    double[] prior = new double[k];
    JsonNode p = root.get("classPriors");
    if (p == null || p.isNull()) {
      java.util.Arrays.fill(prior, 1.0 / k);
    } else {
      if (p.size() != k) {
        throw new BadInputException(file + ": field 'classPriors' must have " + k + " entries");
      }
      for (int c = 0; c < k; c++) {
        prior[c] = number(file, p.get(c), "classPriors[" + c + "]");
      }
    }
    JsonNode ws = field(file, root, "workerModels");
    List<String> workers = new ArrayList<>();
    int[] answers = new int[ws.size()];
    double[][][] confusions = new double[ws.size()][][];
    for (int w = 0; w < ws.size(); w++) {
      JsonNode node = ws.get(w);
      String where = "workerModels[" + w + "]";
      workers.add(field(file, node, "worker", where).asText());
      answers[w] = (int) number(file, field(file, node, "answers", where), where + ".answers");
      JsonNode rows = field(file, node, "answerConfusion", where);
      if (rows.size() != k) {
        throw new BadInputException(
            file + ": field '" + where + ".answerConfusion' must be " + k + "×" + k);
      }
      double[][] m = new double[k][k];
      for (int z = 0; z < k; z++) {
        if (rows.get(z).size() != k) {
          throw new BadInputException(
              file + ": field '" + where + ".answerConfusion' must be " + k + "×" + k);
        }
        for (int l = 0; l < k; l++) {
          m[z][l] =
              number(file, rows.get(z).get(l), where + ".answerConfusion[" + z + "][" + l + "]");
        }
      }
      try {
        confusions[w] = Confusions.normalizeRows(m);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(
            file + ": field '" + where + ".answerConfusion': " + e.getMessage());
      }
    }
    int tasks = (int) number(file, field(file, root, "tasks"), "tasks");
    return new FittedCrowd(file, labels, prior, workers, answers, confusions, tasks);
  }

  private static JsonNode field(Path file, JsonNode node, String name) throws BadInputException {
    return field(file, node, name, null);
  }

  private static JsonNode field(Path file, JsonNode node, String name, String where)
      throws BadInputException {
    JsonNode v = node.get(name);
    if (v == null || v.isNull()) {
      String path = where == null ? name : where + "." + name;
      throw new BadInputException(
          file + ": no field '" + path + "' (a model.json written by aggregate has it)");
    }
    return v;
  }

  private static double number(Path file, JsonNode v, String where) throws BadInputException {
    if (v == null || !v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
      throw new BadInputException(file + ": field '" + where + "' must be a number ≥ 0");
    }
    return v.asDouble();
  }

  /** Number of classes. */
  int numLabels() {
    return labels.size();
  }

  /** Total answers of the fitted data. */
  long totalAnswers() {
    long s = 0;
    for (int a : answers) {
      s += a;
    }
    return s;
  }

  /** The workers as simulated annotators, in file order. */
  ConfusionPool pool() {
    ConfusionPool.Builder b = ConfusionPool.builder(numLabels());
    for (int w = 0; w < workers.size(); w++) {
      b.add(confusions[w], workers.get(w));
    }
    return b.build();
  }

  /** Each worker's share of the answers, as assignment weights. */
  double[] workload() {
    double[] out = new double[answers.length];
    for (int w = 0; w < out.length; w++) {
      out[w] = answers[w];
    }
    return out;
  }
}
