package org.crowd4j.data;

import java.util.Arrays;

/**
 * Groups rows by a dense id with one counting sort (compressed sparse rows): the rows of id {@code
 * i} are {@code order[offsets[i]] … order[offsets[i + 1] - 1]}, in their original order.
 */
public final class IdGrouping {
  private IdGrouping() {}

  /**
   * Start offsets of each id's rows.
   *
   * @param ids the id of every row, each in {@code [0, n)}
   * @param n the number of ids
   * @return {@code n + 1} offsets; id {@code i} has {@code offsets[i + 1] - offsets[i]} rows
   */
  public static int[] offsets(int[] ids, int n) {
    int[] start = new int[n + 1];
    for (int id : ids) {
      start[id + 1]++;
    }
    for (int i = 0; i < n; i++) {
      start[i + 1] += start[i];
    }
    return start;
  }

  /**
   * The rows sorted by id, stable.
   *
   * @param ids the id of every row
   * @param offsets {@link #offsets} of {@code ids}
   * @return row indices, grouped by id
   */
  public static int[] order(int[] ids, int[] offsets) {
    int[] order = new int[ids.length];
    int[] next = Arrays.copyOf(offsets, offsets.length - 1);
    for (int row = 0; row < ids.length; row++) {
      order[next[ids[row]]++] = row;
    }
    return order;
  }
}
