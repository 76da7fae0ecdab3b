package org.crowd4j.segmentation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.InputOrderAnswers;
import org.crowd4j.data.Vocabulary;

/**
 * Segmentation answers: one binary {@link Mask} per {@code (task, worker)}; all masks of a task
 * have the same size. Immutable, grouped by task (CSR) in input order. Built by {@link Builder}.
 */
public final class MaskAnswers extends InputOrderAnswers {
  private final Mask[] masks;

  private MaskAnswers(
      Vocabulary tasks, Vocabulary workers, int[] task, int[] worker, Mask[] masks) {
    super(tasks, workers, task, worker);
    this.masks = masks;
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Mask of answer {@code a}. */
  public Mask mask(int a) {
    return masks[a];
  }

  /** Puts the mask's size and pixels (the digest covers ids and pixels). */
  @Override
  protected void digestAnswer(ContentDigest digest, int a) {
    Mask m = masks[a];
    digest.putInt(m.height()).putInt(m.width());
    for (int k = 0; k < Mask.words(m.pixels()); k++) {
      digest.putLong(m.word(k));
    }
  }

  /** Collects answers; ids numbered by first appearance. */
  public static final class Builder {
    private final Map<String, Integer> taskIds = new HashMap<>();
    private final Map<String, Integer> workerIds = new HashMap<>();
    private final List<String> taskNames = new ArrayList<>();
    private final List<String> workerNames = new ArrayList<>();
    private final List<Mask> taskShape = new ArrayList<>();
    private final java.util.Set<Long> pairs = new java.util.HashSet<>();
    private int[] task = new int[64];
    private int[] worker = new int[64];
    private Mask[] masks = new Mask[64];
    private int size;
    private long pixels;

    private Builder() {}

    /**
     * Adds a mask.
     *
     * @throws IllegalArgumentException when the worker already answered the task, the mask's size
     *     differs from the task's earlier masks or the masks together exceed {@link
     *     PixelBudget#maxTotalPixels()}
     */
    public Builder add(String taskId, String workerId, Mask mask) {
      PixelBudget.checkTotal(pixels + mask.pixels());
      Integer t = taskIds.get(taskId);
      if (t != null && !taskShape.get(t).sameSize(mask)) {
        Mask first = taskShape.get(t);
        throw new IllegalArgumentException(
            "mask of "
                + mask.height()
                + "x"
                + mask.width()
                + " where task '"
                + taskId
                + "' has "
                + first.height()
                + "x"
                + first.width());
      }
      Integer w = workerIds.get(workerId);
      if (t != null && w != null && pairs.contains(((long) t << 32) | w)) {
        throw new IllegalArgumentException(
            "worker '" + workerId + "' answered task '" + taskId + "' again");
      }
      if (t == null) {
        t = taskNames.size();
        taskIds.put(taskId, t);
        taskNames.add(taskId);
        taskShape.add(mask);
      }
      if (w == null) {
        w = workerNames.size();
        workerIds.put(workerId, w);
        workerNames.add(workerId);
      }
      pairs.add(((long) t << 32) | w);
      if (size == task.length) {
        task = Arrays.copyOf(task, size * 2);
        worker = Arrays.copyOf(worker, size * 2);
        masks = Arrays.copyOf(masks, size * 2);
      }
      task[size] = t;
      worker[size] = w;
      masks[size] = mask;
      size++;
      pixels += mask.pixels();
      return this;
    }

    /** Answers so far. */
    public int size() {
      return size;
    }

    /** The immutable answers. */
    public MaskAnswers build() {
      if (size == 0) {
        throw new IllegalStateException("no answers");
      }
      return new MaskAnswers(
          Vocabulary.of(taskNames),
          Vocabulary.of(workerNames),
          Arrays.copyOf(task, size),
          Arrays.copyOf(worker, size),
          Arrays.copyOf(masks, size));
    }
  }
}
