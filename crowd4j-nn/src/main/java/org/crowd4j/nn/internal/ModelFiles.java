package org.crowd4j.nn.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.model.ModelSchema;

/**
 * The folder of a saved {@link org.crowd4j.nn.LearnedModel}: {@code parameters.safetensors} (the
 * safetensors format, which PyTorch, numpy and DJL open directly; {@link Tensors#toSafetensors})
 * and {@code model.json}, which names the format and its version, carries the size and SHA-256 of
 * the parameters, and the {@code checksum} of the model-file schema ({@link org.crowd4j.model})
 * over its own content. Folders of format versions 1 and 2 ({@code parameters.bin}, crowd4j's own
 * tensor file) are still read. Both files are written into a temporary sibling folder that is
 * renamed into place, so that a process killed while saving leaves either no model or a complete
 * one; loading checks the format, the version, model.json's checksum (when it has one: folders
 * saved before the schema have none), the parameters' checksum and the fields it needs, and says
 * what is wrong.
 */
public final class ModelFiles {
  /** The {@code format} of model.json ({@link ModelSchema#TRAINED_FORMAT}). */
  static final String FORMAT = ModelSchema.TRAINED_FORMAT;

  /**
   * Version written (3: safetensors); versions 1 (no checksum) and 2 ({@link #LEGACY_PARAMETERS})
   * are read too.
   */
  static final int VERSION = ModelSchema.TRAINED_VERSION;

  /** The parameters file of version 3. */
  static final String PARAMETERS = "parameters.safetensors";

  /** The parameters file of versions 1 and 2. */
  static final String LEGACY_PARAMETERS = "parameters.bin";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  static final String META = "model.json";

  /** The largest model.json read. */
  static final int MAX_META_BYTES = 64 << 20;

  /** The largest parameters file read (the largest Java array). */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private ModelFiles() {}

  /** What a folder holds, checked. */
  public record Loaded(Map<String, Object> meta, Map<String, Tensors.Tensor> tensors) {}

  /**
   * Writes {@code tensors} and {@code meta} (to which format, version and checksum are added) as
   * the model folder {@code dir}. A missing or empty {@code dir} is replaced in one rename; a
   * folder that holds only an earlier model's files is swapped out; a folder with other files keeps
   * them, and the two model files are then replaced one at a time (a kill between them leaves a
   * checksum mismatch that loading reports).
   */
  public static void write(
      Path dir, Map<String, Tensors.Tensor> tensors, ObjectNode meta, ObjectMapper json)
      throws IOException {
    AtomicFiles.writeFolder(dir, ModelFiles::isModelFile, d -> writeInto(d, tensors, meta, json));
  }

  private static void writeInto(
      Path dir, Map<String, Tensors.Tensor> tensors, ObjectNode meta, ObjectMapper json)
      throws IOException {
    Path params = dir.resolve(PARAMETERS);
    byte[] bytes =
        Tensors.toSafetensors(
            tensors,
            new java.util.TreeMap<>(Map.of("format", "pt", "producer", "crowd4j " + FORMAT)));
    AtomicFiles.write(params, out -> out.write(bytes));
    ObjectNode m = json.createObjectNode();
    m.put("format", FORMAT);
    m.put("formatVersion", VERSION);
    m.put(ModelSchema.CHECKSUM, ModelSchema.CHECKSUM_PLACEHOLDER);
    ObjectNode p = m.putObject("parameters");
    p.put("file", PARAMETERS);
    p.put("bytes", bytes.length);
    p.put("sha256", sha256(bytes));
    for (Map.Entry<String, JsonNode> e : meta.properties()) {
      if (!m.has(e.getKey())) {
        m.set(e.getKey(), e.getValue());
      }
    }
    byte[] text = ModelSchema.seal(json.writeValueAsBytes(m));
    AtomicFiles.write(dir.resolve(META), out -> out.write(text));
  }

  /**
   * Reads and checks the model folder {@code dir}: both files must be regular files (a link to one
   * is followed), model.json at most 64 MiB and the parameters at most the bytes model.json
   * declares, checked before reading them.
   */
  public static Loaded read(Path dir) throws IOException {
    Path metaFile = dir.resolve(META);
    byte[] text =
        readBounded(
            metaFile,
            MAX_META_BYTES,
            "the " + MAX_META_BYTES + " bytes a model.json may hold",
            "no such file: not a saved crowd4j model");
    ObjectNode meta = parseMeta(metaFile, text);
    Path params = dir.resolve(parametersFile(meta, metaFile));
    boolean declared = version(metaFile, meta) >= 2;
    long limit = declared ? meta.get("parameters").get("bytes").asLong() : MAX_ARRAY;
    byte[] bytes =
        readBounded(
            params,
            Math.min(limit, MAX_ARRAY),
            declared
                ? "the " + limit + " bytes model.json declares (field 'parameters.bytes')"
                : "the " + MAX_ARRAY + " bytes this reader holds",
            "no such file: the model's parameters are missing");
    return parse(dir, text, bytes);
  }

  /**
   * The bytes of {@code file}, refused before they are read when it is not a regular file (a
   * folder, a pipe or a device, which could block or never end) or holds more than {@code max}.
   */
  private static byte[] readBounded(Path file, long max, String limit, String missing)
      throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      throw new ModelFileException(file, 0, missing, e);
    }
    if (!a.isRegularFile()) {
      throw new ModelFileException(
          file, 0, "not a regular file (a folder, pipe, device or a link to one): refused");
    }
    byte[] bytes;
    if (a.size() <= max) {
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) max + 1);
      }
      if (bytes.length <= max) {
        return bytes;
      }
    }
    throw new ModelFileException(
        file,
        0,
        a.size() > max
            ? "holds " + a.size() + " bytes, more than " + limit
            : "grew beyond " + limit + " while it was read");
  }

  /** The parameters file a model.json of its version goes with. */
  private static String parametersFile(ObjectNode meta, Path metaFile) throws ModelFileException {
    return version(metaFile, meta) >= 3 ? PARAMETERS : LEGACY_PARAMETERS;
  }

  /**
   * Checks the two files of a model folder given as bytes, as {@link
   * org.crowd4j.nn.LearnedModel#load} checks them before building the network: {@code dir} names
   * them in messages.
   *
   * @param dir the folder the files would be in
   * @param modelJson the bytes of {@code model.json}
   * @param parameters the bytes of the parameters file ({@code parameters.safetensors}, or {@code
   *     parameters.bin} for format versions 1 and 2)
   * @throws ModelFileException saying what is wrong
   */
  public static void check(Path dir, byte[] modelJson, byte[] parameters)
      throws ModelFileException {
    try {
      parse(dir, modelJson, parameters);
    } catch (ModelFileException e) {
      throw e;
    } catch (IOException e) {
      throw new ModelFileException(dir, 0, "cannot read: " + e.getMessage(), e);
    }
  }

  private static Loaded parse(Path dir, byte[] text, byte[] bytes) throws IOException {
    Path metaFile = dir.resolve(META);
    ObjectNode meta = parseMeta(metaFile, text);
    Path params = dir.resolve(parametersFile(meta, metaFile));
    if (version(metaFile, meta) >= 2) {
      JsonNode p = meta.get("parameters");
      long expectedBytes = p.get("bytes").asLong();
      String expected = p.get("sha256").asText();
      String actual = sha256(bytes);
      if (bytes.length != expectedBytes || !actual.equals(expected)) {
        throw new ModelFileException(
            params,
            0,
            "does not match "
                + metaFile.getFileName()
                + ": "
                + bytes.length
                + " bytes with SHA-256 "
                + actual
                + ", model.json expects "
                + expectedBytes
                + " bytes with SHA-256 "
                + expected
                + " (the folder was changed, or only partly copied or written)");
      }
    }
    Map<String, Tensors.Tensor> tensors =
        version(metaFile, meta) >= 3
            ? Tensors.fromSafetensors(params, bytes)
            : Tensors.read(params, new ByteArrayInputStream(bytes), bytes.length);
    @SuppressWarnings("unchecked")
    Map<String, Object> map = MAPPER.convertValue(meta, Map.class);
    return new Loaded(map, tensors);
  }

  /**
   * Parses and checks {@code model.json}: valid JSON, the model format, a version this library
   * reads, and the fields loading needs with their types.
   */
  static ObjectNode parseMeta(Path file, byte[] text) throws ModelFileException {
    JsonNode root;
    try (InputStream in = new ByteArrayInputStream(text)) {
      root = MAPPER.readTree(in);
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
      throw new ModelFileException(file, line, "not valid JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new ModelFileException(file, 0, "cannot read: " + e.getMessage(), e);
    }
    if (!(root instanceof ObjectNode meta)) {
      throw new ModelFileException(file, 0, "not a crowd4j model (not a JSON object)");
    }
    JsonNode format = meta.get("format");
    if (format == null || !FORMAT.equals(format.asText(null))) {
      throw new ModelFileException(
          file, 0, "not a crowd4j model (format " + (format == null ? "missing" : format) + ")");
    }
    int version = version(file, meta);
    if (meta.has(ModelSchema.CHECKSUM)) {
      // the model-file schema's checksum over model.json (files saved before it have none)
      ModelSchema.verify(file, text);
    }
    if (version >= 2) {
      JsonNode p = meta.get("parameters");
      if (p == null
          || !p.isObject()
          || !p.path("bytes").canConvertToLong()
          || !p.path("bytes").isIntegralNumber()
          || p.path("bytes").asLong() < 0
          || !p.path("sha256").isTextual()
          || !p.path("sha256").asText().matches("[0-9a-f]{64}")) {
        throw new ModelFileException(
            file, 0, "field 'parameters' must hold 'bytes' and a 'sha256' of 64 hex digits");
      }
    }
    require(file, meta, "method", JsonNode::isTextual, "a string");
    require(file, meta, "backbone", JsonNode::isObject, "an object");
    require(
        file,
        meta,
        "inputDim",
        n -> n.canConvertToInt() && n.isIntegralNumber() && n.asInt() >= 1,
        "a positive integer");
    require(file, meta, "labels", n -> distinctStrings(n, 1), "a list of distinct label names");
    require(file, meta, "workers", n -> distinctStrings(n, 0), "a list of distinct worker ids");
    optional(
        file,
        meta,
        "annotatorModel",
        n -> n.isTextual() && AnnotatorModelFormat.named(n.asText()) != null,
        "one of "
            + java.util.Arrays.stream(AnnotatorModelFormat.values())
                .map(AnnotatorModelFormat::fileName)
                .toList());
    optional(
        file,
        meta,
        "members",
        n -> n.isIntegralNumber() && n.canConvertToInt() && n.asInt() >= 1,
        "a positive integer");
    optional(file, meta, "standardized", JsonNode::isBoolean, "true or false");
    optional(file, meta, "library", JsonNode::isTextual, "a string");
    optional(file, meta, "engine", JsonNode::isTextual, "a string");
    optional(file, meta, "tuning", JsonNode::isObject, "an object");
    optional(file, meta, "options", JsonNode::isObject, "an object");
    optional(file, meta, "train", JsonNode::isObject, "an object");
    optional(file, meta, "summary", JsonNode::isObject, "an object");
    return meta;
  }

  private static int version(Path file, ObjectNode meta) throws ModelFileException {
    JsonNode v = meta.has("formatVersion") ? meta.get("formatVersion") : meta.get("version");
    if (v == null || !v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new ModelFileException(file, 0, "field 'formatVersion' must be an integer");
    }
    int version = v.asInt();
    if (version > VERSION) {
      throw new ModelFileException(
          file,
          0,
          "written by a newer crowd4j (format version "
              + version
              + "; this version reads 1 to "
              + VERSION
              + ")");
    }
    if (version < 1) {
      throw new ModelFileException(file, 0, "unknown format version " + version);
    }
    return version;
  }

  private static boolean distinctStrings(JsonNode n, int min) {
    if (!n.isArray() || n.size() < min) {
      return false;
    }
    Set<String> seen = new HashSet<>();
    for (JsonNode e : n) {
      if (!e.isTextual() || !seen.add(e.asText())) {
        return false;
      }
    }
    return true;
  }

  private static void require(
      Path file,
      ObjectNode meta,
      String field,
      java.util.function.Predicate<JsonNode> ok,
      String what)
      throws ModelFileException {
    JsonNode n = meta.get(field);
    if (n == null || n.isNull()) {
      throw new ModelFileException(file, 0, "field '" + field + "' is missing");
    }
    if (!ok.test(n)) {
      throw new ModelFileException(file, 0, "field '" + field + "' must be " + what);
    }
  }

  private static void optional(
      Path file,
      ObjectNode meta,
      String field,
      java.util.function.Predicate<JsonNode> ok,
      String what)
      throws ModelFileException {
    JsonNode n = meta.get(field);
    if (n != null && !n.isNull() && !ok.test(n)) {
      throw new ModelFileException(file, 0, "field '" + field + "' must be " + what);
    }
  }

  static String sha256(byte[] bytes) {
    return ContentDigest.sha256Hex(bytes);
  }

  /** Whether a file name is one of a model folder's own files. */
  private static boolean isModelFile(String n) {
    return n.equals(META) || n.equals(PARAMETERS) || n.equals(LEGACY_PARAMETERS);
  }
}
