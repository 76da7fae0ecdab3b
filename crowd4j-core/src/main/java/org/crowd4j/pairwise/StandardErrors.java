package org.crowd4j.pairwise;

/**
 * Which standard errors of the log-scores a pairwise fit computes, from the information matrix
 * {@code I} of the log-scores (see {@link ScoreErrors}).
 */
public enum StandardErrors {
  /** None: every error is {@code NaN}. */
  NONE,
  /**
   * A lower bound of the {@link #EXACT} error from the diagonal of {@code I} alone (Cauchy–Schwarz:
   * {@code (1 − 1/k) / √I_ii} for an item of a component of k items without a prior), O(items +
   * pairs). Equal to the exact error in a complete balanced design (every pair of items compared
   * equally often with equal weight); close to it when each item is compared with many others.
   */
  DIAGONAL,
  /**
   * The error of each log-score relative to the mean log-score of its connected component, from the
   * inverse of {@code I} per component: O(k³) for a component of k items; components larger than
   * the method's {@code maxDenseErrors} get {@link #DIAGONAL} errors.
   */
  EXACT
}
