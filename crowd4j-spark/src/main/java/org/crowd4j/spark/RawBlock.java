package org.crowd4j.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The answers of one partition as primitive arrays with block-local dictionaries: the first form of
 * an {@link AnswerBlock}, built in the pass that reads the shuffled rows, before the global label
 * and worker ids are known.
 *
 * <p>The rows arrive in chunks ({@link AnswerChunk}) in any order; their names are numbered through
 * hash dictionaries of tasks, workers and labels as they come, then the rows are grouped by task
 * with a counting sort. Tasks are ordered by their names' bytes and the answers of a task by the
 * bytes of {@code (worker, label)}, the order of a sort of the rows by {@code (task, worker,
 * label)}, so the blocks do not depend on the order of the input. Workers are numbered in the order
 * of their names ({@link String#compareTo}), the order of the global worker ids, so a block's local
 * ids stay valid once the global ids are attached. Labels and gold labels share one local
 * dictionary in order of appearance. Rows with a null task, worker or label are counted and left
 * out; a task given two gold labels is recorded, not thrown, so that the driver reports the
 * problems in one fixed order.
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

  /** The block of one partition's {@link AnswerChunk}s, in any order. */
  static RawBlock of(Iterator<AnswerChunk> chunks) {
    Builder b = new Builder();
    while (chunks.hasNext()) {
      b.add(chunks.next());
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

  /** Reads chunks in arrival order into block dictionary ids, one entry per kept row. */
  private static final class Builder {
    final NameDictionary tasks = new NameDictionary(1 << 14);
    final NameDictionary workers = new NameDictionary(1024);
    final NameDictionary labels = new NameDictionary(16);
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

    void add(AnswerChunk c) {
      rows += c.rows;
      nullTasks += c.nullTasks;
      nullWorkers += c.nullWorkers;
      nullLabels += c.nullLabels;
      int[] taskId = tasks.idsOf(c.tasks);
      while (gold.size() < tasks.size()) {
        gold.add(-1);
      }
      int[] workerId = workers.idsOf(c.workers);
      int[] labelId = new int[c.labels.size()];
      for (int i = 0; i < labelId.length; i++) {
        labelId[i] = localLabel(c.labels.get(i));
      }
      int n = c.size();
      for (int a = 0; a < n; a++) {
        int l = labelId[c.label[a]];
        answered[l] = true;
        task.add(taskId[c.task[a]]);
        worker.add(workerId[c.worker[a]]);
        label.add(l);
      }
      if (c.gold != null) {
        for (int a = 0; a < n; a++) {
          if (c.gold[a] >= 0) {
            addGold(taskId[c.task[a]], labelId[c.gold[a]]);
          }
        }
      }
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
