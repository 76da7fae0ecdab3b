package org.crowd4j.acquisition;

/** Which task gets the next answer. */
public enum Policy {
  /** The task with the fewest answers (ties at random): every task in turn. */
  ROUND_ROBIN,
  /** The task whose consensus is least sure (lowest top posterior). */
  UNCERTAINTY,
  /**
   * The task where more answers are expected to help most: {@link AnswerGain#lookahead} under the
   * crowd's mean answer model, one answer ahead or more ({@link Replay.Options#horizon}). With a
   * floor of 3 and a horizon of 3 it is crowd4j's policy.
   */
  EXPECTED_GAIN
}
