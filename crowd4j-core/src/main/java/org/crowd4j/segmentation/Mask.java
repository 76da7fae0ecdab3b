package org.crowd4j.segmentation;

import java.util.Arrays;

/**
 * An immutable binary segmentation mask of {@code height × width} pixels, row-major, packed 64
 * pixels to a {@code long}. Text forms: rows of {@code 0}/{@code 1} joined by {@code ;}
 * (crowd-kit's fixtures, {@link #parseRows}) and a run-length form {@code HxW:r0 r1 r2 …} of
 * alternating runs of 0s and 1s in row-major order, starting with 0s ({@link #parseRle}).
 */
public final class Mask {
  private final int height;
  private final int width;
  private final long[] bits;

  Mask(int height, int width, long[] bits) {
    if (height < 1 || width < 1 || (long) height * width > Integer.MAX_VALUE - 64) {
      throw new IllegalArgumentException("mask size " + height + "x" + width);
    }
    if (bits.length != words(height * width)) {
      throw new IllegalArgumentException("mask bits: expected " + words(height * width) + " words");
    }
    this.height = height;
    this.width = width;
    this.bits = bits;
  }

  /** Words needed for {@code pixels} bits. */
  static int words(int pixels) {
    return (pixels + 63) >>> 6;
  }

  /** A mask from one {@code boolean} per pixel, row-major. */
  public static Mask of(int height, int width, boolean[] pixels) {
    if (pixels.length != height * width) {
      throw new IllegalArgumentException(
          "expected " + height * width + " pixels, got " + pixels.length);
    }
    long[] b = new long[words(pixels.length)];
    for (int i = 0; i < pixels.length; i++) {
      if (pixels[i]) {
        b[i >>> 6] |= 1L << i;
      }
    }
    return new Mask(height, width, b);
  }

  /**
   * A mask over packed bits (copied): pixel {@code i} is bit {@code i & 63} of word {@code i/64}.
   */
  public static Mask ofBits(int height, int width, long[] bits) {
    long[] b = bits.clone();
    int n = height * width;
    if ((n & 63) != 0 && b.length == words(n)) {
      b[b.length - 1] &= (1L << (n & 63)) - 1;
    }
    return new Mask(height, width, b);
  }

  /**
   * Parses rows of {@code 0}/{@code 1} joined by {@code ;} (white space around rows ignored).
   *
   * @throws IllegalArgumentException naming the problem (ragged rows, other characters)
   */
  public static Mask parseRows(String s) {
    String[] rows = s.trim().split(";", -1);
    int h = rows.length;
    int w = rows[0].trim().length();
    if (w == 0) {
      throw new IllegalArgumentException("row 1 is empty");
    }
    PixelBudget.check(h, w);
    long[] b = new long[words(h * w)];
    for (int r = 0; r < h; r++) {
      String row = rows[r].trim();
      if (row.length() != w) {
        throw new IllegalArgumentException(
            "row " + (r + 1) + " has " + row.length() + " pixels, row 1 has " + w);
      }
      for (int c = 0; c < w; c++) {
        char ch = row.charAt(c);
        if (ch == '1') {
          int i = r * w + c;
          b[i >>> 6] |= 1L << i;
        } else if (ch != '0') {
          throw new IllegalArgumentException(
              "row " + (r + 1) + " holds '" + ch + "' (pixels are 0 or 1)");
        }
      }
    }
    return new Mask(h, w, b);
  }

  /**
   * Parses {@code HxW:r0 r1 …}: run lengths alternating 0s and 1s, row-major, starting with a run
   * of 0s (which may be 0); the runs must cover the H·W pixels exactly.
   */
  public static Mask parseRle(String s) {
    String t = s.trim();
    int colon = t.indexOf(':');
    int x = t.indexOf('x');
    if (colon < 0 || x < 0 || x > colon) {
      throw new IllegalArgumentException("run-length masks read HxW:runs, e.g. 2x3:1 2 3");
    }
    int h;
    int w;
    try {
      h = count(t.substring(0, x).trim());
      w = count(t.substring(x + 1, colon).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("bad size '" + t.substring(0, colon) + "' (HxW)");
    }
    if (h < 1 || w < 1) {
      throw new IllegalArgumentException("bad size " + h + "x" + w);
    }
    PixelBudget.check(h, w);
    int n = h * w;
    long[] b = new long[words(n)];
    String runs = t.substring(colon + 1).trim();
    int at = 0;
    boolean one = false;
    if (!runs.isEmpty()) {
      for (String part : runs.split("\\s+")) {
        int len;
        try {
          len = count(part);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("run '" + part + "' is not a whole number");
        }
        if (len < 0 || (long) at + len > n) {
          throw new IllegalArgumentException("runs exceed the " + n + " pixels of " + h + "x" + w);
        }
        if (one) {
          for (int i = at; i < at + len; i++) {
            b[i >>> 6] |= 1L << i;
          }
        }
        at += len;
        one = !one;
      }
    }
    if (at != n) {
      throw new IllegalArgumentException("runs cover " + at + " of the " + n + " pixels");
    }
    return new Mask(h, w, b);
  }

  /**
   * A count in plain ASCII digits (no sign, no other script's digits), as an {@code int}.
   *
   * @throws NumberFormatException otherwise
   */
  private static int count(String s) {
    if (s.isEmpty() || s.length() > 10) {
      throw new NumberFormatException(s);
    }
    long v = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        throw new NumberFormatException(s);
      }
      v = 10 * v + (c - '0');
    }
    if (v > Integer.MAX_VALUE) {
      throw new NumberFormatException(s);
    }
    return (int) v;
  }

  /** Rows of 0/1 joined by {@code ;}. */
  public String toRows() {
    StringBuilder sb = new StringBuilder(height * (width + 1));
    for (int r = 0; r < height; r++) {
      if (r > 0) {
        sb.append(';');
      }
      for (int c = 0; c < width; c++) {
        sb.append(get(r * width + c) ? '1' : '0');
      }
    }
    return sb.toString();
  }

  /** The run-length form {@code HxW:runs}. */
  public String toRle() {
    StringBuilder sb = new StringBuilder().append(height).append('x').append(width).append(':');
    int n = height * width;
    boolean cur = false;
    int run = 0;
    boolean first = true;
    for (int i = 0; i < n; i++) {
      boolean v = get(i);
      if (v != cur) {
        sb.append(first ? "" : " ").append(run);
        first = false;
        cur = v;
        run = 0;
      }
      run++;
    }
    sb.append(first ? "" : " ").append(run);
    return sb.toString();
  }

  /** Rows. */
  public int height() {
    return height;
  }

  /** Columns. */
  public int width() {
    return width;
  }

  /** Pixels. */
  public int pixels() {
    return height * width;
  }

  /** Pixel {@code i} (row-major). */
  public boolean get(int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  /** Pixel at row {@code r}, column {@code c}. */
  public boolean get(int r, int c) {
    return get(r * width + c);
  }

  /** Word {@code k} of the packed bits. */
  long word(int k) {
    return bits[k];
  }

  /** A copy of the packed bits. */
  public long[] bits() {
    return bits.clone();
  }

  /** Pixels set. */
  public int cardinality() {
    int c = 0;
    for (long w : bits) {
      c += Long.bitCount(w);
    }
    return c;
  }

  /** Whether {@code other} has the same size. */
  public boolean sameSize(Mask other) {
    return height == other.height && width == other.width;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Mask m
        && m.height == height
        && m.width == width
        && Arrays.equals(m.bits, bits);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * height + width) + Arrays.hashCode(bits);
  }

  @Override
  public String toString() {
    return height * width <= 256 ? toRows() : toRle();
  }
}
