package org.crowd4j.data;

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

  /** A growable vocabulary used while reading input: ids in first-seen order. */
  public static final class Growing {
    private String[] names = new String[16];
    private int[] hashes = new int[16];
    private int size;
    private long[] slots = new long[32];

    /** The id of {@code name}, added with the next id when it is new. */
    public int intern(String name) {
      int hash = name.hashCode();
      int s = find(names, slots, name, hash);
      long e = slots[s];
      if (e != 0) {
        return entryId(e);
      }
      int id = size;
      if (id == names.length) {
        names = Arrays.copyOf(names, 2 * id);
        hashes = Arrays.copyOf(hashes, 2 * id);
      }
      names[id] = name;
      hashes[id] = hash;
      size++;
      slots[s] = entry(hash, id);
      if (2L * size > slots.length) {
        rehash(slots.length * 2);
      }
      return id;
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

    /** Makes room for {@code n} names in all, so that interning them does not grow the table. */
    public void reserve(int n) {
      if (n > names.length) {
        names = Arrays.copyOf(names, n);
        hashes = Arrays.copyOf(hashes, n);
      }
      if (2L * n > slots.length) {
        rehash(capacityFor(n));
      }
    }

    /** Number of names so far. */
    public int size() {
      return size;
    }

    /** The name of {@code id}. */
    public String name(int id) {
      return names[id];
    }

    /** The names in id order (a read-only view; valid until the next intern). */
    List<String> names() {
      return Collections.unmodifiableList(Arrays.asList(names).subList(0, size));
    }

    /** An immutable vocabulary of the names so far (this one stays usable). */
    public Vocabulary freeze() {
      return new Vocabulary(Arrays.copyOf(names, size), slots.clone());
    }
  }

  @Override
  public String toString() {
    return "Vocabulary" + Arrays.toString(names.length > 10 ? Arrays.copyOf(names, 10) : names);
  }
}
