package org.crowd4j.segmentation;

import java.util.Arrays;

/**
 * The masks of one image grouped by pixel pattern: pixels that the same set of workers marked
 * behave identically in majority vote, segmentation RASA and segmentation EM (each pixel's state
 * depends only on its votes and, in EM, on a prior that starts as the vote mean), so the methods
 * iterate over the distinct patterns with their pixel counts instead of over pixels. With at most
 * 63 workers a pattern is one {@code long} (bit {@code w}: worker {@code w}) and patterns are kept
 * in ascending order of that code; beyond, every pixel is its own pattern.
 *
 * <p>The patterns are read from the packed words: the pixels where every worker agrees are counted
 * by one popcount for "nobody" and one for "everybody"; those where workers disagree are split by
 * one worker's word after another down to their codes (up to {@value #TABLE_WORKERS} workers, codes
 * indexing a table), or beyond read one by one and sorted.
 */
final class PixelPatterns {
  /** The most workers whose codes index a table (2^12 entries). */
  private static final int TABLE_WORKERS = 12;

  /** Workers (masks) of the image. */
  final int workers;

  /** Distinct patterns. */
  final int count;

  /** Pixels per pattern. */
  final int[] pixels;

  /**
   * The workers' bits of each pattern, ascending; null beyond 63 workers (pattern {@code p} is then
   * pixel {@code p}).
   */
  private final long[] codes;

  /** Pattern of each code up to {@value #TABLE_WORKERS} workers (−1: absent); else null. */
  private final int[] table;

  /** The masks. */
  private final Mask[] masks;

  private PixelPatterns(int count, int[] pixels, long[] codes, int[] table, Mask[] masks) {
    this.workers = masks.length;
    this.count = count;
    this.pixels = pixels;
    this.codes = codes;
    this.table = table;
    this.masks = masks;
  }

  /** Whether worker {@code w} marked the pixels of pattern {@code p}. */
  boolean voted(int p, int w) {
    return codes != null ? (codes[p] & (1L << w)) != 0 : masks[w].get(p);
  }

  /** Groups the pixels of {@code masks} (all the same size). */
  static PixelPatterns of(Mask[] masks) {
    Mask[] own = masks.clone();
    int m = own.length;
    int n = own[0].pixels();
    if (m > 63) {
      int[] pixels = new int[n];
      Arrays.fill(pixels, 1);
      return new PixelPatterns(n, pixels, null, null, own);
    }
    long everybody = m == 63 ? Long.MAX_VALUE : (1L << m) - 1;
    int words = Mask.words(n);
    long[] w = new long[m];
    int[] tableCounts = m <= TABLE_WORKERS ? new int[1 << m] : null;
    long[] mixed = tableCounts == null ? new long[64] : null;
    int mixedCount = 0;
    int none = 0;
    int all = 0;
    for (int k = 0; k < words; k++) {
      long and = -1L;
      long or = 0;
      for (int j = 0; j < m; j++) {
        long x = own[j].word(k);
        w[j] = x;
        and &= x;
        or |= x;
      }
      long valid = valid(k, words, n);
      all += Long.bitCount(and & valid);
      none += Long.bitCount(~or & valid);
      long diff = (or & ~and) & valid;
      if (diff == 0) {
        continue;
      }
      if (tableCounts != null) {
        count(w, 0, m, diff, 0, tableCounts);
        continue;
      }
      for (; diff != 0; diff &= diff - 1) {
        if (mixedCount == mixed.length) {
          mixed = Arrays.copyOf(mixed, mixedCount * 2);
        }
        mixed[mixedCount++] = code(w, m, Long.numberOfTrailingZeros(diff));
      }
    }
    if (tableCounts != null) {
      tableCounts[0] += none;
      tableCounts[(int) everybody] += all;
      return fromTable(tableCounts, own);
    }
    return fromSorted(mixed, mixedCount, none, all, everybody, own);
  }

  /** The bits of pixels {@code < n} in word {@code k} of {@code words}. */
  static long valid(int k, int words, int n) {
    return k == words - 1 ? -1L >>> -n : -1L;
  }

  /**
   * Adds to {@code counts} the pixels of {@code set} by the codes of workers {@code j..m−1} in
   * their words {@code w} ({@code code}: the bits of workers {@code 0..j−1}), splitting the set by
   * one worker's word at a time: work in proportion to the distinct codes of the set, not its
   * pixels.
   */
  private static void count(long[] w, int j, int m, long set, int code, int[] counts) {
    if (j == m) {
      counts[code] += Long.bitCount(set);
      return;
    }
    long ones = set & w[j];
    long zeros = set & ~w[j];
    if (ones != 0) {
      count(w, j + 1, m, ones, code | 1 << j, counts);
    }
    if (zeros != 0) {
      count(w, j + 1, m, zeros, code, counts);
    }
  }

  /** The pixels of {@code set} whose pattern is {@code on}, split as {@link #count} splits. */
  private long on(long[] w, int j, int m, long set, int code, boolean[] on) {
    if (j == m) {
      return on[table[code]] ? set : 0;
    }
    long ones = set & w[j];
    long zeros = set & ~w[j];
    return (ones != 0 ? on(w, j + 1, m, ones, code | 1 << j, on) : 0)
        | (zeros != 0 ? on(w, j + 1, m, zeros, code, on) : 0);
  }

  /** The workers' bits at {@code bit} of their words {@code w}. */
  private static long code(long[] w, int m, int bit) {
    long code = 0;
    for (int j = 0; j < m; j++) {
      code |= ((w[j] >>> bit) & 1L) << j;
    }
    return code;
  }

  private static PixelPatterns fromTable(int[] counts, Mask[] masks) {
    int distinct = 0;
    for (int c : counts) {
      distinct += c > 0 ? 1 : 0;
    }
    int[] pixels = new int[distinct];
    long[] codes = new long[distinct];
    int[] table = new int[counts.length];
    int p = 0;
    for (int c = 0; c < counts.length; c++) {
      if (counts[c] > 0) {
        pixels[p] = counts[c];
        codes[p] = c;
        table[c] = p++;
      } else {
        table[c] = -1;
      }
    }
    return new PixelPatterns(distinct, pixels, codes, table, masks);
  }

  private static PixelPatterns fromSorted(
      long[] mixed, int size, int none, int all, long everybody, Mask[] masks) {
    Arrays.sort(mixed, 0, size);
    long[] codes = new long[size + 2];
    int[] pixels = new int[size + 2];
    int p = 0;
    if (none > 0) {
      codes[p] = 0;
      pixels[p++] = none;
    }
    for (int i = 0; i < size; i++) {
      if (i == 0 || mixed[i] != mixed[i - 1]) {
        codes[p++] = mixed[i];
      }
      pixels[p - 1]++;
    }
    if (all > 0) {
      codes[p] = everybody;
      pixels[p++] = all;
    }
    return new PixelPatterns(p, Arrays.copyOf(pixels, p), Arrays.copyOf(codes, p), null, masks);
  }

  /** The pattern of {@code code}. */
  private int pattern(long code) {
    return table != null ? table[(int) code] : Arrays.binarySearch(codes, code);
  }

  /** The mask that sets the pixels of every pattern {@code p} with {@code on[p]}. */
  Mask mask(boolean[] on) {
    int height = masks[0].height();
    int width = masks[0].width();
    int n = height * width;
    int words = Mask.words(n);
    long[] b = new long[words];
    int m = workers;
    if (codes == null) {
      for (int i = 0; i < n; i++) {
        if (on[i]) {
          b[i >>> 6] |= 1L << i;
        }
      }
      return new Mask(height, width, b);
    }
    long everybody = m == 63 ? Long.MAX_VALUE : (1L << m) - 1;
    int pAll = pattern(everybody);
    int pNone = pattern(0);
    boolean allOn = pAll >= 0 && on[pAll];
    boolean noneOn = pNone >= 0 && on[pNone];
    long[] w = new long[m];
    for (int k = 0; k < words; k++) {
      long and = -1L;
      long or = 0;
      for (int j = 0; j < m; j++) {
        long x = masks[j].word(k);
        w[j] = x;
        and &= x;
        or |= x;
      }
      long valid = valid(k, words, n);
      long word = (allOn ? and : 0) | (noneOn ? ~or : 0);
      long diff = (or & ~and) & valid;
      if (table != null) {
        b[k] = (word | (diff != 0 ? on(w, 0, m, diff, 0, on) : 0)) & valid;
        continue;
      }
      for (; diff != 0; diff &= diff - 1) {
        int bit = Long.numberOfTrailingZeros(diff);
        if (on[pattern(code(w, m, bit))]) {
          word |= 1L << bit;
        }
      }
      b[k] = word & valid;
    }
    return new Mask(height, width, b);
  }
}
