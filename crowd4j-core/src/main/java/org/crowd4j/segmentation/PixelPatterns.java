package org.crowd4j.segmentation;

import java.util.Arrays;

/**
 * The masks of one image grouped by pixel pattern: pixels that the same set of workers marked
 * behave identically in majority vote, segmentation RASA and segmentation EM (each pixel's state
 * depends only on its votes and, in EM, on a prior that starts as the vote mean), so the methods
 * iterate over the distinct patterns with their pixel counts instead of over pixels. With at most
 * 63 workers a pattern is one {@code long} and patterns are found by sorting; beyond, every pixel
 * is its own pattern.
 */
final class PixelPatterns {
  /** Workers (masks) of the image. */
  final int workers;

  /** Distinct patterns. */
  final int count;

  /** Pixels per pattern. */
  final int[] pixels;

  /**
   * Whether worker {@code w} marked the pixels of pattern {@code p}: {@code vote[p * workers + w]}.
   */
  final boolean[] vote;

  /** Pattern of each pixel. */
  final int[] patternOf;

  private PixelPatterns(int workers, int count, int[] pixels, boolean[] vote, int[] patternOf) {
    this.workers = workers;
    this.count = count;
    this.pixels = pixels;
    this.vote = vote;
    this.patternOf = patternOf;
  }

  /** Groups the pixels of {@code masks} (all the same size). */
  static PixelPatterns of(Mask[] masks) {
    int m = masks.length;
    int n = masks[0].pixels();
    if (m > 63) {
      boolean[] vote = new boolean[n * m];
      int[] pixels = new int[n];
      int[] patternOf = new int[n];
      for (int i = 0; i < n; i++) {
        pixels[i] = 1;
        patternOf[i] = i;
        for (int w = 0; w < m; w++) {
          vote[i * m + w] = masks[w].get(i);
        }
      }
      return new PixelPatterns(m, n, pixels, vote, patternOf);
    }
    long[] code = new long[n];
    for (int w = 0; w < m; w++) {
      Mask mask = masks[w];
      long bit = 1L << w;
      for (int k = 0; k < Mask.words(n); k++) {
        long word = mask.word(k);
        while (word != 0) {
          int i = (k << 6) + Long.numberOfTrailingZeros(word);
          code[i] |= bit;
          word &= word - 1;
        }
      }
    }
    long[] sorted = code.clone();
    Arrays.sort(sorted);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || sorted[i] != sorted[i - 1]) {
        sorted[distinct++] = sorted[i];
      }
    }
    int[] pixels = new int[distinct];
    int[] patternOf = new int[n];
    for (int i = 0; i < n; i++) {
      int p = Arrays.binarySearch(sorted, 0, distinct, code[i]);
      patternOf[i] = p;
      pixels[p]++;
    }
    boolean[] vote = new boolean[distinct * m];
    for (int p = 0; p < distinct; p++) {
      for (int w = 0; w < m; w++) {
        vote[p * m + w] = (sorted[p] & (1L << w)) != 0;
      }
    }
    return new PixelPatterns(m, distinct, pixels, vote, patternOf);
  }

  /** The mask that sets the pixels of every pattern {@code p} with {@code on[p]}. */
  Mask mask(int height, int width, boolean[] on) {
    long[] b = new long[Mask.words(height * width)];
    for (int i = 0; i < patternOf.length; i++) {
      if (on[patternOf[i]]) {
        b[i >>> 6] |= 1L << i;
      }
    }
    return new Mask(height, width, b);
  }
}
