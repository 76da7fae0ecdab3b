package org.crowd4j.spark;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Dense ids of byte strings in order of first appearance: an open-addressing table holding each
 * name's bytes once (copied when new, so the rows of a partition may reuse their buffers) and its
 * hash, which is compared before any byte.
 */
final class NameDictionary {
  private int[] slot; // id + 1, 0 when empty
  private byte[][] bytes; // by id
  private int[] hash; // by id: UTF8String#hashCode of the name
  private int size;

  NameDictionary(int capacity) {
    int ids = Math.max(4, capacity);
    slot = new int[Integer.highestOneBit(ids * 2 - 1) * 2];
    bytes = new byte[ids][];
    hash = new int[ids];
  }

  /** The id of {@code name}, the next free id ({@link #size()} before the call) when new. */
  int idOf(UTF8String name) {
    return idOf(name, name.hashCode());
  }

  /** {@link #idOf(UTF8String)} given the name's {@link UTF8String#hashCode()}. */
  int idOf(UTF8String name, int hashCode) {
    int mask = slot.length - 1;
    int at = mix(hashCode) & mask;
    for (int s = slot[at]; s != 0; s = slot[at]) {
      int id = s - 1;
      if (hash[id] == hashCode && sameBytes(bytes[id], name)) {
        return id;
      }
      at = (at + 1) & mask;
    }
    if (size == bytes.length) {
      bytes = Arrays.copyOf(bytes, 2 * size);
      hash = Arrays.copyOf(hash, 2 * size);
    }
    byte[] copy = new byte[name.numBytes()];
    name.writeToMemory(copy, Platform.BYTE_ARRAY_OFFSET);
    bytes[size] = copy;
    hash[size] = hashCode;
    slot[at] = ++size;
    if (size * 2 > slot.length) {
      grow();
    }
    return size - 1;
  }

  /** The id of every name of {@code names}, in their order. */
  int[] idsOf(AnswerChunk.NameList names) {
    int[] ids = new int[names.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = idOf(names.get(i));
    }
    return ids;
  }

  int size() {
    return size;
  }

  /** The bytes of id {@code id}'s name, not to be changed. */
  byte[] bytes(int id) {
    return bytes[id];
  }

  /** The name of id {@code id}. */
  String name(int id) {
    return new String(bytes[id], StandardCharsets.UTF_8);
  }

  /** All names in id order. */
  String[] names() {
    String[] out = new String[size];
    for (int i = 0; i < size; i++) {
      out[i] = name(i);
    }
    return out;
  }

  /** The rank of every id's name in unsigned byte order (the order of Spark's sort of strings). */
  int[] byteRanks() {
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Arrays.compareUnsigned(bytes[x], bytes[y]));
    int[] rank = new int[size];
    for (int i = 0; i < size; i++) {
      rank[order[i]] = i;
    }
    return rank;
  }

  /** Whether {@code name} holds exactly {@code b}. */
  static boolean sameBytes(byte[] b, UTF8String name) {
    int n = name.numBytes();
    if (n != b.length) {
      return false;
    }
    if (name.getBaseObject() instanceof byte[] array) {
      int from = (int) (name.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET);
      return Arrays.equals(b, 0, n, array, from, from + n);
    }
    return Arrays.equals(b, name.getBytes());
  }

  private void grow() {
    slot = new int[slot.length * 2];
    int mask = slot.length - 1;
    for (int id = 0; id < size; id++) {
      int at = mix(hash[id]) & mask;
      while (slot[at] != 0) {
        at = (at + 1) & mask;
      }
      slot[at] = id + 1;
    }
  }

  private static int mix(int h) {
    return h ^ (h >>> 16);
  }
}
