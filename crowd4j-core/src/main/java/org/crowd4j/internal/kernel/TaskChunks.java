package org.crowd4j.internal.kernel;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.crowd4j.data.CrowdDataset;

/**
 * Splits the tasks of a dataset into a fixed number of contiguous chunks of about equal answer
 * counts. The chunking depends only on the data (never on the thread count), and callers reduce
 * per-chunk results in chunk order, so parallel runs are bit-for-bit reproducible.
 */
public final class TaskChunks {
  private final int[] bounds;

  private TaskChunks(int[] bounds) {
    this.bounds = bounds;
  }

  /**
   * Chunks for {@code data}: about one per {@code answersPerChunk} answers, at most {@code
   * maxChunks}, at least one.
   */
  public static TaskChunks of(CrowdDataset data, int answersPerChunk, int maxChunks) {
    int n = data.numTasks();
    long m = data.numAnswers();
    int chunks =
        (int) Math.max(1, Math.min(maxChunks, Math.min(n, m / Math.max(1, answersPerChunk))));
    int[] b = new int[chunks + 1];
    int c = 1;
    for (int i = 0; i < n && c < chunks; i++) {
      if ((long) data.taskEnd(i) * chunks >= m * c) {
        b[c++] = i + 1;
      }
    }
    while (c <= chunks) {
      b[c++] = n;
    }
    for (int j = 1; j <= chunks; j++) {
      b[j] = Math.max(b[j], b[j - 1]);
    }
    return new TaskChunks(b);
  }

  /** Number of chunks. */
  public int count() {
    return bounds.length - 1;
  }

  /** First task of chunk {@code c}. */
  public int from(int c) {
    return bounds[c];
  }

  /** One past the last task of chunk {@code c}. */
  public int to(int c) {
    return bounds[c + 1];
  }

  /** Runs {@code body} for every chunk index, in parallel when there is more than one. */
  public void forEach(IntConsumer body) {
    if (count() == 1) {
      body.accept(0);
    } else {
      IntStream.range(0, count()).parallel().forEach(body);
    }
  }
}
