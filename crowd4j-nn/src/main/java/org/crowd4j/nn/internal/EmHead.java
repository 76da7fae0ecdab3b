package org.crowd4j.nn.internal;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.TaskFeatures;
import org.crowd4j.nn.Backbone;
import org.crowd4j.nn.EpochListener;
import org.crowd4j.nn.EpochStats;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.Validation;

/**
 * The shared part of the EM learners whose network step is a cross-entropy to per-item consensus
 * targets: rounds of {@code epochsPerRound} epochs, an E-step and closed-form M-step at the start
 * of every round after the first (from the classifier's probabilities, rewriting the targets), the
 * annotator parameters of the selected epoch, the end of training when the stopping rule fires
 * (after that round's epochs), the final objective for choosing among restarts, and the restart
 * loop itself.
 */
public abstract class EmHead extends Head {
  private final int epochsPerRound;
  private int stopAfter = Integer.MAX_VALUE;
  private int rounds;
  private double finalObjective = Double.NEGATIVE_INFINITY;

  EmHead(int epochsPerRound) {
    if (epochsPerRound < 1) {
      throw new IllegalArgumentException("epochsPerRound must be ≥ 1: " + epochsPerRound);
    }
    this.epochsPerRound = epochsPerRound;
  }

  /** E-step rounds that fit into {@code epochs} epochs after the first M-step. */
  public static int roundsWithin(int epochs, int epochsPerRound) {
    return Math.max(1, (epochs - 1) / epochsPerRound);
  }

  @Override
  final void initialize(NDManager m, TrainingSet set) {}

  @Override
  final boolean usesTargets() {
    return true;
  }

  @Override
  final boolean wantsEpochProbabilities() {
    return true;
  }

  @Override
  final void beforeEpoch(int epoch, TrainingSet set, float[] probabilities) {
    if (epoch == 1 || (epoch - 1) % epochsPerRound != 0 || stopAfter != Integer.MAX_VALUE) {
      return;
    }
    rounds++;
    if (!round(set, probabilities)) {
      stopAfter = epoch + epochsPerRound - 1;
    }
  }

  /** −Σ_k t_k log q_k per item, averaged over the batch (t may be unnormalised counts). */
  @Override
  final NDArray dataLoss(MiniBatch b, NDArray logits) {
    return b.targets().mul(logits.logSoftmax(1)).sum(new int[] {1}).mean().neg();
  }

  @Override
  final void beforeAnnotatorModel(TrainingSet set, float[] probabilities, boolean last) {
    if (last) {
      restoreSelected();
    }
    beforeAnnotatorModelHook(probabilities);
    finalObjective = objective(set, probabilities);
  }

  /**
   * Receives the probabilities passed to {@link #beforeAnnotatorModel}; does nothing by default.
   */
  void beforeAnnotatorModelHook(float[] probabilities) {}

  /** Called after every epoch; false once the stopping rule has ended training. */
  final boolean afterEpoch(EpochStats s) {
    if (s.best()) {
      keepSelected();
    }
    return s.epoch() < stopAfter;
  }

  /** E-steps run (rounds after the first). */
  final int rounds() {
    return rounds;
  }

  /** Whether the stopping rule ended training before the epoch budget. */
  final boolean stopped() {
    return stopAfter != Integer.MAX_VALUE;
  }

  /** The objective of the returned model (classifier and annotator parameters of its epoch). */
  final double finalObjective() {
    return finalObjective;
  }

  /**
   * One E-step with the classifier's {@code probabilities} and the current annotator parameters,
   * followed by the closed-form M-step; rewrites {@code set.targets}. Returns {@code false} when
   * the stopping rule fired.
   */
  abstract boolean round(TrainingSet set, float[] probabilities);

  /** Remembers the current annotator parameters as the selected epoch's. */
  abstract void keepSelected();

  /** Puts the selected epoch's annotator parameters back. */
  abstract void restoreSelected();

  /** The method's objective at the classifier's {@code probabilities} and current parameters. */
  abstract double objective(TrainingSet set, float[] probabilities);

  /**
   * One restart: its head and its first targets.
   *
   * @param head the restart's head
   * @param targets its first per-item targets, {@code n × K} row-major
   */
  public record Start(EmHead head, double[] targets) {}

  /** Builds the head and first targets of restart {@code r}. */
  @FunctionalInterface
  public interface Starter {
    /**
     * The head and first targets of restart {@code r}.
     *
     * @param r the restart (0 for the first)
     * @param rng a generator split off for this restart
     * @return the restart's start
     */
    Start start(int r, java.util.SplittableRandom rng);
  }

  /**
   * Runs {@code restarts} fits (the first with the training seed, the others with seeds drawn from
   * it) and returns the one whose {@link #finalObjective} is highest (the first on ties); the
   * others are closed. Without validation labels, {@link TrainOptions.Selection#AUTO} keeps the
   * last epoch (EM run to its stopping rule, as the papers do): the targets move every round, so
   * the held-out cross-entropy to them is no stable selection score.
   *
   * @param method the learner's name
   * @param restarts number of fits
   * @param starter the head and first targets of each restart
   * @param backbone the classifier
   * @param train the training options (the first restart's seed)
   * @param data the answers
   * @param features the items' features
   * @param validation gold validation items, or {@code null}
   * @param listener called after every epoch of every restart, or {@code null}
   * @param checkpointer writes checkpoints when the training options ask for them, or {@code null}
   * @return the kept restart's result
   */
  public static TrainingResult bestOfRestarts(
      String method,
      int restarts,
      Starter starter,
      Backbone backbone,
      TrainOptions train,
      CrowdDataset data,
      TaskFeatures features,
      Validation validation,
      EpochListener listener,
      Checkpointer checkpointer) {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(train.seed());
    boolean hasValid = validation != null && validation.count() > 0;
    TrainOptions t =
        train.selection() == TrainOptions.Selection.AUTO && !hasValid
            ? train.withSelection(TrainOptions.Selection.LAST_EPOCH)
            : train;
    EpochListener outer = listener == null ? EpochListener.NONE : listener;
    TrainingResult best = null;
    double bestObjective = Double.NEGATIVE_INFINITY;
    try {
      for (int r = 0; r < restarts; r++) {
        long seed = r == 0 ? train.seed() : rng.nextLong();
        Start s = starter.start(r, rng.split());
        EmHead head = s.head();
        TrainingSet set = TrainingSet.of(data, features, train.standardize(), s.targets());
        boolean[] go = {true};
        EpochListener inner =
            st -> {
              boolean more = head.afterEpoch(st);
              go[0] = outer.onEpoch(st);
              return more && go[0];
            };
        TrainingResult m =
            new TrainingLoop(
                    method, head, backbone, t.withSeed(seed), set, validation, inner, checkpointer)
                .run();
        if (best == null || head.finalObjective() > bestObjective) {
          if (best != null) {
            best.network().close();
          }
          best = m;
          bestObjective = head.finalObjective();
        } else {
          m.network().close();
        }
        if (!go[0]) {
          break;
        }
      }
    } catch (RuntimeException | Error e) {
      if (best != null) {
        best.network().close();
      }
      throw e;
    }
    return best;
  }
}
