package org.crowd4j.aggregate.select;

/** How a fitted method is scored on answers it did not see. */
public enum Criterion {
  /**
   * Held-out annotators: the answers of a fold of workers are hidden, the method is fitted on the
   * rest, and every hidden answer is predicted from the method's posteriors for its task through a
   * confusion matrix fitted to the same worker's other hidden answers (leave one out, with 2
   * pseudo-counts per row, half on the diagonal). It scores the posteriors themselves, as a new
   * annotator's answers see them, whatever the method's own worker model.
   */
  HELD_OUT_ANNOTATOR,
  /**
   * Held-out answers: a fold of answers is hidden ({@link AnswerFolds}) and each is predicted by
   * the method's own answer model, Σ_z q_i(z) P(l | z, i, w) ({@link
   * org.crowd4j.aggregate.AggregationResult#answerProbability}).
   */
  HELD_OUT_ANSWER
}
