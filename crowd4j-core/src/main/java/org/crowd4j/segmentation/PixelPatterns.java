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

  /** Pattern of each pixel. */
  final int[] patternOf;

  /**
   * The workers' bits of each pattern (bit {@code w}: worker {@code w}); null beyond 63 workers.
   */
  private final long[] codes;

  /** The masks, read directly when every pixel is its own pattern. */
  private final Mask[] masks;

  private PixelPatterns(int count, int[] pixels, int[] patternOf, long[] codes, Mask[] masks) {
    this.workers = masks.length;
    this.count = count;
    this.pixels = pixels;
    this.patternOf = patternOf;
    this.codes = codes;
    this.masks = masks;
  }

  /** Whether worker {@code w} marked the pixels of pattern {@code p}. */
  boolean voted(int p, int w) {
    return codes != null ? (codes[p] & (1L << w)) != 0 : masks[w].get(p);
  }

  /** Groups the pixels of {@code masks} (all the same size). */
  static PixelPatterns of(Mask[] masks) {
    int m = masks.length;
    int n = masks[0].pixels();
    if (m > 63) {
      int[] pixels = new int[n];
      int[] patternOf = new int[n];
      for (int i = 0; i < n; i++) {
        pixels[i] = 1;
        patternOf[i] = i;
      }
      return new PixelPatterns(n, pixels, patternOf, null, masks.clone());
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
    return new PixelPatterns(
        distinct, pixels, patternOf, Arrays.copyOf(sorted, distinct), masks.clone());
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
