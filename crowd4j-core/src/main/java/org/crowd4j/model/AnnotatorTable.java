package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.io.CsvWriter;

/**
 * One row per annotator of a classification fit, for any method: answers given, the method's skill,
 * an accuracy estimate, a spammer score and the annotator's largest confusion; all read from her
 * answer model P(answer | true class) ({@link ClassificationModel.Worker#answerConfusion}).
 *
 * <p>Accuracy: Σ_z π_z P(z | z), π the class priors (uniform for a method without). Spammer score
 * (after Raykar &amp; Yu 2012, where a spammer's confusion rows are all equal: her answer does not
 * depend on the truth): 1 − the mean total-variation distance between the rows of two true classes,
 * 0 for an annotator whose rows are disjoint, 1 for one who answers regardless of the truth ({@code
 * NaN} with one class). Largest confusion: the true class and answer of the largest off-diagonal
 * P(answer | true), as {@code true→answer}.
 *
 * @param workers annotator ids
 * @param answers answers of each
 * @param skills the method's skill ({@code NaN} where it has none)
 * @param accuracy the accuracy estimate
 * @param spammerScore the spammer score
 * @param confusedTrue the true class of the largest confusion ({@code -1} with one class)
 * @param confusedAnswer its answer
 * @param confusion that probability
 * @param labels class names
 */
public record AnnotatorTable(
    List<String> workers,
    long[] answers,
    double[] skills,
    double[] accuracy,
    double[] spammerScore,
    int[] confusedTrue,
    int[] confusedAnswer,
    double[] confusion,
    List<String> labels) {

  /** The table of a model file. */
  public static AnnotatorTable of(ClassificationModel model) {
    int k = model.numLabels();
    List<ClassificationModel.Worker> ws = model.workerModels();
    int n = ws.size();
    double[] flat = new double[n * k * k];
    long[] answers = new long[n];
    double[] skills = new double[n];
    String[] names = new String[n];
    for (int w = 0; w < n; w++) {
      ClassificationModel.Worker worker = ws.get(w);
      names[w] = worker.worker();
      answers[w] = worker.answers();
      skills[w] = worker.skill();
      for (int z = 0; z < k; z++) {
        System.arraycopy(worker.answerConfusion()[z], 0, flat, (w * k + z) * k, k);
      }
    }
    return of(List.of(names), answers, skills, flat, model.classPriors(), model.labels());
  }

  /** The table of a fit on {@code data}. */
  public static AnnotatorTable of(AggregationResult result, CrowdDataset data) {
    int n = data.numWorkers();
    long[] answers = new long[n];
    String[] names = new String[n];
    double[] skills = new double[n];
    for (int w = 0; w < n; w++) {
      answers[w] = data.workerSize(w);
      names[w] = data.anonymous() ? "#" + w : data.workers().name(w);
      skills[w] = result.workers() == null ? Double.NaN : result.workers().skill(w);
    }
    return of(
        List.of(names),
        answers,
        skills,
        ClassificationModelWriter.answerConfusions(result, data),
        result.classPriors(),
        data.labels().names());
  }

  private static AnnotatorTable of(
      List<String> names,
      long[] answers,
      double[] skills,
      double[] answerConfusion,
      double[] priors,
      List<String> labels) {
    int n = names.size();
    int k = labels.size();
    double[] accuracy = new double[n];
    double[] spammer = new double[n];
    int[] confusedTrue = new int[n];
    int[] confusedAnswer = new int[n];
    double[] confusion = new double[n];
    for (int w = 0; w < n; w++) {
      int base = w * k * k;
      double acc = 0;
      for (int z = 0; z < k; z++) {
        acc += (priors == null ? 1.0 / k : priors[z]) * answerConfusion[base + z * k + z];
      }
      accuracy[w] = acc;
      double tv = 0;
      int pairs = 0;
      for (int z = 0; z < k; z++) {
        for (int y = z + 1; y < k; y++) {
          double d = 0;
          for (int l = 0; l < k; l++) {
            d += Math.abs(answerConfusion[base + z * k + l] - answerConfusion[base + y * k + l]);
          }
          tv += d / 2;
          pairs++;
        }
      }
      spammer[w] = pairs == 0 ? Double.NaN : 1 - tv / pairs;
      confusedTrue[w] = -1;
      confusedAnswer[w] = -1;
      confusion[w] = Double.NaN;
      for (int z = 0; z < k; z++) {
        for (int l = 0; l < k; l++) {
          double p = answerConfusion[base + z * k + l];
          if (l != z && (confusedTrue[w] < 0 || p > confusion[w])) {
            confusedTrue[w] = z;
            confusedAnswer[w] = l;
            confusion[w] = p;
          }
        }
      }
    }
    return new AnnotatorTable(
        names, answers, skills, accuracy, spammer, confusedTrue, confusedAnswer, confusion, labels);
  }

  /**
   * Writes the table as CSV atomically: {@code
   * worker,answers,skill,accuracy,spammer_score,largest_confusion,largest_confusion_p}.
   */
  public void write(Path file) throws IOException {
    CsvWriter.write(
        file,
        csv -> {
          csv.row(
              "worker",
              "answers",
              "skill",
              "accuracy",
              "spammer_score",
              "largest_confusion",
              "largest_confusion_p");
          for (int w = 0; w < workers.size(); w++) {
            csv.field(workers.get(w)).number(answers[w]);
            number(csv, skills[w]);
            number(csv, accuracy[w]);
            number(csv, spammerScore[w]);
            csv.field(
                confusedTrue[w] < 0
                    ? ""
                    : labels.get(confusedTrue[w]) + "→" + labels.get(confusedAnswer[w]));
            number(csv, confusion[w]);
            csv.end();
          }
        });
  }

  private static void number(CsvWriter csv, double v) throws IOException {
    csv.field(Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "");
  }
}
