package org.crowd4j.spark;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.util.Identifiable;

/**
 * The params that the estimators and their models share (columns and layout), declared once with
 * their documentation; each class holds its own instances, as Spark ML params belong to one parent.
 */
final class SharedParams {
  private SharedParams() {}

  static final String TASK = "task";
  static final String WORKER = "worker";
  static final String LABEL = "label";
  static final String PREDICTION = "prediction";
  static final String PROBABILITY = "probability";
  static final int ANSWERS_PER_PARTITION = 8_000_000;
  static final int WORKER_BROADCAST_LIMIT = 2_000_000;
  static final long TREE_REDUCE_ABOVE = 4_000_000L;
  static final String STORAGE_LEVEL = "MEMORY_AND_DISK";

  static Param<String> taskCol(Identifiable parent) {
    return new Param<>(
        parent,
        "taskCol",
        "task (item) id column of the answers (default task)",
        new ColumnName(false));
  }

  static Param<String> workerCol(Identifiable parent) {
    return new Param<>(
        parent,
        "workerCol",
        "worker (annotator) id column of the answers (default worker)",
        new ColumnName(false));
  }

  static Param<String> labelCol(Identifiable parent) {
    return new Param<>(
        parent, "labelCol", "answered label column (default label)", new ColumnName(false));
  }

  static Param<String> goldCol(Identifiable parent) {
    return new Param<>(
        parent,
        "goldCol",
        "column with the known true label of the row's task, null where unknown; tasks with one"
            + " are clamped to it (default: empty, none)",
        new ColumnName(true));
  }

  static Param<String> predictionCol(Identifiable parent) {
    return new Param<>(
        parent,
        "predictionCol",
        "output column of the most probable label (default prediction)",
        new ColumnName(false));
  }

  static Param<String> probabilityCol(Identifiable parent) {
    return new Param<>(
        parent,
        "probabilityCol",
        "output column of the posterior, a vector in the model's label order (default"
            + " probability)",
        new ColumnName(false));
  }

  static IntParam numPartitions(Identifiable parent) {
    return new IntParam(
        parent,
        "numPartitions",
        "answer blocks (partitions); 0 picks a multiple of the default parallelism with at most"
            + " answersPerPartition answers each, estimated for CSV files (default 0)",
        ParamValidators.gtEq(0));
  }

  static LongParam answersPerPartition(Identifiable parent) {
    return new LongParam(
        parent,
        "answersPerPartition",
        "target answers per block when numPartitions is 0 (default 8000000)",
        ParamValidators.gtEq(1));
  }

  static BooleanParam cacheInput(Identifiable parent) {
    return new BooleanParam(
        parent,
        "cacheInput",
        "cache the selected columns of new answers while they are checked and partitioned for"
            + " transform, so the input is read once (default true)");
  }

  static IntParam workerBroadcastLimit(Identifiable parent) {
    return new IntParam(
        parent,
        "workerBroadcastLimit",
        "up to this many workers the worker ids are numbered on the driver and broadcast; above,"
            + " by a distributed sort and a join (default 2000000)",
        ParamValidators.gtEq(0));
  }

  static LongParam treeReduceAbove(Identifiable parent) {
    return new LongParam(
        parent,
        "treeReduceAbove",
        "when the blocks together report per-worker sums for more workers than this, the sums are"
            + " added on the executors in groups of about sqrt(P) blocks first (default 4000000)",
        ParamValidators.gtEq(0));
  }

  static Param<String> storageLevel(Identifiable parent) {
    return new Param<>(
        parent,
        "storageLevel",
        "storage level of the cached answer blocks, a name of org.apache.spark.storage.StorageLevel"
            + " other than NONE (default MEMORY_AND_DISK)",
        new StorageLevelName());
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

  /** The validator of {@link #storageLevel}: a serializable function, as params are. */
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
