package org.crowd4j.spark;

/**
 * Bad answers in a DataFrame: a missing column, null ids, an unknown label, conflicting gold
 * labels, no answers at all. The message names the column and the problem. Thrown on the driver;
 * when an executor finds the problem, the driver unwraps it from Spark's job failure.
 */
public final class CrowdInputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** An exception with {@code message}. */
  public CrowdInputException(String message) {
    super(message);
  }
}
