package org.crowd4j.segmentation;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.crowd4j.io.CrowdFormatException;
import org.crowd4j.io.CsvFormat;
import org.crowd4j.io.CsvRecords;
import org.crowd4j.io.PlainCsvColumns;

/**
 * Reads masks in long format, {@code task,worker,segmentation}, one per row. The segmentation field
 * holds either rows of 0/1 joined by {@code ;} (crowd-kit's fixtures), a run-length mask {@code
 * HxW:runs} (see {@link Mask#parseRle}), or the path of a PNG file under the CSV's folder
 * (relative; an absolute path, {@code ..} out of the folder or a link leading out of it are
 * errors), whose pixels are set where a colour sample is non-zero (alpha ignored; palette images by
 * index). Ids follow the strict rules of the record source, {@link CsvRecords}; a malformed mask, a
 * mask whose size differs from the image's other masks and a repeated (task, worker) pair are
 * errors naming file, line and field.
 */
public final class MaskReader {
  private MaskReader() {}

  /**
   * Column names.
   *
   * @param task image id column
   * @param worker worker id column
   * @param segmentation mask column
   */
  public record Layout(String task, String worker, String segmentation) {
    /** crowd-kit's names. */
    public static Layout defaults() {
      return new Layout("task", "worker", "segmentation");
    }
  }

  /**
   * Reads masks laid out as {@code layout} says with the text rules of {@code rules}. A plain file
   * ({@link PlainCsvColumns}) of text masks is read straight from its bytes, each distinct mask
   * parsed once; any other file, and any file with a problem, through {@link CsvRecords}, which
   * words the error.
   */
  public static MaskAnswers read(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    MaskAnswers plain = readPlain(file, layout, rules);
    return plain != null ? plain : readStrictly(file, layout, rules);
  }

  /**
   * The masks of a plain file; {@code null} when the file is not plain, names a PNG or holds a
   * problem.
   */
  static MaskAnswers readPlain(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    PlainCsvColumns.Table t =
        PlainCsvColumns.read(
            file,
            rules.delimiterFor(file),
            new String[] {layout.task(), layout.worker(), layout.segmentation()},
            new int[] {0, 1, 2},
            null);
    if (t == null) {
      return null;
    }
    String[] text = t.names()[2];
    String[] tasks = t.names()[0];
    String[] workers = t.names()[1];
    int[][] codes = t.codes();
    Mask[] masks = new Mask[text.length];
    MaskAnswers.Builder b = MaskAnswers.builder();
    try {
      // in row order, as the strict reader, so that the budget of all masks stops the reading
      for (int r = 0; r < t.rows(); r++) {
        int c = codes[2][r];
        if (masks[c] == null) {
          String s = text[c];
          if (isPng(s)) {
            return null;
          }
          masks[c] = s.indexOf(':') >= 0 ? Mask.parseRle(s) : Mask.parseRows(s);
        }
        b.add(tasks[codes[0][r]], workers[codes[1][r]], masks[c]);
      }
    } catch (IllegalArgumentException e) {
      return null;
    }
    return b.build();
  }

  /** Reads through {@link CsvRecords} only (the path of every file that is not plain). */
  static MaskAnswers readStrictly(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    MaskAnswers.Builder b = MaskAnswers.builder();
    Path dir = file.toAbsolutePath().getParent();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.task());
      int wc = t.column(layout.worker());
      int sc = t.column(layout.segmentation());
      while (t.next()) {
        String task = t.id(tc);
        String worker = t.id(wc);
        Mask mask = parse(t, sc, dir);
        try {
          b.add(task, worker, mask);
        } catch (IllegalArgumentException e) {
          throw t.error(layout.segmentation(), e.getMessage());
        }
      }
    }
    if (b.size() == 0) {
      throw new CrowdFormatException(file, 0, null, "no answers after the header");
    }
    return b.build();
  }

  private static Mask parse(CsvRecords t, int col, Path dir) throws CrowdFormatException {
    String s = t.id(col);
    String name = t.name(col);
    if (isPng(s)) {
      Path png = inside(t, name, dir, s);
      try {
        return readPng(png);
      } catch (IOException | IllegalArgumentException e) {
        throw t.error(name, "cannot read the mask image '" + png + "': " + e.getMessage());
      }
    }
    try {
      return s.indexOf(':') >= 0 ? Mask.parseRle(s) : Mask.parseRows(s);
    } catch (IllegalArgumentException e) {
      throw t.error(name, "field '" + name + "' is not a mask: " + e.getMessage());
    }
  }

  /** Whether the field names an image: it ends with {@code .png}, in any case. */
  private static boolean isPng(String s) {
    return s.length() >= 4 && s.regionMatches(true, s.length() - 4, ".png", 0, 4);
  }

  /**
   * The image path {@code s} resolved under {@code dir}, the CSV's folder; an absolute path, one
   * that climbs out with {@code ..} or a link that leads out of the folder is refused, so that a
   * CSV can only make the reader open images beside it.
   */
  private static Path inside(CsvRecords t, String field, Path dir, String s)
      throws CrowdFormatException {
    Path root = dir.normalize();
    Path png;
    try {
      png = root.resolve(s).normalize();
    } catch (InvalidPathException e) {
      throw t.error(field, "field '" + field + "' is not a file path: " + e.getMessage());
    }
    boolean in = png.startsWith(root);
    if (in && Files.exists(png)) {
      try {
        in = png.toRealPath().startsWith(root.toRealPath());
      } catch (IOException e) {
        in = false;
      }
    }
    if (!in) {
      throw t.error(
          field,
          "field '"
              + field
              + "' names '"
              + s
              + "', outside the folder of the CSV file ("
              + root
              + "): mask images are read from that folder and below");
    }
    return png;
  }

  /** A PNG (or any image ImageIO reads) as a mask: set where a colour sample is non-zero. */
  public static Mask readPng(Path png) throws IOException {
    if (!Files.isRegularFile(png)) {
      throw new IOException("no such file");
    }
    BufferedImage img = decode(png);
    Raster r = img.getRaster();
    int h = img.getHeight();
    int w = img.getWidth();
    int bands = r.getNumBands();
    if (img.getColorModel().hasAlpha() && !(img.getColorModel() instanceof IndexColorModel)) {
      bands--;
    }
    long[] bits = new long[Mask.words(h * w)];
    int[] row = new int[w * r.getNumBands()];
    for (int y = 0; y < h; y++) {
      r.getPixels(0, y, w, 1, row);
      for (int x = 0; x < w; x++) {
        boolean on = false;
        for (int c = 0; c < Math.max(bands, 1); c++) {
          on |= row[x * r.getNumBands() + c] != 0;
        }
        if (on) {
          int i = y * w + x;
          bits[i >>> 6] |= 1L << i;
        }
      }
    }
    return new Mask(h, w, bits);
  }

  /** Decodes the image after checking its declared size against the {@link PixelBudget}. */
  private static BufferedImage decode(Path png) throws IOException {
    try (ImageInputStream in = ImageIO.createImageInputStream(png.toFile())) {
      Iterator<ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
      if (readers == null || !readers.hasNext()) {
        throw new IOException("not an image ImageIO can read");
      }
      ImageReader reader = readers.next();
      try {
        reader.setInput(in, true, true);
        PixelBudget.check(reader.getHeight(0), reader.getWidth(0));
        return reader.read(0, reader.getDefaultReadParam());
      } finally {
        reader.dispose();
      }
    }
  }

  /**
   * True masks ({@code task} and the mask column of {@code layout}), one per image, in file order.
   */
  public static Map<String, Mask> readTruth(Path file, Layout layout, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, Mask> out = new java.util.LinkedHashMap<>();
    Path dir = file.toAbsolutePath().getParent();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int tc = t.column(layout.task());
      int sc = t.column(layout.segmentation());
      long pixels = 0;
      while (t.next()) {
        String task = t.id(tc);
        Mask mask = parse(t, sc, dir);
        pixels += mask.pixels();
        try {
          PixelBudget.checkTotal(pixels);
        } catch (IllegalArgumentException e) {
          throw t.error(layout.segmentation(), e.getMessage());
        }
        if (out.put(task, mask) != null) {
          throw t.error(layout.task(), "task '" + task + "' has a second true mask");
        }
      }
    }
    if (out.isEmpty()) {
      throw new CrowdFormatException(
          file, 0, layout.segmentation(), "no true masks after the header");
    }
    return out;
  }

  /** Worker skills ({@code worker,skill}) for weighted majority vote. */
  public static Map<String, Double> readSkills(Path file, CsvFormat rules)
      throws CrowdFormatException {
    Map<String, Double> out = new HashMap<>();
    try (CsvRecords t = CsvRecords.open(file, rules)) {
      int wc = t.column("worker");
      int sc = t.column("skill");
      while (t.next()) {
        String w = t.id(wc);
        String s = t.id(sc);
        double v;
        try {
          v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw t.error("skill", "field 'skill' holds '" + s + "', not a number");
        }
        if (!Double.isFinite(v)) {
          throw t.error("skill", "field 'skill' holds '" + s + "', not finite");
        }
        if (out.put(w, v) != null) {
          throw t.error("worker", "worker '" + w + "' has a second skill");
        }
      }
    }
    return out;
  }
}
