package org.crowd4j.nn;

/**
 * How training went.
 *
 * @param epochsRun epochs actually run (fewer when a listener stopped training)
 * @param bestEpoch the 1-based epoch whose parameters were kept
 * @param selectionMetric "valid-acc", "held-out-nll" or "last-epoch"
 * @param bestScore the selection score of the kept epoch ({@code NaN} for the last epoch)
 * @param trainLoss mean training objective per epoch
 * @param selectionScores selection score per epoch
 * @param epochSeconds wall time of each epoch's training pass
 * @param trainItems items trained on
 * @param heldOutItems items held out for selection
 * @param annotatorEpochs epochs of the annotator model's own fit after the classifier's epoch was
 *     chosen (the classifier frozen; 0 = none, see {@link org.crowd4j.nn.internal.TrainingLoop})
 * @param annotatorScore mean negative log-likelihood of held-out answers under that fitted
 *     annotator model ({@code NaN} when it was not fitted)
 * @param annotatorFitSkipped the learner's annotator model would have been fitted further, but
 *     {@link TrainOptions#fitAnnotators()} was off
 */
public record TrainingSummary(
    int epochsRun,
    int bestEpoch,
    String selectionMetric,
    double bestScore,
    double[] trainLoss,
    double[] selectionScores,
    double[] epochSeconds,
    int trainItems,
    int heldOutItems,
    int annotatorEpochs,
    double annotatorScore,
    boolean annotatorFitSkipped) {
  /**
   * Copies the arrays.
   *
   * @param epochsRun epochs actually run (fewer when a listener stopped training)
   * @param bestEpoch the 1-based epoch whose parameters were kept
   * @param selectionMetric "valid-acc", "held-out-nll" or "last-epoch"
   * @param bestScore the selection score of the kept epoch ({@code NaN} for the last epoch)
   * @param trainLoss mean training objective per epoch
   * @param selectionScores selection score per epoch
   * @param epochSeconds wall time of each epoch's training pass
   * @param trainItems items trained on
   * @param heldOutItems items held out for selection
   * @param annotatorEpochs epochs of the annotator model's own fit after the classifier's epoch was
   *     chosen (the classifier frozen; 0 = none, see {@link org.crowd4j.nn.internal.TrainingLoop})
   * @param annotatorScore mean negative log-likelihood of held-out answers under that fitted
   *     annotator model ({@code NaN} when it was not fitted)
   * @param annotatorFitSkipped the learner's annotator model would have been fitted further, but
   *     {@link TrainOptions#fitAnnotators()} was off
   */
  public TrainingSummary {
    trainLoss = trainLoss.clone();
    selectionScores = selectionScores.clone();
    epochSeconds = epochSeconds.clone();
  }

  /**
   * Median seconds per training epoch.
   *
   * @return the median ({@code NaN} for no epoch)
   */
  public double medianEpochSeconds() {
    double[] s = epochSeconds.clone();
    java.util.Arrays.sort(s);
    if (s.length == 0) {
      return Double.NaN;
    }
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }
}
