package org.crowd4j.numeric;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.AnswerIndex;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.IdGrouping;
import org.crowd4j.data.Vocabulary;

/**
 * An immutable crowd of numeric answers: {@code m} answers, each a (task, worker, value) triple of
 * dense task and worker ids and a finite {@code double}, with vocabularies mapping the ids back to
 * the original strings.
 *
 * <p>The task and worker views are those of {@link AnswerIndex} (answers sorted by task, the worker
 * view a CSR permutation). Repeated (task, worker) answers are kept, each an answer of its own.
 */
public final class NumericAnswers extends AnswerIndex {
  private final double[] value;

  private NumericAnswers(
      Vocabulary tasks, Vocabulary workers, int[] task, int[] worker, double[] value) {
    super(tasks, workers, task, worker);
    this.value = value;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Value of answer {@code a}. */
  public double value(int a) {
    return value[a];
  }

  /** A copy of the value column (answers in task order). */
  public double[] valueColumn() {
    return value.clone();
  }

  /** The task offsets themselves, not a copy, for the kernels (never written). */
  int[] offsetArray() {
    return sharedTaskOffsets();
  }

  /** The worker column itself, not a copy, for the kernels (never written). */
  int[] workerArray() {
    return sharedWorkerIds();
  }

  /** The value column itself, not a copy, for the kernels (never written). */
  double[] valueArray() {
    return value;
  }

  /** The number of answers of every worker. */
  int[] workerSizes() {
    int[] out = new int[numWorkers()];
    for (int w = 0; w < out.length; w++) {
      out[w] = workerSize(w);
    }
    return out;
  }

  /**
   * The same crowd with only the answers {@code a} where {@code keep[a]}: vocabularies, ids and
   * answer order are kept, so an id means the same in both. Tasks or workers left without answers
   * stay in the vocabularies with none (the methods refuse a task without answers). Used to fit on
   * part of the answers and score the rest.
   */
  public NumericAnswers restrictedTo(boolean[] keep) {
    int[][] kept = keptIds(keep);
    int[] t = kept[0];
    int[] w = kept[1];
    double[] v = new double[t.length];
    int j = 0;
    for (int a = 0; a < value.length; a++) {
      if (keep[a]) {
        v[j++] = value[a];
      }
    }
    return new NumericAnswers(tasks(), workers(), t, w, v);
  }

  @Override
  protected String computeDigest() {
    ContentDigest d = ContentDigest.sha256().text("numeric").names(tasks()).names(workers());
    for (int a = 0; a < value.length; a++) {
      d.putInt(task(a)).putInt(worker(a)).putDouble(value[a]);
    }
    return d.hex16();
  }

  @Override
  public String toString() {
    return "NumericAnswers[tasks="
        + numTasks()
        + ", workers="
        + numWorkers()
        + ", answers="
        + numAnswers()
        + "]";
  }

  /**
   * Mutable builder of {@link NumericAnswers}: collects answers as interned integer columns and a
   * value column; {@link #build()} sorts them by task (stable).
   */
  public static final class Builder {
    private final Vocabulary.Growing taskNames = new Vocabulary.Growing();
    private final Vocabulary.Growing workerNames = new Vocabulary.Growing();
    private int[] task = new int[64];
    private int[] worker = new int[64];
    private double[] value = new double[64];
    private int size;

    private Builder() {}

    /**
     * Adds one answer.
     *
     * @throws IllegalArgumentException when {@code value} is NaN or infinite
     */
    public Builder add(String taskId, String workerId, double value) {
      Objects.requireNonNull(taskId, "task");
      Objects.requireNonNull(workerId, "worker");
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException(
            "the answer of worker '"
                + workerId
                + "' to task '"
                + taskId
                + "' is "
                + value
                + "; numeric answers must be finite");
      }
      if (size == task.length) {
        int cap = (int) Math.max(64, Math.min(Integer.MAX_VALUE - 16L, 2L * size));
        task = Arrays.copyOf(task, cap);
        worker = Arrays.copyOf(worker, cap);
        this.value = Arrays.copyOf(this.value, cap);
      }
      task[size] = taskNames.intern(taskId);
      worker[size] = workerNames.intern(workerId);
      this.value[size] = value;
      size++;
      return this;
    }

    /**
     * Declares a task without adding an answer, so that its id exists (e.g. a gold task nobody
     * answered); the methods refuse data in which such a task keeps no answer.
     */
    public Builder declareTask(String taskId) {
      taskNames.intern(Objects.requireNonNull(taskId, "task"));
      return this;
    }

    /** Number of answers added so far. */
    public int size() {
      return size;
    }

    /** Builds the immutable answers. */
    public NumericAnswers build() {
      int n = taskNames.size();
      int[] start = IdGrouping.offsets(Arrays.copyOf(task, size), n);
      int[] next = Arrays.copyOf(start, n);
      int[] t = new int[size];
      int[] w = new int[size];
      double[] v = new double[size];
      for (int a = 0; a < size; a++) {
        int j = next[task[a]]++;
        t[j] = task[a];
        w[j] = worker[a];
        v[j] = value[a];
      }
      return new NumericAnswers(taskNames.freeze(), workerNames.freeze(), t, w, v);
    }
  }
}
