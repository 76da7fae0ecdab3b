package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.crowd4j.aggregate.Posteriors;

/** Per-block helpers shared by the methods. */
final class Blocks {
  private Blocks() {}

  /**
   * Soft majority vote of every task into {@code post[i*K ..]}: vote counts divided by their sum
   * (the core's {@code Votes.weightedCounts} + {@code normalizeRows}); with {@code clampGold}, gold
   * tasks become one-hot on their label.
   */
  static void softMajority(AnswerBlock b, double[] post, boolean clampGold) {
    int k = b.numLabels();
    int[] off = b.off();
    int[] label = b.label();
    int[] gold = b.gold();
    for (int i = 0; i < b.numTasks(); i++) {
      int row = i * k;
      Arrays.fill(post, row, row + k, 0.0);
      for (int a = off[i]; a < off[i + 1]; a++) {
        post[row + label[a]] += 1.0;
      }
      Posteriors.normalizeInPlace(post, row, k);
      if (clampGold && gold[i] >= 0) {
        Arrays.fill(post, row, row + k, 0.0);
        post[row + gold[i]] = 1.0;
      }
    }
  }

  /** Posteriors of an EM method's start (soft majority vote, gold clamped; no iteration run). */
  static BlockScorer softMajorityScorer() {
    return b -> {
      double[] post = new double[b.numTasks() * b.numLabels()];
      softMajority(b, post, true);
      return post;
    };
  }

  /**
   * One row per task of {@code b}: task, most probable label (ties to the lowest label id) and the
   * posterior as a dense vector (the layout of {@link CrowdModel#outputSchema}).
   */
  static Iterator<Row> rows(AnswerBlock b, double[] post, String[] labels) {
    int k = labels.length;
    List<Row> out = new ArrayList<>(b.numTasks());
    String[] tasks = b.tasks();
    for (int i = 0; i < tasks.length; i++) {
      int best = Posteriors.argmaxRow(post, i * k, k);
      out.add(
          RowFactory.create(
              tasks[i], labels[best], Vectors.dense(Arrays.copyOfRange(post, i * k, (i + 1) * k))));
    }
    return out.iterator();
  }

  /**
   * Block-local worker ids: {@code [0]} the distinct ids of {@code global}, ascending (a block's
   * workers), {@code [1]} the position of every entry of {@code global} among them.
   */
  static int[][] localIds(int[] global) {
    int[] ids = global.clone();
    Arrays.sort(ids);
    int distinct = 0;
    for (int i = 0; i < ids.length; i++) {
      if (i == 0 || ids[i] != ids[i - 1]) {
        ids[distinct++] = ids[i];
      }
    }
    ids = Arrays.copyOf(ids, distinct);
    int[] local = new int[global.length];
    for (int a = 0; a < global.length; a++) {
      local[a] = Arrays.binarySearch(ids, global[a]);
    }
    return new int[][] {ids, local};
  }

  /** What a block builder does with the rows of one partition, sorted by task. */
  interface TaskRows {
    /** The first row {@code r} of a new task. */
    void task(Row r);

    /** Takes the answer of row {@code r}; false when it is left out (an unknown worker). */
    boolean answer(Row r);
  }

  /**
   * Walks {@code rows}, sorted by the task name in their column 0, through {@code sink}: {@link
   * TaskRows#task} at every new task, then {@link TaskRows#answer} for every row. Returns the task
   * offsets of the kept answers (CSR: the answers of task {@code i} are {@code [off[i],
   * off[i+1])}).
   */
  static int[] taskOffsets(Iterator<Row> rows, TaskRows sink) {
    RawBlock.IntList off = new RawBlock.IntList();
    off.add(0);
    int kept = 0;
    String current = null;
    while (rows.hasNext()) {
      Row r = rows.next();
      String t = r.getString(0);
      if (!t.equals(current)) {
        if (current != null) {
          off.add(kept);
        }
        current = t;
        sink.task(r);
      }
      if (sink.answer(r)) {
        kept++;
      }
    }
    if (current != null) {
      off.add(kept);
    }
    return off.toArray();
  }
}
