package org.crowd4j.nn.internal;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.io.ModelFileException;

/**
 * Named float tensors in two files: the safetensors format that PyTorch, numpy and DJL read ({@link
 * #toSafetensors}, what models are saved in), and the earlier crowd4j file, still read ({@link
 * #read(Path, InputStream, long)}; big-endian: the magic {@code C4JT}, a version int (1), a count
 * int, then per tensor its UTF-8 name (Java modified UTF), its rank int, its dimensions as longs
 * and its values as floats). No Java serialization.
 */
public final class Tensors {
  private static final int MAGIC = 0x43344A54; // "C4JT"

  /** One named tensor. */
  public record Tensor(String name, long[] shape, float[] values) {
    public Tensor {
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

  /** Largest safetensors header read (the format's own limit). */
  static final int MAX_HEADER = 100 << 20;

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper()
          .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * The safetensors file of {@code tensors} (Hugging Face's format): an unsigned 64-bit
   * little-endian header length, a JSON header naming each tensor's {@code dtype} ({@code F32}),
   * {@code shape} and {@code data_offsets} into the data, and {@code __metadata__} (strings); the
   * header padded with spaces to a multiple of 8 bytes; then the values, little-endian, row-major,
   * one tensor after the other in map order.
   */
  static byte[] toSafetensors(Map<String, Tensor> tensors, Map<String, String> metadata) {
    com.fasterxml.jackson.databind.node.ObjectNode header = JSON.createObjectNode();
    if (!metadata.isEmpty()) {
      com.fasterxml.jackson.databind.node.ObjectNode m = header.putObject("__metadata__");
      // sorted, so that the same tensors give the same bytes whatever map the caller passes
      new java.util.TreeMap<>(metadata).forEach(m::put);
    }
    long offset = 0;
    for (Tensor t : tensors.values()) {
      if (t.name().equals("__metadata__")) {
        throw new IllegalArgumentException("a tensor cannot be named __metadata__");
      }
      com.fasterxml.jackson.databind.node.ObjectNode e = header.putObject(t.name());
      e.put("dtype", "F32");
      com.fasterxml.jackson.databind.node.ArrayNode shape = e.putArray("shape");
      for (long d : t.shape()) {
        shape.add(d);
      }
      long end = offset + 4L * t.values().length;
      e.putArray("data_offsets").add(offset).add(end);
      offset = end;
    }
    byte[] text;
    try {
      text = JSON.writeValueAsBytes(header);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    int padded = (text.length + 7) / 8 * 8;
    java.nio.ByteBuffer out =
        java.nio.ByteBuffer.allocate(Math.toIntExact(8 + padded + offset))
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
    out.putLong(padded);
    out.put(text);
    for (int i = text.length; i < padded; i++) {
      out.put((byte) ' ');
    }
    for (Tensor t : tensors.values()) {
      for (float v : t.values()) {
        out.putFloat(v);
      }
    }
    return out.array();
  }

  /**
   * Reads a safetensors file given as {@code bytes} ({@code file} names it in messages): the
   * header's length, JSON, dtypes (F32 only), shapes and offsets are checked against the bytes
   * before anything is allocated, and the tensors must cover the data exactly, without gaps or
   * overlaps.
   */
  static Map<String, Tensor> fromSafetensors(Path file, byte[] bytes) throws ModelFileException {
    if (bytes.length < 8) {
      throw new ModelFileException(file, 0, "not a safetensors file (" + bytes.length + " bytes)");
    }
    java.nio.ByteBuffer in =
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    long headerLength = in.getLong();
    if (headerLength < 2 || headerLength > Math.min(MAX_HEADER, bytes.length - 8L)) {
      throw new ModelFileException(
          file,
          0,
          "header length "
              + Long.toUnsignedString(headerLength)
              + " does not fit the file of "
              + bytes.length
              + " bytes");
    }
    int dataStart = 8 + (int) headerLength;
    long dataLength = bytes.length - (long) dataStart;
    com.fasterxml.jackson.databind.JsonNode header;
    try {
      header = JSON.readTree(new java.io.ByteArrayInputStream(bytes, 8, (int) headerLength));
    } catch (IOException e) {
      throw new ModelFileException(file, 0, "header is not valid JSON: " + e.getMessage(), e);
    }
    if (header == null || !header.isObject()) {
      throw new ModelFileException(file, 0, "header is not a JSON object");
    }
    record Entry(String name, long[] shape, long begin, long end) {}
    java.util.List<Entry> entries = new java.util.ArrayList<>();
    for (var field : header.properties()) {
      String name = field.getKey();
      com.fasterxml.jackson.databind.JsonNode e = field.getValue();
      if (name.equals("__metadata__")) {
        if (!e.isObject()) {
          throw new ModelFileException(file, 0, "__metadata__ must be an object of strings");
        }
        continue;
      }
      String where = "tensor '" + name + "'";
      if (!e.isObject() || !"F32".equals(e.path("dtype").asText(null))) {
        throw new ModelFileException(
            file, 0, where + ": dtype must be F32, not " + e.path("dtype"));
      }
      com.fasterxml.jackson.databind.JsonNode shapeNode = e.path("shape");
      com.fasterxml.jackson.databind.JsonNode offsets = e.path("data_offsets");
      if (!shapeNode.isArray()
          || shapeNode.size() > 8
          || !offsets.isArray()
          || offsets.size() != 2) {
        throw new ModelFileException(
            file, 0, where + ": needs a shape (at most 8 dimensions) and two data_offsets");
      }
      long[] shape = new long[shapeNode.size()];
      long elements = 1;
      for (int r = 0; r < shape.length; r++) {
        com.fasterxml.jackson.databind.JsonNode d = shapeNode.get(r);
        shape[r] = d.canConvertToLong() && d.isIntegralNumber() ? d.asLong() : -1;
        if (shape[r] < 0 || (shape[r] > 0 && elements > Integer.MAX_VALUE / shape[r])) {
          throw new ModelFileException(file, 0, where + ": bad shape " + shapeNode);
        }
        elements *= shape[r];
      }
      long begin = integral(offsets.get(0));
      long end = integral(offsets.get(1));
      if (begin < 0 || end < begin || end > dataLength || end - begin != 4 * elements) {
        throw new ModelFileException(
            file,
            0,
            where
                + ": data_offsets "
                + offsets
                + " do not hold "
                + elements
                + " floats within the "
                + dataLength
                + " data bytes");
      }
      entries.add(new Entry(name, shape, begin, end));
    }
    entries.sort(java.util.Comparator.comparingLong(Entry::begin));
    long covered = 0;
    for (Entry e : entries) {
      if (e.begin() != covered) {
        throw new ModelFileException(
            file,
            0,
            "tensor '" + e.name() + "' starts at data byte " + e.begin() + ", not " + covered);
      }
      covered = e.end();
    }
    if (covered != dataLength) {
      throw new ModelFileException(
          file, 0, (dataLength - covered) + " data bytes after the last tensor");
    }
    Map<String, Tensor> out = new LinkedHashMap<>();
    for (Entry e : entries) {
      float[] values = new float[(int) ((e.end() - e.begin()) / 4)];
      in.position(dataStart + (int) e.begin());
      in.asFloatBuffer().get(values);
      out.put(e.name(), new Tensor(e.name(), e.shape(), values));
    }
    return out;
  }

  private static long integral(com.fasterxml.jackson.databind.JsonNode n) {
    return n != null && n.isIntegralNumber() && n.canConvertToLong() ? n.asLong() : -1;
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
