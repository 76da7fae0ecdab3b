package org.crowd4j.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Tuple2;

/**
 * Answers bound for one block, encoded where they are read: the distinct task, worker and label
 * names of the chunk once each (their bytes concatenated) and one {@code int} code per answer for
 * each, so that the shuffle that groups the answers by task moves a few arrays instead of one row
 * object per answer. {@link RawBlock} reads the chunks of its partition in any order.
 *
 * <p>The block of a task is the partition Spark's {@code repartition(n, task)} gives it (the
 * Murmur3 hash of the name's bytes with seed 42, modulo {@code n}), so both preparation paths put
 * every task in the same block.
 */
final class AnswerChunk implements Serializable {
  private static final long serialVersionUID = 1L;

  final NameList tasks;
  final NameList workers;

  /** Answer and gold labels together, in order of appearance. */
  final NameList labels;

  final int[] task;
  final int[] worker;
  final int[] label;

  /** Gold label code per answer, -1 for none; null when no answer of the chunk has gold. */
  final int[] gold;

  /** Rows read, nulls included, and the rows with a null task, worker and label. */
  final long rows;

  final long nullTasks;
  final long nullWorkers;
  final long nullLabels;

  private AnswerChunk(Builder b) {
    tasks = NameList.of(b.tasks);
    workers = NameList.of(b.workers);
    labels = NameList.of(b.labels);
    task = b.task.toArray();
    worker = b.worker.toArray();
    label = b.label.toArray();
    gold = b.anyGold ? b.gold.toArray() : null;
    rows = b.rows;
    nullTasks = b.nullTasks;
    nullWorkers = b.nullWorkers;
    nullLabels = b.nullLabels;
  }

  int size() {
    return task.length;
  }

  /**
   * Spark's hash partition of a string key: {@link UTF8String#hashCode()} (Murmur3 of its bytes
   * with seed 42, as Spark's {@code HashPartitioning} hashes a string; 42 for null), modulo {@code
   * n}.
   */
  static int partitionOf(UTF8String key, int n) {
    return partitionOfHash(key == null ? 42 : key.hashCode(), n);
  }

  private static int partitionOfHash(int hash, int n) {
    int p = hash % n;
    return p < 0 ? p + n : p;
  }

  /**
   * The chunks of one partition's rows {@code (t, w, l, g)} of strings, keyed by block: at most
   * {@code flushRows} rows are held before the pending chunks are handed on.
   */
  static Iterator<Tuple2<Integer, AnswerChunk>> encode(
      Iterator<InternalRow> rows, int blocks, int flushRows) {
    return new Iterator<>() {
      private final Builder[] pending = new Builder[blocks];
      private final List<Tuple2<Integer, AnswerChunk>> ready = new ArrayList<>();
      private int next;
      private int held;
      private byte[] lastTask; // the last row's task, its block and its id there
      private int lastBlock;
      private int lastId;

      @Override
      public boolean hasNext() {
        while (next == ready.size()) {
          ready.clear();
          next = 0;
          if (!rows.hasNext()) {
            flush();
            return !ready.isEmpty();
          }
          while (rows.hasNext() && held < flushRows) {
            add(rows.next());
            held++;
          }
          if (held >= flushRows) {
            flush();
          }
        }
        return true;
      }

      @Override
      public Tuple2<Integer, AnswerChunk> next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        return ready.get(next++);
      }

      private void add(InternalRow r) {
        if (r.isNullAt(0) || r.isNullAt(1) || r.isNullAt(2)) {
          int b = partitionOf(r.isNullAt(0) ? null : r.getUTF8String(0), blocks);
          builder(b).countIncomplete(r);
          return;
        }
        UTF8String task = r.getUTF8String(0);
        if (lastTask == null || !NameDictionary.sameBytes(lastTask, task)) {
          // answers of one task often come together: hashed once for them all
          int h = task.hashCode();
          lastBlock = partitionOfHash(h, blocks);
          Builder into = builder(lastBlock);
          lastId = into.tasks.idOf(task, h);
          lastTask = into.tasks.bytes(lastId);
        }
        pending[lastBlock].add(r, lastId);
      }

      private Builder builder(int b) {
        if (pending[b] == null) {
          pending[b] = new Builder();
        }
        return pending[b];
      }

      private void flush() {
        for (int b = 0; b < blocks; b++) {
          if (pending[b] != null) {
            ready.add(new Tuple2<>(b, new AnswerChunk(pending[b])));
            pending[b] = null;
          }
        }
        held = 0;
        lastTask = null;
      }
    };
  }

  /** Reads rows into chunk-local dictionary codes. */
  private static final class Builder {
    final NameDictionary tasks =
        new NameDictionary(256); // small: a reading task holds one per block
    final NameDictionary workers = new NameDictionary(64);
    final NameDictionary labels = new NameDictionary(16);
    final RawBlock.IntList task = new RawBlock.IntList();
    final RawBlock.IntList worker = new RawBlock.IntList();
    final RawBlock.IntList label = new RawBlock.IntList();
    final RawBlock.IntList gold = new RawBlock.IntList();
    boolean anyGold;
    long rows;
    long nullTasks;
    long nullWorkers;
    long nullLabels;

    /** Counts row {@code r}, which lacks its task, worker or label. */
    void countIncomplete(InternalRow r) {
      rows++;
      if (r.isNullAt(0)) {
        nullTasks++;
      }
      if (r.isNullAt(1)) {
        nullWorkers++;
      }
      if (r.isNullAt(2)) {
        nullLabels++;
      }
    }

    /** Adds the complete row {@code r}, whose task has id {@code t} in {@link #tasks}. */
    void add(InternalRow r, int t) {
      rows++;
      task.add(t);
      worker.add(workers.idOf(r.getUTF8String(1)));
      label.add(labels.idOf(r.getUTF8String(2)));
      if (r.isNullAt(3)) {
        gold.add(-1);
      } else {
        gold.add(labels.idOf(r.getUTF8String(3)));
        anyGold = true;
      }
    }
  }

  /** Names as one array of their UTF-8 bytes and the end of each. */
  static final class NameList implements Serializable {
    private static final long serialVersionUID = 1L;

    private final byte[] bytes;
    private final int[] end;

    private NameList(byte[] bytes, int[] end) {
      this.bytes = bytes;
      this.end = end;
    }

    static NameList of(NameDictionary names) {
      int n = names.size();
      int[] end = new int[n];
      int total = 0;
      for (int i = 0; i < n; i++) {
        total += names.bytes(i).length;
        end[i] = total;
      }
      byte[] bytes = new byte[total];
      for (int i = 0; i < n; i++) {
        byte[] b = names.bytes(i);
        System.arraycopy(b, 0, bytes, end[i] - b.length, b.length);
      }
      return new NameList(bytes, end);
    }

    int size() {
      return end.length;
    }

    /** Name {@code i}, a view of the bytes (copied by {@link NameDictionary} when kept). */
    UTF8String get(int i) {
      int from = i == 0 ? 0 : end[i - 1];
      return UTF8String.fromBytes(bytes, from, end[i] - from);
    }
  }
}
