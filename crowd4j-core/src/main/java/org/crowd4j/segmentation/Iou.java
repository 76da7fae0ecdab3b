package org.crowd4j.segmentation;

/** Intersection over union of two masks of the same size (1 when both are empty). */
public final class Iou {
  private Iou() {}

  /** |a ∧ b| / |a ∨ b|. */
  public static double of(Mask a, Mask b) {
    if (!a.sameSize(b)) {
      throw new IllegalArgumentException(
          "masks of " + a.height() + "x" + a.width() + " and " + b.height() + "x" + b.width());
    }
    long inter = 0;
    long union = 0;
    for (int k = 0; k < Mask.words(a.pixels()); k++) {
      inter += Long.bitCount(a.word(k) & b.word(k));
      union += Long.bitCount(a.word(k) | b.word(k));
    }
    return union == 0 ? 1 : (double) inter / union;
  }
}
