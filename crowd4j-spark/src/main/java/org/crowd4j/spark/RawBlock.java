package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The answers of one partition as primitive arrays with block-local dictionaries: the first form of
 * an {@link AnswerBlock}, built in the pass that reads the shuffled rows, before the global label
 * and worker ids are known.
 *
 * <p>The rows arrive in any order; they are numbered through hash dictionaries of tasks, workers
 * and labels as they come, then grouped by task with a counting sort. Tasks are ordered by their
 * names' bytes and the answers of a task by the bytes of {@code (worker, label)}, the order of a
 * sort of the rows by {@code (task, worker, label)}, so the blocks do not depend on the order of
 * the input. Workers are numbered in the order of their names ({@link String#compareTo}), the order
 * of the global worker ids, so a block's local ids stay valid once the global ids are attached.
 * Labels and gold labels share one local dictionary in order of appearance. Rows with a null task,
 * worker or label are counted and left out; a task given two gold labels is recorded, not thrown,
 * so that the driver reports the problems in one fixed order.
 */
final class RawBlock implements Serializable {
  private static final long serialVersionUID = 1L;

  final String[] tasks;
  final int[] off;
  final int[] worker;
  final int[] label;
  final int[] gold;
  final String[] workers;
  final String[] labels;
  final boolean[] answered;
  final long rows;
  final long nullTasks;
  final long nullWorkers;
  final long nullLabels;

  /**
   * Task and its two gold labels (sorted) of the first task (in block order) given two, or null.
   */
  final String[] conflict;

  private RawBlock(Builder b, Grouping g) {
    this.tasks = g.tasks;
    this.off = g.off;
    this.worker = g.worker;
    this.label = g.label;
    this.gold = g.gold;
    this.workers = g.workers;
    this.labels = b.labels.names();
    this.answered = Arrays.copyOf(b.answered, b.labels.size());
    this.rows = b.rows;
    this.nullTasks = b.nullTasks;
    this.nullWorkers = b.nullWorkers;
    this.nullLabels = b.nullLabels;
    this.conflict = g.conflict;
  }

  /** The block of one partition's rows {@code (t, w, l, g)} of strings, in any order. */
  static RawBlock of(Iterator<InternalRow> rows) {
    Builder b = new Builder();
    while (rows.hasNext()) {
      b.add(rows.next());
    }
    return new RawBlock(b, new Grouping(b));
  }

  /**
   * The final block: labels and gold to the global ids {@code labelId} (indexed by local label id),
   * the global id of every local worker ({@code workerIds}, ascending).
   */
  AnswerBlock toAnswerBlock(int[] labelId, int[] workerIds, int numLabels) {
    int[] l = new int[label.length];
    for (int a = 0; a < l.length; a++) {
      l[a] = labelId[label[a]];
    }
    int[] g = new int[gold.length];
    for (int i = 0; i < g.length; i++) {
      g[i] = gold[i] < 0 ? -1 : labelId[gold[i]];
    }
    return new AnswerBlock(tasks, off, worker, l, g, workerIds, numLabels, null);
  }

  /** Reads rows in arrival order into dictionary ids, one entry per kept row. */
  private static final class Builder {
    final Names tasks = new Names(1 << 14);
    final Names workers = new Names(1024);
    final Names labels = new Names(16);
    final IntList task = new IntList();
    final IntList worker = new IntList();
    final IntList label = new IntList();
    final IntList gold = new IntList(); // first gold label per local task, -1 for none
    Map<Integer, TreeSet<String>> conflicts; // local task -> its distinct gold labels
    boolean[] answered = new boolean[8];
    long rows;
    long nullTasks;
    long nullWorkers;
    long nullLabels;

    void add(InternalRow r) {
      rows++;
      boolean skip = false;
      if (r.isNullAt(0)) {
        nullTasks++;
        skip = true;
      }
      if (r.isNullAt(1)) {
        nullWorkers++;
        skip = true;
      }
      if (r.isNullAt(2)) {
        nullLabels++;
        skip = true;
      }
      if (skip) {
        return;
      }
      int t = tasks.idOf(r.getUTF8String(0));
      if (t == gold.size()) {
        gold.add(-1);
      }
      int l = localLabel(r.getUTF8String(2));
      answered[l] = true;
      if (!r.isNullAt(3)) {
        addGold(t, localLabel(r.getUTF8String(3)));
      }
      task.add(t);
      worker.add(workers.idOf(r.getUTF8String(1)));
      label.add(l);
    }

    private void addGold(int t, int g) {
      int had = gold.get(t);
      if (had < 0) {
        gold.set(t, g);
        return;
      }
      TreeSet<String> seen = conflicts == null ? null : conflicts.get(t);
      if (seen != null) {
        seen.add(labels.name(g));
      } else if (had != g) {
        if (conflicts == null) {
          conflicts = new HashMap<>();
        }
        seen = new TreeSet<>();
        seen.add(labels.name(had));
        seen.add(labels.name(g));
        conflicts.put(t, seen);
      }
    }

    private int localLabel(UTF8String name) {
      int id = labels.idOf(name);
      if (id == answered.length) {
        answered = Arrays.copyOf(answered, 2 * id);
      }
      return id;
    }
  }

  /**
   * The rows of a {@link Builder} grouped by task: tasks in byte order of their names, answers of a
   * task in byte order of {@code (worker, label)}, workers renumbered in name order.
   */
  private static final class Grouping {
    final String[] tasks;
    final int[] off;
    final int[] worker;
    final int[] label;
    final int[] gold;
    final String[] workers;
    final String[] conflict;

    Grouping(Builder b) {
      int numTasks = b.tasks.size();
      int n = b.task.size();
      int[] taskRank = b.tasks.byteRanks();
      int[] workerByBytes = b.workers.byteRanks();
      int[] labelByBytes = b.labels.byteRanks();
      int numLabels = Math.max(1, b.labels.size());

      tasks = new String[numTasks];
      gold = new int[numTasks];
      for (int t = 0; t < numTasks; t++) {
        tasks[taskRank[t]] = b.tasks.name(t);
        gold[taskRank[t]] = b.gold.get(t);
      }
      // counting sort of the rows by task rank
      off = new int[numTasks + 1];
      int[] rowTask = b.task.array();
      for (int a = 0; a < n; a++) {
        off[taskRank[rowTask[a]] + 1]++;
      }
      for (int i = 0; i < numTasks; i++) {
        off[i + 1] += off[i];
      }
      int[] next = Arrays.copyOf(off, numTasks);
      int[] order = new int[n];
      for (int a = 0; a < n; a++) {
        order[next[taskRank[rowTask[a]]]++] = a;
      }
      // within a task, by (worker, label) bytes
      int[] rowWorker = b.worker.array();
      int[] rowLabel = b.label.array();
      long[] key = new long[n];
      for (int a = 0; a < n; a++) {
        key[a] = (long) workerByBytes[rowWorker[a]] * numLabels + labelByBytes[rowLabel[a]];
      }
      for (int i = 0; i < numTasks; i++) {
        sortRange(order, key, off[i], off[i + 1]);
      }
      // local worker ids in name order (String order, as the global ids)
      String[] workerNames = b.workers.names();
      Integer[] byName = new Integer[workerNames.length];
      for (int w = 0; w < byName.length; w++) {
        byName[w] = w;
      }
      Arrays.sort(byName, (x, y) -> workerNames[x].compareTo(workerNames[y]));
      int[] rank = new int[workerNames.length];
      workers = new String[workerNames.length];
      for (int i = 0; i < byName.length; i++) {
        rank[byName[i]] = i;
        workers[i] = workerNames[byName[i]];
      }
      worker = new int[n];
      label = new int[n];
      for (int a = 0; a < n; a++) {
        worker[a] = rank[rowWorker[order[a]]];
        label[a] = rowLabel[order[a]];
      }
      conflict = firstConflict(b, taskRank);
    }

    /** Sorts {@code order[from, to)} by {@code key} of its entries, stable. */
    private static void sortRange(int[] order, long[] key, int from, int to) {
      if (to - from <= 32) {
        for (int i = from + 1; i < to; i++) {
          int v = order[i];
          long k = key[v];
          int j = i - 1;
          while (j >= from && key[order[j]] > k) {
            order[j + 1] = order[j];
            j--;
          }
          order[j + 1] = v;
        }
        return;
      }
      Integer[] boxed = new Integer[to - from];
      for (int i = from; i < to; i++) {
        boxed[i - from] = order[i];
      }
      Arrays.sort(boxed, (x, y) -> Long.compare(key[x], key[y]));
      for (int i = from; i < to; i++) {
        order[i] = boxed[i - from];
      }
    }

    private static String[] firstConflict(Builder b, int[] taskRank) {
      if (b.conflicts == null) {
        return null;
      }
      int first = -1;
      for (int t : b.conflicts.keySet()) {
        if (first < 0 || taskRank[t] < taskRank[first]) {
          first = t;
        }
      }
      Iterator<String> two = b.conflicts.get(first).iterator();
      return new String[] {b.tasks.name(first), two.next(), two.next()};
    }
  }

  /**
   * Dense ids of byte strings in order of first appearance: an open-addressing table that copies a
   * name only when it is new (the rows of a partition reuse their buffers).
   */
  static final class Names {
    private UTF8String[] keys;
    private int[] ids;
    private UTF8String[] byId;
    private int size;

    Names(int capacity) {
      int c = Integer.highestOneBit(Math.max(4, capacity) * 2 - 1);
      keys = new UTF8String[c];
      ids = new int[c];
      byId = new UTF8String[Math.max(4, capacity)];
    }

    /** The id of {@code name}, the next free id ({@link #size()} before the call) when new. */
    int idOf(UTF8String name) {
      int mask = keys.length - 1;
      int at = hash(name) & mask;
      while (keys[at] != null) {
        if (keys[at].equals(name)) {
          return ids[at];
        }
        at = (at + 1) & mask;
      }
      UTF8String copy = name.clone();
      keys[at] = copy;
      ids[at] = size;
      if (size == byId.length) {
        byId = Arrays.copyOf(byId, 2 * size);
      }
      byId[size] = copy;
      if (++size * 2 > keys.length) {
        grow();
      }
      return size - 1;
    }

    int size() {
      return size;
    }

    /** The name of id {@code id}. */
    String name(int id) {
      return byId[id].toString();
    }

    /** All names in id order. */
    String[] names() {
      String[] out = new String[size];
      for (int i = 0; i < size; i++) {
        out[i] = byId[i].toString();
      }
      return out;
    }

    /** The rank of every id's name in byte order (the order of Spark's sort of strings). */
    int[] byteRanks() {
      Integer[] order = new Integer[size];
      for (int i = 0; i < size; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (x, y) -> byId[x].compareTo(byId[y]));
      int[] rank = new int[size];
      for (int i = 0; i < size; i++) {
        rank[order[i]] = i;
      }
      return rank;
    }

    private void grow() {
      UTF8String[] oldKeys = keys;
      int[] oldIds = ids;
      keys = new UTF8String[oldKeys.length * 2];
      ids = new int[oldKeys.length * 2];
      int mask = keys.length - 1;
      for (int i = 0; i < oldKeys.length; i++) {
        if (oldKeys[i] != null) {
          int at = hash(oldKeys[i]) & mask;
          while (keys[at] != null) {
            at = (at + 1) & mask;
          }
          keys[at] = oldKeys[i];
          ids[at] = oldIds[i];
        }
      }
    }

    private static int hash(UTF8String s) {
      int h = s.hashCode();
      return h ^ (h >>> 16);
    }
  }

  /** A growable {@code int} array. */
  static final class IntList {
    private int[] a = new int[1024];
    private int size;

    void add(int v) {
      if (size == a.length) {
        a = Arrays.copyOf(a, a.length * 2);
      }
      a[size++] = v;
    }

    int get(int i) {
      return a[i];
    }

    void set(int i, int v) {
      a[i] = v;
    }

    int size() {
      return size;
    }

    /** The backing array, valid up to {@link #size()}. */
    int[] array() {
      return a;
    }

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }
}
