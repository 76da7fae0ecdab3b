package org.crowd4j.metrics;

/** Shape checks shared by the metrics (IllegalArgumentException naming the argument). */
final class Checks {
  private Checks() {}

  static void sameLength(String a, int la, String b, int lb) {
    if (la != lb) {
      throw new IllegalArgumentException(a + " has " + la + " entries but " + b + " has " + lb);
    }
  }

  static void matrix(String name, double[] values, int rows, int cols) {
    if (values.length != (long) rows * cols) {
      throw new IllegalArgumentException(
          name + " must hold " + rows + "×" + cols + " values, has " + values.length);
    }
  }

  static void positive(String name, int v) {
    if (v <= 0) {
      throw new IllegalArgumentException(name + " must be positive: " + v);
    }
  }
}
