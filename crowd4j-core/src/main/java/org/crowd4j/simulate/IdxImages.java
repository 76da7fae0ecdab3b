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
    int[] y = readLabels(labels);
    try (DataInputStream in = open(images)) {
      int magic = in.readInt();
      if (magic != 0x00000803) {
        throw new CrowdFormatException(
            images, 0, null, "not an IDX3 image file (magic " + magic + ")");
      }
      int n = in.readInt();
      int rows = in.readInt();
      int cols = in.readInt();
      if (n != y.length) {
        throw new CrowdFormatException(
            images, 0, null, n + " images but " + y.length + " labels in " + labels);
      }
      byte[] buf = new byte[rows * cols];
      float[] pixels = new float[n * rows * cols];
      for (int i = 0; i < n; i++) {
        in.readFully(buf);
        for (int j = 0; j < buf.length; j++) {
          pixels[i * buf.length + j] = (buf[j] & 0xff) / 255f;
        }
      }
      return new Data(pixels, rows, cols, y);
    } catch (EOFException e) {
      throw new CrowdFormatException(images, 0, null, "file ends early", e);
    } catch (IOException e) {
      throw new CrowdFormatException(images, 0, null, "cannot read: " + e.getMessage(), e);
    }
  }

  private static int[] readLabels(Path file) throws CrowdFormatException {
    try (DataInputStream in = open(file)) {
      int magic = in.readInt();
      if (magic != 0x00000801) {
        throw new CrowdFormatException(
            file, 0, null, "not an IDX1 label file (magic " + magic + ")");
      }
      int n = in.readInt();
      int[] y = new int[n];
      for (int i = 0; i < n; i++) {
        y[i] = in.readUnsignedByte();
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

  private static DataInputStream open(Path p) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(p), 1 << 16);
    if (p.getFileName().toString().endsWith(".gz")) {
      in = new GZIPInputStream(in, 1 << 16);
    }
    return new DataInputStream(in);
  }
}
