package org.crowd4j.text;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Distinct byte strings numbered in order of arrival, each kept once in one array and made a string
 * ({@link #strings()}, UTF-8) only at the end: an open-addressing table of ids over the bytes.
 */
final class ByteIds {
  private int[] table = new int[64];
  private byte[] bytes = new byte[1024];
  private int[] start = new int[16];
  private int[] length = new int[16];
  private int[] hashes = new int[16];
  private int used;
  private int size;

  /** The id of {@code buf[off, off + len)}, numbered next when new. */
  int intern(byte[] buf, int off, int len) {
    int h = 0;
    for (int i = off; i < off + len; i++) {
      h = 31 * h + buf[i];
    }
    int mask = table.length - 1;
    int s = (h * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(table.length));
    while (true) {
      int e = table[s];
      if (e == 0) {
        break;
      }
      int id = e - 1;
      if (hashes[id] == h && length[id] == len && same(start[id], buf, off, len)) {
        return id;
      }
      s = (s + 1) & mask;
    }
    int id = size;
    if (id == start.length) {
      start = Arrays.copyOf(start, 2 * id);
      length = Arrays.copyOf(length, 2 * id);
      hashes = Arrays.copyOf(hashes, 2 * id);
    }
    if (used + len > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(used + len, 2 * bytes.length));
    }
    System.arraycopy(buf, off, bytes, used, len);
    start[id] = used;
    length[id] = len;
    hashes[id] = h;
    used += len;
    size++;
    table[s] = id + 1;
    if (2 * size > table.length) {
      rehash();
    }
    return id;
  }

  /** Whether id {@code id} is the byte string {@code buf[off, off + len)}. */
  boolean is(int id, byte[] buf, int off, int len) {
    return length[id] == len && same(start[id], buf, off, len);
  }

  private boolean same(int at, byte[] buf, int off, int len) {
    for (int i = 0; i < len; i++) {
      if (bytes[at + i] != buf[off + i]) {
        return false;
      }
    }
    return true;
  }

  private void rehash() {
    int[] fresh = new int[2 * table.length];
    int mask = fresh.length - 1;
    int shift = 32 - Integer.numberOfTrailingZeros(fresh.length);
    for (int id = 0; id < size; id++) {
      int s = (hashes[id] * 0x9E3779B9) >>> shift;
      while (fresh[s] != 0) {
        s = (s + 1) & mask;
      }
      fresh[s] = id + 1;
    }
    table = fresh;
  }

  /** The strings in id order, decoded as UTF-8. */
  String[] strings() {
    String[] out = new String[size];
    for (int i = 0; i < size; i++) {
      out[i] = new String(bytes, start[i], length[i], StandardCharsets.UTF_8);
    }
    return out;
  }
}
