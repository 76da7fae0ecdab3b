package org.crowd4j.io.platform;

import java.nio.file.Path;
import java.util.List;

/**
 * Choices a platform's export may need: which field holds the task id, which control or column
 * holds the answer when there are several, where SageMaker Ground Truth's per-worker answers are
 * and which fields hold the two items of a pairwise comparison. Each is {@code null} for the
 * default the format documents.
 *
 * @param taskField the task id: a Label Studio {@code data} field instead of the task's {@code id};
 *     a Toloka column ({@code INPUT:name}, or {@code name} for {@code INPUT:name}); an MTurk column
 *     ({@code Input.name}, or another column) instead of {@code HITId}; a SageMaker manifest key
 *     instead of {@code source-ref}/{@code source}
 * @param answerField the answer: a Label Studio control ({@code from_name}); a Toloka output
 *     ({@code OUTPUT:name} or {@code name}); an MTurk answer ({@code Answer.name} or {@code name});
 *     a key of SageMaker's {@code answerContent}
 * @param workerResponses SageMaker Ground Truth's {@code annotations/worker-response} folder
 *     (default: found from the manifest's place in the job's output)
 * @param itemFields the left and the right item of a pairwise comparison: two Label Studio {@code
 *     data} fields (default: the two names of the result's {@code to_name}); two Toloka {@code
 *     INPUT:} or MTurk {@code Input.} columns, with or without the prefix (default: the only two)
 * @param predictions Label Studio: read the tasks' {@code predictions} instead of their {@code
 *     annotations}, each prediction an answer of the model its {@code model_version} names (how
 *     crowd4j's own Label Studio predictions are read back)
 */
public record ExportOptions(
    String taskField,
    String answerField,
    Path workerResponses,
    List<String> itemFields,
    boolean predictions) {
  /** Validates and copies. */
  public ExportOptions {
    if (itemFields != null) {
      if (itemFields.size() != 2) {
        throw new IllegalArgumentException(
            "the items of a pairwise comparison are two fields, LEFT,RIGHT: " + itemFields);
      }
      itemFields = List.copyOf(itemFields);
    }
  }

  /** The options reading annotations (not predictions). */
  public ExportOptions(
      String taskField, String answerField, Path workerResponses, List<String> itemFields) {
    this(taskField, answerField, workerResponses, itemFields, false);
  }

  /** These options, reading Label Studio predictions instead of annotations. */
  public ExportOptions withPredictions() {
    return new ExportOptions(taskField, answerField, workerResponses, itemFields, true);
  }

  /** The options without item fields. */
  public ExportOptions(String taskField, String answerField, Path workerResponses) {
    this(taskField, answerField, workerResponses, null);
  }

  /** Every choice at its default. */
  public static ExportOptions defaults() {
    return new ExportOptions(null, null, null, null, false);
  }
}
