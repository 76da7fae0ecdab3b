package org.crowd4j.io;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Distinct byte strings (ids as a file spells them) numbered in order of arrival, each kept once in
 * one array and made a string ({@link #strings()}, UTF-8) only at the end. Strings of at most
 * {@value #SHORT} bytes — most ids — are filed under their bytes packed into one {@code long} with
 * their length ({@link #shortKey}), so finding one costs one multiply and a comparison of keys;
 * longer ones in an open-addressing table of {@code long} entries (hash in the high half, id + 1 in
 * the low half) over the bytes. The byte readers intern ids through it without a string per row.
 */
public final class ByteDictionary {
  /** The longest string filed by its packed bytes. */
  public static final int SHORT = 7;

  private long[] shortKeys = new long[64];
  private int[] shortIds = new int[64];
  private int shortSize;
  private long[] slots = new long[64];
  private byte[] bytes = new byte[1024];
  private int[] start = new int[16];
  private int[] length = new int[16];
  private int[] hashes = new int[16];
  private int used;
  private int size;
  private CharsetDecoder utf8;

  /** An empty dictionary. */
  public ByteDictionary() {}

  /** The hash this dictionary files {@code buf[off, off + len)} under. */
  public static int hash(byte[] buf, int off, int len) {
    int h = 0;
    for (int i = off; i < off + len; i++) {
      h = 31 * h + buf[i];
    }
    return h ^ (h >>> 16);
  }

  /**
   * The key {@code buf[off, off + len)} is filed under when it is a short string (1 to {@value
   * #SHORT} bytes): its bytes, first in the lowest, with its length in the top byte; 0 otherwise.
   */
  public static long shortKey(byte[] buf, int off, int len) {
    if (len == 0 || len > SHORT) {
      return 0;
    }
    long key = (long) len << 56;
    for (int i = len - 1; i >= 0; i--) {
      key |= (buf[off + i] & 0xFFL) << (i << 3);
    }
    return key;
  }

  /** Number of distinct strings. */
  public int size() {
    return size;
  }

  /** Whether id {@code id} is the string {@code buf[off, off + len)}. */
  public boolean is(int id, byte[] buf, int off, int len) {
    return length[id] == len && same(start[id], buf, off, len);
  }

  /** As {@link #is}, {@code hash} being the string's {@link #hash}: a cheaper miss. */
  public boolean holds(int id, byte[] buf, int off, int len, int hash) {
    return hashes[id] == hash && is(id, buf, off, len);
  }

  /** The id of {@code buf[off, off + len)}, numbered next when new. */
  public int intern(byte[] buf, int off, int len) {
    return intern(buf, off, len, hash(buf, off, len), false);
  }

  /**
   * The id of {@code buf[off, off + len)} whose {@link #hash} is {@code hash}, numbered next when
   * new; when {@code checkText}, a new string must be UTF-8 without the control characters ids may
   * not hold (C1, line separators), else the result is -1 and nothing is added.
   */
  public int intern(byte[] buf, int off, int len, int hash, boolean checkText) {
    long key = shortKey(buf, off, len);
    if (key != 0) {
      return internShort(key, buf, off, len, checkText);
    }
    int mask = slots.length - 1;
    int s = (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(slots.length));
    while (true) {
      long e = slots[s];
      if (e == 0) {
        break;
      }
      int id = (int) e - 1;
      if ((int) (e >>> 32) == hash && is(id, buf, off, len)) {
        return id;
      }
      s = (s + 1) & mask;
    }
    if (checkText && !isIdText(buf, off, len)) {
      return -1;
    }
    int id = add(buf, off, len, hash);
    slots[s] = ((long) hash << 32) | (id + 1L);
    if (2L * (size - shortSize) > slots.length) {
      rehash();
    }
    return id;
  }

  /**
   * The id of the short string {@code buf[off, off + len)} whose {@link #shortKey} is {@code key}
   * (not 0), numbered next when new; {@code checkText} as for {@link #intern(byte[], int, int, int,
   * boolean)}.
   */
  public int internShort(long key, byte[] buf, int off, int len, boolean checkText) {
    int mask = shortKeys.length - 1;
    int s = shortSlot(key, shortKeys.length);
    while (true) {
      long k = shortKeys[s];
      if (k == key) {
        return shortIds[s];
      }
      if (k == 0) {
        break;
      }
      s = (s + 1) & mask;
    }
    if (checkText && !isIdText(buf, off, len)) {
      return -1;
    }
    int id = add(buf, off, len, hash(buf, off, len));
    shortKeys[s] = key;
    shortIds[s] = id;
    shortSize++;
    if (2 * shortSize > shortKeys.length) {
      rehashShort();
    }
    return id;
  }

  /** Stores a new string and numbers it. */
  private int add(byte[] buf, int off, int len, int hash) {
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
    hashes[id] = hash;
    used += len;
    size++;
    return id;
  }

  private static int shortSlot(long key, int tableLength) {
    return (int)
        ((key * 0x9E3779B97F4A7C15L) >>> (64 - Integer.numberOfTrailingZeros(tableLength)));
  }

  /** The ids of {@code other}'s strings here, adding the new ones in {@code other}'s order. */
  public int[] internAll(ByteDictionary other) {
    int[] map = new int[other.size];
    for (int i = 0; i < other.size; i++) {
      map[i] = intern(other.bytes, other.start[i], other.length[i], other.hashes[i], false);
    }
    return map;
  }

  /** The strings in id order, decoded as UTF-8. */
  public String[] strings() {
    String[] out = new String[size];
    for (int i = 0; i < size; i++) {
      out[i] = new String(bytes, start[i], length[i], StandardCharsets.UTF_8);
    }
    return out;
  }

  private boolean same(int at, byte[] buf, int off, int len) {
    for (int i = 0; i < len; i++) {
      if (bytes[at + i] != buf[off + i]) {
        return false;
      }
    }
    return true;
  }

  /** Valid UTF-8 without C1 controls or line separators. */
  private boolean isIdText(byte[] buf, int off, int len) {
    if (utf8 == null) {
      utf8 = utf8();
    }
    return idText(utf8, buf, off, len) != null;
  }

  /** A decoder for {@link #idText}, which reports malformed UTF-8 instead of replacing it. */
  static CharsetDecoder utf8() {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  /**
   * {@code buf[off, off + len)} decoded by {@code utf8} ({@link #utf8()}), or {@code null} when it
   * is not UTF-8 or holds a C1 control or a line or paragraph separator.
   */
  static String idText(CharsetDecoder utf8, byte[] buf, int off, int len) {
    String s;
    try {
      s = utf8.decode(ByteBuffer.wrap(buf, off, len)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c >= 0x80 && c <= 0x9F) || c == '\u2028' || c == '\u2029') {
        return null;
      }
    }
    return s;
  }

  private void rehash() {
    long[] fresh = new long[slots.length * 2];
    int mask = fresh.length - 1;
    int shift = 32 - Integer.numberOfTrailingZeros(fresh.length);
    for (int i = 0; i < size; i++) {
      if (length[i] <= SHORT) {
        continue;
      }
      int s = (hashes[i] * 0x9E3779B9) >>> shift;
      while (fresh[s] != 0) {
        s = (s + 1) & mask;
      }
      fresh[s] = ((long) hashes[i] << 32) | (i + 1L);
    }
    slots = fresh;
  }

  private void rehashShort() {
    long[] keys = new long[shortKeys.length * 2];
    int[] ids = new int[keys.length];
    int mask = keys.length - 1;
    for (int i = 0; i < shortKeys.length; i++) {
      long key = shortKeys[i];
      if (key == 0) {
        continue;
      }
      int s = shortSlot(key, keys.length);
      while (keys[s] != 0) {
        s = (s + 1) & mask;
      }
      keys[s] = key;
      ids[s] = shortIds[i];
    }
    shortKeys = keys;
    shortIds = ids;
  }
}
