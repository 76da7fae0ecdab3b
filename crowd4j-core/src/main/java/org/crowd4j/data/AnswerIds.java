package org.crowd4j.data;

/**
 * The task and worker id of every answer, with the vocabularies that name them: what {@link
 * AnswerIndex} (answers sorted by task) and {@link InputOrderAnswers} (answers in input order)
 * share. All accessors are plain array reads.
 */
public abstract class AnswerIds {
  private final Vocabulary tasks;
  private final Vocabulary workers;
  private final int[] task;
  private final int[] worker;
  private volatile String digest;

  /** The answers' task and worker ids; the arrays are kept, not copied. */
  protected AnswerIds(Vocabulary tasks, Vocabulary workers, int[] task, int[] worker) {
    this.tasks = tasks;
    this.workers = workers;
    this.task = task;
    this.worker = worker;
  }

  /** Number of tasks (items). */
  public final int numTasks() {
    return tasks.size();
  }

  /** Number of workers (annotators). */
  public final int numWorkers() {
    return workers.size();
  }

  /** Number of answers {@code m}. */
  public final int numAnswers() {
    return task.length;
  }

  /** Task id of answer {@code a}. */
  public final int task(int a) {
    return task[a];
  }

  /** Worker id of answer {@code a}. */
  public final int worker(int a) {
    return worker[a];
  }

  /** Task vocabulary (ids to the input's task names). */
  public final Vocabulary tasks() {
    return tasks;
  }

  /** Worker vocabulary (ids to the input's worker names). */
  public final Vocabulary workers() {
    return workers;
  }

  /** The task id column itself (not a copy), for subclasses that share it; never to be changed. */
  protected final int[] sharedTaskIds() {
    return task;
  }

  /**
   * The worker id column itself (not a copy), for subclasses that share it; never to be changed.
   */
  protected final int[] sharedWorkerIds() {
    return worker;
  }

  /**
   * A content digest (SHA-256 over the vocabularies and the answers) for provenance: equal data
   * gives an equal digest. Computed once.
   */
  public final String digest() {
    String d = digest;
    if (d == null) {
      d = computeDigest();
      digest = d;
    }
    return d;
  }

  /** Computes {@link #digest()}: the kind's own bytes, fixed once written. */
  protected abstract String computeDigest();
}
