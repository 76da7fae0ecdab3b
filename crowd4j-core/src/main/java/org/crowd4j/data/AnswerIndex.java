package org.crowd4j.data;

/**
 * The task and worker index of a crowd whose answers are (task, worker, answer) rows: the dense ids
 * of every answer with the vocabularies that name them, and the two views the methods loop over.
 *
 * <p>Answers are sorted by task (stable, so input order is kept within a task), which makes the
 * task view a plain CSR range: the answers of task {@code i} are {@code taskStart(i) .. taskEnd(i)
 * - 1}. The worker view is a CSR permutation: {@code workerAnswer(k)} for {@code k} in {@code
 * workerStart(w) .. workerEnd(w) - 1} lists the answers of worker {@code w} in task order. All
 * accessors are plain array reads, meant for hot loops. A subclass adds the answers themselves
 * (classes in {@link CrowdDataset}, numbers in {@code NumericAnswers}).
 */
public abstract class AnswerIndex extends AnswerIds {
  private final int[] taskStart;
  private final int[] workerStart;
  private final int[] byWorker;

  /**
   * Indexes answers given as their task and worker ids, sorted by task; the arrays are kept, not
   * copied.
   */
  protected AnswerIndex(Vocabulary tasks, Vocabulary workers, int[] task, int[] worker) {
    super(tasks, workers, task, worker);
    this.taskStart = IdGrouping.offsets(task, tasks.size());
    this.workerStart = IdGrouping.offsets(worker, workers.size());
    this.byWorker = IdGrouping.order(worker, workerStart);
  }

  /** First answer index of task {@code i}. */
  public final int taskStart(int i) {
    return taskStart[i];
  }

  /** One past the last answer index of task {@code i}. */
  public final int taskEnd(int i) {
    return taskStart[i + 1];
  }

  /** Number of answers of task {@code i}. */
  public final int taskSize(int i) {
    return taskStart[i + 1] - taskStart[i];
  }

  /** Start of worker {@code w}'s range in the worker view. */
  public final int workerStart(int w) {
    return workerStart[w];
  }

  /** End (exclusive) of worker {@code w}'s range in the worker view. */
  public final int workerEnd(int w) {
    return workerStart[w + 1];
  }

  /** Number of answers given by worker {@code w}. */
  public final int workerSize(int w) {
    return workerStart[w + 1] - workerStart[w];
  }

  /** The answer at position {@code k} of the worker view. */
  public final int workerAnswer(int k) {
    return byWorker[k];
  }

  /** A copy of the task column (answers in task order). */
  public final int[] taskColumn() {
    return sharedTaskIds().clone();
  }

  /** A copy of the worker column (answers in task order). */
  public final int[] workerColumn() {
    return sharedWorkerIds().clone();
  }

  /** A copy of the task offsets: answers of task {@code i} are {@code [off[i], off[i+1])}. */
  public final int[] taskOffsets() {
    return taskStart.clone();
  }

  /**
   * The keep mask's answers' task ids and worker ids, in answer order ({@code {tasks, workers}}),
   * for a subclass's {@code restrictedTo}.
   *
   * @throws IllegalArgumentException when {@code keep} has not one entry per answer
   */
  protected final int[][] keptIds(boolean[] keep) {
    int[] task = sharedTaskIds();
    int[] worker = sharedWorkerIds();
    if (keep.length != task.length) {
      throw new IllegalArgumentException(
          "keep has " + keep.length + " entries, the data " + task.length + " answers");
    }
    int n = 0;
    for (boolean b : keep) {
      if (b) {
        n++;
      }
    }
    int[] t = new int[n];
    int[] w = new int[n];
    int j = 0;
    for (int a = 0; a < task.length; a++) {
      if (keep[a]) {
        t[j] = task[a];
        w[j++] = worker[a];
      }
    }
    return new int[][] {t, w};
  }

  /** The task offsets themselves (not a copy), for subclasses that share them; never changed. */
  protected final int[] sharedTaskOffsets() {
    return taskStart;
  }
}
