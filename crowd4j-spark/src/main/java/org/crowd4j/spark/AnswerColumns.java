package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Which columns of an answers DataFrame hold the task, worker, label and (optionally) gold label of
 * each answer. Ids and labels may be of any atomic type; they are compared as strings.
 *
 * @param task task (item) id column
 * @param worker worker (annotator) id column
 * @param label answered label column
 * @param gold optional column with the task's known true label on (some of) its rows, or {@code
 *     null}
 */
public record AnswerColumns(String task, String worker, String label, String gold)
    implements Serializable {
  /** Validates the names. */
  public AnswerColumns {
    check("task", task);
    check("worker", worker);
    check("label", label);
    if (gold != null) {
      check("gold", gold);
    }
  }

  /** {@code task}, {@code worker}, {@code label}, no gold. */
  public static AnswerColumns defaults() {
    return new AnswerColumns("task", "worker", "label", null);
  }

  /** These columns with another task column. */
  public AnswerColumns withTask(String name) {
    return new AnswerColumns(name, worker, label, gold);
  }

  /** These columns with another worker column. */
  public AnswerColumns withWorker(String name) {
    return new AnswerColumns(task, name, label, gold);
  }

  /** These columns with another label column. */
  public AnswerColumns withLabel(String name) {
    return new AnswerColumns(task, worker, name, gold);
  }

  /** These columns with a gold column ({@code null} for none). */
  public AnswerColumns withGold(String name) {
    return new AnswerColumns(task, worker, label, name);
  }

  private static void check(String role, String name) {
    Objects.requireNonNull(name, role + " column name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("the " + role + " column name must not be blank");
    }
  }

  /**
   * Checks that {@code schema} has every column (the worker column only with {@code needWorker}),
   * each of an atomic type.
   *
   * @throws CrowdInputException naming the missing or unusable column and the columns present
   */
  void validate(StructType schema, boolean needWorker) {
    require(schema, "task", task);
    if (needWorker) {
      require(schema, "worker", worker);
    }
    require(schema, "label", label);
    if (gold != null) {
      require(schema, "gold", gold);
    }
  }

  static void require(StructType schema, String role, String name) {
    StructField field = null;
    for (StructField f : schema.fields()) {
      if (f.name().equals(name)) {
        field = f;
        break;
      }
    }
    if (field == null) {
      throw new CrowdInputException(
          "the "
              + role
              + " column '"
              + name
              + "' is not in the DataFrame; its columns are "
              + Arrays.toString(schema.fieldNames()));
    }
    DataType t = field.dataType();
    if (t instanceof ArrayType
        || t instanceof MapType
        || t instanceof StructType
        || t instanceof BinaryType) {
      throw new CrowdInputException(
          "the "
              + role
              + " column '"
              + name
              + "' has type "
              + t.simpleString()
              + "; ids and labels must be strings or numbers");
    }
  }
}
