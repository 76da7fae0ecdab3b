package org.crowd4j.acquisition;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import org.crowd4j.aggregate.AggregationResult;
import org.crowd4j.aggregate.Aggregator;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;
import org.crowd4j.data.IntColumn;

/**
 * Replays a real crowd as if its answers were bought one at a time: every task starts with one of
 * its answers, drawn at random; then, in rounds, a policy picks the tasks whose next answer is
 * bought (one more of that task's real answers, drawn at random), the method is refitted, and the
 * consensus's accuracy against gold is recorded after every round. With a stopping threshold, a
 * task whose top posterior reaches it gets no more answers, and the replay ends when every task is
 * settled or out of answers. Seeded: the same data, method, options and seed give the same curve.
 */
public final class Replay {
  private Replay() {}

  /**
   * How answers are bought.
   *
   * @param policy which tasks get the next answers
   * @param stopAt top posterior at which a task is settled, in (0, 1]; {@code NaN} for none
   * @param minAnswers answers a task has before it can be settled, at least 1
   * @param batch answers bought per round (one per chosen task), at least 1
   * @param seed seed of the draws and of the ties
   */
  public record Options(Policy policy, double stopAt, int minAnswers, int batch, long seed) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(policy, "policy");
      if (!Double.isNaN(stopAt) && !(stopAt > 0 && stopAt <= 1)) {
        throw new IllegalArgumentException("stopAt must be in (0, 1] or NaN: " + stopAt);
      }
      if (minAnswers < 1) {
        throw new IllegalArgumentException("minAnswers must be >= 1: " + minAnswers);
      }
      if (batch < 1) {
        throw new IllegalArgumentException("batch must be >= 1: " + batch);
      }
    }
  }

  /**
   * Accuracy after each round.
   *
   * @param bought answers bought so far, after each round (the first: one per task)
   * @param accuracy the consensus's accuracy on the gold tasks then
   * @param settled tasks settled then (always 0 without a stopping threshold)
   */
  public record Curve(int[] bought, double[] accuracy, int[] settled) {
    /** Accuracy once {@code budget} answers are bought: that of the last round within it. */
    public double accuracyAt(int budget) {
      double acc = Double.NaN;
      for (int r = 0; r < bought.length && bought[r] <= budget; r++) {
        acc = accuracy[r];
      }
      return acc;
    }

    /** Answers bought when the replay ended. */
    public int spent() {
      return bought[bought.length - 1];
    }
  }

  /** Replays {@code data} with {@code method}, scored against {@code gold}. */
  public static Curve run(CrowdDataset data, Gold gold, Aggregator method, Options options) {
    SplittableRandom rng = new SplittableRandom(options.seed());
    int n = data.numTasks();
    int[] order = new int[data.numAnswers()];
    for (int i = 0; i < n; i++) {
      int from = data.taskStart(i);
      int size = data.taskSize(i);
      for (int j = 0; j < size; j++) {
        order[from + j] = from + j;
      }
      for (int j = size - 1; j > 0; j--) {
        int r = rng.nextInt(j + 1);
        int t = order[from + j];
        order[from + j] = order[from + r];
        order[from + r] = t;
      }
    }
    boolean[] keep = new boolean[data.numAnswers()];
    int[] revealed = new int[n];
    int bought = 0;
    for (int i = 0; i < n; i++) {
      if (data.taskSize(i) > 0) {
        keep[order[data.taskStart(i)]] = true;
        revealed[i] = 1;
        bought++;
      }
    }
    IntColumn boughtAt = new IntColumn(64);
    DoubleList accuracy = new DoubleList();
    IntColumn settledAt = new IntColumn(64);
    double[] score = new double[n];
    double[] tie = new double[n];
    int[] candidates = new int[n];
    while (true) {
      CrowdDataset now = data.restrictedTo(keep);
      AggregationResult fit = method.fit(now);
      int settled = 0;
      int open = 0;
      double[] gains = options.policy() == Policy.EXPECTED_GAIN ? AnswerGain.gains(fit, now) : null;
      for (int i = 0; i < n; i++) {
        double top = 0;
        for (int z = 0; z < data.numLabels(); z++) {
          top = Math.max(top, fit.posterior(i, z));
        }
        boolean isSettled =
            !Double.isNaN(options.stopAt())
                && top >= options.stopAt()
                && revealed[i] >= options.minAnswers();
        settled += isSettled ? 1 : 0;
        if (!isSettled && revealed[i] < data.taskSize(i)) {
          score[open] =
              switch (options.policy()) {
                case ROUND_ROBIN -> -revealed[i];
                case UNCERTAINTY -> 1 - top;
                case EXPECTED_GAIN -> gains[i];
              };
          tie[open] = rng.nextDouble();
          candidates[open] = i;
          open++;
        }
      }
      boughtAt.add(bought);
      accuracy.add(gold.accuracy(fit.labels()));
      settledAt.add(settled);
      if (open == 0) {
        break;
      }
      Integer[] idx = new Integer[open];
      for (int c = 0; c < open; c++) {
        idx[c] = c;
      }
      Arrays.sort(
          idx,
          (x, y) -> {
            int byScore = Double.compare(score[y], score[x]);
            return byScore != 0 ? byScore : Double.compare(tie[x], tie[y]);
          });
      int take = Math.min(options.batch(), open);
      for (int c = 0; c < take; c++) {
        int i = candidates[idx[c]];
        keep[order[data.taskStart(i) + revealed[i]]] = true;
        revealed[i]++;
        bought++;
      }
    }
    return new Curve(boughtAt.toArray(), accuracy.toArray(), settledAt.toArray());
  }

  /** A growable double list. */
  private static final class DoubleList {
    private double[] values = new double[64];
    private int size;

    void add(double v) {
      if (size == values.length) {
        values = Arrays.copyOf(values, 2 * size);
      }
      values[size++] = v;
    }

    double[] toArray() {
      return Arrays.copyOf(values, size);
    }
  }
}
