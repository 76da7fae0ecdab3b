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
