package org.crowd4j.spark;

import java.io.Serializable;
import java.util.List;

/**
 * What one block sends to the driver after a pass: a few global sums ({@code head}) and, for the
 * workers of the block only, {@code stride} sums per worker in local order ({@code perWorker},
 * {@code workers} giving their global ids). The driver adds the blocks' sums in partition order
 * ({@link #total}), so a fit gives the same bits on every run.
 */
final class PartialSums implements Serializable {
  private static final long serialVersionUID = 1L;

  final double[] head;
  final int[] workers;
  final double[] perWorker;
  final int stride;

  /**
   * Values combined by their maximum, not summed (e.g. the largest step of an L-BFGS direction).
   */
  double[] maxima = new double[0];

  PartialSums(double[] head, int[] workers, double[] perWorker, int stride) {
    this.head = head;
    this.workers = workers;
    this.perWorker = perWorker;
    this.stride = stride;
  }

  /** This with {@code values} to be combined by their maximum. */
  PartialSums withMaxima(double... values) {
    this.maxima = values;
    return this;
  }

  /** The element-wise maximum of the {@link #maxima} of {@code parts} (−∞ for none). */
  static double[] maxima(List<PartialSums> parts, int length) {
    double[] out = new double[length];
    java.util.Arrays.fill(out, Double.NEGATIVE_INFINITY);
    for (PartialSums p : parts) {
      for (int j = 0; j < Math.min(length, p.maxima.length); j++) {
        out[j] = Math.max(out[j], p.maxima[j]);
      }
    }
    return out;
  }

  /** Only global sums. */
  static PartialSums head(double... head) {
    return new PartialSums(head, new int[0], new double[0], 0);
  }

  /**
   * Driver side: the element-wise sums of {@code parts}, added in list (= partition) order; {@code
   * [0]} the head sums, {@code [1]} the per-worker sums laid out {@code [global worker][stride]}.
   */
  static double[][] total(List<PartialSums> parts, int headLength, int numWorkers, int stride) {
    double[] head = new double[headLength];
    double[] perWorker = new double[Math.multiplyExact(numWorkers, stride)];
    for (PartialSums p : parts) {
      if (p.head.length != headLength) {
        throw new IllegalStateException("head of " + p.head.length + ", expected " + headLength);
      }
      for (int j = 0; j < headLength; j++) {
        head[j] += p.head[j];
      }
      if (p.workers.length > 0 && p.stride != stride) {
        throw new IllegalStateException("stride " + p.stride + ", expected " + stride);
      }
      for (int j = 0; j < p.workers.length; j++) {
        int src = j * stride;
        int dst = p.workers[j] * stride;
        for (int s = 0; s < stride; s++) {
          perWorker[dst + s] += p.perWorker[src + s];
        }
      }
    }
    return new double[][] {head, perWorker};
  }
}
