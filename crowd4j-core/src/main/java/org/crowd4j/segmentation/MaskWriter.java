package org.crowd4j.segmentation;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.CsvWriter;

/**
 * Writes aggregated masks as {@code task,segmentation} CSV (rows of 0/1 joined by {@code ;}, or
 * run-length; through {@link CsvWriter}) or as one PNG per image, each file through a temporary
 * sibling moved into place.
 */
public final class MaskWriter {
  private MaskWriter() {}

  /** How masks are written in CSV. */
  public enum Encoding {
    /** Rows of 0/1 joined by {@code ;}. */
    ROWS,
    /** {@code HxW:runs}. */
    RLE
  }

  /** Writes {@code result} to {@code file} as CSV. */
  public static void writeCsv(Path file, SegmentationResult result, Encoding encoding)
      throws IOException {
    CsvWriter.write(
        file,
        csv -> {
          csv.row("task", "segmentation");
          for (int t = 0; t < result.tasks().size(); t++) {
            Mask m = result.mask(t);
            csv.row(result.tasks().name(t), encoding == Encoding.RLE ? m.toRle() : m.toRows());
          }
        });
  }

  /**
   * One PNG per image ({@link #writePng}) and {@code index.csv} ({@code task,file}) in the folder
   * {@code dir}, written as a whole ({@link AtomicFiles#writeFolder}: a kill leaves the old folder
   * or the new one). A file is named by its task id with every character other than a letter, a
   * digit, {@code .}, {@code _} and {@code -} replaced by {@code _}; ids that would share a name
   * (also when told apart only by case, for file systems that ignore it) get {@code ~2}, {@code
   * ~3}, … before {@code .png}.
   *
   * @return the number of images whose name was numbered so
   */
  public static int writePngFolder(Path dir, SegmentationResult result) throws IOException {
    int n = result.tasks().size();
    String[] names = new String[n];
    java.util.Set<String> taken = new java.util.HashSet<>();
    int numbered = 0;
    for (int t = 0; t < n; t++) {
      String base = pngName(result.tasks().name(t));
      String name = base + ".png";
      for (int k = 2; !taken.add(name.toLowerCase(java.util.Locale.ROOT)); k++) {
        name = base + "~" + k + ".png";
      }
      numbered += name.equals(base + ".png") ? 0 : 1;
      names[t] = name;
    }
    AtomicFiles.writeFolder(
        dir,
        f -> f.endsWith(".png") || f.equals("index.csv"),
        d -> {
          for (int t = 0; t < n; t++) {
            writePng(d.resolve(names[t]), result.mask(t));
          }
          CsvWriter.write(
              d.resolve("index.csv"),
              csv -> {
                csv.row("task", "file");
                for (int t = 0; t < n; t++) {
                  csv.row(result.tasks().name(t), names[t]);
                }
              });
        });
    return numbered;
  }

  /** A file name stem for {@code task}: characters outside {@code [A-Za-z0-9._-]} become _. */
  static String pngName(String task) {
    String s = task.replaceAll("[^A-Za-z0-9._-]", "_");
    return s.isEmpty() || s.startsWith(".") ? "_" + s : s;
  }

  /** Writes {@code mask} as a black-and-white PNG (set pixels white). */
  public static void writePng(Path file, Mask mask) throws IOException {
    BufferedImage img =
        new BufferedImage(mask.width(), mask.height(), BufferedImage.TYPE_BYTE_BINARY);
    int[] row = new int[mask.width()];
    for (int y = 0; y < mask.height(); y++) {
      for (int x = 0; x < mask.width(); x++) {
        row[x] = mask.get(y, x) ? 1 : 0;
      }
      img.getRaster().setPixels(0, y, mask.width(), 1, row);
    }
    AtomicFiles.write(
        file,
        out -> {
          if (!ImageIO.write(img, "png", out)) {
            throw new IOException("no PNG writer");
          }
        });
  }
}
