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
}
