package org.crowd4j.nn.internal;

import org.crowd4j.aggregate.WorkerModel;
import org.crowd4j.nn.TrainOptions;
import org.crowd4j.nn.TrainingSummary;

/**
 * What a training run gives: the trained network, the learnt annotator model, how training went,
 * the training options it ran with and the head the trained model gets.
 *
 * @param network the classifier and the head's arrays (close it, or hand it to a model that does)
 * @param annotators the learnt annotator model, or {@code null}
 * @param summary how training went ({@code null} for a checkpoint)
 * @param train the training options of the run (the learner's, with the run's seed and selection)
 * @param trainedHead builds the trained model's head
 */
public record TrainingResult(
    Network network,
    WorkerModel annotators,
    TrainingSummary summary,
    TrainOptions train,
    TrainedHead.Factory trainedHead) {}
