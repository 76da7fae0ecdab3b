package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * Reads any model file crowd4j writes back as a typed {@link ModelFile}: checks the JSON, tells the
 * kind, checks the format version and the checksum, then reads the kind's fields with their types
 * and shapes. Every refusal is a {@link ModelFileException} naming the file and what is wrong.
 *
 * <pre>{@code
 * if (Models.read(Path.of("model.json")) instanceof ClassificationModel m) {
 *   double[][] confusion = m.workerModels().get(0).answerConfusion();
 * }
 * ClassificationModel m = Models.read(path, ClassificationModel.class);
 * }</pre>
 */
public final class Models {
  private Models() {}

  /**
   * Reads the model file {@code path}: a {@code model.json}, or a folder that holds one (a trained
   * network's folder).
   *
   * @param path the file or folder
   * @return the model
   * @throws ModelFileException when the file is missing, not JSON, not a crowd4j model file, of a
   *     version this library does not read, changed since it was written (checksum), or lacks a
   *     field or has one of the wrong type or shape
   * @throws IOException when the file cannot be read
   */
  public static ModelFile read(Path path) throws IOException {
    Path file = Files.isDirectory(path) ? path.resolve("model.json") : path;
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new ModelFileException(file, 0, "not a regular file (a device, a pipe or a folder)");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new ModelFileException(file, 0, "no such file", e);
    }
    return parse(file, bytes);
  }

  /**
   * Reads the model file {@code path}, which must be of the kind {@code type}.
   *
   * @throws ModelFileException as {@link #read(Path)}, and when the file is of another kind
   */
  public static <T extends ModelFile> T read(Path path, Class<T> type) throws IOException {
    ModelFile m = read(path);
    if (!type.isInstance(m)) {
      throw new ModelFileException(
          Files.isDirectory(path) ? path.resolve("model.json") : path,
          0,
          "a " + m.kind().title() + " model file, not " + describe(type));
    }
    return type.cast(m);
  }

  private static String describe(Class<? extends ModelFile> type) {
    for (ModelKind k : ModelKind.values()) {
      if (type.getSimpleName().equals(recordOf(k))) {
        return "a " + k.title() + " model file";
      }
    }
    return type.getSimpleName();
  }

  private static String recordOf(ModelKind k) {
    return switch (k) {
      case CLASSIFICATION -> "ClassificationModel";
      case RANKING -> "RankingModel";
      case TEXTS -> "TextModel";
      case MASKS -> "MaskModel";
      case MULTI_LABEL -> "MultiLabelModel";
      case NUMERIC -> "NumericModel";
      case TRAINED -> "TrainedModel";
    };
  }

  /**
   * Reads a model file given as bytes; {@code file} names it in messages.
   *
   * @throws ModelFileException as {@link #read(Path)}
   */
  public static ModelFile parse(Path file, byte[] bytes) throws ModelFileException {
    Node root = Node.parse(file, bytes);
    if (!root.isObject()) {
      throw root.error("not a crowd4j model file (not a JSON object)");
    }
    ModelKind kind = kindOf(root);
    Node o = root.as("a " + kind.title() + " model file");
    int version = version(o, kind);
    if (kind == ModelKind.TRAINED ? o.has(ModelSchema.CHECKSUM) : version >= 1) {
      if (o.optional(ModelSchema.CHECKSUM) == null) {
        throw o.error(
            "no field 'checksum' (a model file of format version " + version + " has it)");
      }
      ModelSchema.verify(file, bytes);
    }
    return switch (kind) {
      case CLASSIFICATION -> ClassificationModel.read(o, version);
      case RANKING -> RankingModel.read(o, version);
      case TEXTS -> TextModel.read(o, version);
      case MASKS -> MaskModel.read(o, version);
      case MULTI_LABEL -> MultiLabelModel.read(o, version);
      case NUMERIC -> NumericModel.read(o, version);
      case TRAINED -> TrainedModel.read(o, version);
    };
  }

  private static ModelKind kindOf(Node root) throws ModelFileException {
    if (root.has("format")) {
      Node f = root.optional("format");
      if (f != null && ModelSchema.TRAINED_FORMAT.equals(f.value)) {
        return ModelKind.TRAINED;
      }
      throw root.error(
          "not a crowd4j model file (format " + (f == null ? "null" : "'" + f.value + "'") + ")");
    }
    Node k = root.optional("kind");
    if (k != null) {
      ModelKind kind = k.value instanceof String s ? ModelKind.ofTag(s) : null;
      if (kind == null) {
        throw root.error(
            "unknown kind '"
                + k.value
                + "' (this version reads texts, segmentation, multilabel and numeric, and"
                + " classification and ranking files without a kind)");
      }
      return kind;
    }
    if (root.has("itemScores")) {
      return ModelKind.RANKING;
    }
    if (root.has("labels") || root.has("workerModels")) {
      return ModelKind.CLASSIFICATION;
    }
    throw root.error(
        "not a crowd4j model file (none of 'kind', 'format', 'labels', 'workerModels',"
            + " 'itemScores')");
  }

  /** The file's format version, checked against what this version reads. */
  private static int version(Node o, ModelKind kind) throws ModelFileException {
    boolean trained = kind == ModelKind.TRAINED;
    Node v = o.optional(ModelSchema.FORMAT_VERSION);
    if (v == null && trained) {
      v = o.optional("version"); // format version 1 called it so
    }
    if (v == null) {
      if (trained || kind == ModelKind.NUMERIC) {
        throw o.error("no field 'formatVersion' (" + o.owner + " has it)");
      }
      if (o.has(ModelSchema.CHECKSUM)) {
        throw o.error("field 'checksum' without 'formatVersion'");
      }
      return ModelSchema.LEGACY_VERSION;
    }
    int version = v.int32();
    int oldest = trained ? 1 : ModelSchema.LEGACY_VERSION;
    int newest = trained ? ModelSchema.TRAINED_VERSION : ModelSchema.VERSION;
    if (version > newest) {
      throw o.error(
          "written by a newer crowd4j (format version "
              + version
              + "; this version reads "
              + oldest
              + " to "
              + newest
              + ")");
    }
    if (version < (trained ? 1 : ModelSchema.VERSION)) {
      throw o.error("unknown format version " + version);
    }
    return version;
  }

  /** {@code diagnostics}: iterations, converged, objective, objectiveName, stopReason. */
  static Diagnostics diagnostics(Node d) throws ModelFileException {
    return new Diagnostics(
        d.get("iterations").int32(),
        d.get("converged").bool(),
        d.get("objective").numbers(),
        d.get("objectiveName").text(),
        d.optionalText("stopReason"));
  }

  /**
   * {@code provenance}: of a classification, ranking or numeric file ({@code full}: with its own
   * method, {@code library} as "crowd4j VERSION"), or of a text or mask file ({@code method} is the
   * document's). {@link Provenance#library()} is the version alone either way.
   */
  static Provenance provenance(Node p, String method, boolean full) throws ModelFileException {
    String library = p.get("library").text();
    if (library.startsWith("crowd4j ")) {
      library = library.substring("crowd4j ".length());
    }
    Node c = p.get("created");
    Instant created;
    try {
      created = Instant.parse(c.text());
    } catch (DateTimeParseException e) {
      throw c.error(
          "field '" + c.path + "' must be a time in ISO-8601 (e.g. 2026-01-31T12:00:00Z)");
    }
    return new Provenance(
        full ? p.get("method").text() : method,
        notSet(p.get("options").stringMap()),
        p.optionalText("dataDigest"),
        library,
        p.optionalText("java"),
        p.optionalText("os"),
        created,
        p.optionalNumber("elapsedMillis"));
  }

  /** The options as the method described them: an option written as {@code null} is not set. */
  private static Map<String, String> notSet(Map<String, String> options) {
    Map<String, String> out = new LinkedHashMap<>();
    options.forEach((k, v) -> out.put(k, v == null ? "NaN" : v));
    return out;
  }
}
