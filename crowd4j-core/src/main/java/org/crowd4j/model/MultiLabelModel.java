package org.crowd4j.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.crowd4j.io.ModelFileException;

/**
 * A multi-label model file ({@link MultiLabelModelWriter}): the classification model of every tag's
 * yes/no question.
 *
 * @param formatVersion the file's format version (0: written before the field existed); the tags'
 *     models carry the same
 * @param method the classification method's name
 * @param tags the tags, in file order
 * @param perTag tag → the model of its yes/no question, in the order of {@code tags}
 */
public record MultiLabelModel(
    int formatVersion, String method, List<String> tags, Map<String, ClassificationModel> perTag)
    implements ModelFile {

  /** Validates and copies (keeping the order). */
  public MultiLabelModel {
    Objects.requireNonNull(method, "method");
    tags = List.copyOf(tags);
    perTag = Collections.unmodifiableMap(new LinkedHashMap<>(perTag));
  }

  @Override
  public ModelKind kind() {
    return ModelKind.MULTI_LABEL;
  }

  static MultiLabelModel read(Node o, int version) throws ModelFileException {
    String method = o.get("method").text();
    List<String> tags = o.get("tags").strings();
    Node per = o.get("perTag");
    Map<String, ClassificationModel> perTag = new LinkedHashMap<>();
    for (String tag : tags) {
      perTag.put(tag, ClassificationModel.read(per.get(tag), version));
    }
    if (per.members().size() != tags.size()) {
      throw o.error("field 'perTag' must hold exactly the " + tags.size() + " tags of 'tags'");
    }
    return new MultiLabelModel(version, method, tags, perTag);
  }
}
