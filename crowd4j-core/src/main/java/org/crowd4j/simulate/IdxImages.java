package org.crowd4j.simulate;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.crowd4j.io.CrowdFormatException;

/**
 * Reads IDX files (the MNIST / Fashion-MNIST format, optionally gzipped): unsigned-byte images as
 * float rows scaled to [0, 1], and unsigned-byte labels.
 */
public final class IdxImages {
  private IdxImages() {}

  /** Images and labels. */
  public record Data(float[] pixels, int rows, int cols, int[] labels) {
    /** Number of images. */
    public int size() {
      return labels.length;
    }

    /** Pixels per image. */
    public int dim() {
      return rows * cols;
    }
  }

  /**
   * Reads a pair of files from {@code dir}: {@code <prefix>-images-idx3-ubyte[.gz]} and {@code
   * <prefix>-labels-idx1-ubyte[.gz]}, e.g. prefix {@code train} or {@code t10k}.
   */
  public static Data read(Path dir, String prefix) throws CrowdFormatException {
    Path images = find(dir, prefix + "-images-idx3-ubyte");
    Path labels = find(dir, prefix + "-labels-idx1-ubyte");
    try (InputStream li = Files.newInputStream(labels);
        InputStream ii = Files.newInputStream(images)) {
      return read(images, ii, labels, li);
    } catch (IOException e) {
      throw new CrowdFormatException(labels, 0, null, "cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * Reads images and labels from streams (not closed here); the names appear in messages and, when
   * they end with {@code .gz}, say that the bytes are gzipped. Every count in a header is checked
   * before memory is taken for it, so a damaged file fails with a {@link CrowdFormatException}.
   */
  public static Data read(Path imagesName, InputStream images, Path labelsName, InputStream labels)
      throws CrowdFormatException {
    int[] y = readLabels(labelsName, labels);
    try {
      DataInputStream in = open(imagesName, images);
      int magic = in.readInt();
      if (magic != 0x00000803) {
        throw new CrowdFormatException(
            imagesName, 0, null, "not an IDX3 image file (magic " + magic + ")");
      }
      int n = in.readInt();
      int rows = in.readInt();
      int cols = in.readInt();
      if (n != y.length) {
        throw new CrowdFormatException(
            imagesName, 0, null, n + " images but " + y.length + " labels in " + labelsName);
      }
      if (rows < 1 || cols < 1 || (long) rows * cols > 1 << 24) {
        throw new CrowdFormatException(
            imagesName, 0, null, "images of " + rows + " × " + cols + " pixels");
      }
      int dim = rows * cols;
      if ((long) n * dim > Integer.MAX_VALUE - 16) {
        throw new CrowdFormatException(
            imagesName, 0, null, n + " images of " + dim + " pixels are too many for one array");
      }
      byte[] buf = new byte[dim];
      float[] pixels = new float[(int) Math.min((long) n * dim, 1L << 20)];
      for (int i = 0; i < n; i++) {
        in.readFully(buf);
        if ((long) (i + 1) * dim > pixels.length) {
          pixels =
              java.util.Arrays.copyOf(
                  pixels,
                  (int) Math.min((long) n * dim, Math.max(2L * pixels.length, (i + 1L) * dim)));
        }
        for (int j = 0; j < dim; j++) {
          pixels[i * dim + j] = (buf[j] & 0xff) / 255f;
        }
      }
      if (in.read() >= 0) {
        throw new CrowdFormatException(
            imagesName, 0, null, "unexpected bytes after the last image");
      }
      return new Data(pixels, rows, cols, y);
    } catch (EOFException e) {
      throw new CrowdFormatException(imagesName, 0, null, "file ends early", e);
    } catch (IOException e) {
      throw new CrowdFormatException(imagesName, 0, null, "cannot read: " + e.getMessage(), e);
    }
  }

  private static int[] readLabels(Path file, InputStream raw) throws CrowdFormatException {
    try {
      DataInputStream in = open(file, raw);
      int magic = in.readInt();
      if (magic != 0x00000801) {
        throw new CrowdFormatException(
            file, 0, null, "not an IDX1 label file (magic " + magic + ")");
      }
      int n = in.readInt();
      if (n < 0) {
        throw new CrowdFormatException(file, 0, null, "negative label count " + n);
      }
      int[] y = new int[Math.min(n, 1 << 16)];
      for (int i = 0; i < n; i++) {
        if (i == y.length) {
          y = java.util.Arrays.copyOf(y, (int) Math.min(n, 2L * y.length));
        }
        y[i] = in.readUnsignedByte();
      }
      if (in.read() >= 0) {
        throw new CrowdFormatException(file, 0, null, "unexpected bytes after the last label");
      }
      return y;
    } catch (EOFException e) {
      throw new CrowdFormatException(file, 0, null, "file ends early", e);
    } catch (IOException e) {
      throw new CrowdFormatException(file, 0, null, "cannot read: " + e.getMessage(), e);
    }
  }

  private static Path find(Path dir, String base) throws CrowdFormatException {
    for (String name : new String[] {base + ".gz", base, base.replace("-idx", ".idx")}) {
      Path p = dir.resolve(name);
      if (Files.exists(p)) {
        return p;
      }
    }
    throw new CrowdFormatException(dir.resolve(base), 0, null, "no such file (nor .gz)");
  }

  private static DataInputStream open(Path name, InputStream raw) throws IOException {
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    if (name.getFileName() != null && name.getFileName().toString().endsWith(".gz")) {
      in = new GZIPInputStream(in, 1 << 16);
    }
    return new DataInputStream(in);
  }
}
