package org.crowd4j.spark;

/**
 * Per-thread scratch arrays for the passes over blocks (posteriors of a block that are summed and
 * thrown away), so that an iteration does not allocate them anew. Contents are undefined on return.
 */
final class Scratch {
  private static final ThreadLocal<double[][]> DOUBLES =
      ThreadLocal.withInitial(() -> new double[4][]);

  private Scratch() {}

  /** A thread-local array of at least {@code size} entries; {@code slot} keeps several apart. */
  static double[] doubles(int slot, int size) {
    double[][] held = DOUBLES.get();
    double[] a = held[slot];
    if (a == null || a.length < size) {
      a = new double[Math.max(size, 16)];
      held[slot] = a;
    }
    return a;
  }
}
