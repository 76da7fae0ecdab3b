package org.crowd4j.multilabel;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.IdGrouping;
import org.crowd4j.data.IntColumn;
import org.crowd4j.data.Vocabulary;

/**
 * Multi-label answers: each answer is the set of tags one worker gave one task (possibly empty:
 * "none of these"). The answers are a {@link CrowdDataset} without labels ({@link #answers()}, one
 * answer per (task, worker), sorted by task) plus, per answer, its sorted tag ids; tags are
 * numbered in crowd-kit's sorted label order ({@link Vocabulary#sortedLabels}).
 *
 * <p>{@link #binary(int)} poses the binary question of one tag over every answer ("did this worker
 * give this tag?"), which is how binary relevance reduces multi-label aggregation to single-label
 * aggregation (crowd-kit's {@code BinaryRelevance}), and how the multi-label neural learners take
 * their data ({@code LiaMultiLabel.stack} in crowd4j-nn reads {@link #binaryByTag()}).
 */
public final class TagAnswers {
  /** The labels of every binary question: {@code "0"} (tag not given) and {@code "1"} (given). */
  public static final Vocabulary BINARY = Vocabulary.of("0", "1");

  private final CrowdDataset answers;
  private final Vocabulary tags;
  private final int[] tagStart;
  private final int[] tagIds;

  private TagAnswers(CrowdDataset answers, Vocabulary tags, int[] tagStart, int[] tagIds) {
    this.answers = answers;
    this.tags = tags;
    this.tagStart = tagStart;
    this.tagIds = tagIds;
  }

  /** A new, empty builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Multi-label answers from single-label answers whose labels are tag sets joined with {@code
   * separator} ({@code cat|dog}, as the platform readers write several choices); answers of the
   * same (task, worker) are united, so one row per (task, worker, tag) reads the same. {@code
   * extraTags} (e.g. the gold's) become tags even where no answer gives them.
   */
  public static TagAnswers fromJoined(
      CrowdDataset data, char separator, Collection<String> extraTags) {
    if (data.anonymous()) {
      throw new IllegalArgumentException(
          "multi-label answers need worker ids: anonymous answers cannot be united per worker");
    }
    Builder b = builder();
    extraTags.forEach(b::declareTag);
    String sep = String.valueOf(separator);
    for (int a = 0; a < data.numAnswers(); a++) {
      String label = data.labels().name(data.label(a));
      b.add(
          data.tasks().name(data.task(a)),
          data.workers().name(data.worker(a)),
          label.isEmpty() ? List.of() : Arrays.asList(label.split(Pattern.quote(sep), -1)));
    }
    return b.build();
  }

  /** The answers without labels: one per (task, worker), sorted by task; labels are meaningless. */
  public CrowdDataset answers() {
    return answers;
  }

  /** The tags, in sorted order; tag id {@code t} is {@code tags().name(t)}. */
  public Vocabulary tags() {
    return tags;
  }

  /** The tasks. */
  public Vocabulary tasks() {
    return answers.tasks();
  }

  /** The workers. */
  public Vocabulary workers() {
    return answers.workers();
  }

  /** Number of answers (distinct (task, worker) pairs). */
  public int numAnswers() {
    return answers.numAnswers();
  }

  /** Number of tags. */
  public int numTags() {
    return tags.size();
  }

  /** Number of (answer, tag) entries: the total size of the answers' tag sets. */
  public int numTagEntries() {
    return tagIds.length;
  }

  /** The sorted tag ids of answer {@code a}. */
  public int[] tagsOf(int a) {
    return Arrays.copyOfRange(tagIds, tagStart[a], tagStart[a + 1]);
  }

  /** Whether answer {@code a} holds tag {@code t}. */
  public boolean has(int a, int t) {
    return Arrays.binarySearch(tagIds, tagStart[a], tagStart[a + 1], t) >= 0;
  }

  /**
   * The binary question of tag {@code t}: the same answers, labelled {@code "1"} where the answer
   * holds the tag and {@code "0"} where it does not (labels {@link #BINARY}).
   */
  public CrowdDataset binary(int t) {
    Objects.checkIndex(t, tags.size());
    int[] label = new int[answers.numAnswers()];
    for (int a = 0; a < label.length; a++) {
      for (int k = tagStart[a]; k < tagStart[a + 1]; k++) {
        if (tagIds[k] == t) {
          label[a] = 1;
          break;
        }
      }
    }
    return answers.withLabels(BINARY, label);
  }

  /** Every tag's binary question, by tag name in tag order. */
  public Map<String, CrowdDataset> binaryByTag() {
    Map<String, CrowdDataset> out = new LinkedHashMap<>();
    for (int t = 0; t < tags.size(); t++) {
      out.put(tags.name(t), binary(t));
    }
    return out;
  }

  /**
   * Collects (task, worker, tag set) rows; rows of the same (task, worker) are united. Tags may be
   * declared in advance ({@link #declareTag}) so that a tag only gold knows still gets a column.
   */
  public static final class Builder {
    private final Vocabulary.Growing taskNames = new Vocabulary.Growing();
    private final Vocabulary.Growing workerNames = new Vocabulary.Growing();
    private final Vocabulary.Growing tagNames = new Vocabulary.Growing();
    private final IntColumn task = new IntColumn(1024);
    private final IntColumn worker = new IntColumn(1024);
    private final IntColumn tag = new IntColumn(1024);

    private Builder() {}

    /** Adds one answer: {@code workerId} gave {@code taskId} the tags {@code tagNames}. */
    public Builder add(String taskId, String workerId, Collection<String> tagSet) {
      Objects.requireNonNull(taskId, "task");
      Objects.requireNonNull(workerId, "worker");
      int t = taskNames.intern(taskId);
      int w = workerNames.intern(workerId);
      if (tagSet.isEmpty()) {
        append(t, w, -1);
      }
      for (String name : tagSet) {
        if (name.isEmpty()) {
          throw new IllegalArgumentException(
              "task '" + taskId + "', worker '" + workerId + "': an empty tag name");
        }
        append(t, w, tagNames.intern(name));
      }
      return this;
    }

    /** Makes {@code name} a tag even if no answer gives it. */
    public Builder declareTag(String name) {
      tagNames.intern(name);
      return this;
    }

    /** Number of rows added (one per tag given, or one for an empty set). */
    public int size() {
      return task.size();
    }

    private void append(int t, int w, int g) {
      task.add(t);
      worker.add(w);
      tag.add(g);
    }

    /** Builds the answers: grouped by task, then by worker, each answer's tags sorted. */
    public TagAnswers build() {
      int rows = task.size();
      Vocabulary tagVocab = Vocabulary.sortedLabels(tagNames.freeze().names());
      int[] tagMap = new int[tagNames.size()];
      for (int g = 0; g < tagMap.length; g++) {
        tagMap[g] = tagVocab.id(tagNames.name(g));
      }
      int[] taskCol = task.toArray();
      int[] start = IdGrouping.offsets(taskCol, taskNames.size());
      int[] order = IdGrouping.order(taskCol, start);
      // within a task: sort (worker, tag + 1) keys, tag -1 (an empty set) sorting first
      long[] keys = new long[rows];
      for (int k = 0; k < rows; k++) {
        int r = order[k];
        int g = tag.get(r);
        keys[k] = ((long) worker.get(r) << 32) | (g < 0 ? 0 : tagMap[g] + 1);
      }
      IntColumn ansTask = new IntColumn(Math.max(16, rows));
      IntColumn ansWorker = new IntColumn(Math.max(16, rows));
      IntColumn offsets = new IntColumn(Math.max(16, rows + 1));
      IntColumn ids = new IntColumn(Math.max(16, rows));
      for (int i = 0; i < taskNames.size(); i++) {
        Arrays.sort(keys, start[i], start[i + 1]);
        long previousWorker = -1;
        int previousTag = -1;
        for (int k = start[i]; k < start[i + 1]; k++) {
          int w = (int) (keys[k] >>> 32);
          int g = (int) keys[k] - 1;
          if (w != previousWorker) {
            ansTask.add(i);
            ansWorker.add(w);
            offsets.add(ids.size());
            previousWorker = w;
            previousTag = -1;
          }
          if (g >= 0 && g != previousTag) {
            ids.add(g);
            previousTag = g;
          }
        }
      }
      offsets.add(ids.size());
      Vocabulary tasks = taskNames.freeze();
      Vocabulary workers = workerNames.freeze();
      CrowdDataset.Builder b = CrowdDataset.builder().labels(BINARY.names());
      b.expectAnswers(ansTask.size());
      for (int a = 0; a < ansTask.size(); a++) {
        b.add(tasks.name(ansTask.get(a)), workers.name(ansWorker.get(a)), "0");
      }
      CrowdDataset structure = b.build();
      return new TagAnswers(structure, tagVocab, offsets.toArray(), ids.toArray());
    }
  }
}
