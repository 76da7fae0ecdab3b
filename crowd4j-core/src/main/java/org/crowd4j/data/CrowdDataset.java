package org.crowd4j.data;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * An immutable crowd: {@code m} answers, each a (task, worker, label) triple of dense integer ids,
 * with vocabularies mapping the ids back to the original strings.
 *
 * <p>Answers are stored sorted by task (stable, so input order is kept within a task), which makes
 * the task view a plain CSR range: the answers of task {@code i} are {@code taskStart(i) ..
 * taskEnd(i) - 1}. The worker view is a CSR permutation: {@code workerAnswer(k)} for {@code k} in
 * {@code workerStart(w) .. workerEnd(w) - 1} lists the answers of worker {@code w} in task order.
 * All accessors are plain array reads, meant for hot loops.
 *
 * <p>Anonymous answers (no worker id, the "global" setting of Mena &amp; Ñanculef 2019) are stored
 * with one synthetic worker per answer; {@link #anonymous()} tells methods that model groups to use
 * them directly.
 */
public final class CrowdDataset {
  private final Vocabulary tasks;
  private final Vocabulary workers;
  private final Vocabulary labels;
  private final int[] task;
  private final int[] worker;
  private final int[] label;
  private final int[] taskStart;
  private final int[] workerStart;
  private final int[] byWorker;
  private final boolean anonymous;
  private volatile String digest;

  private CrowdDataset(
      Vocabulary tasks,
      Vocabulary workers,
      Vocabulary labels,
      int[] task,
      int[] worker,
      int[] label,
      boolean anonymous) {
    this.tasks = tasks;
    this.workers = workers;
    this.labels = labels;
    this.task = task;
    this.worker = worker;
    this.label = label;
    this.anonymous = anonymous;
    this.taskStart = offsets(task, tasks.size());
    this.workerStart = offsets(worker, workers.size());
    this.byWorker = new int[task.length];
    int[] next = java.util.Arrays.copyOf(workerStart, workers.size());
    for (int a = 0; a < task.length; a++) {
      byWorker[next[worker[a]]++] = a;
    }
  }

  private static int[] offsets(int[] ids, int n) {
    int[] start = new int[n + 1];
    for (int id : ids) {
      start[id + 1]++;
    }
    for (int i = 0; i < n; i++) {
      start[i + 1] += start[i];
    }
    return start;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Number of tasks (items). */
  public int numTasks() {
    return tasks.size();
  }

  /** Number of workers (annotators); one per answer for anonymous data. */
  public int numWorkers() {
    return workers.size();
  }

  /** Number of classes {@code K}. */
  public int numLabels() {
    return labels.size();
  }

  /** Number of answers {@code m}. */
  public int numAnswers() {
    return task.length;
  }

  /** Task id of answer {@code a}. */
  public int task(int a) {
    return task[a];
  }

  /** Worker id of answer {@code a}. */
  public int worker(int a) {
    return worker[a];
  }

  /** Label id of answer {@code a}. */
  public int label(int a) {
    return label[a];
  }

  /** First answer of task {@code i}. */
  public int taskStart(int i) {
    return taskStart[i];
  }

  /** One past the last answer of task {@code i}. */
  public int taskEnd(int i) {
    return taskStart[i + 1];
  }

  /** Number of answers on task {@code i}. */
  public int taskSize(int i) {
    return taskStart[i + 1] - taskStart[i];
  }

  /** Start of worker {@code w}'s range in the worker view. */
  public int workerStart(int w) {
    return workerStart[w];
  }

  /** End (exclusive) of worker {@code w}'s range in the worker view. */
  public int workerEnd(int w) {
    return workerStart[w + 1];
  }

  /** Number of answers given by worker {@code w}. */
  public int workerSize(int w) {
    return workerStart[w + 1] - workerStart[w];
  }

  /** The answer at position {@code k} of the worker view. */
  public int workerAnswer(int k) {
    return byWorker[k];
  }

  /** Task vocabulary. */
  public Vocabulary tasks() {
    return tasks;
  }

  /** Worker vocabulary. */
  public Vocabulary workers() {
    return workers;
  }

  /** Label vocabulary; its order decides tie-breaking. */
  public Vocabulary labels() {
    return labels;
  }

  /** Whether the answers carry no worker ids. */
  public boolean anonymous() {
    return anonymous;
  }

  /** A copy of the task column (answers in task order). */
  public int[] taskColumn() {
    return task.clone();
  }

  /** A copy of the worker column (answers in task order). */
  public int[] workerColumn() {
    return worker.clone();
  }

  /** A copy of the label column (answers in task order). */
  public int[] labelColumn() {
    return label.clone();
  }

  /** A copy of the task offsets: answers of task {@code i} are {@code [off[i], off[i+1])}. */
  public int[] taskOffsets() {
    return taskStart.clone();
  }

  /** Counts of each label on task {@code i}, written into {@code out} (length {@code K}). */
  public void labelCounts(int i, double[] out) {
    java.util.Arrays.fill(out, 0, labels.size(), 0.0);
    for (int a = taskStart[i]; a < taskStart[i + 1]; a++) {
      out[label[a]] += 1.0;
    }
  }

  /**
   * A content digest (SHA-256 over the vocabularies and columns) for provenance: equal data gives
   * an equal digest.
   */
  public String digest() {
    String d = digest;
    if (d == null) {
      d = computeDigest();
      digest = d;
    }
    return d;
  }

  private String computeDigest() {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (Vocabulary v : List.of(tasks, workers, labels)) {
        for (String s : v.names()) {
          md.update(s.getBytes(StandardCharsets.UTF_8));
          md.update((byte) 0);
        }
        md.update((byte) 1);
      }
      ByteBuffer buf = ByteBuffer.allocate(12 * 4096);
      for (int a = 0; a < task.length; a++) {
        if (buf.remaining() < 12) {
          md.update(buf.array(), 0, buf.position());
          buf.clear();
        }
        buf.putInt(task[a]).putInt(worker[a]).putInt(label[a]);
      }
      md.update(buf.array(), 0, buf.position());
      return HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public String toString() {
    return "CrowdDataset[tasks="
        + numTasks()
        + ", workers="
        + numWorkers()
        + ", answers="
        + numAnswers()
        + ", labels="
        + numLabels()
        + (anonymous ? ", anonymous" : "")
        + "]";
  }

  /**
   * Mutable builder of a {@link CrowdDataset}. Collects answers as interned integer columns; {@link
   * #build()} sorts labels (crowd-kit's order unless {@link #labels(Collection)} fixed them),
   * applies the duplicate policy and sorts answers by task.
   */
  public static final class Builder {
    private final Vocabulary.Growing taskNames = new Vocabulary.Growing();
    private final Vocabulary.Growing workerNames = new Vocabulary.Growing();
    private final Vocabulary.Growing labelNames = new Vocabulary.Growing();
    private final IntColumn task = new IntColumn(1024);
    private final IntColumn worker = new IntColumn(1024);
    private final IntColumn label = new IntColumn(1024);
    private IntColumn lines;
    private List<String> fixedLabels;
    private java.util.Set<String> fixedLabelSet;
    private DuplicatePolicy duplicates = DuplicatePolicy.KEEP_ALL;
    private int anonymousCount;

    private Builder() {}

    /**
     * Fixes the label set and its order (ids follow the list). Answers with other labels are then
     * rejected. Without this call the labels seen in the answers are used, sorted as crowd-kit
     * sorts them.
     */
    public Builder labels(Collection<String> names) {
      this.fixedLabels = List.copyOf(names);
      this.fixedLabelSet = new java.util.HashSet<>(fixedLabels);
      return this;
    }

    /**
     * What to do with repeated (task, worker) answers; default {@link DuplicatePolicy#KEEP_ALL}.
     */
    public Builder duplicates(DuplicatePolicy policy) {
      this.duplicates = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /** Adds one answer; {@code worker == null} marks an anonymous answer. */
    public Builder add(String taskId, String workerId, String labelName) {
      return add(taskId, workerId, labelName, 0L);
    }

    /** Adds one answer and remembers the source line it came from (for error messages). */
    public Builder add(String taskId, String workerId, String labelName, long line) {
      Objects.requireNonNull(taskId, "task");
      Objects.requireNonNull(labelName, "label");
      if (fixedLabelSet != null && !fixedLabelSet.contains(labelName)) {
        throw new IllegalArgumentException(
            "label '" + labelName + "' is not one of the declared labels " + fixedLabels);
      }
      task.add(taskNames.intern(taskId));
      if (workerId == null) {
        worker.add(workerNames.intern("\u0000anonymous#" + anonymousCount++));
      } else {
        worker.add(workerNames.intern(workerId));
      }
      label.add(labelNames.intern(labelName));
      if (line > 0 && lines == null && task.size() == 1) {
        lines = new IntColumn(1024);
      }
      if (lines != null) {
        lines.add((int) Math.min(Integer.MAX_VALUE, line));
      }
      return this;
    }

    /** Adds one answer by integer ids (names are their decimal strings). */
    public Builder add(int taskId, int workerId, int labelId) {
      return add(Integer.toString(taskId), Integer.toString(workerId), Integer.toString(labelId));
    }

    /** Number of answers added so far. */
    public int size() {
      return task.size();
    }

    /** Builds the immutable dataset. */
    public CrowdDataset build() {
      int m = task.size();
      Vocabulary labelVocab =
          fixedLabels != null
              ? Vocabulary.of(fixedLabels)
              : Vocabulary.sortedLabels(labelNames.names());
      int[] labelMap = new int[labelNames.size()];
      for (int l = 0; l < labelMap.length; l++) {
        labelMap[l] = labelVocab.id(labelNames.names().get(l));
      }
      int numTasks = taskNames.size();
      // stable counting sort by task
      int[] start = new int[numTasks + 1];
      for (int a = 0; a < m; a++) {
        start[task.get(a) + 1]++;
      }
      for (int i = 0; i < numTasks; i++) {
        start[i + 1] += start[i];
      }
      int[] order = new int[m];
      int[] next = java.util.Arrays.copyOf(start, numTasks);
      for (int a = 0; a < m; a++) {
        order[next[task.get(a)]++] = a;
      }
      boolean[] drop = duplicates == DuplicatePolicy.KEEP_ALL ? null : markDuplicates(order, start);
      int kept = m;
      if (drop != null) {
        for (boolean d : drop) {
          if (d) {
            kept--;
          }
        }
      }
      int[] t = new int[kept];
      int[] w = new int[kept];
      int[] l = new int[kept];
      int j = 0;
      for (int k = 0; k < m; k++) {
        if (drop != null && drop[k]) {
          continue;
        }
        int a = order[k];
        t[j] = task.get(a);
        w[j] = worker.get(a);
        l[j] = labelMap[label.get(a)];
        j++;
      }
      return new CrowdDataset(
          Vocabulary.of(taskNames.names()),
          Vocabulary.of(workerNames.names()),
          labelVocab,
          t,
          w,
          l,
          m > 0 && anonymousCount == m);
    }

    /** Marks, in sorted position {@code k}, the answers the duplicate policy removes. */
    private boolean[] markDuplicates(int[] order, int[] start) {
      int m = order.length;
      boolean[] drop = new boolean[m];
      int[] seenAt = new int[workerNames.size()];
      java.util.Arrays.fill(seenAt, -1);
      for (int i = 0; i + 1 < start.length; i++) {
        boolean reverse = duplicates == DuplicatePolicy.KEEP_LAST;
        for (int c = 0; c < start[i + 1] - start[i]; c++) {
          int k = reverse ? start[i + 1] - 1 - c : start[i] + c;
          int wk = worker.get(order[k]);
          if (seenAt[wk] >= start[i]) {
            if (duplicates == DuplicatePolicy.FAIL) {
              long first = lines == null ? 0 : lines.get(order[seenAt[wk]]);
              long dup = lines == null ? 0 : lines.get(order[k]);
              throw new DuplicateAnswerException(
                  taskNames.names().get(i), workerNames.names().get(wk), first, dup);
            }
            drop[k] = true;
          } else {
            seenAt[wk] = k;
          }
        }
      }
      return drop;
    }
  }
}
