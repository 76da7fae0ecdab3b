package org.crowd4j.data;

import java.util.Arrays;

/**
 * Answers kept in the order they were added, for data whose answer numbers are those of the input
 * (where {@link AnswerIndex} sorts them by task): the {@link AnswerIds} and a by-task permutation:
 * {@code answerAt(p)} for {@code p} in {@code taskStart(t) .. taskEnd(t) - 1} lists the answers of
 * task {@code t} in input order. A subclass adds the answers themselves (texts in {@code
 * TextAnswers}, masks in {@code MaskAnswers}) and their part of the {@link #digest()}.
 */
public abstract class InputOrderAnswers extends AnswerIds {
  private final int[] byTaskOffsets;
  private final int[] byTask;

  /** Indexes answers given as their task and worker ids; the arrays are kept, not copied. */
  protected InputOrderAnswers(Vocabulary tasks, Vocabulary workers, int[] task, int[] worker) {
    super(tasks, workers, task, worker);
    byTaskOffsets = IdGrouping.offsets(task, tasks.size());
    byTask = IdGrouping.order(task, byTaskOffsets);
  }

  /**
   * The ids and grouping of {@code other}'s answers, shared (for the same answers, other content).
   */
  protected InputOrderAnswers(InputOrderAnswers other) {
    super(other.tasks(), other.workers(), other.sharedTaskIds(), other.sharedWorkerIds());
    this.byTaskOffsets = other.byTaskOffsets;
    this.byTask = other.byTask;
  }

  /** Number of answers, {@link #numAnswers()}. */
  public final int size() {
    return numAnswers();
  }

  /** First position of task {@code t}'s answers in {@link #answerAt(int)}. */
  public final int taskStart(int t) {
    return byTaskOffsets[t];
  }

  /** One past the last position of task {@code t}'s answers. */
  public final int taskEnd(int t) {
    return byTaskOffsets[t + 1];
  }

  /** The answer at position {@code p} of the by-task order. */
  public final int answerAt(int p) {
    return byTask[p];
  }

  /** Answers of task {@code t}, in input order (a copy). */
  public final int[] answersOf(int t) {
    return Arrays.copyOfRange(byTask, byTaskOffsets[t], byTaskOffsets[t + 1]);
  }

  /** SHA-256 over the ids and every answer's content. */
  @Override
  protected final String computeDigest() {
    int[] task = sharedTaskIds();
    int[] worker = sharedWorkerIds();
    ContentDigest c = ContentDigest.sha256().names(tasks()).names(workers());
    for (int a = 0; a < task.length; a++) {
      c.putInt(task[a]).putInt(worker[a]);
      digestAnswer(c, a);
    }
    return c.hex();
  }

  /** Puts answer {@code a}'s content into the digest, after its task and worker ids. */
  protected abstract void digestAnswer(ContentDigest digest, int a);
}
