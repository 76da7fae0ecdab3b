package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import scala.Tuple2;

/** How the per-block sums of a pass reach the driver: directly, or added in groups first. */
final class BlockSums {
  private BlockSums() {}

  /**
   * The per-block sums in partition order, for the driver to add. When the blocks together report
   * more than {@code treeReduceAbove} worker rows, they are first added in groups of about √P
   * consecutive partitions on the executors (one small shuffle), each group in partition order, and
   * the driver receives one sum per group, in group order: as deterministic as the direct way, with
   * a driver load of √P instead of P blocks' worth of per-worker sums.
   */
  static List<PartialSums> collect(PreparedAnswers data, JavaRDD<PartialSums> sums) {
    return collect(data.localWorkerSlots, data.settings.treeReduceAbove(), sums);
  }

  /**
   * {@link #collect(PreparedAnswers, JavaRDD)} for blocks that report {@code localWorkerSlots}
   * worker rows in all, added in groups first above {@code treeReduceAbove}.
   */
  static List<PartialSums> collect(
      long localWorkerSlots, long treeReduceAbove, JavaRDD<PartialSums> sums) {
    int partitions = sums.getNumPartitions();
    if (localWorkerSlots <= treeReduceAbove || partitions < 4) {
      return sums.collect();
    }
    int group = (int) Math.ceil(Math.sqrt(partitions));
    int groups = (partitions + group - 1) / group;
    JavaPairRDD<Integer, Tuple2<Integer, PartialSums>> keyed =
        sums.mapPartitionsWithIndex(
                (Integer i, Iterator<PartialSums> it) -> {
                  List<Tuple2<Integer, Tuple2<Integer, PartialSums>>> out = new ArrayList<>();
                  while (it.hasNext()) {
                    out.add(new Tuple2<>(i / group, new Tuple2<>(i, it.next())));
                  }
                  return out.iterator();
                },
                true)
            .mapToPair(t -> t);
    List<Tuple2<Integer, PartialSums>> merged =
        keyed.groupByKey(new HashPartitioner(groups)).mapValues(BlockSums::mergeInOrder).collect();
    List<Tuple2<Integer, PartialSums>> ordered = new ArrayList<>(merged);
    ordered.sort((a, b) -> Integer.compare(a._1(), b._1()));
    List<PartialSums> out = new ArrayList<>(ordered.size());
    for (Tuple2<Integer, PartialSums> t : ordered) {
      out.add(t._2());
    }
    return out;
  }

  /** Adds the sums of one group of partitions, in partition order. */
  static PartialSums mergeInOrder(Iterable<Tuple2<Integer, PartialSums>> group) {
    List<Tuple2<Integer, PartialSums>> parts = new ArrayList<>();
    group.forEach(parts::add);
    parts.sort((a, b) -> Integer.compare(a._1(), b._1()));
    int headLength = parts.get(0)._2().head.length;
    int stride = 0;
    int slots = 0;
    for (Tuple2<Integer, PartialSums> p : parts) {
      stride = Math.max(stride, p._2().stride);
      slots += p._2().workers.length;
    }
    int[] ids = new int[slots];
    int n = 0;
    for (Tuple2<Integer, PartialSums> p : parts) {
      System.arraycopy(p._2().workers, 0, ids, n, p._2().workers.length);
      n += p._2().workers.length;
    }
    Arrays.sort(ids);
    int distinct = 0;
    for (int j = 0; j < ids.length; j++) {
      if (j == 0 || ids[j] != ids[j - 1]) {
        ids[distinct++] = ids[j];
      }
    }
    ids = Arrays.copyOf(ids, distinct);
    double[] head = new double[headLength];
    double[] per = new double[distinct * stride];
    for (Tuple2<Integer, PartialSums> t : parts) {
      PartialSums p = t._2();
      for (int j = 0; j < headLength; j++) {
        head[j] += p.head[j];
      }
      for (int j = 0; j < p.workers.length; j++) {
        int at = Arrays.binarySearch(ids, p.workers[j]) * stride;
        for (int s = 0; s < p.stride; s++) {
          per[at + s] += p.perWorker[j * p.stride + s];
        }
      }
    }
    List<PartialSums> plain = new ArrayList<>(parts.size());
    for (Tuple2<Integer, PartialSums> t : parts) {
      plain.add(t._2());
    }
    int maxLength = 0;
    for (PartialSums p : plain) {
      maxLength = Math.max(maxLength, p.maxima.length);
    }
    return new PartialSums(head, ids, per, stride).withMaxima(PartialSums.maxima(plain, maxLength));
  }
}
