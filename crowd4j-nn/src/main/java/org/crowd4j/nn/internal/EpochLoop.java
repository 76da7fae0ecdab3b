package org.crowd4j.nn.internal;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.EpochStats;
import org.crowd4j.nn.TrainOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The epoch loop that every training run shares: per epoch, the optimisers' restart when the
 * options ask for it, the items shuffled with a generator seeded by the training seed and trained
 * in minibatches, the mean training loss, the selection score, the returned epoch kept ({@link
 * EpochSelector}), the listener told, and early stopping after {@code patience} epochs without a
 * better score. What a step, a score and a kept epoch are is the run's ({@link Steps}).
 */
final class EpochLoop {
  private static final Logger LOG = LoggerFactory.getLogger(EpochLoop.class);

  /** What one training run does inside the loop. */
  interface Steps {
    /** Forgets the optimisers' moments (the per-epoch restart of the options). */
    void resetOptimizers();

    /** Called at the start of epoch {@code epoch} (from 1), before the items are shuffled. */
    default void beforeEpoch(int epoch) {}

    /**
     * One optimisation step on items {@code order[from..to)}.
     *
     * @return the minibatch's mean training loss
     */
    double trainBatch(int[] order, int from, int to, int epoch);

    /** The selection score after an epoch ({@code NaN} when the last epoch is returned). */
    double score();

    /** Remembers the current parameters as those of the returned epoch. */
    void keep();

    /** Called when {@code epoch} becomes the returned one, after {@link #keep} (checkpoints). */
    default void selected(int epoch) {}
  }

  /**
   * How the epochs went.
   *
   * @param epochsRun epochs trained
   * @param bestEpoch the returned epoch (from 1)
   * @param bestScore its selection score
   * @param losses mean training loss per epoch run
   * @param scores selection score per epoch run
   * @param seconds wall time of each epoch's training pass
   */
  record Outcome(
      int epochsRun,
      int bestEpoch,
      double bestScore,
      double[] losses,
      double[] scores,
      double[] seconds) {}

  private final String method;
  private final TrainOptions o;
  private final TrainOptions.Selection selection;
  private final String metric;
  private final int patience;
  private final EpochListener listener;

  /**
   * A loop over {@code o.epochs()} epochs of minibatches of {@code o.batchSize()} items.
   *
   * @param method the learner's name (for logs and epoch reports)
   * @param o the training options
   * @param selection how the returned epoch is chosen
   * @param metric the selection score's name in epoch reports
   * @param patience epochs without a better score before training stops (0: never)
   * @param listener told after every epoch; {@code false} stops training
   */
  EpochLoop(
      String method,
      TrainOptions o,
      TrainOptions.Selection selection,
      String metric,
      int patience,
      EpochListener listener) {
    this.method = method;
    this.o = o;
    this.selection = selection;
    this.metric = metric;
    this.patience = patience;
    this.listener = listener;
  }

  /** Trains on {@code items} until the epochs run out, patience ends or the listener stops. */
  Outcome run(int[] items, Steps steps) {
    SplittableRandom shuffleRng = new SplittableRandom(o.seed());
    double[] losses = new double[o.epochs()];
    double[] scores = new double[o.epochs()];
    double[] seconds = new double[o.epochs()];
    EpochSelector selector = new EpochSelector(selection);
    int epochsRun = 0;
    for (int epoch = 1; epoch <= o.epochs(); epoch++) {
      if (o.resetOptimizerEachEpoch() && epoch > 1) {
        steps.resetOptimizers();
      }
      long t0 = System.nanoTime();
      steps.beforeEpoch(epoch);
      int[] order = items.clone();
      shuffle(order, shuffleRng);
      double lossSum = 0;
      double weight = 0;
      for (int from = 0; from < order.length; from += o.batchSize()) {
        int to = Math.min(order.length, from + o.batchSize());
        lossSum += steps.trainBatch(order, from, to, epoch) * (to - from);
        weight += to - from;
      }
      seconds[epoch - 1] = (System.nanoTime() - t0) / 1e9;
      losses[epoch - 1] = lossSum / weight;
      if (!Double.isFinite(losses[epoch - 1])) {
        LOG.warn("{}: non-finite training loss at epoch {}", method, epoch);
      }
      double score = steps.score();
      scores[epoch - 1] = score;
      epochsRun = epoch;
      boolean improved = selector.offer(epoch, score);
      if (improved) {
        if (selection != TrainOptions.Selection.LAST_EPOCH) {
          steps.keep();
        }
        steps.selected(epoch);
      }
      boolean patienceLeft =
          patience == 0
              || selection == TrainOptions.Selection.LAST_EPOCH
              || epoch - selector.bestEpoch() < patience;
      boolean go =
          listener.onEpoch(
              new EpochStats(
                  method,
                  epoch,
                  o.epochs(),
                  losses[epoch - 1],
                  score,
                  metric,
                  improved,
                  seconds[epoch - 1]));
      if (!go || !patienceLeft) {
        break;
      }
    }
    return new Outcome(
        epochsRun,
        selector.bestEpoch(),
        selector.bestScore(),
        Arrays.copyOf(losses, epochsRun),
        Arrays.copyOf(scores, epochsRun),
        Arrays.copyOf(seconds, epochsRun));
  }

  /**
   * A seeded split of {@code items} into {@code [kept, held out]} (both sorted), holding out
   * ⌈share·n⌉ items but keeping at least one; the held-out part is empty for fewer than two items.
   */
  static int[][] holdOutSplit(int[] items, double share, long seed) {
    int[] shuffled = items.clone();
    shuffle(shuffled, new SplittableRandom(seed));
    int h = (int) Math.ceil(share * items.length);
    h = Math.max(0, Math.min(h, items.length - 1));
    int[] out = Arrays.copyOf(shuffled, h);
    int[] kept = Arrays.copyOfRange(shuffled, h, shuffled.length);
    Arrays.sort(out);
    Arrays.sort(kept);
    return new int[][] {kept, out};
  }

  /** Shuffles {@code a} in place (Fisher–Yates from the end, one draw of {@code rng} each). */
  static void shuffle(int[] a, SplittableRandom rng) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
