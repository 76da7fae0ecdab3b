package org.crowd4j.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;
import org.crowd4j.method.Provenance;

/**
 * A mask model file ({@link MaskModelWriter}): per image how its fit ran and, for a method that
 * scores the answers, every worker's skill or weight on it.
 *
 * @param formatVersion the file's format version (0: written before the field existed)
 * @param method the method's name
 * @param provenance method (the file's {@code method}), options, data digest, versions, time
 * @param images every image, in file order
 */
public record MaskModel(int formatVersion, String method, Provenance provenance, List<Image> images)
    implements ModelFile {

  /** Validates and copies the list. */
  public MaskModel {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(provenance, "provenance");
    images = List.copyOf(images);
  }

  @Override
  public ModelKind kind() {
    return ModelKind.MASKS;
  }

  /**
   * One image.
   *
   * @param task the image's task id
   * @param iterations iterations run
   * @param converged whether the stopping rule fired
   * @param scoresAreSkills whether {@code scores} are skills (EM: the probability of marking a
   *     pixel right) rather than weights (RASA)
   * @param scores worker → skill or weight, in file order; empty for a method without
   */
  public record Image(
      String task,
      int iterations,
      boolean converged,
      boolean scoresAreSkills,
      Map<String, Double> scores) {
    /** Copies the map (keeping its order). */
    public Image {
      Objects.requireNonNull(task, "task");
      scores = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(scores));
    }
  }

  static MaskModel read(Node o, int version) throws ModelFileException {
    String method = o.get("method").text();
    Provenance provenance = Models.provenance(o.get("provenance"), method, false);
    List<Image> images = new ArrayList<>();
    for (Node i : o.get("images").elements()) {
      Node skills = i.optional("skills");
      Node weights = i.optional("weights");
      Node scores = skills != null ? skills : weights;
      images.add(
          new Image(
              i.get("task").text(),
              i.get("iterations").int32(),
              i.get("converged").bool(),
              skills != null,
              scores == null ? Map.of() : scores.numberMap()));
    }
    return new MaskModel(version, method, provenance, images);
  }
}
