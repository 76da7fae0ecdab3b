package org.crowd4j.nn;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.ModelFileException;

/**
 * Named float tensors in a small documented binary file (big-endian): the magic {@code C4JT}, a
 * version int (1), a count int, then per tensor its UTF-8 name (Java modified UTF), its rank int,
 * its dimensions as longs and its values as floats. No Java serialization.
 */
final class Tensors {
  private static final int MAGIC = 0x43344A54; // "C4JT"

  /** One named tensor. */
  record Tensor(String name, long[] shape, float[] values) {
    Tensor {
      long size = 1;
      for (long s : shape) {
        size *= s;
      }
      if (size != values.length) {
        throw new IllegalArgumentException(
            name + ": shape " + Arrays.toString(shape) + " but " + values.length + " values");
      }
    }
  }

  private Tensors() {}

  static void write(Path file, Map<String, Tensor> tensors) throws IOException {
    AtomicFiles.write(
        file,
        out -> {
          DataOutputStream d = new DataOutputStream(new BufferedOutputStream(out, 1 << 16));
          d.writeInt(MAGIC);
          d.writeInt(1);
          d.writeInt(tensors.size());
          for (Tensor t : tensors.values()) {
            d.writeUTF(t.name());
            d.writeInt(t.shape().length);
            for (long s : t.shape()) {
              d.writeLong(s);
            }
            for (float v : t.values()) {
              d.writeFloat(v);
            }
          }
          d.flush();
        });
  }

  static Map<String, Tensor> read(Path file) throws IOException {
    long size;
    try {
      size = Files.size(file);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new ModelFileException(file, 0, "no such file", e);
    }
    try (InputStream in = Files.newInputStream(file)) {
      return read(file, in, size);
    }
  }

  /**
   * Reads the tensors of {@code in}, {@code size} bytes long; {@code file} names it in messages.
   * Every value the header announces is checked against the bytes left before anything is
   * allocated, so a damaged file fails with a {@link ModelFileException} naming the byte offset.
   */
  static Map<String, Tensor> read(Path file, InputStream raw, long size) throws IOException {
    CountingInput counted = new CountingInput(new BufferedInputStream(raw, 1 << 16));
    DataInputStream d = new DataInputStream(counted);
    try {
      if (size < 12 || d.readInt() != MAGIC) {
        throw new ModelFileException(file, 0, "not a crowd4j tensor file (no C4JT header)");
      }
      int version = d.readInt();
      if (version != 1) {
        throw new ModelFileException(file, 0, "unsupported tensor file version " + version);
      }
      int count = d.readInt();
      if (count < 0 || count > (size - 12) / 6) {
        throw new ModelFileException(file, 0, "tensor count " + count + " does not fit the file");
      }
      Map<String, Tensor> out = new LinkedHashMap<>();
      for (int c = 0; c < count; c++) {
        long at = counted.count;
        String name = d.readUTF();
        int rank = d.readInt();
        if (rank < 0 || rank > 8) {
          throw new ModelFileException(
              file, 0, "tensor '" + name + "' at byte " + at + " has rank " + rank);
        }
        long[] shape = new long[rank];
        long elements = 1;
        for (int r = 0; r < rank; r++) {
          shape[r] = d.readLong();
          if (shape[r] < 0 || (shape[r] > 0 && elements > Integer.MAX_VALUE / shape[r])) {
            throw new ModelFileException(
                file,
                0,
                "tensor '" + name + "' at byte " + at + " has shape " + Arrays.toString(shape));
          }
          elements *= shape[r];
        }
        if (elements * 4 > size - counted.count) {
          throw new ModelFileException(
              file,
              0,
              "tensor '"
                  + name
                  + "' at byte "
                  + at
                  + " needs "
                  + elements * 4
                  + " bytes, "
                  + (size - counted.count)
                  + " are left (the file is cut short)");
        }
        if (out.containsKey(name)) {
          throw new ModelFileException(
              file, 0, "tensor '" + name + "' at byte " + at + " appears twice");
        }
        float[] values = new float[(int) elements];
        for (int i = 0; i < values.length; i++) {
          values[i] = d.readFloat();
        }
        out.put(name, new Tensor(name, shape, values));
      }
      if (counted.count != size || d.read() >= 0) {
        throw new ModelFileException(
            file, 0, "unexpected bytes after the last tensor, at byte " + counted.count);
      }
      return out;
    } catch (EOFException | UTFDataFormatException e) {
      throw new ModelFileException(
          file, 0, "cut short or damaged at byte " + counted.count + " (" + e + ")", e);
    }
  }

  /** Counts the bytes read through it. */
  private static final class CountingInput extends FilterInputStream {
    long count;

    CountingInput(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long k = super.skip(n);
      count += k;
      return k;
    }
  }
}
