package org.crowd4j.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The answers of one partition, sorted by task, as primitive arrays with block-local dictionaries:
 * the first form of an {@link AnswerBlock}, built in the pass that reads the shuffled rows, before
 * the global label and worker ids are known.
 *
 * <p>Workers are numbered in the order of their names ({@link String#compareTo}), the order of the
 * global worker ids, so a block's local ids stay valid once the global ids are attached. Labels and
 * gold labels share one local dictionary in order of appearance. Rows with a null task, worker or
 * label are counted and left out; a task given two gold labels is recorded, not thrown, so that the
 * driver reports the problems in one fixed order.
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

  /** Task and its two gold labels (sorted) of the first task given two, or null. */
  final String[] conflict;

  private RawBlock(Builder b, int[] worker, String[] workers) {
    this.tasks = b.tasks.toArray(new String[0]);
    this.off = b.off.toArray();
    this.worker = worker;
    this.label = b.label.toArray();
    this.gold = b.gold.toArray();
    this.workers = workers;
    this.labels = b.labelNames.toArray(new String[0]);
    this.answered = Arrays.copyOf(b.answered, b.labelNames.size());
    this.rows = b.rows;
    this.nullTasks = b.nullTasks;
    this.nullWorkers = b.nullWorkers;
    this.nullLabels = b.nullLabels;
    this.conflict = b.conflict;
  }

  /**
   * The block of one partition's rows {@code (t, w, l, g)} of strings, sorted by {@code (t, w, l)}.
   */
  static RawBlock of(Iterator<InternalRow> rows) {
    Builder b = new Builder();
    while (rows.hasNext()) {
      b.add(rows.next());
    }
    return b.finish();
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

  /** Reads sorted rows into growing arrays and local dictionaries. */
  private static final class Builder {
    final List<String> tasks = new ArrayList<>();
    final IntList off = new IntList();
    final IntList worker = new IntList();
    final IntList label = new IntList();
    final IntList gold = new IntList();
    final Names workerId = new Names(1024);
    final List<String> workerNames = new ArrayList<>();
    final Names labelId = new Names(16);
    final List<String> labelNames = new ArrayList<>();
    boolean[] answered = new boolean[8];
    long rows;
    long nullTasks;
    long nullWorkers;
    long nullLabels;
    String[] conflict;
    UTF8String current;
    TreeSet<String> currentGolds;

    Builder() {
      off.add(0);
    }

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
      UTF8String t = r.getUTF8String(0);
      if (!t.equals(current)) {
        if (current != null) {
          off.add(worker.size());
        }
        current = t.clone();
        currentGolds = null;
        tasks.add(current.toString());
        gold.add(-1);
      }
      int l = localLabel(r.getUTF8String(2));
      answered[l] = true;
      if (!r.isNullAt(3)) {
        int g = localLabel(r.getUTF8String(3));
        int last = gold.size() - 1;
        int had = gold.get(last);
        if (had >= 0 && had != g) {
          if (currentGolds == null) {
            currentGolds = new TreeSet<>();
            currentGolds.add(labelNames.get(had));
          }
          currentGolds.add(labelNames.get(g));
          if (conflict == null || conflict[0].equals(tasks.get(tasks.size() - 1))) {
            Iterator<String> two = currentGolds.iterator();
            conflict = new String[] {tasks.get(tasks.size() - 1), two.next(), two.next()};
          }
        } else {
          gold.set(last, g);
        }
      }
      UTF8String w = r.getUTF8String(1);
      int id = workerId.idOf(w);
      if (id == workerNames.size()) {
        workerNames.add(w.toString());
      }
      worker.add(id);
      label.add(l);
    }

    private int localLabel(UTF8String name) {
      int id = labelId.idOf(name);
      if (id == labelNames.size()) {
        labelNames.add(name.toString());
        if (id == answered.length) {
          answered = Arrays.copyOf(answered, 2 * id);
        }
      }
      return id;
    }

    RawBlock finish() {
      if (current != null) {
        off.add(worker.size());
      }
      // local worker ids in name order
      int n = workerNames.size();
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> workerNames.get(a).compareTo(workerNames.get(b)));
      int[] rank = new int[n];
      String[] sorted = new String[n];
      for (int i = 0; i < n; i++) {
        rank[order[i]] = i;
        sorted[i] = workerNames.get(order[i]);
      }
      int[] w = worker.toArray();
      for (int a = 0; a < w.length; a++) {
        w[a] = rank[w[a]];
      }
      return new RawBlock(this, w, sorted);
    }
  }

  /**
   * Dense ids of byte strings in order of first appearance: an open-addressing table that copies a
   * name only when it is new (the rows of a sorted partition reuse their buffers).
   */
  static final class Names {
    private UTF8String[] keys;
    private int[] ids;
    private int size;

    Names(int capacity) {
      int c = Integer.highestOneBit(Math.max(4, capacity) * 2 - 1);
      keys = new UTF8String[c];
      ids = new int[c];
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
      keys[at] = name.clone();
      ids[at] = size;
      if (++size * 2 > keys.length) {
        grow();
      }
      return size - 1;
    }

    int size() {
      return size;
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
      int h = s.numBytes();
      for (int i = 0; i < s.numBytes(); i++) {
        h = 31 * h + s.getByte(i);
      }
      return h ^ (h >>> 16) ^ (h >>> 7);
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

    int[] toArray() {
      return Arrays.copyOf(a, size);
    }
  }
}
