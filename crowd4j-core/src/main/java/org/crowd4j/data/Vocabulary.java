package org.crowd4j.data;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An immutable, bijective mapping between original string identifiers and dense integer ids {@code
 * 0..size()-1}. Every column of a {@link CrowdDataset} (tasks, workers, labels) is indexed through
 * one.
 *
 * <p>Lookups go through an open-addressing table of {@code long} entries, each holding a name's
 * {@link String#hashCode()} and its id (no boxing, 16 bytes per name at most): a probe touches the
 * name itself only when the hashes match, so vocabularies of millions of task ids stay cheap to
 * build and to query.
 */
public final class Vocabulary {
  private final String[] names;
  private final long[] slots;

  private Vocabulary(String[] names) {
    this.names = names;
    this.slots = new long[capacityFor(names.length)];
    for (int i = 0; i < names.length; i++) {
      String name = Objects.requireNonNull(names[i], "name");
      int hash = name.hashCode();
      int slot = find(names, slots, name, hash);
      if (slots[slot] != 0) {
        throw new IllegalArgumentException("duplicate name in vocabulary: '" + name + "'");
      }
      slots[slot] = entry(hash, i);
    }
  }

  private Vocabulary(String[] names, long[] slots) {
    this.names = names;
    this.slots = slots;
  }

  /** A power of two at least twice {@code size} (load factor at most one half), at least 16. */
  private static int capacityFor(int size) {
    int cap = 16;
    while (cap < 2L * size) {
      cap <<= 1;
    }
    return cap;
  }

  /** Start slot of {@code hash} in a table of {@code capacity} (a power of two). */
  private static int home(int hash, int capacity) {
    return (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(capacity));
  }

  /** A table entry: the hash in the high half, {@code id + 1} in the low half (0 = empty). */
  private static long entry(int hash, int id) {
    return ((long) hash << 32) | (id + 1L);
  }

  private static int entryHash(long e) {
    return (int) (e >>> 32);
  }

  private static int entryId(long e) {
    return (int) e - 1;
  }

  /** The slot holding {@code name}, or the empty slot where it belongs. */
  private static int find(String[] names, long[] slots, String name, int hash) {
    int mask = slots.length - 1;
    int s = home(hash, slots.length);
    while (true) {
      long e = slots[s];
      if (e == 0 || (entryHash(e) == hash && names[entryId(e)].equals(name))) {
        return s;
      }
      s = (s + 1) & mask;
    }
  }

  /** A vocabulary holding {@code names} in the given order. */
  public static Vocabulary of(List<String> names) {
    return new Vocabulary(names.toArray(new String[0]));
  }

  /** A vocabulary holding {@code names} in the given order. */
  public static Vocabulary of(String... names) {
    return new Vocabulary(names.clone());
  }

  /**
   * A vocabulary of label names in crowd-kit's order: numerically sorted when every name parses as
   * an integer, otherwise sorted lexicographically. This order decides tie-breaking (lowest index
   * wins).
   */
  public static Vocabulary sortedLabels(java.util.Collection<String> names) {
    String[] sorted = names.toArray(new String[0]);
    if (allIntegers(sorted)) {
      Arrays.sort(
          sorted,
          (a, b) ->
              new java.math.BigInteger(a.trim()).compareTo(new java.math.BigInteger(b.trim())));
    } else {
      Arrays.sort(sorted);
    }
    return new Vocabulary(sorted);
  }

  private static boolean allIntegers(String[] names) {
    if (names.length == 0) {
      return false;
    }
    for (String s : names) {
      String t = s.trim();
      if (t.isEmpty()) {
        return false;
      }
      int start = (t.charAt(0) == '-' || t.charAt(0) == '+') ? 1 : 0;
      if (start == t.length()) {
        return false;
      }
      for (int i = start; i < t.length(); i++) {
        if (t.charAt(i) < '0' || t.charAt(i) > '9') {
          return false;
        }
      }
    }
    return true;
  }

  /** Number of distinct names. */
  public int size() {
    return names.length;
  }

  /** The original name of id {@code id}. */
  public String name(int id) {
    return names[id];
  }

  /** The id of {@code name}, or {@code -1} when it is not in this vocabulary. */
  public int id(String name) {
    if (name == null) {
      return -1;
    }
    return entryId(slots[find(names, slots, name, name.hashCode())]);
  }

  /** Whether {@code name} is in this vocabulary. */
  public boolean contains(String name) {
    return id(name) >= 0;
  }

  /** All names in id order (read-only view). */
  public List<String> names() {
    return Collections.unmodifiableList(Arrays.asList(names));
  }

  /** A vocabulary whose ids are permuted: new id {@code j} has the old name {@code order[j]}. */
  public Vocabulary reordered(int[] order) {
    String[] out = new String[order.length];
    for (int j = 0; j < order.length; j++) {
      out[j] = names[order[j]];
    }
    return new Vocabulary(out);
  }

  /**
   * A growable vocabulary used while reading input: ids in first-seen order. Names can be looked up
   * as strings or, without creating a string, as ASCII byte ranges (the common case of CSV ids),
   * which are compared against a copy of the ASCII names kept in one byte array.
   */
  static final class Growing {
    private String[] names = new String[16];
    private int size;
    private long[] slots = new long[32];
    private byte[] arena = new byte[256];
    private int arenaSize;

    /** Start of name {@code id} in {@code arena}; -1 for names that are not ASCII. */
    private int[] start = new int[16];

    private int[] length = new int[16];
    private int[] hashes = new int[16];

    /** {@code id + 1} of the one-character ASCII names, by character (0 = none). */
    private final int[] single = new int[128];

    /** Whether the last lookup found the guessed id. */
    private boolean repeating;

    int intern(String name) {
      int hash = name.hashCode();
      int s = find(names, slots, name, hash);
      long e = slots[s];
      if (e != 0) {
        return entryId(e);
      }
      return insert(s, hash, name, null, 0, 0);
    }

    /**
     * The id of the name spelt by the UTF-8 bytes {@code buf[from, to)}, adding it when new; a
     * string is created only for a new name or a name that is not ASCII. {@code guess} (an id, or
     * -1), typically the id of the same column in the previous record, is checked first while such
     * guesses keep being right (runs of answers on one task in files sorted by task).
     */
    int intern(byte[] buf, int from, int to, int guess) {
      if (to - from == 1 && buf[from] >= 0) {
        int v = single[buf[from]];
        if (v != 0) {
          return v - 1;
        }
      } else if (repeating && guess >= 0 && sameBytes(guess, buf, from, to)) {
        return guess;
      }
      int hash = 0;
      int high = 0;
      for (int p = from; p < to; p++) {
        byte b = buf[p];
        hash = 31 * hash + b;
        high |= b;
      }
      if (high < 0) {
        return intern(new String(buf, from, to - from, StandardCharsets.UTF_8));
      }
      // ASCII: this is the String.hashCode() of the name
      int id = probe(buf, from, to, hash);
      repeating = id == guess;
      return id;
    }

    private int probe(byte[] buf, int from, int to, int hash) {
      int mask = slots.length - 1;
      int s = home(hash, slots.length);
      while (true) {
        long e = slots[s];
        if (e == 0) {
          String name = new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
          return insert(s, hash, name, buf, from, to);
        }
        if (entryHash(e) == hash && sameBytes(entryId(e), buf, from, to)) {
          return entryId(e);
        }
        s = (s + 1) & mask;
      }
    }

    /** Whether name {@code id} is ASCII and equals {@code buf[from, to)}. */
    private boolean sameBytes(int id, byte[] buf, int from, int to) {
      int at = start[id];
      int n = to - from;
      if (at < 0 || length[id] != n) {
        return false;
      }
      // ids are short: a plain loop beats the vectorised mismatch call
      byte[] a = arena;
      for (int j = 0; j < n; j++) {
        if (a[at + j] != buf[from + j]) {
          return false;
        }
      }
      return true;
    }

    /** Adds {@code name} at empty slot {@code slot}; {@code ascii} holds its bytes, or is null. */
    private int insert(int slot, int hash, String name, byte[] ascii, int from, int to) {
      int id = size;
      if (id == names.length) {
        int cap = names.length * 2;
        names = Arrays.copyOf(names, cap);
        start = Arrays.copyOf(start, cap);
        length = Arrays.copyOf(length, cap);
        hashes = Arrays.copyOf(hashes, cap);
      }
      if (ascii == null && isAscii(name)) {
        ascii = name.getBytes(StandardCharsets.ISO_8859_1);
        from = 0;
        to = ascii.length;
      }
      if (ascii != null) {
        int n = to - from;
        if (arenaSize + n > arena.length) {
          long cap = Math.max(2L * arena.length, (long) arenaSize + n);
          if (cap > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("names too long to index: over 2 GB of identifiers");
          }
          arena = Arrays.copyOf(arena, (int) cap);
        }
        System.arraycopy(ascii, from, arena, arenaSize, n);
        if (n == 1) {
          single[ascii[from]] = id + 1;
        }
        start[id] = arenaSize;
        length[id] = n;
        arenaSize += n;
      } else {
        start[id] = -1;
      }
      names[id] = name;
      hashes[id] = hash;
      size++;
      slots[slot] = entry(hash, id);
      if (2L * size > slots.length) {
        rehash(slots.length * 2);
      }
      return id;
    }

    private static boolean isAscii(String s) {
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) >= 0x80) {
          return false;
        }
      }
      return true;
    }

    private void rehash(int capacity) {
      long[] fresh = new long[capacity];
      int mask = capacity - 1;
      for (int i = 0; i < size; i++) {
        int s = home(hashes[i], capacity);
        while (fresh[s] != 0) {
          s = (s + 1) & mask;
        }
        fresh[s] = entry(hashes[i], i);
      }
      slots = fresh;
    }

    int size() {
      return size;
    }

    String name(int id) {
      return names[id];
    }

    /** The names in id order (a read-only view; valid until the next intern). */
    List<String> names() {
      return Collections.unmodifiableList(Arrays.asList(names).subList(0, size));
    }

    /** An immutable vocabulary of the names so far (this one stays usable). */
    Vocabulary freeze() {
      return new Vocabulary(Arrays.copyOf(names, size), slots.clone());
    }
  }

  @Override
  public String toString() {
    return "Vocabulary" + Arrays.toString(names.length > 10 ? Arrays.copyOf(names, 10) : names);
  }
}
