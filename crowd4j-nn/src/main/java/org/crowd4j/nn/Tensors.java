package org.crowd4j.nn;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.io.AtomicFiles;

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
    try (DataInputStream d =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      if (d.readInt() != MAGIC) {
        throw new IOException(file + ": not a crowd4j tensor file");
      }
      int version = d.readInt();
      if (version != 1) {
        throw new IOException(file + ": unsupported tensor file version " + version);
      }
      int count = d.readInt();
      Map<String, Tensor> out = new LinkedHashMap<>();
      for (int c = 0; c < count; c++) {
        String name = d.readUTF();
        int rank = d.readInt();
        long[] shape = new long[rank];
        long size = 1;
        for (int r = 0; r < rank; r++) {
          shape[r] = d.readLong();
          size *= shape[r];
        }
        if (size < 0 || size > Integer.MAX_VALUE) {
          throw new IOException(file + ": tensor " + name + " too large");
        }
        float[] values = new float[(int) size];
        for (int i = 0; i < values.length; i++) {
          values[i] = d.readFloat();
        }
        out.put(name, new Tensor(name, shape, values));
      }
      return out;
    }
  }
}
