package org.crowd4j.data;

import java.util.Arrays;

/** A growable primitive {@code int} column used while building datasets (no boxing). */
final class IntColumn {
  private int[] values;
  private int size;

  IntColumn(int capacity) {
    values = new int[Math.max(16, capacity)];
  }

  void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length + (values.length >> 1) + 16);
    }
    values[size++] = v;
  }

  /** Makes room for {@code capacity} values in all (no effect when there is room already). */
  void reserve(int capacity) {
    if (capacity > values.length) {
      values = Arrays.copyOf(values, capacity);
    }
  }

  int get(int i) {
    return values[i];
  }

  int size() {
    return size;
  }

  int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
