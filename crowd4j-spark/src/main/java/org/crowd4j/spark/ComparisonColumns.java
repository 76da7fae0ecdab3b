package org.crowd4j.spark;

import org.apache.spark.sql.types.StructType;

/**
 * The column names of a comparisons DataFrame, one row per judgement: the two items and the label,
 * the winner's id (crowd-kit's pairwise layout); the worker column is optional.
 *
 * @param left the left item's column
 * @param right the right item's column
 * @param label the winner's column
 * @param worker the worker's column, or {@code null}
 */
record ComparisonColumns(String left, String right, String label, String worker) {
  /**
   * Checks that {@code schema} has the item and label columns (and the worker column when named),
   * of atomic types, under three different names.
   *
   * @throws CrowdInputException naming a missing or unusable column
   */
  void validate(StructType schema) {
    if (left.equals(right) || left.equals(label) || right.equals(label)) {
      throw new CrowdInputException(
          "the left, right and label columns need three names: '"
              + left
              + "', '"
              + right
              + "', '"
              + label
              + "'");
    }
    AnswerColumns.require(schema, "left", left);
    AnswerColumns.require(schema, "right", right);
    AnswerColumns.require(schema, "label", label);
    if (worker != null) {
      AnswerColumns.require(schema, "worker", worker);
    }
  }
}
