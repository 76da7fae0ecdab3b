package org.crowd4j.bench.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.nn.ModelFiles;

/**
 * Fuzz target of the model reader (model.json and parameters.bin): with an even variant byte the
 * rest is model.json beside valid parameters; with an odd one it is parameters.bin, beside a
 * model.json whose checksum matches it (so the tensor parser is reached).
 */
public final class ModelFuzz {
  private static final Path DIR = Path.of("model");

  /** A valid two-tensor parameters file. */
  static final byte[] PARAMETERS = parameters();

  private ModelFuzz() {}

  /** One execution. */
  public static void fuzzerTestOneInput(byte[] data) {
    int v = Inputs.variant(data);
    byte[] body = Inputs.body(data);
    byte[] json;
    byte[] params;
    if ((v & 1) == 0) {
      json = body;
      params = PARAMETERS;
    } else {
      json = modelJson(body);
      params = body;
    }
    try {
      ModelFiles.check(DIR, json, params);
    } catch (ModelFileException e) {
      Inputs.expected(e, DIR);
    }
  }

  /** A valid model.json for {@code params}. */
  static byte[] modelJson(byte[] params) {
    String json =
        "{\"format\":\"crowd4j-nn-model\",\"formatVersion\":2,"
            + "\"parameters\":{\"file\":\"parameters.bin\",\"bytes\":"
            + params.length
            + ",\"sha256\":\""
            + sha256(params)
            + "\"},\"method\":\"two-stage\",\"options\":{},\"train\":{},"
            + "\"backbone\":{\"kind\":\"MLP\",\"hidden\":[2]},\"inputDim\":2,"
            + "\"labels\":[\"a\",\"b\"],\"workers\":[\"w1\"],\"annotatorModel\":\"none\"}";
    return json.getBytes(StandardCharsets.UTF_8);
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

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
