package org.crowd4j.nn;

import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.data.Vocabulary;

/**
 * Out-of-fold class probabilities: the items (tasks) are split into {@code K} seeded folds of equal
 * size (±1); for each fold the learner is trained on the answers of the other folds' items only and
 * predicts the held-out items from their features. Every item's row thus comes from a model that
 * never saw that item's answers, which is what a method combining a classifier's probabilities with
 * the same items' crowd answers needs (otherwise the classifier has memorised the answers it is
 * combined with and counts them twice).
 *
 * <p>A fold's training data holds only its items (not the held-out ones without answers, which a
 * learner would otherwise train on, e.g. on an aggregator's prior) and keeps the whole data's label
 * vocabulary in its order, so every model predicts every class even when a fold's answers lack one.
 * Feature standardisation statistics, when the learner standardises, come from the fold's training
 * items. The learner is configuration ({@link Learner#fit} does not change it); each fold trains
 * with the learner's own seed, the split takes {@code seed}. Models are closed after predicting.
 */
public final class OutOfFold {
  /** Folds when the caller does not say (as in most K-fold practice). */
  public static final int DEFAULT_FOLDS = 5;

  /** How far a predicted row may sum from 1 before it is refused as not probabilities. */
  private static final double SUM_TOLERANCE = 1e-3;

  private OutOfFold() {}

  /** Told when a fold starts. */
  @FunctionalInterface
  public interface Listener {
    /** No-op listener. */
    Listener NONE = (fold, folds, trainingItems, heldOutItems) -> {};

    /**
     * Fold {@code fold} (from 0) of {@code folds} starts.
     *
     * @param fold the fold
     * @param folds the number of folds
     * @param trainingItems items the fold's model is trained on
     * @param heldOutItems items it predicts
     */
    void onFold(int fold, int folds, int trainingItems, int heldOutItems);
  }

  /**
   * The out-of-fold predictions.
   *
   * @param tasks the items, in row order (the dataset's tasks)
   * @param labels the classes, in column order (the dataset's labels)
   * @param folds the number of folds
   * @param fold the fold of each item (from 0; the model of that fold predicted it)
   * @param probabilities {@code tasks × labels} class probabilities, row-major
   */
  public record Result(
      Vocabulary tasks, Vocabulary labels, int folds, int[] fold, double[] probabilities) {
    /**
     * Checks the shapes.
     *
     * @param tasks the items
     * @param labels the classes
     * @param folds the number of folds
     * @param fold the fold of each item
     * @param probabilities the class probabilities
     */
    public Result {
      Objects.requireNonNull(tasks, "tasks");
      Objects.requireNonNull(labels, "labels");
      if (fold.length != tasks.size() || probabilities.length != tasks.size() * labels.size()) {
        throw new IllegalArgumentException("fold and probabilities must match tasks × labels");
      }
    }

    /**
     * The most probable class of each item (ties to the lowest id).
     *
     * @return one label id per item
     */
    public int[] predictedLabels() {
      int k = labels.size();
      int[] out = new int[tasks.size()];
      for (int i = 0; i < out.length; i++) {
        int best = 0;
        for (int c = 1; c < k; c++) {
          if (probabilities[i * k + c] > probabilities[i * k + best]) {
            best = c;
          }
        }
        out[i] = best;
      }
      return out;
    }
  }

  /**
   * A seeded split of {@code n} items into {@code folds} folds whose sizes differ by at most one: a
   * random permutation (seeded by {@code seed}), dealt out in turn.
   *
   * @param n items
   * @param folds folds, 2 to {@code n}
   * @param seed the seed
   * @return the fold (from 0) of each item
   * @throws IllegalArgumentException when {@code folds} is below 2 or above {@code n}
   */
  public static int[] assign(int n, int folds, long seed) {
    checkFolds(folds, n);
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    SplittableRandom rng = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] fold = new int[n];
    for (int p = 0; p < n; p++) {
      fold[order[p]] = p % folds;
    }
    return fold;
  }

  /**
   * Out-of-fold probabilities of {@code learner} with no validation set.
   *
   * @param learner the learner (trained once per fold)
   * @param data the answers
   * @param features the items' features (a row for every task of {@code data})
   * @param folds the number of folds, 2 to {@code data.numTasks()}
   * @param seed the seed of the split
   * @return the predictions
   */
  public static Result predict(
      Learner learner, CrowdDataset data, TaskFeatures features, int folds, long seed) {
    return predict(learner, data, features, null, folds, seed, Listener.NONE);
  }

  /**
   * Out-of-fold probabilities of {@code learner}: the split of {@link #assign}, one training per
   * fold on the answers of the other folds' items (with {@code validation}, gold of other items,
   * passed to every training for its epoch selection), each fold's items predicted by its model.
   *
   * @param learner the learner (trained once per fold)
   * @param data the answers
   * @param features the items' features (a row for every task of {@code data})
   * @param validation gold validation items (not items of {@code data}), or {@code null}
   * @param folds the number of folds, 2 to {@code data.numTasks()}
   * @param seed the seed of the split
   * @param listener told when each fold starts, or {@code null}
   * @return the predictions
   * @throws IllegalArgumentException for a bad fold count or features without a row for a task
   * @throws IllegalStateException when a fold's model returns rows that are not probabilities
   */
  public static Result predict(
      Learner learner,
      CrowdDataset data,
      TaskFeatures features,
      Validation validation,
      int folds,
      long seed,
      Listener listener) {
    Objects.requireNonNull(learner, "learner");
    Listener l = listener == null ? Listener.NONE : listener;
    int n = data.numTasks();
    int k = data.numLabels();
    int[] fold = assign(n, folds, seed);
    TaskFeatures aligned = features.alignedTo(data.tasks());
    int d = aligned.dim();
    float[] x = aligned.toArray();
    double[] probs = new double[n * k];
    for (int f = 0; f < folds; f++) {
      boolean[] train = new boolean[n];
      int held = 0;
      for (int i = 0; i < n; i++) {
        train[i] = fold[i] != f;
        held += train[i] ? 0 : 1;
      }
      CrowdDataset part = itemsOnly(data, train);
      if (part.numAnswers() == 0) {
        throw new IllegalArgumentException(
            "fold " + (f + 1) + " of " + folds + " leaves no answers to train on");
      }
      l.onFold(f, folds, part.numTasks(), held);
      int[] rows = new int[held];
      float[] xs = new float[held * d];
      int j = 0;
      for (int i = 0; i < n; i++) {
        if (!train[i]) {
          System.arraycopy(x, i * d, xs, j * d, d);
          rows[j++] = i;
        }
      }
      try (LearnedModel m = learner.fit(part, features, validation, EpochListener.NONE)) {
        int[] column = columns(m.labels(), data.labels());
        double[] p = m.predict(xs, held);
        int mk = m.labels().size();
        for (int r = 0; r < held; r++) {
          double sum = 0;
          for (int c = 0; c < mk; c++) {
            double v = p[r * mk + c];
            if (!(v >= 0)) {
              throw notProbabilities(learner, f, folds, data, rows[r], "a probability " + v);
            }
            probs[rows[r] * k + column[c]] = v;
            sum += v;
          }
          if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw notProbabilities(
                learner, f, folds, data, rows[r], "probabilities summing to " + sum);
          }
        }
      }
    }
    return new Result(data.tasks(), data.labels(), folds, fold, probs);
  }

  /**
   * The answers of the items {@code i} with {@code keep[i]} as a dataset of those items only, with
   * {@code data}'s label vocabulary in its order (workers left without answers are dropped).
   *
   * @param data the answers
   * @param keep which tasks to keep, by task id
   * @return the smaller dataset
   */
  public static CrowdDataset itemsOnly(CrowdDataset data, boolean[] keep) {
    if (keep.length != data.numTasks()) {
      throw new IllegalArgumentException(
          "keep has " + keep.length + " entries for " + data.numTasks() + " tasks");
    }
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    b.expectAnswers(data.numAnswers());
    for (int i = 0; i < keep.length; i++) {
      if (!keep[i]) {
        continue;
      }
      String task = data.tasks().name(i);
      for (int a = data.taskStart(i); a < data.taskEnd(i); a++) {
        b.add(
            task,
            data.anonymous() ? null : data.workers().name(data.worker(a)),
            data.labels().name(data.label(a)));
      }
    }
    return b.build();
  }

  /** Column of the data's labels for each of the model's labels (the model's are a subset). */
  private static int[] columns(Vocabulary model, Vocabulary data) {
    int[] out = new int[model.size()];
    for (int c = 0; c < out.length; c++) {
      out[c] = data.id(model.name(c));
      if (out[c] < 0) {
        throw new IllegalStateException(
            "the model predicts class '" + model.name(c) + "', which the answers do not have");
      }
    }
    return out;
  }

  private static IllegalStateException notProbabilities(
      Learner learner, int f, int folds, CrowdDataset data, int item, String what) {
    return new IllegalStateException(
        String.format(
            java.util.Locale.ROOT,
            "%s, fold %d of %d: item '%s' got %s, not class probabilities",
            learner.name(),
            f + 1,
            folds,
            data.tasks().name(item),
            what));
  }

  private static void checkFolds(int folds, int n) {
    if (folds < 2 || folds > n) {
      throw new IllegalArgumentException(
          "folds must be between 2 and the number of items (" + n + "): " + folds);
    }
  }
}
