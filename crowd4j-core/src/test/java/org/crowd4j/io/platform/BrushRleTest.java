package org.crowd4j.io.platform;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.crowd4j.segmentation.Mask;
import org.junit.jupiter.api.Test;

/**
 * Label Studio's brush run-length encoding: a case worked out by hand, and masks encoded by the
 * encoder below (written after the format's description: header, then repeated and literal runs)
 * decoded back.
 */
class BrushRleTest {
  /** Writes bits most significant first. */
  static final class Bits {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private int current;
    private int used;

    void put(long value, int n) {
      for (int k = n - 1; k >= 0; k--) {
        current = (current << 1) | (int) ((value >>> k) & 1);
        if (++used == 8) {
          out.write(current);
          current = 0;
          used = 0;
        }
      }
    }

    byte[] bytes() {
      if (used > 0) {
        out.write(current << (8 - used));
        current = 0;
        used = 0;
      }
      return out.toByteArray();
    }
  }

  /** Run-length field sizes of the encoder (each 1 to 16 bits). */
  private static final int[] SIZES = {2, 5, 9, 16};

  /**
   * Encodes {@code values} (bytes, 0-255): runs of two or more equal values as repeated runs, the
   * values between them as literal runs, with {@code wordSize}-bit words.
   */
  static byte[] encode(int[] values, int wordSize) {
    Bits b = new Bits();
    b.put(values.length, 32);
    b.put(wordSize - 1, 5);
    for (int s : SIZES) {
      b.put(s - 1, 4);
    }
    int i = 0;
    while (i < values.length) {
      int j = i;
      while (j < values.length && values[j] == values[i] && j - i < 1 << 16) {
        j++;
      }
      if (j - i >= 2) {
        run(b, 1, j - i);
        b.put(values[i], wordSize);
      } else {
        j = i + 1;
        while (j < values.length
            && j - i < 1 << 16
            && !(j + 1 < values.length && values[j] == values[j + 1])) {
          j++;
        }
        run(b, 0, j - i);
        for (int k = i; k < j; k++) {
          b.put(values[k], wordSize);
        }
      }
      i = j;
    }
    return b.bytes();
  }

  private static void run(Bits b, int flag, int length) {
    int k = 0;
    while (length - 1 >= 1 << SIZES[k]) {
      k++;
    }
    b.put(flag, 1);
    b.put(k, 2);
    b.put(length - 1, SIZES[k]);
  }

  /** The RGBA bytes of a mask: set pixels in {@code color} with alpha 255, others all 0. */
  static int[] rgba(Mask m, int r, int g, int b) {
    int[] out = new int[4 * m.pixels()];
    for (int i = 0; i < m.pixels(); i++) {
      if (m.get(i)) {
        out[4 * i] = r;
        out[4 * i + 1] = g;
        out[4 * i + 2] = b;
        out[4 * i + 3] = 255;
      }
    }
    return out;
  }

  @Test
  void aTinyCaseWorkedOutByHand() {
    // A 2x1 image whose second pixel is set: bytes 0 0 0 0 | 9 9 9 255.
    // Header: count 8 (32 bits), word size 8 (5 bits holding 7), run field sizes 1, 2, 3, 4
    // (4 bits each, holding 0, 1, 2, 3). Runs: flag, size choice (2 bits), length - 1, words:
    //   repeated, size 2 bits, length 4 (11), word 0;
    //   repeated, size 2 bits, length 3 (10), word 9;
    //   literal,  size 1 bit,  length 1 (0),  word 255.
    String bits =
        "00000000000000000000000000001000"
            + "00111"
            + "0000000100100011"
            + "1"
            + "01"
            + "11"
            + "00000000"
            + "1"
            + "01"
            + "10"
            + "00001001"
            + "0"
            + "00"
            + "0"
            + "11111111";
    byte[] rle = new byte[(bits.length() + 7) / 8];
    for (int i = 0; i < bits.length(); i++) {
      if (bits.charAt(i) == '1') {
        rle[i / 8] |= (byte) (0x80 >>> (i % 8));
      }
    }
    Mask m = BrushRle.decode(rle, 2, 1);
    assertEquals("01", m.toRows());
    // the encoder in this test writes the same pixels another way; they decode alike
    assertEquals(m, BrushRle.decode(encode(new int[] {0, 0, 0, 0, 9, 9, 9, 255}, 8), 2, 1));
  }

  @Test
  void encodedMasksDecodeBack() {
    Random rnd = new Random(11);
    for (int trial = 0; trial < 200; trial++) {
      int h = 1 + rnd.nextInt(40);
      int w = 1 + rnd.nextInt(40);
      boolean[] px = new boolean[h * w];
      double p = rnd.nextDouble();
      boolean blocky = rnd.nextBoolean();
      for (int i = 0; i < px.length; i++) {
        px[i] = blocky ? (i / w > h / 3 && i % w < w / 2) : rnd.nextDouble() < p;
      }
      Mask m = Mask.of(h, w, px);
      int[] values = rgba(m, rnd.nextInt(256), rnd.nextInt(256), rnd.nextInt(256));
      assertEquals(m, BrushRle.decode(encode(values, 8), w, h), "trial " + trial);
    }
    // a large empty image: runs longer than the longest run field are split
    Mask empty = Mask.of(300, 300, new boolean[300 * 300]);
    assertEquals(empty, BrushRle.decode(encode(rgba(empty, 0, 0, 0), 8), 300, 300));
  }

  @Test
  void badEncodingsAreRefused() {
    Mask m = Mask.parseRows("01;10");
    byte[] rle = encode(rgba(m, 1, 2, 3), 8);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BrushRle.decode(rle, 3, 2));
    assertTrue(e.getMessage().contains("holds 16 bytes, but a 3x2 RGBA image has 24"));
    byte[] cut = java.util.Arrays.copyOf(rle, rle.length - 2);
    e = assertThrows(IllegalArgumentException.class, () -> BrushRle.decode(cut, 2, 2));
    assertTrue(e.getMessage().contains("ends inside a field"), e.getMessage());
    assertArrayEquals(m.bits(), BrushRle.decode(rle, 2, 2).bits());
  }
}
