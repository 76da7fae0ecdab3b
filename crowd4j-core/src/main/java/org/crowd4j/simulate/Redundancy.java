package org.crowd4j.simulate;

import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;

/**
 * Redundancy subsampling of a real crowd (the LIA paper's sweep): keep at most {@code R} answers
 * per item, chosen uniformly at random without replacement, per item.
 */
public final class Redundancy {
  private Redundancy() {}

  /** A copy of {@code data} with at most {@code maxPerItem} answers per task. */
  public static CrowdDataset subsample(CrowdDataset data, int maxPerItem, long seed) {
    if (maxPerItem < 1) {
      throw new IllegalArgumentException("maxPerItem must be ≥ 1: " + maxPerItem);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    CrowdDataset.Builder b = CrowdDataset.builder().labels(data.labels().names());
    int[] idx = new int[0];
    for (int i = 0; i < data.numTasks(); i++) {
      int from = data.taskStart(i);
      int m = data.taskSize(i);
      if (idx.length < m) {
        idx = new int[m];
      }
      for (int j = 0; j < m; j++) {
        idx[j] = from + j;
      }
      int keep = Math.min(m, maxPerItem);
      for (int j = 0; j < keep; j++) {
        int p = j + rng.nextInt(m - j);
        int t = idx[p];
        idx[p] = idx[j];
        idx[j] = t;
      }
      java.util.Arrays.sort(idx, 0, keep);
      for (int j = 0; j < keep; j++) {
        int a = idx[j];
        b.add(
            data.tasks().name(i),
            data.anonymous() ? null : data.workers().name(data.worker(a)),
            data.labels().name(data.label(a)));
      }
    }
    return b.build();
  }
}
