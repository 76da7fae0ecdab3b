package org.crowd4j.nn;

import java.util.Map;
import org.crowd4j.method.OptionsBinder;

/**
 * How a learner trains its network: epochs, minibatches, Adam, model selection, seed.
 *
 * <p>The defaults are a sound protocol that needs no gold: Adam (lr 1e-3) whose moments persist
 * across epochs, minibatches of 64 (many steps per epoch), features standardised with the training
 * items' mean and standard deviation, and early stopping: training ends when the selection score
 * has not improved for {@code patience} (20) epochs, at most 500 epochs, and the best epoch is
 * returned. The score is the accuracy on gold validation labels when given, otherwise the mean
 * negative log-likelihood of the noisy answers of a held-out 10 % of the training items — never
 * test data. {@link Tuning} chooses the learning rate and the learner's regulariser by the same
 * score. {@link #fixedEpochs(int)} is the earlier protocol (a fixed number of epochs, raw
 * features); {@link #authorsProtocol()} reproduces the CoNAL authors' scripts: Adam lr 0.01
 * re-created every epoch and one batch of 1024 (larger than the training sets), i.e. one
 * sign-gradient step per epoch.
 *
 * @param epochs passes over the training items
 * @param batchSize items per minibatch (their answers form the batch's pairs)
 * @param learningRate Adam step size
 * @param headLearningRate step size of the annotator model's parameters; 0 = the learner's own
 *     choice (the {@code confusionLearningRate} of the confusion-matrix learners, otherwise {@code
 *     learningRate})
 * @param amsgrad use AMSGrad's running maximum of the second moment
 * @param beta1 Adam's first-moment decay
 * @param beta2 Adam's second-moment decay
 * @param epsilon Adam's denominator guard
 * @param weightDecay L2 penalty added to the gradient of the classifier's weights (0 = none)
 * @param resetOptimizerEachEpoch re-create Adam's state every epoch (the authors' scripts)
 * @param selection how the returned epoch is chosen
 * @param holdOut share of training items held out for {@link Selection#HELD_OUT_ANSWERS}
 * @param patience stop when the selection score has not improved for this many epochs (0 = run
 *     every epoch); not used with {@link Selection#LAST_EPOCH}
 * @param fitAnnotators after an early-stopped training, fit the annotator model further with the
 *     classifier frozen (see {@link org.crowd4j.nn.internal.TrainingLoop}); {@link Tuning} switches
 *     it off for the candidates and on for the chosen one
 * @param standardize z-score features with the training mean and standard deviation
 * @param members classifiers of the ensemble that {@link Tuning} returns (each trained with the
 *     chosen setting and its own seed, predictions averaged); 0 = {@link Tuning}'s rule (5 for a
 *     tuned learner on at most 5,000 training items, else 1)
 * @param seed seed for initialisation, dropout, shuffling and the hold-out split
 * @param checkpointDir if not empty, the best model so far is saved there after each improvement
 */
public record TrainOptions(
    int epochs,
    int batchSize,
    double learningRate,
    double headLearningRate,
    boolean amsgrad,
    double beta1,
    double beta2,
    double epsilon,
    double weightDecay,
    boolean resetOptimizerEachEpoch,
    Selection selection,
    double holdOut,
    int patience,
    boolean fitAnnotators,
    boolean standardize,
    int members,
    long seed,
    String checkpointDir) {

  /** How the epoch whose parameters are returned is chosen. */
  public enum Selection {
    /** Gold validation labels when given, else held-out noisy answers. */
    AUTO,
    /** Best classifier accuracy on the gold validation set (first best on ties). */
    VALIDATION_GOLD,
    /** Lowest mean negative log-likelihood of a held-out share of the training items' answers. */
    HELD_OUT_ANSWERS,
    /**
     * Lowest mean negative log-likelihood of the held-out items' answers under the classifier and a
     * fixed reference annotator model (Dawid–Skene fitted on all answers): scores the classifier
     * alone, the same way for every learner.
     */
    HELD_OUT_REFERENCE,
    /** The last epoch. */
    LAST_EPOCH
  }

  /**
   * Validates.
   *
   * @param epochs passes over the training items
   * @param batchSize items per minibatch (their answers form the batch's pairs)
   * @param learningRate Adam step size
   * @param headLearningRate step size of the annotator model's parameters; 0 = the learner's own
   *     <p>choice (the {@code confusionLearningRate} of the confusion-matrix learners, otherwise
   *     {@code <p>learningRate})
   * @param amsgrad use AMSGrad's running maximum of the second moment
   * @param beta1 Adam's first-moment decay
   * @param beta2 Adam's second-moment decay
   * @param epsilon Adam's denominator guard
   * @param weightDecay L2 penalty added to the gradient of the classifier's weights (0 = none)
   * @param resetOptimizerEachEpoch re-create Adam's state every epoch (the authors' scripts)
   * @param selection how the returned epoch is chosen
   * @param holdOut share of training items held out for {@link Selection#HELD_OUT_ANSWERS}
   * @param patience stop when the selection score has not improved for this many epochs (0 = run
   *     <p>every epoch); not used with {@link Selection#LAST_EPOCH}
   * @param fitAnnotators after an early-stopped training, fit the annotator model further with the
   *     <p>classifier frozen (see {@link org.crowd4j.nn.internal.TrainingLoop}); {@link Tuning}
   *     switches
   *     <p>it off for the candidates and on for the chosen one
   * @param standardize z-score features with the training mean and standard deviation
   * @param members classifiers of {@link Tuning}'s ensemble (0 = its rule)
   * @param seed seed for initialisation, dropout, shuffling and the hold-out split
   * @param checkpointDir if not empty, the best model so far is saved there after each improvement
   */
  public TrainOptions {
    if (epochs < 1) {
      throw new IllegalArgumentException("epochs must be ≥ 1: " + epochs);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be ≥ 1: " + batchSize);
    }
    if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
      throw new IllegalArgumentException("learningRate must be positive: " + learningRate);
    }
    if (!(headLearningRate >= 0) || Double.isInfinite(headLearningRate)) {
      throw new IllegalArgumentException("headLearningRate must be ≥ 0: " + headLearningRate);
    }
    if (!(beta1 >= 0 && beta1 < 1)) {
      throw new IllegalArgumentException("beta1 must be in [0, 1): " + beta1);
    }
    if (!(beta2 >= 0 && beta2 < 1)) {
      throw new IllegalArgumentException("beta2 must be in [0, 1): " + beta2);
    }
    if (!(epsilon > 0)) {
      throw new IllegalArgumentException("epsilon must be positive: " + epsilon);
    }
    if (!(weightDecay >= 0) || Double.isInfinite(weightDecay)) {
      throw new IllegalArgumentException("weightDecay must be ≥ 0: " + weightDecay);
    }
    if (!(holdOut >= 0 && holdOut < 1)) {
      throw new IllegalArgumentException("holdOut must be in [0, 1): " + holdOut);
    }
    if (patience < 0) {
      throw new IllegalArgumentException("patience must be ≥ 0: " + patience);
    }
    if (members < 0) {
      throw new IllegalArgumentException("members must be ≥ 0 (0 = automatic): " + members);
    }
    java.util.Objects.requireNonNull(selection, "selection");
    checkpointDir = checkpointDir == null ? "" : checkpointDir;
  }

  /** Epoch cap of {@link #defaults()}. */
  public static final int MAX_EPOCHS = 500;

  /** Patience of {@link #defaults()}. */
  public static final int PATIENCE = 20;

  /**
   * The sound default protocol (see the class comment): early stopping with patience 20, at most
   * 500 epochs, standardised features.
   *
   * @return the options
   */
  public static TrainOptions defaults() {
    return new TrainOptions(
        MAX_EPOCHS,
        64,
        1e-3,
        0,
        false,
        0.9,
        0.999,
        1e-8,
        0,
        false,
        Selection.AUTO,
        0.1,
        PATIENCE,
        true,
        true,
        0,
        0L,
        "");
  }

  /**
   * {@link #defaults()} with a fixed number of epochs, no early stopping and raw features: the
   * protocol of the results recorded before early stopping (100 epochs there).
   *
   * @param epochs the number of epochs
   * @return the options
   */
  public static TrainOptions fixedEpochs(int epochs) {
    return defaults().withEpochs(epochs).withPatience(0).withStandardize(false);
  }

  /**
   * The CoNAL authors' protocol: lr 0.01, batch 1024, Adam re-created every epoch, 100 epochs.
   *
   * @return the options
   */
  public static TrainOptions authorsProtocol() {
    return new TrainOptions(
        100,
        1024,
        0.01,
        0,
        false,
        0.9,
        0.999,
        1e-8,
        0,
        true,
        Selection.AUTO,
        0.1,
        0,
        true,
        false,
        1,
        0L,
        "");
  }

  /**
   * The selection this training uses: {@link Selection#AUTO} becomes validation accuracy when
   * {@code hasValidation}, else the held-out answers' likelihood (or the last epoch with no
   * hold-out); {@link Selection#VALIDATION_GOLD} without validation labels is an error.
   *
   * @param hasValidation whether gold validation items are given
   * @return the selection
   */
  public Selection resolvedSelection(boolean hasValidation) {
    return switch (selection) {
      case AUTO ->
          hasValidation
              ? Selection.VALIDATION_GOLD
              : holdOut > 0 ? Selection.HELD_OUT_ANSWERS : Selection.LAST_EPOCH;
      case VALIDATION_GOLD -> {
        if (!hasValidation) {
          throw new IllegalArgumentException("selection VALIDATION_GOLD needs validation labels");
        }
        yield selection;
      }
      default -> selection;
    };
  }

  /**
   * A copy with {@code epochs}.
   *
   * @param e epochs
   * @return the copy
   */
  public TrainOptions withEpochs(int e) {
    return with("epochs", String.valueOf(e));
  }

  /**
   * A copy with {@code patience} (0 = no early stopping).
   *
   * @param p patience
   * @return the copy
   */
  public TrainOptions withPatience(int p) {
    return with("patience", String.valueOf(p));
  }

  /**
   * A copy with {@code fitAnnotators}.
   *
   * @param f whether the annotator model is fitted further
   * @return the copy
   */
  public TrainOptions withFitAnnotators(boolean f) {
    return with("fitAnnotators", String.valueOf(f));
  }

  /**
   * A copy with {@code standardize}.
   *
   * @param s whether features are standardised
   * @return the copy
   */
  public TrainOptions withStandardize(boolean s) {
    return with("standardize", String.valueOf(s));
  }

  /**
   * A copy with {@code batchSize} items per minibatch.
   *
   * @param b items per minibatch
   * @return the copy
   */
  public TrainOptions withBatchSize(int b) {
    return with("batchSize", String.valueOf(b));
  }

  /**
   * A copy with the annotator model's step size {@code lr} (0 = the learner's own choice).
   *
   * @param lr the step size
   * @return the copy
   */
  public TrainOptions withHeadLearningRate(double lr) {
    return with("headLearningRate", String.valueOf(lr));
  }

  /**
   * A copy with the classifier's step size {@code lr}.
   *
   * @param lr the step size
   * @return the copy
   */
  public TrainOptions withLearningRate(double lr) {
    return with("learningRate", String.valueOf(lr));
  }

  /**
   * A copy with {@code members} classifiers in {@link Tuning}'s ensemble (0 = its rule).
   *
   * @param m the ensemble's size
   * @return the copy
   */
  public TrainOptions withMembers(int m) {
    return with("members", String.valueOf(m));
  }

  /**
   * A copy with {@code seed}.
   *
   * @param s the seed
   * @return the copy
   */
  public TrainOptions withSeed(long s) {
    return with("seed", String.valueOf(s));
  }

  /**
   * A copy with {@code selection}.
   *
   * @param s the selection
   * @return the copy
   */
  public TrainOptions withSelection(Selection s) {
    return with("selection", String.valueOf(s));
  }

  /**
   * A copy with one component changed, bound from its text as {@code --param name=value} is ({@link
   * OptionsBinder}; {@code String.valueOf} of a number or enum reads back exactly).
   */
  private TrainOptions with(String component, String value) {
    return OptionsBinder.bind(this, Map.of(component, value));
  }
}
