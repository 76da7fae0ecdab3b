package org.crowd4j.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.crowd4j.aggregate.classifier.ClassifierProbabilities;
import org.crowd4j.data.Vocabulary;

/**
 * Aggregated labels as {@code aggregate --out} writes them: {@code task,label[,p_<class>...]}, read
 * under the strict rules ({@link CsvRecords}); each {@code p_} field a probability, a row's summing
 * to 1 within {@value ClassifierProbabilities#SUM_TOLERANCE} (room for values written with a few
 * digits).
 *
 * @param tasks task ids, in file order
 * @param labels the label of each task
 * @param classes the classes of the {@code p_} columns in their order (without them: the labels
 *     seen, sorted)
 * @param probabilities {@code [task][class]}, or {@code null} without {@code p_} columns
 */
public record LabelsFile(
    List<String> tasks, List<String> labels, Vocabulary classes, double[] probabilities) {
  /** Validates and copies. */
  public LabelsFile {
    tasks = List.copyOf(tasks);
    labels = List.copyOf(labels);
    Objects.requireNonNull(classes, "classes");
    if (labels.size() != tasks.size()) {
      throw new IllegalArgumentException(tasks.size() + " tasks, " + labels.size() + " labels");
    }
  }

  /** The probability of task {@code i}'s own label, or {@code NaN} without probabilities. */
  public double confidence(int i) {
    if (probabilities == null) {
      return Double.NaN;
    }
    int c = classes.id(labels.get(i));
    return c < 0 ? Double.NaN : probabilities[i * classes.size() + c];
  }

  /**
   * Reads {@code file}; a problem is a {@link CrowdFormatException} naming file, line and field.
   */
  public static LabelsFile read(Path file) throws CrowdFormatException {
    List<String> tasks = new ArrayList<>();
    List<String> predicted = new ArrayList<>();
    List<double[]> rows = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    try (CsvRecords in = CsvRecords.open(file, CsvFormat.defaults())) {
      List<String> header = in.headerFields();
      if (header.size() < 2 || !header.get(0).equals("task") || !header.get(1).equals("label")) {
        throw new CrowdFormatException(file, 1, null, "expected header task,label[,p_<class>...]");
      }
      for (int j = 2; j < header.size(); j++) {
        String h = header.get(j);
        if (!h.startsWith("p_")) {
          throw new CrowdFormatException(file, 1, h, "column '" + h + "' should be p_<class>");
        }
        classes.add(h.substring(2));
      }
      while (in.next()) {
        tasks.add(in.field(0));
        predicted.add(in.field(1));
        rows.add(probabilities(in, header));
      }
    }
    if (classes.isEmpty()) {
      return new LabelsFile(
          tasks, predicted, Vocabulary.sortedLabels(new java.util.TreeSet<>(predicted)), null);
    }
    int k = classes.size();
    double[] probs = new double[rows.size() * k];
    for (int i = 0; i < rows.size(); i++) {
      System.arraycopy(rows.get(i), 0, probs, i * k, k);
    }
    return new LabelsFile(tasks, predicted, Vocabulary.of(classes), probs);
  }

  private static double[] probabilities(CsvRecords in, List<String> header)
      throws CrowdFormatException {
    double[] p = new double[header.size() - 2];
    double sum = 0;
    for (int j = 0; j < p.length; j++) {
      p[j] = in.decimal(j + 2);
      if (p[j] < 0 || p[j] > 1) {
        String h = header.get(j + 2);
        throw in.error(
            h,
            "field '" + h + "' holds " + in.field(j + 2).strip() + ", not a probability in [0, 1]");
      }
      sum += p[j];
    }
    if (p.length > 0 && Math.abs(sum - 1) > ClassifierProbabilities.SUM_TOLERANCE) {
      throw in.error(null, "the p_ fields sum to " + sum + ", not 1: they are not probabilities");
    }
    return p;
  }
}
