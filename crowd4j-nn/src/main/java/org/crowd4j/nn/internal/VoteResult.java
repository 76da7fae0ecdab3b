package org.crowd4j.nn.internal;

/**
 * What a learning-to-vote run gives: the trained network with its summary, and the vote on the
 * training items from the kept parameters.
 *
 * @param result the network, the annotator model (each set's mean voting weight) and the summary
 * @param weights voting weights, {@code n × M} row-major
 * @param voted ȳ, {@code n × N}
 * @param refined ỹ, {@code n × N}
 * @param sets M
 * @param outputs N
 */
public record VoteResult(
    TrainingResult result,
    double[] weights,
    double[] voted,
    double[] refined,
    int sets,
    int outputs) {}
