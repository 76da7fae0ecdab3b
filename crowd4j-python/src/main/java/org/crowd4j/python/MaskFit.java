package org.crowd4j.python;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.crowd4j.segmentation.Mask;
import org.crowd4j.segmentation.SegmentationResult;

/**
 * A segmentation fit: one mask per task in the order of the caller's task codes, packed as the
 * input was (8 pixels a byte, each mask from a multiple of 8 bytes, see {@link #offsets()}).
 */
public final class MaskFit {
  private final SegmentationResult result;
  private final long[] offsets;
  private final byte[] packed;

  MaskFit(SegmentationResult result) {
    this.result = result;
    Mask[] masks = result.masks();
    offsets = new long[masks.length];
    long bytes = 0;
    for (int t = 0; t < masks.length; t++) {
      offsets[t] = bytes;
      bytes += 8L * ((masks[t].pixels() + 63L) >>> 6);
    }
    if (bytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("the aggregated masks exceed 2 GB packed");
    }
    packed = new byte[(int) bytes];
    ByteBuffer out = ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN);
    for (Mask m : masks) {
      for (long word : m.bits()) {
        out.putLong(word);
      }
    }
  }

  /** Height of each task's mask. */
  public int[] heights() {
    Mask[] masks = result.masks();
    int[] h = new int[masks.length];
    for (int t = 0; t < h.length; t++) {
      h[t] = masks[t].height();
    }
    return h;
  }

  /** Width of each task's mask. */
  public int[] widths() {
    Mask[] masks = result.masks();
    int[] w = new int[masks.length];
    for (int t = 0; t < w.length; t++) {
      w[t] = masks[t].width();
    }
    return w;
  }

  /** Byte offset of each task's mask in {@link #packed()}. */
  public long[] offsets() {
    return offsets.clone();
  }

  /** The masks' pixels, packed. */
  public byte[] packed() {
    return packed;
  }

  /** Per answer: EM's probability of marking a pixel right, RASA's weight; or {@code null}. */
  public double[] answerScores() {
    return result.answerScores();
  }

  /** The result itself, for Java callers. */
  public SegmentationResult result() {
    return result;
  }
}
