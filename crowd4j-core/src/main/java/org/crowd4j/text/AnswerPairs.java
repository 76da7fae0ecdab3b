package org.crowd4j.text;

/**
 * The (task, worker) pairs read so far, each with the line it was read at: an open-addressing table
 * over {@code task << 32 | worker} keys, for finding a worker's second answer to a task.
 */
final class AnswerPairs {
  private long[] keys = new long[256];
  private long[] lines = new long[256];
  private int size;

  /** Records the pair at {@code line}; the line of its first record when it was seen, else -1. */
  long put(int task, int worker, long line) {
    long key = ((long) task << 32) | (worker & 0xFFFFFFFFL);
    int mask = keys.length - 1;
    int s = slot(key, keys.length);
    while (lines[s] != 0) {
      if (keys[s] == key) {
        return lines[s] - 1;
      }
      s = (s + 1) & mask;
    }
    keys[s] = key;
    lines[s] = line + 1;
    if (2 * ++size > keys.length) {
      grow();
    }
    return -1;
  }

  private static int slot(long key, int capacity) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h >>> (64 - Integer.numberOfTrailingZeros(capacity)));
  }

  private void grow() {
    long[] k = new long[2 * keys.length];
    long[] l = new long[k.length];
    int mask = k.length - 1;
    for (int i = 0; i < keys.length; i++) {
      if (lines[i] != 0) {
        int s = slot(keys[i], k.length);
        while (l[s] != 0) {
          s = (s + 1) & mask;
        }
        k[s] = keys[i];
        l[s] = lines[i];
      }
    }
    keys = k;
    lines = l;
  }
}
