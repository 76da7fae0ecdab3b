package org.crowd4j.python;

import org.crowd4j.text.TextResult;

/**
 * A text fit: one aggregated text per task in the order of the caller's task codes, and (for the
 * embedding methods) the aggregated embeddings and the workers' reliabilities.
 */
public final class TextFit {
  private final TextResult result;

  TextFit(TextResult result) {
    this.result = result;
  }

  /** The aggregated text of each task. */
  public String[] texts() {
    return result.texts();
  }

  /**
   * Per task, the row of the answer whose text was returned, or {@code null} (ROVER builds text).
   */
  public int[] chosen() {
    return result.chosen();
  }

  /** Embedding length (0 without embeddings). */
  public int dim() {
    return result.dim();
  }

  /** Aggregated embeddings flat {@code [task][dim]}, or {@code null}. */
  public double[] embeddings() {
    return result.aggregated();
  }

  /** The worker reliabilities, in the order of the caller's worker codes, or {@code null}. */
  public double[] skills() {
    return result.skills();
  }

  /** The objective after each iteration. */
  public double[] objective() {
    return result.diagnostics().objective();
  }

  /** The result itself, for Java callers. */
  public TextResult result() {
    return result;
  }
}
