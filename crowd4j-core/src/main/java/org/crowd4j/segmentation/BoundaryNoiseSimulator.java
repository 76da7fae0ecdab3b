package org.crowd4j.segmentation;

import java.util.SplittableRandom;

/**
 * Simulated segmenters whose errors sit at the object boundary: each annotator shifts the true mask
 * by a random offset of at most {@code maxShift} pixels in each direction, grows it by {@code grow}
 * pixels (dilation with a square of radius {@code grow}) or shrinks it by {@code −grow} (erosion),
 * then flips each pixel on the boundary of its mask (a pixel with a 4-neighbour of the other value)
 * with probability {@code boundaryFlip}. Truths are one random ellipse per image. Every (image,
 * annotator) pair draws from its own generator split from the seed, and images are simulated in
 * parallel, so the same seed gives the same masks whatever the thread count.
 */
public final class BoundaryNoiseSimulator {
  private BoundaryNoiseSimulator() {}

  /**
   * One annotator's noise.
   *
   * @param maxShift largest shift in pixels, per axis
   * @param grow dilation radius (positive) or erosion radius (negative)
   * @param boundaryFlip probability of flipping a boundary pixel
   */
  public record Annotator(int maxShift, int grow, double boundaryFlip) {
    /** Validates. */
    public Annotator {
      if (maxShift < 0 || !(boundaryFlip >= 0 && boundaryFlip <= 1)) {
        throw new IllegalArgumentException("maxShift >= 0 and boundaryFlip in [0, 1]: " + this);
      }
    }
  }

  /** A simulated crowd: the masks and the true mask per image. */
  public record Crowd(MaskAnswers answers, Mask[] truths) {}

  /**
   * {@code n} true masks of {@code h × w}, one ellipse each inside the image, its semi-axes 15–40 %
   * of the image's sides (so it covers about 7–50 % of the image).
   */
  public static Mask[] ellipses(int n, int h, int w, long seed) {
    Mask[] out = new Mask[n];
    java.util.stream.IntStream.range(0, n)
        .parallel()
        .forEach(
            t -> {
              SplittableRandom r = rng(seed, t, -1);
              double ry = h * (0.15 + 0.25 * r.nextDouble());
              double rx = w * (0.15 + 0.25 * r.nextDouble());
              double cy = ry + (h - 2 * ry) * r.nextDouble();
              double cx = rx + (w - 2 * rx) * r.nextDouble();
              boolean[] px = new boolean[h * w];
              for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                  double dy = (y + 0.5 - cy) / ry;
                  double dx = (x + 0.5 - cx) / rx;
                  px[y * w + x] = dy * dy + dx * dx <= 1;
                }
              }
              out[t] = Mask.of(h, w, px);
            });
    return out;
  }

  /** Every annotator segments every truth (image ids {@code i0…}, worker ids {@code a0…}). */
  public static Crowd simulate(Mask[] truths, Annotator[] annotators, long seed) {
    Mask[][] answers = new Mask[truths.length][annotators.length];
    java.util.stream.IntStream.range(0, truths.length)
        .parallel()
        .forEach(
            t -> {
              for (int k = 0; k < annotators.length; k++) {
                answers[t][k] = noisy(truths[t], annotators[k], rng(seed, t, k));
              }
            });
    MaskAnswers.Builder b = MaskAnswers.builder();
    for (int t = 0; t < truths.length; t++) {
      for (int k = 0; k < annotators.length; k++) {
        b.add("i" + t, "a" + k, answers[t][k]);
      }
    }
    return new Crowd(b.build(), truths.clone());
  }

  /** {@code truth} as {@code a} would draw it. */
  static Mask noisy(Mask truth, Annotator a, SplittableRandom r) {
    int h = truth.height();
    int w = truth.width();
    int dy = a.maxShift() == 0 ? 0 : r.nextInt(2 * a.maxShift() + 1) - a.maxShift();
    int dx = a.maxShift() == 0 ? 0 : r.nextInt(2 * a.maxShift() + 1) - a.maxShift();
    byte[] px = new byte[h * w];
    for (int y = 0; y < h; y++) {
      int sy = y - dy;
      if (sy < 0 || sy >= h) {
        continue;
      }
      for (int x = 0; x < w; x++) {
        int sx = x - dx;
        if (sx >= 0 && sx < w && truth.get(sy * w + sx)) {
          px[y * w + x] = 1;
        }
      }
    }
    if (a.grow() != 0) {
      px = morph(px, h, w, Math.abs(a.grow()), a.grow() > 0);
    }
    boolean[] out = new boolean[h * w];
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int i = y * w + x;
        byte v = px[i];
        boolean edge =
            (y > 0 && px[i - w] != v)
                || (y < h - 1 && px[i + w] != v)
                || (x > 0 && px[i - 1] != v)
                || (x < w - 1 && px[i + 1] != v);
        boolean on = v == 1;
        if (edge && a.boundaryFlip() > 0 && r.nextDouble() < a.boundaryFlip()) {
          on = !on;
        }
        out[i] = on;
      }
    }
    return Mask.of(h, w, out);
  }

  /** Dilation ({@code max}) or erosion with a square of radius {@code rad}, separably. */
  private static byte[] morph(byte[] px, int h, int w, int rad, boolean max) {
    byte[] tmp = new byte[h * w];
    byte[] out = new byte[h * w];
    byte outside = max ? (byte) 0 : (byte) 1;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        byte v = max ? (byte) 0 : (byte) 1;
        for (int k = x - rad; k <= x + rad; k++) {
          byte s = k < 0 || k >= w ? outside : px[y * w + k];
          v = max ? (byte) Math.max(v, s) : (byte) Math.min(v, s);
        }
        tmp[y * w + x] = v;
      }
    }
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        byte v = max ? (byte) 0 : (byte) 1;
        for (int k = y - rad; k <= y + rad; k++) {
          byte s = k < 0 || k >= h ? outside : tmp[k * w + x];
          v = max ? (byte) Math.max(v, s) : (byte) Math.min(v, s);
        }
        out[y * w + x] = v;
      }
    }
    return out;
  }

  private static SplittableRandom rng(long seed, int image, int annotator) {
    long z =
        seed * 0x9E3779B97F4A7C15L + image * 0xBF58476D1CE4E5B9L + annotator * 0x94D049BB133111EBL;
    return new SplittableRandom(z);
  }
}
