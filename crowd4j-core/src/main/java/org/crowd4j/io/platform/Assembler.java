package org.crowd4j.io.platform;

import org.crowd4j.io.CrowdFormatException;

/**
 * Builds one kind of answers from the records of an export, whichever platform's reader finds them:
 * classes ({@link Answers}), free texts ({@link TextRows}), pairwise comparisons ({@link PairRows})
 * and masks ({@link MaskRows}).
 *
 * @param <T> one record's answer
 * @param <R> what is built
 */
interface Assembler<T, R> {
  /** Adds one record. */
  void add(ExportRecord<T> r) throws CrowdFormatException;

  /** Counts {@code n} answers left out for the reason {@code why}. */
  void skip(String why, int n);

  /**
   * The data read from {@code what} (e.g. "the Toloka results"), or an error when there is none.
   */
  R build(String what) throws CrowdFormatException;
}
