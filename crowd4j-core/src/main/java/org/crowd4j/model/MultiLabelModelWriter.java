package org.crowd4j.model;

import java.io.IOException;
import java.nio.file.Path;
import org.crowd4j.multilabel.MultiLabelResult;
import org.crowd4j.multilabel.TagAnswers;

/**
 * Writes the model file of a multi-label result ({@code aggregate-multilabel --model-out}): {@code
 * kind} ({@code multilabel}), {@code formatVersion}, {@code checksum}, {@code method}, {@code
 * tags}, then {@code perTag}: for every tag the classification document of its yes/no question
 * ({@link ClassificationModelWriter}, without a version or checksum of its own). Read back as a
 * {@link MultiLabelModel} by {@link Models#read}.
 */
public final class MultiLabelModelWriter {
  /** The {@code kind} of a multi-label model file. */
  public static final String KIND = "multilabel";

  private MultiLabelModelWriter() {}

  /** Writes the model of {@code result} fitted on {@code data} to {@code file}. */
  public static void write(Path file, MultiLabelResult result, TagAnswers data) throws IOException {
    ModelJson.write(
        file,
        "kind",
        KIND,
        g -> {
          g.writeStringField("method", result.method());
          g.writeArrayFieldStart("tags");
          for (String tag : result.tags().names()) {
            g.writeString(tag);
          }
          g.writeEndArray();
          g.writeObjectFieldStart("perTag");
          for (int t = 0; t < result.numTags(); t++) {
            g.writeFieldName(result.tags().name(t));
            ClassificationModelWriter.writeNested(g, result.tag(t), data.binary(t));
          }
          g.writeEndObject();
        });
  }
}
