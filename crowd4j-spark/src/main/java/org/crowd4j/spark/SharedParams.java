package org.crowd4j.spark;

import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.util.Identifiable;

/**
 * The defaults, validators and small helpers of the params that the estimators and their models
 * share; the params themselves are declared by the mixins ({@link AnswerParams}, {@link
 * HasBlockLayout}, {@link HasBlockStorage}, ...).
 */
final class SharedParams {
  private SharedParams() {}

  static final String TASK = "task";
  static final String WORKER = "worker";
  static final String LABEL = "label";
  static final String PREDICTION = "prediction";
  static final String PROBABILITY = "probability";
  static final String VALUE = "value";
  static final String ESTIMATE = "estimate";
  static final int ANSWERS_PER_PARTITION = 8_000_000;
  static final int WORKER_BROADCAST_LIMIT = 2_000_000;
  static final long TREE_REDUCE_ABOVE = 4_000_000L;
  static final String STORAGE_LEVEL = "MEMORY_AND_DISK";

  /**
   * A column-name param of {@code parent}: not blank, or also empty for an {@code optional} column.
   */
  static Param<String> column(Identifiable parent, String name, String doc, boolean optional) {
    return new Param<>(parent, name, doc, new ColumnName(optional));
  }

  /** The validator of a storage level's name: a serializable function, as params are. */
  static scala.Function1<String, Object> storageLevelValidator() {
    return new StorageLevelName();
  }

  /** The validator of a column name: not blank (or empty, for an optional column). */
  private static final class ColumnName extends scala.runtime.AbstractFunction1<String, Object>
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    private final boolean optional;

    ColumnName(boolean optional) {
      this.optional = optional;
    }

    @Override
    public Object apply(String name) {
      return name != null && (!name.isBlank() || (optional && name.isEmpty()));
    }
  }

  /** The validator of a storage level's name: a level other than {@code NONE}. */
  private static final class StorageLevelName
      extends scala.runtime.AbstractFunction1<String, Object> implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Object apply(String name) {
      return isStorageLevel(name);
    }
  }

  static boolean isStorageLevel(String name) {
    try {
      return name != null
          && !org.apache.spark.storage.StorageLevel.fromString(name)
              .equals(org.apache.spark.storage.StorageLevel.NONE());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The names of an enum's constants, for a validator of a param that holds one by name. */
  static java.util.List<String> names(Enum<?>[] values) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (Enum<?> v : values) {
      out.add(v.name());
    }
    return out;
  }

  /** {@code name} when set and not empty, else null (an optional column). */
  static String optional(String name) {
    return name == null || name.isEmpty() ? null : name;
  }
}
