package org.crowd4j.model;

/**
 * The kinds of model file, each read as its own record of {@link ModelFile}. Texts, masks,
 * multi-label and numeric files name their kind in a {@code kind} member; classification and
 * ranking files, whose layout predates that member, are told by their members ({@code labels} and
 * {@code workerModels}; {@code itemScores}); a trained network's {@code model.json} by its {@code
 * format}.
 */
public enum ModelKind {
  /** {@code aggregate --model-out}: {@link ClassificationModel}. */
  CLASSIFICATION("classification", null),
  /** {@code rank --model-out}: {@link RankingModel}. */
  RANKING("ranking", null),
  /** {@code aggregate-text --model-out}: {@link TextModel}. */
  TEXTS("text", TextModelWriter.KIND),
  /** {@code aggregate-masks --model-out}: {@link MaskModel}. */
  MASKS("mask", MaskModelWriter.KIND),
  /** {@code aggregate-multilabel --model-out}: {@link MultiLabelModel}. */
  MULTI_LABEL("multi-label", MultiLabelModelWriter.KIND),
  /** {@code aggregate-numeric --model-out}: {@link NumericModel}. */
  NUMERIC("numeric", NumericModelWriter.KIND),
  /** A trained network's {@code model.json} ({@code train --out}): {@link TrainedModel}. */
  TRAINED("trained", null);

  private final String title;
  private final String tag;

  ModelKind(String title, String tag) {
    this.title = title;
    this.tag = tag;
  }

  /** A word or two naming the kind, as messages use it. */
  public String title() {
    return title;
  }

  /** The value of the file's {@code kind} member, or {@code null} for a kind without one. */
  public String tag() {
    return tag;
  }

  /** The kind whose files carry {@code kind: tag}, or {@code null}. */
  static ModelKind ofTag(String tag) {
    for (ModelKind k : values()) {
      if (tag.equals(k.tag)) {
        return k;
      }
    }
    return null;
  }
}
