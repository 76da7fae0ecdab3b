package org.crowd4j.data;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * An immutable crowd: {@code m} answers, each a (task, worker, label) triple of dense integer ids,
 * with vocabularies mapping the ids back to the original strings.
 *
 * <p>The task and worker views are those of {@link AnswerIndex} (answers sorted by task, the worker
 * view a CSR permutation; plain array reads, meant for hot loops).
 *
 * <p>Anonymous answers (no worker id, the "global" setting of Mena &amp; Ñanculef 2019) are stored
 * with one synthetic worker per answer; {@link #anonymous()} tells methods that model groups to use
 * them directly.
 */
public final class CrowdDataset extends AnswerIndex {
  private final Vocabulary labels;
  private final int[] label;
  private final boolean anonymous;

  private CrowdDataset(
      Vocabulary tasks,
      Vocabulary workers,
      Vocabulary labels,
      int[] task,
      int[] worker,
      int[] label,
      boolean anonymous) {
    super(tasks, workers, task, worker);
    this.labels = labels;
    this.label = label;
    this.anonymous = anonymous;
  }

  /** The synthetic worker name of the {@code n}-th anonymous answer. */
  private static String anonymousName(int n) {
    return "\u0000anonymous#" + n;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Number of classes {@code K}. */
  public int numLabels() {
    return labels.size();
  }

  /** Label id of answer {@code a}. */
  public int label(int a) {
    return label[a];
  }

  /** Label vocabulary; its order decides tie-breaking. */
  public Vocabulary labels() {
    return labels;
  }

  /** Whether the answers carry no worker ids. */
  public boolean anonymous() {
    return anonymous;
  }

  /** A copy of the label column (answers in task order). */
  public int[] labelColumn() {
    return label.clone();
  }

  /** Counts of each label on task {@code i}, written into {@code out} (length {@code K}). */
  public void labelCounts(int i, double[] out) {
    java.util.Arrays.fill(out, 0, labels.size(), 0.0);
    for (int a = taskStart(i); a < taskEnd(i); a++) {
      out[label[a]] += 1.0;
    }
  }

  /**
   * The same crowd with only the answers {@code a} where {@code keep[a]}: vocabularies, ids and
   * answer order are kept, so a task, worker or label id means the same in both (tasks or workers
   * left without answers stay in the vocabularies with none). Used to fit on part of the answers
   * and score the rest.
   */
  public CrowdDataset restrictedTo(boolean[] keep) {
    int[][] kept = keptIds(keep);
    int[] t = kept[0];
    int[] w = kept[1];
    int[] l = new int[t.length];
    int j = 0;
    for (int a = 0; a < label.length; a++) {
      if (keep[a]) {
        l[j++] = label[a];
      }
    }
    return new CrowdDataset(tasks(), workers(), labels, t, w, l, anonymous);
  }

  /**
   * The same crowd over a smaller label vocabulary: answer label {@code l} becomes {@code
   * oldToNew[l]} of {@code newLabels} (every used label must map to a valid id). Tasks, workers and
   * answer order are kept.
   */
  public CrowdDataset relabeled(Vocabulary newLabels, int[] oldToNew) {
    if (oldToNew.length != labels.size()) {
      throw new IllegalArgumentException(
          "oldToNew has " + oldToNew.length + " entries for " + labels.size() + " labels");
    }
    int[] l = new int[label.length];
    for (int a = 0; a < label.length; a++) {
      int m = oldToNew[label[a]];
      if (m < 0 || m >= newLabels.size()) {
        throw new IllegalArgumentException(
            "label '" + labels.name(label[a]) + "' has no id in the new vocabulary");
      }
      l[a] = m;
    }
    return new CrowdDataset(
        tasks(), workers(), newLabels, taskColumn(), workerColumn(), l, anonymous);
  }

  /**
   * The same answers with other labels: answer {@code a} (in this dataset's order) gets label
   * {@code labelPerAnswer[a]} of {@code newLabels}. Tasks, workers and answer order are kept. Used
   * to pose one binary question per tag over the same multi-label answers.
   */
  public CrowdDataset withLabels(Vocabulary newLabels, int[] labelPerAnswer) {
    if (labelPerAnswer.length != label.length) {
      throw new IllegalArgumentException(
          "labelPerAnswer has "
              + labelPerAnswer.length
              + " entries, the data "
              + label.length
              + " answers");
    }
    for (int l : labelPerAnswer) {
      if (l < 0 || l >= newLabels.size()) {
        throw new IllegalArgumentException(
            "label id " + l + " is outside the " + newLabels.size() + " labels " + newLabels);
      }
    }
    return new CrowdDataset(
        tasks(),
        workers(),
        newLabels,
        sharedTaskIds(),
        sharedWorkerIds(),
        labelPerAnswer.clone(),
        anonymous);
  }

  /**
   * The same answers with the worker ids dropped: one synthetic worker per answer, {@link
   * #anonymous()} true (tasks, labels and answer order kept). For crowds whose ids say nothing
   * about who answered, such as vote counts released with one id per answer.
   */
  public CrowdDataset anonymized() {
    if (anonymous) {
      return this;
    }
    Vocabulary.Growing names = new Vocabulary.Growing();
    int[] w = new int[label.length];
    for (int a = 0; a < w.length; a++) {
      w[a] = names.intern(anonymousName(a));
    }
    return new CrowdDataset(tasks(), names.freeze(), labels, sharedTaskIds(), w, label, true);
  }

  @Override
  protected String computeDigest() {
    ContentDigest d = ContentDigest.sha256().names(tasks()).names(workers()).names(labels);
    for (int a = 0; a < label.length; a++) {
      d.putInt(task(a)).putInt(worker(a)).putInt(label[a]);
    }
    return d.hex16();
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

    /**
     * Source lines, stored sparsely: answer {@code lineAt[j]} came from line {@code lineOf[j]} and
     * the following answers from the following lines, up to the next entry (files have one answer
     * per line except around blank lines and multi-line fields).
     */
    private IntColumn lineAt;

    private IntColumn lineOf;
    private long previousLine;
    private List<String> fixedLabels;
    private java.util.Set<String> fixedLabelSet;
    private DuplicatePolicy duplicates = DuplicatePolicy.KEEP_ALL;
    private int anonymousCount;
    private int previousTask;
    private boolean sortedByTask = true;

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
      checkLabel(labelName);
      int t = taskNames.intern(taskId);
      int w = workerId == null ? anonymousWorker() : workerNames.intern(workerId);
      return append(t, w, labelNames.intern(labelName), line);
    }

    private void checkLabel(String labelName) {
      if (fixedLabelSet != null && !fixedLabelSet.contains(labelName)) {
        throw new IllegalArgumentException(
            "label '" + labelName + "' is not one of the declared labels " + fixedLabels);
      }
    }

    private int anonymousWorker() {
      return workerNames.intern(anonymousName(anonymousCount++));
    }

    private Builder append(int t, int w, int l, long line) {
      task.add(t);
      worker.add(w);
      label.add(l);
      if (t < previousTask) {
        sortedByTask = false;
      }
      previousTask = t;
      if (line > 0 && lineAt == null && task.size() == 1) {
        lineAt = new IntColumn(16);
        lineOf = new IntColumn(16);
      }
      if (lineAt != null) {
        long capped = Math.min(Integer.MAX_VALUE, line);
        if (lineAt.size() == 0 || capped != previousLine + 1 || capped == Integer.MAX_VALUE) {
          lineAt.add(task.size() - 1);
          lineOf.add((int) capped);
        }
        previousLine = capped;
      }
      return this;
    }

    /** The source line of answer {@code a} (in input order), or 0 when lines were not given. */
    private long lineOf(int a) {
      if (lineAt == null) {
        return 0;
      }
      int lo = 0;
      int hi = lineAt.size() - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (lineAt.get(mid) <= a) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      int base = lineOf.get(lo);
      return base == Integer.MAX_VALUE ? base : base + (long) (a - lineAt.get(lo));
    }

    /**
     * Adds a factorised table of answers (as pandas' {@code factorize} gives): answer {@code j} is
     * ({@code taskNames[task[j]]}, {@code workerNames[worker[j]]}, {@code labelNames[label[j]]}).
     * Each name is interned once, not once per answer; a worker code of {@code -1} marks an
     * anonymous answer. Names of one table must be distinct, and codes in range.
     *
     * @throws IllegalArgumentException naming the column and answer of a code out of range, or the
     *     first repeated name
     */
    public Builder addEncoded(
        String[] taskNames,
        int[] task,
        String[] workerNames,
        int[] worker,
        String[] labelNames,
        int[] label) {
      return addEncoded(taskNames, task, workerNames, worker, labelNames, label, 0L);
    }

    /**
     * As {@link #addEncoded(String[], int[], String[], int[], String[], int[])}, answer {@code j}
     * having come from source line {@code firstLine + j} (for error messages; 0 when unknown).
     */
    public Builder addEncoded(
        String[] taskNames,
        int[] task,
        String[] workerNames,
        int[] worker,
        String[] labelNames,
        int[] label,
        long firstLine) {
      int m = task.length;
      if (worker.length != m || label.length != m) {
        throw new IllegalArgumentException(
            "columns of different lengths: task "
                + m
                + ", worker "
                + worker.length
                + ", label "
                + label.length);
      }
      int[] taskId = internAll(this.taskNames, taskNames, "task");
      int[] workerId = internAll(this.workerNames, workerNames, "worker");
      for (String l : labelNames) {
        checkLabel(Objects.requireNonNull(l, "label"));
      }
      int[] labelId = internAll(this.labelNames, labelNames, "label");
      expectAnswers(size() + m);
      boolean anonymous = false;
      for (int j = 0; j < m; j++) {
        codeAt(task, j, taskId.length, "task");
        codeAt(label, j, labelId.length, "label");
        if (worker[j] == -1) {
          anonymous = true;
        } else {
          codeAt(worker, j, workerId.length, "worker");
        }
      }
      if (anonymous || firstLine + m >= Integer.MAX_VALUE) {
        for (int j = 0; j < m; j++) {
          int w = worker[j] == -1 ? anonymousWorker() : workerId[worker[j]];
          append(taskId[task[j]], w, labelId[label[j]], firstLine > 0 ? firstLine + j : 0L);
        }
        return this;
      }
      // in bulk: the same columns and line runs as appending the answers one by one
      int before = size();
      if (m > 0 && firstLine > 0 && lineAt == null && before == 0) {
        lineAt = new IntColumn(16);
        lineOf = new IntColumn(16);
      }
      if (m > 0 && lineAt != null) {
        long line = firstLine > 0 ? firstLine : 0L;
        if (lineAt.size() == 0 || line != previousLine + 1) {
          lineAt.add(before);
          lineOf.add((int) line);
        }
        if (line == 0 && m > 1) {
          // answers without lines: each one starts a run, as one by one
          for (int j = 1; j < m; j++) {
            lineAt.add(before + j);
            lineOf.add(0);
          }
        }
        previousLine = line == 0 ? 0 : line + m - 1;
      }
      this.task.addMapped(task, taskId);
      this.worker.addMapped(worker, workerId);
      this.label.addMapped(label, labelId);
      int previous = previousTask;
      for (int j = before; j < before + m; j++) {
        int t = this.task.get(j);
        if (t < previous) {
          sortedByTask = false;
        }
        previous = t;
      }
      previousTask = previous;
      return this;
    }

    private static int[] internAll(Vocabulary.Growing vocabulary, String[] names, String column) {
      int[] ids = new int[names.length];
      vocabulary.reserve(vocabulary.size() + names.length);
      for (int c = 0; c < names.length; c++) {
        ids[c] = vocabulary.intern(Objects.requireNonNull(names[c], column));
      }
      boolean[] seen = new boolean[vocabulary.size()];
      for (int c = 0; c < names.length; c++) {
        if (seen[ids[c]]) {
          throw new IllegalArgumentException(
              column + " '" + names[c] + "' appears twice among the distinct " + column + "s");
        }
        seen[ids[c]] = true;
      }
      return ids;
    }

    private static int codeAt(int[] codes, int j, int n, String column) {
      int c = codes[j];
      if (c < 0 || c >= n) {
        throw new IllegalArgumentException(
            "answer "
                + j
                + ": "
                + column
                + " code "
                + c
                + " is not in 0.."
                + (n - 1)
                + (c == -1 ? " (a missing " + column + ")" : ""));
      }
      return c;
    }

    /** Adds one answer by integer ids (names are their decimal strings). */
    public Builder add(int taskId, int workerId, int labelId) {
      return add(Integer.toString(taskId), Integer.toString(workerId), Integer.toString(labelId));
    }

    /**
     * A hint that about {@code answers} answers will be added in all, so the columns are sized once
     * instead of growing; never required, never limiting.
     */
    public Builder expectAnswers(int answers) {
      int capacity = Math.max(0, Math.min(answers, Integer.MAX_VALUE - 16));
      task.reserve(capacity);
      worker.reserve(capacity);
      label.reserve(capacity);
      return this;
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
        labelMap[l] = labelVocab.id(labelNames.name(l));
      }
      int numTasks = taskNames.size();
      int[] start = null;
      int[] order = null;
      if (!sortedByTask || duplicates != DuplicatePolicy.KEEP_ALL) {
        // stable counting sort by task
        start = new int[numTasks + 1];
        for (int a = 0; a < m; a++) {
          start[task.get(a) + 1]++;
        }
        for (int i = 0; i < numTasks; i++) {
          start[i + 1] += start[i];
        }
        if (!sortedByTask) {
          order = new int[m];
          int[] next = java.util.Arrays.copyOf(start, numTasks);
          for (int a = 0; a < m; a++) {
            order[next[task.get(a)]++] = a;
          }
        }
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
        int a = order == null ? k : order[k];
        t[j] = task.get(a);
        w[j] = worker.get(a);
        l[j] = labelMap[label.get(a)];
        j++;
      }
      return new CrowdDataset(
          taskNames.freeze(),
          workerNames.freeze(),
          labelVocab,
          t,
          w,
          l,
          m > 0 && anonymousCount == m);
    }

    /**
     * Marks, in sorted position {@code k}, the answers the duplicate policy removes; {@code order}
     * is the sorting permutation, or {@code null} for the identity.
     */
    private boolean[] markDuplicates(int[] order, int[] start) {
      int m = task.size();
      boolean[] drop = new boolean[m];
      int[] seenAt = new int[workerNames.size()];
      java.util.Arrays.fill(seenAt, -1);
      for (int i = 0; i + 1 < start.length; i++) {
        boolean reverse = duplicates == DuplicatePolicy.KEEP_LAST;
        for (int c = 0; c < start[i + 1] - start[i]; c++) {
          int k = reverse ? start[i + 1] - 1 - c : start[i] + c;
          int wk = worker.get(order == null ? k : order[k]);
          if (seenAt[wk] >= start[i]) {
            if (duplicates == DuplicatePolicy.FAIL) {
              int firstAt = order == null ? seenAt[wk] : order[seenAt[wk]];
              long first = lineOf(firstAt);
              long dup = lineOf(order == null ? k : order[k]);
              throw new DuplicateAnswerException(
                  taskNames.name(i), workerNames.name(wk), first, dup);
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
