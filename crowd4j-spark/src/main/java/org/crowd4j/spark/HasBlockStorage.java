package org.crowd4j.spark;

import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.storage.StorageLevel;

/**
 * How a fit keeps its answer blocks and adds up their per-worker sums: the storage level of the
 * cached blocks and the size above which the sums are added on the executors first.
 *
 * @param <T> the estimator itself, returned by the setters
 */
public interface HasBlockStorage<T> extends MixinParams {
  /**
   * Storage level of the answer blocks, by name (default {@code MEMORY_AND_DISK}: deserialized in
   * memory, spilled rather than recomputed from the input); not {@code NONE}.
   */
  default Param<String> storageLevel() {
    return declaredParams().get("storageLevel");
  }

  /** The value of {@link #storageLevel()}. */
  default String getStorageLevel() {
    return getOrDefault(storageLevel());
  }

  /** Sets {@link #storageLevel()} (a name of {@link StorageLevel}, not {@code NONE}). */
  @SuppressWarnings("unchecked")
  default T setStorageLevel(String level) {
    if (!SharedParams.isStorageLevel(level)) {
      throw new IllegalArgumentException(
          "storageLevel must name a storage level other than NONE, e.g. MEMORY_AND_DISK: " + level);
    }
    set(storageLevel(), level);
    return (T) this;
  }

  /**
   * When all blocks together report per-worker sums for more than this many workers (counting a
   * worker once per block it answers in), the sums are added on the executors in groups of about √P
   * partitions before they reach the driver (default 4,000,000).
   */
  default LongParam treeReduceAbove() {
    return declaredParams().get("treeReduceAbove");
  }

  /** The value of {@link #treeReduceAbove()}. */
  default long getTreeReduceAbove() {
    return (Long) getOrDefault(treeReduceAbove());
  }

  /** Sets {@link #treeReduceAbove()}. */
  @SuppressWarnings("unchecked")
  default T setTreeReduceAbove(long workerRows) {
    set(treeReduceAbove(), workerRows);
    return (T) this;
  }

  /** Declares the two params of {@code stage} with their defaults. */
  static void declare(HasBlockStorage<?> stage) {
    DeclaredParams.declare(
        stage,
        new Param<>(
            stage,
            "storageLevel",
            "storage level of the cached answer blocks, a name of"
                + " org.apache.spark.storage.StorageLevel other than NONE (default MEMORY_AND_DISK)",
            SharedParams.storageLevelValidator()),
        SharedParams.STORAGE_LEVEL);
    DeclaredParams.declare(
        stage,
        new LongParam(
            stage,
            "treeReduceAbove",
            "when the blocks together report per-worker sums for more workers than this, the sums"
                + " are added on the executors in groups of about sqrt(P) blocks first (default"
                + " 4000000)",
            ParamValidators.gtEq(0)),
        SharedParams.TREE_REDUCE_ABOVE);
  }
}
