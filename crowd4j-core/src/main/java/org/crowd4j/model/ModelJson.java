package org.crowd4j.model;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.crowd4j.io.AtomicFiles;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.Provenance;

/**
 * The JSON plumbing every model writer shares: the document frame (its identifying first member,
 * {@code formatVersion} and {@code checksum}, then the kind's members), sealing, the atomic write,
 * and the members several kinds write alike (numbers with {@code null} for a non-finite value,
 * arrays, matrices, diagnostics, provenance). Documents are pretty-printed with Jackson's default
 * printer (two spaces, {@code "name" : value}).
 */
final class ModelJson {
  private static final JsonFactory JSON = new JsonFactory();

  private ModelJson() {}

  /** Writes the members of a document after its frame. */
  @FunctionalInterface
  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  /**
   * The sealed bytes of a document: {@code {firstName: firstValue, formatVersion, checksum,
   * ...body}}.
   */
  static byte[] document(String firstName, String firstValue, Body body) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 14);
    try (JsonGenerator g = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField(firstName, firstValue);
      g.writeNumberField(ModelSchema.FORMAT_VERSION, ModelSchema.VERSION);
      g.writeStringField(ModelSchema.CHECKSUM, ModelSchema.CHECKSUM_PLACEHOLDER);
      body.write(g);
      g.writeEndObject();
    }
    return ModelSchema.seal(bytes.toByteArray());
  }

  /** Writes {@link #document} to {@code file} through {@link AtomicFiles}. */
  static void write(Path file, String firstName, String firstValue, Body body) throws IOException {
    byte[] bytes = document(firstName, firstValue, body);
    AtomicFiles.write(file, out -> out.write(bytes));
  }

  /** {@code "diagnostics": {iterations, converged, [stopReason,] objectiveName, objective}}. */
  static void writeDiagnostics(JsonGenerator g, Diagnostics d, boolean stopReason)
      throws IOException {
    g.writeObjectFieldStart("diagnostics");
    g.writeNumberField("iterations", d.iterations());
    g.writeBooleanField("converged", d.converged());
    if (stopReason) {
      g.writeStringField("stopReason", d.stopReason());
    }
    g.writeStringField("objectiveName", d.objectiveName());
    g.writeFieldName("objective");
    double[] o = d.objective();
    writeArray(g, o, 0, o.length);
    g.writeEndObject();
  }

  /**
   * {@code "provenance": {method, options, dataDigest, library, java, os, created, elapsedMillis}}
   * as the classification, ranking and numeric files write it ({@code library} as {@code "crowd4j
   * VERSION"}); {@code engine}, when not null, is added last.
   */
  static void writeProvenance(JsonGenerator g, Provenance p, String engine) throws IOException {
    g.writeObjectFieldStart("provenance");
    g.writeStringField("method", p.method());
    writeOptions(g, p.options());
    g.writeStringField("dataDigest", p.dataDigest());
    g.writeStringField("library", "crowd4j " + p.library());
    g.writeStringField("java", p.java());
    g.writeStringField("os", p.os());
    g.writeStringField("created", p.created().toString());
    g.writeNumberField("elapsedMillis", p.elapsedMillis());
    if (engine != null) {
      g.writeStringField("engine", engine);
    }
    g.writeEndObject();
  }

  /**
   * {@code "provenance": {options, dataDigest, library, java, os, created, elapsedMillis}} as the
   * text and mask files write it: no method (the document's own {@code method} names it), {@code
   * library} the bare version, a non-finite {@code elapsedMillis} as {@code null}.
   */
  static void writeShortProvenance(JsonGenerator g, Provenance p) throws IOException {
    g.writeObjectFieldStart("provenance");
    writeOptions(g, p.options());
    g.writeStringField("dataDigest", p.dataDigest());
    g.writeStringField("library", p.library());
    g.writeStringField("java", p.java());
    g.writeStringField("os", p.os());
    g.writeStringField("created", p.created().toString());
    writeNumber(g, "elapsedMillis", p.elapsedMillis());
    g.writeEndObject();
  }

  /**
   * The method's options as text; an option not set ({@code NaN}, as {@code defaultSkill} of the
   * votes) as {@code null}, so that no model file holds a non-finite number ({@link Models} reads
   * the {@code null} back as {@code "NaN"}).
   */
  private static void writeOptions(JsonGenerator g, Map<String, String> options)
      throws IOException {
    g.writeObjectFieldStart("options");
    for (Map.Entry<String, String> e : options.entrySet()) {
      String v = e.getValue();
      if (v == null || v.equals("NaN")) {
        g.writeNullField(e.getKey());
      } else {
        g.writeStringField(e.getKey(), v);
      }
    }
    g.writeEndObject();
  }

  /** {@code name: [[...], ...]}: {@code k} rows of {@code k} from {@code v[off]}. */
  static void writeMatrix(JsonGenerator g, String name, double[] v, int off, int k)
      throws IOException {
    g.writeFieldName(name);
    writeRows(g, v, off, k);
  }

  /** {@code [[...], ...]}: {@code k} rows of {@code k} from {@code v[off]}. */
  static void writeRows(JsonGenerator g, double[] v, int off, int k) throws IOException {
    g.writeStartArray();
    for (int r = 0; r < k; r++) {
      writeArray(g, v, off + r * k, k);
    }
    g.writeEndArray();
  }

  /** {@code [v[off], ..., v[off + len - 1]]}, a non-finite value as {@code null}. */
  static void writeArray(JsonGenerator g, double[] v, int off, int len) throws IOException {
    g.writeStartArray();
    for (int j = 0; j < len; j++) {
      writeValue(g, v[off + j]);
    }
    g.writeEndArray();
  }

  /** {@code name: v}, a non-finite value as {@code null}. */
  static void writeNumber(JsonGenerator g, String name, double v) throws IOException {
    g.writeFieldName(name);
    writeValue(g, v);
  }

  /** {@code v}, or {@code null} when not finite. */
  static void writeValue(JsonGenerator g, double v) throws IOException {
    if (Double.isFinite(v)) {
      g.writeNumber(v);
    } else {
      g.writeNull();
    }
  }
}
