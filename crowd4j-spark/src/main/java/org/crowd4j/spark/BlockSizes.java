package org.crowd4j.spark;

import java.util.List;
import org.apache.spark.api.java.JavaRDD;

/**
 * The sizes of a set of cached blocks, counted by one job that also materialises them.
 *
 * @param numTasks number of tasks
 * @param numAnswers number of answers
 * @param numGold number of tasks with a gold label or value
 * @param workerSizes answers per worker (global id)
 * @param localWorkerSlots the workers of all blocks, a worker counted once per block it answers in
 */
record BlockSizes(
    long numTasks, long numAnswers, long numGold, int[] workerSizes, long localWorkerSlots) {

  /**
   * Materialises {@code blocks} and adds up their sizes, for {@code numWorkers} workers; the blocks
   * are dropped again when that fails.
   */
  static BlockSizes of(JavaRDD<? extends TaskBlock> blocks, int numWorkers) {
    List<PartialSums> sizes = null;
    try {
      sizes =
          blocks
              .map(
                  b -> {
                    int[] perWorker = b.localWorkerSizes();
                    double[] counts = new double[perWorker.length];
                    for (int j = 0; j < counts.length; j++) {
                      counts[j] = perWorker[j];
                    }
                    return new PartialSums(
                        new double[] {b.numTasks(), b.numAnswers(), b.numGold()},
                        b.workerIds(),
                        counts,
                        1);
                  })
              .collect();
    } finally {
      if (sizes == null) {
        blocks.unpersist(false);
      }
    }
    double[][] sums = PartialSums.total(sizes, 3, numWorkers, 1);
    long slots = 0;
    for (PartialSums p : sizes) {
      slots += p.workers.length;
    }
    int[] workerSizes = new int[numWorkers];
    for (int w = 0; w < numWorkers; w++) {
      workerSizes[w] = (int) sums[1][w];
    }
    return new BlockSizes(
        (long) sums[0][0], (long) sums[0][1], (long) sums[0][2], workerSizes, slots);
  }
}
