package org.crowd4j.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable, bijective mapping between original string identifiers and dense integer ids {@code
 * 0..size()-1}. Every column of a {@link CrowdDataset} (tasks, workers, labels) is indexed through
 * one.
 */
public final class Vocabulary {
  private final String[] names;
  private final Map<String, Integer> index;

  private Vocabulary(String[] names) {
    this.names = names;
    this.index = new HashMap<>(names.length * 2);
    for (int i = 0; i < names.length; i++) {
      if (index.put(names[i], i) != null) {
        throw new IllegalArgumentException("duplicate name in vocabulary: '" + names[i] + "'");
      }
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
    Integer i = index.get(name);
    return i == null ? -1 : i;
  }

  /** Whether {@code name} is in this vocabulary. */
  public boolean contains(String name) {
    return index.containsKey(name);
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

  /** A growable vocabulary used while reading input. */
  static final class Growing {
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    int intern(String name) {
      Integer id = index.get(name);
      if (id != null) {
        return id;
      }
      int next = names.size();
      index.put(name, next);
      names.add(name);
      return next;
    }

    int size() {
      return names.size();
    }

    List<String> names() {
      return names;
    }
  }

  @Override
  public String toString() {
    return "Vocabulary" + Arrays.toString(names.length > 10 ? Arrays.copyOf(names, 10) : names);
  }
}
