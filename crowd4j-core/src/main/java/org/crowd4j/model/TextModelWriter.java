package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.text.TextResult;

/**
 * Writes the model file of a text result ({@code aggregate-text --model-out}): {@code kind} ({@code
 * texts}), {@code formatVersion}, {@code checksum}, {@code method}, {@code provenance} (options,
 * data digest, versions, time), {@code diagnostics} and, for a method that estimates them, {@code
 * workers} (worker, reliability). Read back as a {@link TextModel} by {@link Models#read}.
 */
public final class TextModelWriter {
  /** The {@code kind} of a text model file. */
  public static final String KIND = "texts";

  private TextModelWriter() {}

  /** Writes the model of {@code result} to {@code file}. */
  public static void write(Path file, TextResult result) throws IOException {
    ModelJson.write(
        file,
        "kind",
        KIND,
        g -> {
          g.writeStringField("method", result.provenance().method());
          ModelJson.writeShortProvenance(g, result.provenance());
          ModelJson.writeDiagnostics(g, result.diagnostics(), true);
          double[] s = result.skills();
          if (s != null) {
            g.writeArrayFieldStart("workers");
            for (int w = 0; w < s.length; w++) {
              g.writeStartObject();
              g.writeStringField("worker", result.workers().name(w));
              ModelJson.writeNumber(g, "reliability", s[w]);
              g.writeEndObject();
            }
            g.writeEndArray();
          }
        });
  }
}
