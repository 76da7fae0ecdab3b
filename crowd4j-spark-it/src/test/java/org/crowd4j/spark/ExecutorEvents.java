package org.crowd4j.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerBlockUpdated;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerUnpersistRDD;
import org.apache.spark.storage.BlockUpdatedInfo;

/**
 * What the driver heard about executors: which cached RDD blocks each one holds, which executors
 * were removed, and which blocks were stored again after a given moment (recomputed from lineage).
 */
final class ExecutorEvents extends SparkListener {
  private final Map<String, Set<String>> blocksByExecutor = new HashMap<>();
  private final List<String> removed = new ArrayList<>();
  private final List<String> storedSinceMark = new ArrayList<>();
  private int failedTasksSinceMark;
  private boolean marked;

  @Override
  public synchronized void onBlockUpdated(SparkListenerBlockUpdated event) {
    BlockUpdatedInfo info = event.blockUpdatedInfo();
    if (!info.blockId().isRDD()) {
      return;
    }
    String executor = info.blockManagerId().executorId();
    String block = info.blockId().name();
    if (info.storageLevel().isValid()) {
      blocksByExecutor.computeIfAbsent(executor, e -> new TreeSet<>()).add(block);
      if (marked) {
        storedSinceMark.add(block);
      }
    } else {
      Set<String> held = blocksByExecutor.get(executor);
      if (held != null) {
        held.remove(block);
      }
    }
  }

  @Override
  public synchronized void onUnpersistRDD(SparkListenerUnpersistRDD event) {
    String prefix = "rdd_" + event.rddId() + "_";
    blocksByExecutor.values().forEach(b -> b.removeIf(name -> name.startsWith(prefix)));
  }

  @Override
  public synchronized void onExecutorRemoved(SparkListenerExecutorRemoved event) {
    removed.add(event.executorId());
    blocksByExecutor.remove(event.executorId());
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd event) {
    if (marked && event.taskInfo().failed()) {
      failedTasksSinceMark++;
    }
  }

  /** Starts counting blocks stored and tasks failed from now on. */
  synchronized void mark() {
    marked = true;
    storedSinceMark.clear();
    failedTasksSinceMark = 0;
  }

  /**
   * The executors that hold cached RDD blocks, with those blocks ({@code rdd_<id>_<partition>}).
   */
  synchronized Map<String, Set<String>> blocksByExecutor() {
    Map<String, Set<String>> copy = new HashMap<>();
    blocksByExecutor.forEach(
        (e, b) -> {
          if (!b.isEmpty()) {
            copy.put(e, new TreeSet<>(b));
          }
        });
    return copy;
  }

  /** The executors removed so far, in order. */
  synchronized List<String> removed() {
    return List.copyOf(removed);
  }

  /** The RDD blocks stored since {@link #mark()}. */
  synchronized Set<String> storedSinceMark() {
    return new HashSet<>(storedSinceMark);
  }

  /** The tasks that failed since {@link #mark()}. */
  synchronized int failedTasksSinceMark() {
    return failedTasksSinceMark;
  }
}
