package org.crowd4j.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.nn.internal.ModelFiles;

/**
 * Fuzz target of the model reader (model.json and the parameters): by the variant byte modulo 4,
 * the rest is (0) model.json of format version 3 beside valid safetensors parameters, (1) the
 * safetensors file beside a model.json whose checksum matches it (so the tensor parser is reached),
 * (2) and (3) the same for format version 2 and its {@code parameters.bin}.
 */
public final class ModelFuzz {
  private static final Path DIR = Path.of("model");

  /** A valid two-tensor parameters file of format version 2. */
  static final byte[] PARAMETERS = parameters();

  /** The same two tensors as safetensors (format version 3). */
  static final byte[] SAFETENSORS = safetensors();

  private ModelFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    int version = (v & 2) == 0 ? 3 : 2;
    byte[] valid = version == 3 ? SAFETENSORS : PARAMETERS;
    byte[] json;
    byte[] params;
    if ((v & 1) == 0) {
      json = body;
      params = valid;
    } else {
      json = modelJson(body, version);
      params = body;
    }
    try {
      ModelFiles.check(DIR, json, params);
    } catch (ModelFileException e) {
      Inputs.expected(e, DIR);
    }
  }

  /** A valid model.json of format {@code version} (2 or 3) for {@code params}. */
  static byte[] modelJson(byte[] params, int version) {
    String json =
        "{\"format\":\"crowd4j-nn-model\",\"formatVersion\":"
            + version
            + ",\"parameters\":{\"file\":\""
            + (version >= 3 ? "parameters.safetensors" : "parameters.bin")
            + "\",\"bytes\":"
            + params.length
            + ",\"sha256\":\""
            + ContentDigest.sha256Hex(params)
            + "\"},\"method\":\"two-stage\",\"options\":{},\"train\":{},"
            + "\"backbone\":{\"kind\":\"MLP\",\"hidden\":[2]},\"inputDim\":2,"
            + "\"labels\":[\"a\",\"b\"],\"workers\":[\"w1\"],\"annotatorModel\":\"none\"}";
    return json.getBytes(StandardCharsets.UTF_8);
  }

  /** The two tensors of {@link #PARAMETERS} in the safetensors layout, header padded to 8 bytes. */
  private static byte[] safetensors() {
    String header =
        "{\"__metadata__\":{\"format\":\"pt\"},"
            + "\"backbone.weight\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]},"
            + "\"backbone.bias\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[16,24]}}";
    byte[] text = header.getBytes(StandardCharsets.UTF_8);
    int padded = (text.length + 7) / 8 * 8;
    java.nio.ByteBuffer out =
        java.nio.ByteBuffer.allocate(8 + padded + 24).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    out.putLong(padded).put(text);
    for (int i = text.length; i < padded; i++) {
      out.put((byte) ' ');
    }
    for (int i = 0; i < 4; i++) {
      out.putFloat(i * 0.5f);
    }
    out.putFloat(0.1f).putFloat(-0.1f);
    return out.array();
  }

  private static byte[] parameters() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream d = new DataOutputStream(bytes)) {
      d.writeInt(0x43344A54);
      d.writeInt(1);
      d.writeInt(2);
      d.writeUTF("backbone.weight");
      d.writeInt(2);
      d.writeLong(2);
      d.writeLong(2);
      for (int i = 0; i < 4; i++) {
        d.writeFloat(i * 0.5f);
      }
      d.writeUTF("backbone.bias");
      d.writeInt(1);
      d.writeLong(2);
      d.writeFloat(0.1f);
      d.writeFloat(-0.1f);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
