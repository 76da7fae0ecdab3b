package org.crowd4j.data;

/** Thrown by {@link CrowdDataset.Builder} under {@link DuplicatePolicy#FAIL}. */
public final class DuplicateAnswerException extends IllegalArgumentException {
  private final String task;
  private final String worker;
  private final long firstLine;
  private final long duplicateLine;

  DuplicateAnswerException(String task, String worker, long firstLine, long duplicateLine) {
    super(
        "worker '"
            + worker
            + "' answered task '"
            + task
            + "' more than once"
            + (duplicateLine > 0 ? " (lines " + firstLine + " and " + duplicateLine + ")" : ""));
    this.task = task;
    this.worker = worker;
    this.firstLine = firstLine;
    this.duplicateLine = duplicateLine;
  }

  /** The task answered twice. */
  public String task() {
    return task;
  }

  /** The worker who answered twice. */
  public String worker() {
    return worker;
  }

  /** Source line of the first answer, or 0 when unknown. */
  public long firstLine() {
    return firstLine;
  }

  /** Source line of the repeated answer, or 0 when unknown. */
  public long duplicateLine() {
    return duplicateLine;
  }
}
