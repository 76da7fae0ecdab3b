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
 * bought (one more of that task's real answers: drawn at random, or, when the annotator is chosen,
 * the one whose annotator promises the largest expected gain), the method is refitted, and the
 * consensus's accuracy against gold is recorded after every round. Tasks with fewer than {@code
 * floor} answers are served first, as round robin would (fewest first, ties at random), whatever
 * the policy, and their answers come from random annotators. With a {@link StoppingRule}, a settled
 * task gets no more answers, and the replay ends when every task is settled or out of answers.
 * Seeded: the same data, method, options and seed give the same curve.
 */
public final class Replay {
  private Replay() {}

  /**
   * How answers are bought.
   *
   * @param policy which tasks get the next answers
   * @param floor answers every task gets before the policy ranks it (0 or 1: none)
   * @param horizon answers the expected gain looks ahead ({@link AnswerGain#lookahead}), at least 1
   * @param chooseAnnotator whether the next answer (of a task at or above the floor) is the one
   *     whose annotator gains most, rather than a random one of the task's unbought answers
   * @param annotatorPrior pseudo-answers of the crowd's mean answer model mixed into an annotator's
   *     fitted answer model when choosing the annotator ({@link AnswerGain#annotatorModel})
   * @param stop the stopping rule, or {@code null} for none
   * @param batch answers bought per round (one per chosen task), at least 1
   * @param seed seed of the draws and of the ties
   */
  public record Options(
      Policy policy,
      int floor,
      int horizon,
      boolean chooseAnnotator,
      double annotatorPrior,
      StoppingRule stop,
      int batch,
      long seed) {
    /** Validates. */
    public Options {
      Objects.requireNonNull(policy, "policy");
      if (floor < 0) {
        throw new IllegalArgumentException("floor must be >= 0: " + floor);
      }
      if (horizon < 1) {
        throw new IllegalArgumentException("horizon must be >= 1: " + horizon);
      }
      if (!(annotatorPrior >= 0) || Double.isInfinite(annotatorPrior)) {
        throw new IllegalArgumentException("annotatorPrior must be >= 0: " + annotatorPrior);
      }
      if (batch < 1) {
        throw new IllegalArgumentException("batch must be >= 1: " + batch);
      }
    }

    /** {@code policy} alone: no floor, one-answer gain, random annotators, no stop. */
    public static Options of(Policy policy, int batch, long seed) {
      return new Options(policy, 0, 1, false, 0, null, batch, seed);
    }

    /** The same with tasks served up to {@code floor} answers first. */
    public Options withFloor(int floor) {
      return new Options(
          policy, floor, horizon, chooseAnnotator, annotatorPrior, stop, batch, seed);
    }

    /** The same with the expected gain looking {@code horizon} answers ahead. */
    public Options withHorizon(int horizon) {
      return new Options(
          policy, floor, horizon, chooseAnnotator, annotatorPrior, stop, batch, seed);
    }

    /** The same choosing the annotator, with {@code prior} pseudo-answers of the crowd's model. */
    public Options choosingAnnotator(double prior) {
      return new Options(policy, floor, horizon, true, prior, stop, batch, seed);
    }

    /** The same with a stopping rule. */
    public Options withStop(StoppingRule stop) {
      return new Options(
          policy, floor, horizon, chooseAnnotator, annotatorPrior, stop, batch, seed);
    }

    /** The same with another seed. */
    public Options withSeed(long seed) {
      return new Options(
          policy, floor, horizon, chooseAnnotator, annotatorPrior, stop, batch, seed);
    }
  }

  /**
   * Accuracy after each round.
   *
   * @param bought answers bought so far, after each round (the first: one per task)
   * @param accuracy the consensus's accuracy on the gold tasks then
   * @param settled tasks settled then (always 0 without a stopping rule)
   * @param temperature the stopping rule's temperature then (1 without calibration, NaN without a
   *     rule)
   */
  public record Curve(int[] bought, double[] accuracy, int[] settled, double[] temperature) {
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
    int k = data.numLabels();
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
    int[] byWorker = new int[data.numWorkers()];
    int bought = 0;
    for (int i = 0; i < n; i++) {
      if (data.taskSize(i) > 0) {
        int a = order[data.taskStart(i)];
        keep[a] = true;
        byWorker[data.worker(a)]++;
        revealed[i] = 1;
        bought++;
      }
    }
    IntColumn boughtAt = new IntColumn(64);
    DoubleList accuracy = new DoubleList();
    IntColumn settledAt = new IntColumn(64);
    DoubleList temperatureAt = new DoubleList();
    double[] score = new double[n];
    double[] tie = new double[n];
    int[] below = new int[n];
    int[] candidates = new int[n];
    double[] q = new double[k];
    StoppingRule stop = options.stop();
    while (true) {
      CrowdDataset now = data.restrictedTo(keep);
      AggregationResult fit = method.fit(now);
      StoppingRule.Decision decision = stop == null ? null : stop.decide(now, method, fit);
      double[][] mean =
          options.policy() == Policy.EXPECTED_GAIN || options.chooseAnnotator()
              ? AnswerGain.meanAnswerModel(fit, now)
              : null;
      // one draw per task and round, whatever is settled, so that under the floor every policy,
      // with or without a stop, ranks the tasks as round robin does
      for (int i = 0; i < n; i++) {
        tie[i] = rng.nextDouble();
      }
      int open = 0;
      for (int i = 0; i < n; i++) {
        boolean isSettled = decision != null && decision.settled()[i];
        if (!isSettled && revealed[i] < data.taskSize(i)) {
          double top = 0;
          for (int z = 0; z < k; z++) {
            q[z] = fit.posterior(i, z);
            top = Math.max(top, q[z]);
          }
          score[open] =
              switch (options.policy()) {
                case ROUND_ROBIN -> -revealed[i];
                case UNCERTAINTY -> 1 - top;
                case EXPECTED_GAIN -> negligible(AnswerGain.lookahead(q, mean, options.horizon()));
              };
          below[open] = Math.max(0, options.floor() - revealed[i]);
          candidates[open] = i;
          open++;
        }
      }
      boughtAt.add(bought);
      accuracy.add(gold.accuracy(fit.labels()));
      settledAt.add(decision == null ? 0 : decision.numSettled());
      temperatureAt.add(decision == null ? Double.NaN : decision.temperature());
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
            int byFloor = Integer.compare(below[y], below[x]);
            if (byFloor != 0) {
              return byFloor;
            }
            if (below[x] > 0) {
              // under the floor, as round robin: fewest answers first, ties at random
              return Double.compare(tie[candidates[x]], tie[candidates[y]]);
            }
            int byScore = Double.compare(score[y], score[x]);
            if (byScore != 0) {
              return byScore;
            }
            // equal scores (e.g. no gain left anywhere): fewest answers first, as round robin
            int byCount = Integer.compare(revealed[candidates[x]], revealed[candidates[y]]);
            return byCount != 0 ? byCount : Double.compare(tie[candidates[x]], tie[candidates[y]]);
          });
      int take = Math.min(options.batch(), open);
      for (int c = 0; c < take; c++) {
        int i = candidates[idx[c]];
        int at = data.taskStart(i) + revealed[i];
        if (options.chooseAnnotator() && revealed[i] >= options.floor()) {
          int pick = bestAnnotator(data, fit, mean, byWorker, order, i, revealed[i], options);
          int t = order[at];
          order[at] = order[pick];
          order[pick] = t;
        }
        keep[order[at]] = true;
        byWorker[data.worker(order[at])]++;
        revealed[i]++;
        bought++;
      }
    }
    return new Curve(
        boughtAt.toArray(), accuracy.toArray(), settledAt.toArray(), temperatureAt.toArray());
  }

  /** A gain below 1e-9 counts as none (rounding), so that such tasks tie. */
  static double negligible(double gain) {
    return gain < 1e-9 ? 0 : gain;
  }

  /**
   * The position in {@code order} (among task {@code i}'s unbought answers) of the answer whose
   * annotator gains most ({@link AnswerGain#lookahead} with the annotator's shrunk answer model);
   * ties go to the earlier position, i.e. the random order.
   */
  static int bestAnnotator(
      CrowdDataset data,
      AggregationResult fit,
      double[][] mean,
      int[] byWorker,
      int[] order,
      int i,
      int revealed,
      Options options) {
    int k = data.numLabels();
    double[] q = fit.posteriorRow(i);
    int from = data.taskStart(i) + revealed;
    int to = data.taskEnd(i);
    int best = from;
    double bestGain = Double.NEGATIVE_INFINITY;
    double bestSkill = Double.NEGATIVE_INFINITY;
    for (int p = from; p < to; p++) {
      int w = data.worker(order[p]);
      double[][] c =
          AnswerGain.annotatorModel(fit, i, w, byWorker[w], options.annotatorPrior(), mean);
      double gain = AnswerGain.lookahead(q, c, options.horizon());
      // when no annotator can change the label soon, the one most often right under q
      double skill = 0;
      for (int z = 0; z < k; z++) {
        skill += q[z] * c[z][z];
      }
      if (gain > bestGain + 1e-15 || (Math.abs(gain - bestGain) <= 1e-15 && skill > bestSkill)) {
        best = p;
        bestGain = gain;
        bestSkill = skill;
      }
    }
    return best;
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
