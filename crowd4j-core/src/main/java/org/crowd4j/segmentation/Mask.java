package org.crowd4j.segmentation;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An immutable binary segmentation mask of {@code height × width} pixels, row-major, packed 64
 * pixels to a {@code long}. Text forms: rows of {@code 0}/{@code 1} joined by {@code ;}
 * (crowd-kit's fixtures, {@link #parseRows}) and a run-length form {@code HxW:r0 r1 r2 …} of
 * alternating runs of 0s and 1s in row-major order, starting with 0s ({@link #parseRle}).
 */
public final class Mask {
  /** Eight bytes of a {@code byte[]} as one little-endian {@code long}. */
  private static final VarHandle LITTLE_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** For each byte of pixels, its eight characters {@code 0}/{@code 1}, first pixel lowest. */
  private static final long[] DIGITS = new long[256];

  static {
    for (int e = 0; e < 256; e++) {
      for (int j = 0; j < 8; j++) {
        DIGITS[e] |= (long) ('0' + ((e >>> j) & 1)) << (8 * j);
      }
    }
  }

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
    String t = s.trim();
    byte[] x = latin1(t);
    Mask tight = tightRows(x);
    if (tight != null) {
      return tight;
    }
    int len = x.length;
    int h = 1;
    for (byte c : x) {
      h += c == ';' ? 1 : 0;
    }
    int end0 = t.indexOf(';');
    int w = trimmedEnd(x, 0, end0 < 0 ? len : end0) - trimmedStart(x, 0, end0 < 0 ? len : end0);
    if (w <= 0) {
      throw new IllegalArgumentException("row 1 is empty");
    }
    PixelBudget.check(h, w);
    long[] b = new long[words(h * w)];
    int start = 0;
    for (int r = 0; r < h; r++) {
      int stop = start;
      while (stop < len && x[stop] != ';') {
        stop++;
      }
      int a = trimmedStart(x, start, stop);
      int z = trimmedEnd(x, a, stop);
      if (z - a != w) {
        throw new IllegalArgumentException(
            "row " + (r + 1) + " has " + (z - a) + " pixels, row 1 has " + w);
      }
      int i = r * w;
      long word = 0;
      int bad = 0;
      for (int c = a; c < z; c++, i++) {
        int bit = x[c] - '0';
        bad |= bit;
        word |= (long) bit << i;
        if ((i & 63) == 63) {
          b[i >>> 6] |= word;
          word = 0;
        }
      }
      if ((i & 63) != 0) {
        b[i >>> 6] |= word;
      }
      if ((bad & ~1) != 0) {
        for (int c = a; ; c++) {
          if (x[c] != '0' && x[c] != '1') {
            throw new IllegalArgumentException(
                "row " + (r + 1) + " holds '" + t.charAt(c) + "' (pixels are 0 or 1)");
          }
        }
      }
      start = stop + 1;
    }
    return new Mask(h, w, b);
  }

  /**
   * The mask of rows written tightly (no blanks, rows of equal width, {@code ;} only between rows),
   * eight pixels at a time: each eight characters read as one little-endian {@code long}, less
   * {@code '0'} in every byte, are eight bytes of 0 or 1 exactly when they are all digits 0/1, and
   * a multiplication gathers their low bits into one byte. {@code null} for any other text (the
   * general parser then reads it or words the problem).
   */
  private static Mask tightRows(byte[] x) {
    int len = x.length;
    int w = 0;
    while (w < len && x[w] != ';') {
      w++;
    }
    if (w == 0 || (len + 1) % (w + 1) != 0) {
      return null;
    }
    int h = (len + 1) / (w + 1);
    for (int r = 1; r < h; r++) {
      if (x[r * (w + 1) - 1] != ';') {
        return null;
      }
    }
    long[] b = new long[words(h * w)];
    long bad = 0;
    int i = 0;
    for (int r = 0; r < h; r++) {
      int c = r * (w + 1);
      int end = c + w;
      for (; c + 8 <= end; c += 8, i += 8) {
        long v = (long) LITTLE_ENDIAN_LONGS.get(x, c) - 0x3030303030303030L;
        bad |= v;
        long eight = (v * 0x0102040810204080L) >>> 56;
        b[i >>> 6] |= eight << i;
        if ((i & 63) > 56) {
          b[(i >>> 6) + 1] |= eight >>> -i;
        }
      }
      for (; c < end; c++, i++) {
        int bit = x[c] - '0';
        bad |= bit;
        b[i >>> 6] |= (long) (bit & 1) << i;
      }
    }
    if ((bad & 0xFEFEFEFEFEFEFEFEL) != 0) {
      return null;
    }
    PixelBudget.check(h, w);
    return new Mask(h, w, b);
  }

  /**
   * One byte per character of {@code s}: Latin-1 as is, any other character {@code '?'} (which no
   * mask syntax uses), so that positions match the string's.
   */
  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The first index in {@code [from, to)} past characters {@link String#trim} drops. */
  private static int trimmedStart(byte[] s, int from, int to) {
    while (from < to && (s[from] & 0xFF) <= ' ') {
      from++;
    }
    return from;
  }

  /** The end of {@code [from, to)} before characters {@link String#trim} drops. */
  private static int trimmedEnd(byte[] s, int from, int to) {
    while (to > from && (s[to - 1] & 0xFF) <= ' ') {
      to--;
    }
    return to;
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
    byte[] bytes = latin1(t);
    int len = bytes.length;
    int i = trimmedStart(bytes, colon + 1, len);
    int at = 0;
    boolean one = false;
    while (i < len) {
      if (isSpace(bytes[i])) {
        i++;
        continue;
      }
      int start = i;
      long v = 0;
      int d;
      while (i < len && (d = bytes[i] - '0') >= 0 && d <= 9) {
        v = 10 * v + d;
        i++;
      }
      if (i - start > 10 || v > Integer.MAX_VALUE || (i < len && !isSpace(bytes[i]))) {
        while (i < len && !isSpace(bytes[i])) {
          i++;
        }
        throw new IllegalArgumentException(
            "run '" + t.substring(start, i) + "' is not a whole number");
      }
      if (at + v > n) {
        throw new IllegalArgumentException("runs exceed the " + n + " pixels of " + h + "x" + w);
      }
      if (one) {
        fill(b, at, at + (int) v);
      }
      at += (int) v;
      one = !one;
    }
    if (at != n) {
      throw new IllegalArgumentException("runs cover " + at + " of the " + n + " pixels");
    }
    return new Mask(h, w, b);
  }

  /** White space as the regular expression {@code \s} means it: space, tab, LF, VT, FF, CR. */
  private static boolean isSpace(byte c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /** Sets bits {@code [from, to)} of {@code b}, a word at a time. */
  static void fill(long[] b, int from, int to) {
    if (from >= to) {
      return;
    }
    int first = from >>> 6;
    int last = (to - 1) >>> 6;
    long head = -1L << from;
    long tail = -1L >>> -to;
    if (first == last) {
      b[first] |= head & tail;
      return;
    }
    b[first] |= head;
    for (int k = first + 1; k < last; k++) {
      b[k] = -1L;
    }
    b[last] |= tail;
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
    byte[] out = new byte[height * (width + 1) - 1];
    int o = 0;
    int i = 0;
    for (int r = 0; r < height; r++) {
      if (r > 0) {
        out[o++] = ';';
      }
      int end = i + width;
      for (; i + 8 <= end; i += 8, o += 8) {
        long eight = bits[i >>> 6] >>> i;
        if ((i & 63) > 56) {
          eight |= bits[(i >>> 6) + 1] << -i;
        }
        LITTLE_ENDIAN_LONGS.set(out, o, DIGITS[(int) eight & 0xFF]);
      }
      for (; i < end; i++) {
        out[o++] = (byte) ('0' + ((bits[i >>> 6] >>> i) & 1));
      }
    }
    return new String(out, StandardCharsets.ISO_8859_1);
  }

  /** The run-length form {@code HxW:runs}. */
  public String toRle() {
    StringBuilder sb = new StringBuilder().append(height).append('x').append(width).append(':');
    int n = height * width;
    int at = 0;
    boolean one = false;
    while (true) {
      int end = next(at, one ? -1L : 0L, n);
      if (at > 0 || one) {
        sb.append(' ');
      }
      sb.append(end - at);
      if (end >= n) {
        return sb.toString();
      }
      at = end;
      one = !one;
    }
  }

  /**
   * The first pixel at or after {@code from} whose bit differs from {@code flip}'s ({@code 0}: the
   * next set pixel, {@code -1}: the next clear one), or {@code n} when there is none.
   */
  private int next(int from, long flip, int n) {
    int k = from >>> 6;
    long word = (bits[k] ^ flip) & (-1L << from);
    while (word == 0) {
      if (++k == bits.length) {
        return n;
      }
      word = bits[k] ^ flip;
    }
    return Math.min(n, (k << 6) + Long.numberOfTrailingZeros(word));
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
