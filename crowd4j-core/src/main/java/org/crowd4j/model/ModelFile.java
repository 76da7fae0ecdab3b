package org.crowd4j.model;

/**
 * A model file read back by {@link Models#read}: one record per kind. Every record gives the file's
 * format version ({@link ModelSchema#LEGACY_VERSION} for a file of an aggregation kind written
 * before the version existed) and the method that fitted it; the rest is the kind's own. Arrays in
 * the records are the reader's own, not copies; records holding arrays compare by identity.
 */
public sealed interface ModelFile
    permits ClassificationModel,
        RankingModel,
        TextModel,
        MaskModel,
        MultiLabelModel,
        NumericModel,
        TrainedModel {
  /** The kind of file. */
  ModelKind kind();

  /** The file's {@code formatVersion}. */
  int formatVersion();

  /** The method's name. */
  String method();
}
