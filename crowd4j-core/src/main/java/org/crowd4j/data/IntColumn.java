package org.crowd4j.data;

import java.util.Arrays;

/** A growable primitive {@code int} column used while building datasets (no boxing). */
public final class IntColumn {
  private int[] values;
  private int size;

  /** An empty column with room for {@code capacity} values (at least 16). */
  public IntColumn(int capacity) {
    values = new int[Math.max(16, capacity)];
  }

  /** Appends {@code v}. */
  public void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, values.length + (values.length >> 1) + 16);
    }
    values[size++] = v;
  }

  /** Appends {@code map[codes[j]]} for every {@code j}, in order. */
  public void addMapped(int[] codes, int[] map) {
    reserve(size + codes.length);
    int[] v = values;
    int at = size;
    for (int code : codes) {
      v[at++] = map[code];
    }
    size = at;
  }

  /** Makes room for {@code capacity} values in all (no effect when there is room already). */
  public void reserve(int capacity) {
    if (capacity > values.length) {
      values = Arrays.copyOf(values, capacity);
    }
  }

  /** The value at {@code i} (unchecked beyond the array's bounds). */
  public int get(int i) {
    return values[i];
  }

  /** Number of values appended. */
  public int size() {
    return size;
  }

  /** A copy of the values appended. */
  public int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
