package org.crowd4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.crowd4j.model.ClassificationModel;
import org.crowd4j.model.Models;
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

  /**
   * Reads {@code file} through {@link Models#read}: a file that is not a classification model file
   * of a version this library reads, or lacks a field, is a {@link
   * org.crowd4j.io.ModelFileException} naming it; classes, priors, workloads and answer confusions
   * that cannot make a crowd (no classes, negative or non-finite numbers, a row without mass) are a
   * {@link BadInputException}.
   */
  static FittedCrowd read(Path file) throws BadInputException, IOException {
    ClassificationModel model = Models.read(file, ClassificationModel.class);
    List<String> labels = model.labels();
    int k = labels.size();
    if (k < 1) {
      throw new BadInputException(file + ": field 'labels' is empty");
    }
    double[] prior = new double[k];
    if (model.classPriors() == null) {
      java.util.Arrays.fill(prior, 1.0 / k);
    } else {
      for (int c = 0; c < k; c++) {
        prior[c] = number(file, model.classPriors()[c], "classPriors[" + c + "]");
      }
    }
    List<ClassificationModel.Worker> ws = model.workerModels();
    List<String> workers = new ArrayList<>();
    int[] answers = new int[ws.size()];
    double[][][] confusions = new double[ws.size()][][];
    for (int w = 0; w < ws.size(); w++) {
      ClassificationModel.Worker node = ws.get(w);
      String where = "workerModels[" + w + "]";
      workers.add(node.worker());
      answers[w] = (int) number(file, node.answers(), where + ".answers");
      double[][] rows = node.answerConfusion();
      double[][] m = new double[k][k];
      for (int z = 0; z < k; z++) {
        for (int l = 0; l < k; l++) {
          m[z][l] = number(file, rows[z][l], where + ".answerConfusion[" + z + "][" + l + "]");
        }
      }
      try {
        confusions[w] = Confusions.normalizeRows(m);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(
            file + ": field '" + where + ".answerConfusion': " + e.getMessage());
      }
    }
    int tasks = (int) number(file, model.tasks(), "tasks");
    return new FittedCrowd(file, labels, prior, workers, answers, confusions, tasks);
  }

  private static double number(Path file, double v, String where) throws BadInputException {
    if (!Double.isFinite(v) || v < 0) {
      throw new BadInputException(file + ": field '" + where + "' must be a number ≥ 0");
    }
    return v;
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
