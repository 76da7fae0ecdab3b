package org.crowd4j.data;

/** What {@link CrowdDataset.Builder} does with several answers of one worker on one task. */
public enum DuplicatePolicy {
  /** Keep every answer (the real datasets contain such repeats; crowd-kit keeps them too). */
  KEEP_ALL,
  /** Keep the first answer in input order. */
  KEEP_FIRST,
  /** Keep the last answer in input order. */
  KEEP_LAST,
  /** Reject the input with a {@link DuplicateAnswerException}. */
  FAIL
}
