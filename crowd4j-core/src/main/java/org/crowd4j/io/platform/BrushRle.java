package org.crowd4j.io.platform;

import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.PixelBudget;

/**
 * Decodes the run-length encoding of Label Studio's brush results ({@code value.format: "rle"}),
 * the bit-packed format of the {@code @thi.ng/rle-pack} library that Label Studio's frontend writes
 * and {@code label-studio-converter} reads ({@code brush.py}): over the RGBA bytes of the image,
 * {@code width × height × 4} of them, row-major. Bits are read most significant first within each
 * byte. A header of a 32-bit count of bytes, 5 bits for the word size less one and four 4-bit sizes
 * (each less one) of run-length fields; then runs, each a flag bit, a 2-bit choice of the four
 * sizes and the run length less one in that many bits, followed by one word repeated over the run
 * (flag 1) or one word per byte of the run (flag 0). A pixel is set where its alpha byte (the
 * fourth) is not zero.
 */
final class BrushRle {
  private final byte[] data;
  private long at;

  private BrushRle(byte[] data) {
    this.data = data;
  }

  /**
   * The mask of {@code rle} over a {@code width × height} image.
   *
   * @throws IllegalArgumentException naming the problem (a count that does not fit the size, runs
   *     past the count, the bytes ending inside a run)
   */
  static Mask decode(byte[] rle, int width, int height) {
    if (width < 1 || height < 1 || (long) width * height > Integer.MAX_VALUE / 4) {
      throw new IllegalArgumentException("bad image size " + width + "x" + height);
    }
    PixelBudget.check(height, width);
    BrushRle in = new BrushRle(rle);
    long count = in.read(32);
    long expected = 4L * width * height;
    if (count != expected) {
      throw new IllegalArgumentException(
          "the encoding holds "
              + count
              + " bytes, but a "
              + width
              + "x"
              + height
              + " RGBA image has "
              + expected);
    }
    int wordSize = (int) in.read(5) + 1;
    int[] runSizes = new int[4];
    for (int k = 0; k < 4; k++) {
      runSizes[k] = (int) in.read(4) + 1;
    }
    long[] bits = new long[(width * height + 63) >>> 6];
    long i = 0;
    while (i < count) {
      boolean repeated = in.read(1) == 1;
      long end = i + 1 + in.read(runSizes[(int) in.read(2)]);
      if (end > count) {
        throw new IllegalArgumentException(
            "a run at byte " + i + " ends at " + end + ", past the " + count + " bytes");
      }
      if (repeated) {
        long value = in.read(wordSize);
        if (value != 0) {
          for (long b = i | 3; b < end; b += 4) { // the alpha bytes of the run
            set(bits, b);
          }
        }
        i = end;
      } else {
        for (; i < end; i++) {
          long value = in.read(wordSize);
          if (value != 0 && (i & 3) == 3) {
            set(bits, i);
          }
        }
      }
    }
    long left = 8L * rle.length - in.at;
    if (left >= 8) {
      throw new IllegalArgumentException(
          (left / 8) + " byte(s) after the end of the encoding (" + rle.length + " bytes)");
    }
    return Mask.ofBits(height, width, bits);
  }

  private static void set(long[] bits, long alphaByte) {
    int pixel = (int) (alphaByte >>> 2);
    bits[pixel >>> 6] |= 1L << pixel;
  }

  /** The next {@code n} bits (at most 32) as an unsigned number. */
  private long read(int n) {
    if (at + n > 8L * data.length) {
      throw new IllegalArgumentException(
          "the encoding ends inside a field (" + data.length + " bytes)");
    }
    long v = 0;
    for (int k = 0; k < n; k++, at++) {
      int bit = (data[(int) (at >>> 3)] >>> (7 - (int) (at & 7))) & 1;
      v = (v << 1) | bit;
    }
    return v;
  }
}
