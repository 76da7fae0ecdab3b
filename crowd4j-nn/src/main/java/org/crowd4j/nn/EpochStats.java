package org.crowd4j.nn;

/**
 * What one finished epoch reports.
 *
 * @param method learner name
 * @param epoch 1-based epoch just finished
 * @param epochs planned epochs
 * @param trainLoss mean training objective over the epoch's minibatches
 * @param selectionScore the model-selection score after this epoch ({@code NaN} for {@link
 *     TrainOptions.Selection#LAST_EPOCH})
 * @param selectionMetric what the score is ("valid-acc" or "held-out-nll")
 * @param best whether this epoch is the best so far
 * @param seconds wall time of the epoch's training pass (without the selection pass)
 */
public record EpochStats(
    String method,
    int epoch,
    int epochs,
    double trainLoss,
    double selectionScore,
    String selectionMetric,
    boolean best,
    double seconds) {}
