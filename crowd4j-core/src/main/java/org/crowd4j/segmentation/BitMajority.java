package org.crowd4j.segmentation;

/**
 * The unweighted majority of masks of one size, 64 pixels at a time: the votes of each word's
 * pixels are counted in bit planes (plane {@code b} holds bit {@code b} of every pixel's count; a
 * mask's word is added by a ripple of carries through the planes), and a pixel is set when its
 * count {@code c} reaches half the masks, {@code 2c ≥ m} (ties set), read from the planes by a
 * bit-sliced comparison with {@code ⌈m/2⌉}. O(words · masks) with a few operations each.
 */
final class BitMajority {
  private BitMajority() {}

  /** The pixels that at least half of {@code masks} (all the same size) set. */
  static Mask of(Mask[] masks) {
    int m = masks.length;
    int n = masks[0].pixels();
    int words = Mask.words(n);
    int planes = 32 - Integer.numberOfLeadingZeros(m);
    int need = (m + 1) >>> 1;
    long[] count = new long[planes];
    long[] out = new long[words];
    for (int k = 0; k < words; k++) {
      java.util.Arrays.fill(count, 0L);
      for (Mask mask : masks) {
        long carry = mask.word(k);
        for (int b = 0; carry != 0 && b < planes; b++) {
          long c = count[b];
          count[b] = c ^ carry;
          carry &= c;
        }
      }
      out[k] = atLeast(count, need) & PixelPatterns.valid(k, words, n);
    }
    return new Mask(masks[0].height(), masks[0].width(), out);
  }

  /** The bits whose count in {@code planes} is at least {@code need}. */
  static long atLeast(long[] planes, int need) {
    long greater = 0;
    long equal = -1L;
    for (int b = planes.length - 1; b >= 0; b--) {
      long c = planes[b];
      if (((need >>> b) & 1) != 0) {
        equal &= c;
      } else {
        greater |= equal & c;
        equal &= ~c;
      }
    }
    return greater | equal;
  }
}
