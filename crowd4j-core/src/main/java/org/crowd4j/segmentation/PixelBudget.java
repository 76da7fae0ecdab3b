package org.crowd4j.segmentation;

/**
 * The largest mask, in pixels, that readers accept: checked from a mask's declared size (a
 * run-length header, a PNG header, a platform export's image size) before any pixel is allocated,
 * so that a small file cannot declare an image that exhausts the memory. The methods need about 20
 * bytes per pixel of one image while they run. The default, 2<sup>26</sup> pixels (8192 × 8192),
 * can be changed with the system property {@value #PROPERTY} or {@link #setMaxPixels}.
 */
public final class PixelBudget {
  /** The system property that sets the budget at start-up. */
  public static final String PROPERTY = "crowd4j.maxPixels";

  /** The default budget: 8192 × 8192 pixels. */
  public static final long DEFAULT_MAX_PIXELS = 1L << 26;

  /** The largest budget a mask can have (its pixels are counted by an {@code int}). */
  public static final long LIMIT = Integer.MAX_VALUE - 64;

  private static volatile long maxPixels = initial();

  private PixelBudget() {}

  private static long initial() {
    String v = System.getProperty(PROPERTY);
    if (v == null || v.isBlank()) {
      return DEFAULT_MAX_PIXELS;
    }
    try {
      return checked(Long.parseLong(v.strip()));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "system property " + PROPERTY + "='" + v + "': " + e.getMessage(), e);
    }
  }

  private static long checked(long pixels) {
    if (pixels < 1 || pixels > LIMIT) {
      throw new IllegalArgumentException("the pixel budget must be in 1.." + LIMIT + ": " + pixels);
    }
    return pixels;
  }

  /** The budget in pixels per mask. */
  public static long maxPixels() {
    return maxPixels;
  }

  /**
   * Sets the budget for every reader of this JVM.
   *
   * @throws IllegalArgumentException outside 1..{@link #LIMIT}
   */
  public static void setMaxPixels(long pixels) {
    maxPixels = checked(pixels);
  }

  /**
   * Refuses a declared {@code height × width} that is not positive or exceeds the budget.
   *
   * @throws IllegalArgumentException naming the size and the budget
   */
  public static void check(long height, long width) {
    if (height < 1 || width < 1) {
      throw new IllegalArgumentException("bad mask size " + height + "x" + width);
    }
    long budget = maxPixels;
    if (height > budget || width > budget || height * width > budget) {
      throw new IllegalArgumentException(
          "a "
              + height
              + "x"
              + width
              + " mask exceeds the pixel budget of "
              + budget
              + " pixels (raise it with --max-pixels or -D"
              + PROPERTY
              + ")");
    }
  }
}
