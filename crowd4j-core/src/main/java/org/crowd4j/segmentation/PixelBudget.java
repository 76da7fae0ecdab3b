package org.crowd4j.segmentation;

/**
 * The largest mask, in pixels, that readers accept: checked from a mask's declared size (a
 * run-length header, a PNG header, a platform export's image size) before any pixel is allocated,
 * so that a small file cannot declare an image that exhausts the memory. The methods need about 20
 * bytes per pixel of one image while they run. The default, 2<sup>26</sup> pixels (8192 × 8192),
 * can be changed with the system property {@value #PROPERTY} or {@link #setMaxPixels}.
 *
 * <p>The masks of one file together are held to a second budget, {@link #maxTotalPixels()}: a mask
 * is one bit per pixel, so a few short run-length fields could otherwise declare more masks than
 * the memory holds. By default they may take half the Java heap ({@code 4 × maxMemory} pixels); the
 * system property {@value #TOTAL_PROPERTY} sets another count.
 */
public final class PixelBudget {
  /** The system property that sets the budget at start-up. */
  public static final String PROPERTY = "crowd4j.maxPixels";

  /** The system property that sets the budget of one file's masks together, in pixels. */
  public static final String TOTAL_PROPERTY = "crowd4j.maxTotalPixels";

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
   * The most pixels the masks of one file may hold together: {@value #TOTAL_PROPERTY} when set,
   * else four times the heap's limit in bytes (the masks' bits then fill at most half the heap).
   *
   * @throws IllegalStateException when {@value #TOTAL_PROPERTY} is not a positive count
   */
  public static long maxTotalPixels() {
    String v = System.getProperty(TOTAL_PROPERTY);
    if (v == null || v.isBlank()) {
      long heap = Runtime.getRuntime().maxMemory();
      return heap >= Long.MAX_VALUE / 4 ? Long.MAX_VALUE : 4 * heap;
    }
    try {
      long n = Long.parseLong(v.strip());
      if (n < 1) {
        throw new NumberFormatException("not positive");
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "system property " + TOTAL_PROPERTY + "='" + v + "': " + e.getMessage(), e);
    }
  }

  /**
   * Refuses a file whose masks so far, {@code pixels} in all, exceed {@link #maxTotalPixels()}.
   *
   * @throws IllegalArgumentException naming the count and the budget
   */
  public static void checkTotal(long pixels) {
    long budget = maxTotalPixels();
    if (pixels > budget) {
      throw new IllegalArgumentException(
          "the masks read so far hold "
              + pixels
              + " pixels in all, more than the "
              + budget
              + " one file may hold (half the Java heap; raise it with -Xmx or -D"
              + TOTAL_PROPERTY
              + ")");
    }
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
