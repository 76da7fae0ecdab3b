package org.crowd4j.text;

import java.util.Arrays;

/**
 * The words of one task's answers as {@link Rover} aligns them: each answer cut by a {@link
 * Tokenizer} into words coded as ints, every distinct word numbered in order of first appearance,
 * {@code 0} being the empty word (the gap of the {@link WordTransitionNetwork}, which an empty word
 * of {@link Tokenizer#SPACE} also is). A word is a range of one character buffer holding the
 * answers, so no string is made per word. Words are ordered for ROVER's tie-break by their length
 * in code points, then by code points (Python's string order). {@link #clear()} empties the table
 * for the next task and keeps its arrays.
 */
final class WordTable implements WordTransitionNetwork.WordOrder {
  private final Tokenizer tokenizer;
  private char[] chars = new char[1024];
  private int used;

  /** Per word id: where its characters lie, their count and hash; id 0 is the empty word. */
  private int[] start = new int[64];

  private int[] length = new int[64];
  private int[] hash = new int[64];

  /** Per word id: its slot in {@link #table}. */
  private int[] slotOf = new int[64];

  private int words = 1;

  /** Open addressing over the word ids ({@code id + 1}; 0 is a free slot); a power of two. */
  private int[] table = new int[128];

  private int[] tokens = new int[256];
  private int tokenCount;
  private int[] hypothesisEnd = new int[8];
  private int hypotheses;

  WordTable(Tokenizer tokenizer) {
    this.tokenizer = tokenizer;
  }

  /** Forgets every answer and word. */
  void clear() {
    for (int id = 1; id < words; id++) {
      table[slotOf[id]] = 0;
    }
    words = 1;
    used = 0;
    tokenCount = 0;
    hypotheses = 0;
  }

  /** Cuts {@code text} into words and appends them as the next hypothesis. */
  void add(String text) {
    int n = text.length();
    if (used + n > chars.length) {
      chars = Arrays.copyOf(chars, Math.max(used + n, 2 * chars.length));
    }
    int from = used;
    text.getChars(0, n, chars, from);
    used += n;
    int end = used;
    char[] c = chars;
    switch (tokenizer) {
      case SPACE -> {
        int s = from;
        int h = 0;
        for (int i = from; i < end; i++) {
          char ch = c[i];
          if (ch == ' ') {
            token(s, i, h);
            s = i + 1;
            h = 0;
          } else {
            h = 31 * h + ch;
          }
        }
        token(s, end, h);
      }
      case WHITESPACE -> {
        int i = from;
        while (i < end) {
          while (i < end && Character.isWhitespace(c[i])) {
            i++;
          }
          int s = i;
          while (i < end && !Character.isWhitespace(c[i])) {
            i++;
          }
          if (i > s) {
            token(s, i);
          }
        }
      }
      default -> {
        int i = from;
        while (i < end) {
          int k =
              Character.isHighSurrogate(c[i]) && i + 1 < end && Character.isLowSurrogate(c[i + 1])
                  ? 2
                  : 1;
          token(i, i + k);
          i += k;
        }
      }
    }
    if (hypotheses == hypothesisEnd.length) {
      hypothesisEnd = Arrays.copyOf(hypothesisEnd, 2 * hypotheses);
    }
    hypothesisEnd[hypotheses++] = tokenCount;
  }

  private void token(int from, int to) {
    int h = 0;
    for (int i = from; i < to; i++) {
      h = 31 * h + chars[i];
    }
    token(from, to, h);
  }

  /** Appends the word {@code chars[from, to)}, whose hash is {@code h}. */
  private void token(int from, int to, int h) {
    if (tokenCount == tokens.length) {
      tokens = Arrays.copyOf(tokens, 2 * tokenCount);
    }
    tokens[tokenCount++] = to == from ? 0 : intern(from, to - from, h);
  }

  /** The id of the word {@code chars[from, from + len)} of hash {@code h}, numbered when new. */
  private int intern(int from, int len, int h) {
    int mask = table.length - 1;
    int s = (h * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(table.length));
    while (true) {
      int e = table[s];
      if (e == 0) {
        break;
      }
      int id = e - 1;
      if (hash[id] == h && length[id] == len && same(start[id], from, len)) {
        return id;
      }
      s = (s + 1) & mask;
    }
    int id = words;
    if (id == start.length) {
      start = Arrays.copyOf(start, 2 * id);
      length = Arrays.copyOf(length, 2 * id);
      hash = Arrays.copyOf(hash, 2 * id);
      slotOf = Arrays.copyOf(slotOf, 2 * id);
    }
    start[id] = from;
    length[id] = len;
    hash[id] = h;
    slotOf[id] = s;
    table[s] = id + 1;
    words++;
    if (2 * words > table.length) {
      rehash();
    }
    return id;
  }

  private boolean same(int a, int b, int len) {
    char[] c = chars;
    for (int i = 0; i < len; i++) {
      if (c[a + i] != c[b + i]) {
        return false;
      }
    }
    return true;
  }

  private void rehash() {
    int[] fresh = new int[2 * table.length];
    int mask = fresh.length - 1;
    int shift = 32 - Integer.numberOfTrailingZeros(fresh.length);
    for (int id = 1; id < words; id++) {
      int s = (hash[id] * 0x9E3779B9) >>> shift;
      while (fresh[s] != 0) {
        s = (s + 1) & mask;
      }
      fresh[s] = id + 1;
      slotOf[id] = s;
    }
    table = fresh;
  }

  /** Distinct words so far, the empty word included: ids are {@code 0 .. words() - 1}. */
  int words() {
    return words;
  }

  /** Hypotheses added. */
  int hypotheses() {
    return hypotheses;
  }

  /** Words of all hypotheses, in order: hypothesis {@code h} is {@code [end(h - 1), end(h))}. */
  int[] tokens() {
    return tokens;
  }

  /** One past the last word of hypothesis {@code h}. */
  int end(int h) {
    return hypothesisEnd[h];
  }

  /** Appends the characters of word {@code id} to {@code out}. */
  void append(StringBuilder out, int id) {
    out.append(chars, start[id], length[id]);
  }

  /** By length in code points, then by code points. */
  @Override
  public int compare(int a, int b) {
    int la = Character.codePointCount(chars, start[a], length[a]);
    int lb = Character.codePointCount(chars, start[b], length[b]);
    if (la != lb) {
      return Integer.compare(la, lb);
    }
    return compareCodePoints(start[a], start[a] + length[a], start[b], start[b] + length[b]);
  }

  /** Compares {@code chars[i, ei)} and {@code chars[j, ej)} by Unicode code points. */
  private int compareCodePoints(int i, int ei, int j, int ej) {
    char[] c = chars;
    while (i < ei && j < ej) {
      int ca = Character.codePointAt(c, i, ei);
      int cb = Character.codePointAt(c, j, ej);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(ei - i, ej - j);
  }
}
