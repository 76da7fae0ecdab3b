package org.crowd4j.aggregate.classifier;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Vocabulary;

/**
 * A classifier's class probabilities per task, keyed by task and class names, as {@code train
 * --predictions-out} or any model writes them ({@code task,label,p_<class>...}, read by {@code
 * org.crowd4j.io.PredictionsReader}). They should be out of sample: a task's row from a model that
 * did not see its answers.
 */
public final class ClassifierProbabilities {
  /** Probabilities are floored at this before use, so that no class is ruled out by the model. */
  public static final double FLOOR = 1e-4;

  /** How far from 1 a row may sum (room for values written with a few digits). */
  public static final double SUM_TOLERANCE = 0.01;

  private final Map<String, Integer> rowOf;
  private final Vocabulary classes;
  private final double[] probabilities;

  private ClassifierProbabilities(
      Map<String, Integer> rowOf, Vocabulary classes, double[] probabilities) {
    this.rowOf = rowOf;
    this.classes = classes;
    this.probabilities = probabilities;
  }

  /**
   * Probabilities {@code probabilities} ({@code tasks × classes}, row-major; each row sums to 1
   * within 0.01) of the tasks {@code tasks}.
   *
   * @throws IllegalArgumentException on a repeated task, a negative or non-finite value or a row
   *     that is not a distribution
   */
  public static ClassifierProbabilities of(
      List<String> tasks, Vocabulary classes, double[] probabilities) {
    Objects.requireNonNull(classes, "classes");
    int k = classes.size();
    if (probabilities.length != tasks.size() * k) {
      throw new IllegalArgumentException(
          "expected " + tasks.size() + " × " + k + " probabilities, got " + probabilities.length);
    }
    Map<String, Integer> rowOf = new HashMap<>(tasks.size() * 2);
    for (int r = 0; r < tasks.size(); r++) {
      if (rowOf.putIfAbsent(tasks.get(r), r) != null) {
        throw new IllegalArgumentException("task '" + tasks.get(r) + "' has two rows");
      }
      double sum = 0;
      for (int c = 0; c < k; c++) {
        double p = probabilities[r * k + c];
        if (!(p >= 0 && p <= 1)) {
          throw new IllegalArgumentException(
              "task '" + tasks.get(r) + "': probability " + p + " of '" + classes.name(c) + "'");
        }
        sum += p;
      }
      if (Math.abs(sum - 1) > SUM_TOLERANCE) {
        throw new IllegalArgumentException(
            "task '" + tasks.get(r) + "': probabilities sum to " + sum + ", not 1");
      }
    }
    return new ClassifierProbabilities(rowOf, classes, probabilities.clone());
  }

  /** Number of tasks with probabilities. */
  public int numTasks() {
    return rowOf.size();
  }

  /** The classes, in column order. */
  public Vocabulary classes() {
    return classes;
  }

  /**
   * The probabilities of {@code data}'s tasks over {@code data}'s classes: mass on a class the
   * answers do not have is dropped, every value floored at {@link #FLOOR} and each row
   * renormalised.
   *
   * @throws IllegalArgumentException when no class is shared with the answers
   */
  public Aligned alignedTo(CrowdDataset data) {
    return alignedTo(data.numTasks(), i -> data.tasks().name(i), data.labels().names());
  }

  /**
   * The probabilities of the tasks {@code taskName(0 .. numTasks)} over the classes {@code labels},
   * aligned as {@link #alignedTo(CrowdDataset)} aligns them.
   *
   * @throws IllegalArgumentException when no class is shared with {@code labels}
   */
  public Aligned alignedTo(int numTasks, IntFunction<String> taskName, List<String> labels) {
    int k = labels.size();
    int[] column = columns(labels);
    double[] p = new double[numTasks * k];
    boolean[] has = new boolean[numTasks];
    int covered = 0;
    for (int i = 0; i < numTasks; i++) {
      Integer r = rowOf.get(taskName.apply(i));
      if (r != null) {
        has[i] = true;
        covered++;
        fillRow(r, column, p, i * k);
      }
    }
    return new Aligned(p, has, covered);
  }

  /** For each of {@code labels} its column here (−1: none). */
  private int[] columns(List<String> labels) {
    int k = labels.size();
    int[] column = new int[k];
    boolean shared = false;
    for (int c = 0; c < k; c++) {
      column[c] = classes.id(labels.get(c));
      shared |= column[c] >= 0;
    }
    if (!shared) {
      throw new IllegalArgumentException(
          "the predictions' classes "
              + classes.names()
              + " share none with the answers' "
              + labels);
    }
    return column;
  }

  /** Row {@code r} over the classes {@code column}, floored and renormalised, into {@code out}. */
  private void fillRow(int r, int[] column, double[] out, int offset) {
    int k = column.length;
    int kp = classes.size();
    double sum = 0;
    for (int c = 0; c < k; c++) {
      double v = column[c] < 0 ? 0 : probabilities[r * kp + column[c]];
      v = Math.max(v, FLOOR);
      out[offset + c] = v;
      sum += v;
    }
    for (int c = 0; c < k; c++) {
      out[offset + c] /= sum;
    }
  }

  /**
   * The tasks with probabilities that {@code data} has no answer for, in their order here, with
   * their probabilities over {@code data}'s classes (floored and renormalised as {@link
   * #alignedTo}): the items a new answer could go to instead.
   */
  public Unanswered unanswered(CrowdDataset data) {
    int k = data.numLabels();
    String[] names = new String[rowOf.size()];
    rowOf.forEach((task, r) -> names[r] = task);
    List<String> tasks = new java.util.ArrayList<>();
    double[] p = new double[0];
    int[] column = columns(data.labels().names());
    for (int r = 0; r < names.length; r++) {
      if (data.tasks().id(names[r]) >= 0) {
        continue;
      }
      if (p.length < (tasks.size() + 1) * k) {
        p = java.util.Arrays.copyOf(p, Math.max(k, 2 * p.length + k));
      }
      fillRow(r, column, p, tasks.size() * k);
      tasks.add(names[r]);
    }
    return new Unanswered(tasks, java.util.Arrays.copyOf(p, tasks.size() * k));
  }

  /**
   * Tasks with probabilities and no answers.
   *
   * @param tasks their names
   * @param probabilities {@code tasks × K} over the answers' classes, row-major
   */
  public record Unanswered(List<String> tasks, double[] probabilities) {}

  /**
   * Probabilities aligned with a dataset's tasks and classes.
   *
   * @param probabilities {@code n × K}, row-major; rows of tasks without a prediction are 0
   * @param has whether task {@code i} has a prediction
   * @param covered how many tasks have one
   */
  public record Aligned(double[] probabilities, boolean[] has, int covered) {}
}
