package org.crowd4j.acquisition;

/** Which task gets the next answer. */
public enum Policy {
  /** The task with the fewest answers (ties at random): every task in turn. */
  ROUND_ROBIN,
  /** The task whose consensus is least sure (lowest top posterior). */
  UNCERTAINTY,
  /** The task where one more answer is expected to help most ({@link AnswerGain}). */
  EXPECTED_GAIN
}
