package org.crowd4j.cli.report;

import org.crowd4j.aggregate.WorkerModel;

/**
 * What the report shows of a trained network ({@code --model}): its annotator model and, for
 * learners that have them, the annotator embeddings.
 *
 * @param method the learner's name
 * @param workers annotator names, in the order of the annotator model and the embeddings
 * @param annotators the learnt annotator model, or {@code null}
 * @param embeddings one embedding per annotator, or {@code null}
 */
public record ModelView(
    String method, String[] workers, WorkerModel annotators, float[][] embeddings) {}
