package org.crowd4j.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.IdGrouping;
import org.crowd4j.data.Vocabulary;

/**
 * Free-text answers (transcripts, translations) in long format: one {@code (task, worker, text)}
 * per answer, optionally with a dense embedding of each answer ({@code n × d} doubles, row-major).
 * Immutable; answers are grouped by task (CSR offsets) in the order they were added, which is the
 * order ROVER aligns them in. Built by {@link Builder}.
 */
public final class TextAnswers {
  private final Vocabulary tasks;
  private final Vocabulary workers;
  private final int[] task;
  private final int[] worker;
  private final String[] text;
  private final int dim;
  private final double[] embeddings;
  private final int[] byTaskOffsets;
  private final int[] byTask;
  private volatile String digest;

  private TextAnswers(
      Vocabulary tasks,
      Vocabulary workers,
      int[] task,
      int[] worker,
      String[] text,
      int dim,
      double[] embeddings) {
    this.tasks = tasks;
    this.workers = workers;
    this.task = task;
    this.worker = worker;
    this.text = text;
    this.dim = dim;
    this.embeddings = embeddings;
    byTaskOffsets = IdGrouping.offsets(task, tasks.size());
    byTask = IdGrouping.order(task, byTaskOffsets);
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** Task ids. */
  public Vocabulary tasks() {
    return tasks;
  }

  /** Worker ids. */
  public Vocabulary workers() {
    return workers;
  }

  /** Number of answers. */
  public int size() {
    return task.length;
  }

  /** Task of answer {@code a}. */
  public int task(int a) {
    return task[a];
  }

  /** Worker of answer {@code a}. */
  public int worker(int a) {
    return worker[a];
  }

  /** Text of answer {@code a}. */
  public String text(int a) {
    return text[a];
  }

  /** Whether every answer carries an embedding. */
  public boolean hasEmbeddings() {
    return embeddings != null;
  }

  /** Embedding dimension (0 without embeddings). */
  public int dim() {
    return dim;
  }

  /** Component {@code j} of answer {@code a}'s embedding. */
  public double embedding(int a, int j) {
    return embeddings[a * dim + j];
  }

  /** A copy of answer {@code a}'s embedding. */
  public double[] embedding(int a) {
    return Arrays.copyOfRange(embeddings, a * dim, (a + 1) * dim);
  }

  /** First position of task {@code t}'s answers in {@link #answerAt(int)}. */
  public int taskStart(int t) {
    return byTaskOffsets[t];
  }

  /** One past the last position of task {@code t}'s answers. */
  public int taskEnd(int t) {
    return byTaskOffsets[t + 1];
  }

  /** The answer at position {@code p} of the by-task order. */
  public int answerAt(int p) {
    return byTask[p];
  }

  /** This data with every answer's embedding replaced by {@code values} ({@code size() × dim}). */
  public TextAnswers withEmbeddings(int dim, double[] values) {
    if (dim < 1 || values.length != (long) dim * task.length) {
      throw new IllegalArgumentException(
          "embeddings: expected " + task.length + " x " + dim + " values, got " + values.length);
    }
    return new TextAnswers(tasks, workers, task, worker, text, dim, values.clone());
  }

  /** SHA-256 over ids, texts and embeddings: equal data gives an equal digest. */
  public String digest() {
    String d = digest;
    if (d == null) {
      ContentDigest c = ContentDigest.sha256().names(tasks).names(workers);
      for (int a = 0; a < task.length; a++) {
        c.putInt(task[a]).putInt(worker[a]);
        for (int j = 0; j < dim; j++) {
          c.putDouble(embeddings[a * dim + j]);
        }
        c.text(text[a]).putByte(0);
      }
      d = c.hex();
      digest = d;
    }
    return d;
  }

  /** Collects answers; ids are numbered in order of first appearance. */
  public static final class Builder {
    private final Map<String, Integer> taskIds = new HashMap<>();
    private final Map<String, Integer> workerIds = new HashMap<>();
    private final List<String> taskNames = new ArrayList<>();
    private final List<String> workerNames = new ArrayList<>();
    private int[] task = new int[64];
    private int[] worker = new int[64];
    private String[] text = new String[64];
    private double[] emb = new double[0];
    private int dim = -1;
    private int size;

    private Builder() {}

    /** Adds an answer without an embedding. */
    public Builder add(String taskId, String workerId, String answer) {
      if (dim > 0) {
        throw new IllegalArgumentException("answer without an embedding among answers with one");
      }
      dim = 0;
      put(taskId, workerId, answer);
      return this;
    }

    /** Adds an answer with its embedding (every answer must have one of the same length). */
    public Builder add(String taskId, String workerId, String answer, double[] embedding) {
      if (dim == 0 || (dim > 0 && embedding.length != dim)) {
        throw new IllegalArgumentException(
            "embedding of length "
                + embedding.length
                + " where earlier answers have "
                + Math.max(dim, 0));
      }
      if (embedding.length == 0) {
        throw new IllegalArgumentException("empty embedding");
      }
      dim = embedding.length;
      if ((long) (size + 1) * dim > emb.length) {
        emb = Arrays.copyOf(emb, Math.max((size + 1) * dim, emb.length * 2));
      }
      System.arraycopy(embedding, 0, emb, size * dim, dim);
      put(taskId, workerId, answer);
      return this;
    }

    /** Embedding length so far (-1 before the first answer, 0 without embeddings). */
    public int dim() {
      return dim;
    }

    /** Answers so far. */
    public int size() {
      return size;
    }

    private void put(String taskId, String workerId, String answer) {
      if (size == task.length) {
        task = Arrays.copyOf(task, size * 2);
        worker = Arrays.copyOf(worker, size * 2);
        text = Arrays.copyOf(text, size * 2);
      }
      task[size] = intern(taskIds, taskNames, taskId);
      worker[size] = intern(workerIds, workerNames, workerId);
      text[size] = java.util.Objects.requireNonNull(answer, "text");
      size++;
    }

    private static int intern(Map<String, Integer> ids, List<String> names, String name) {
      Integer id = ids.get(java.util.Objects.requireNonNull(name, "id"));
      if (id == null) {
        id = names.size();
        ids.put(name, id);
        names.add(name);
      }
      return id;
    }

    /** The immutable answers. */
    public TextAnswers build() {
      if (size == 0) {
        throw new IllegalStateException("no answers");
      }
      int d = Math.max(dim, 0);
      return new TextAnswers(
          Vocabulary.of(taskNames),
          Vocabulary.of(workerNames),
          Arrays.copyOf(task, size),
          Arrays.copyOf(worker, size),
          Arrays.copyOf(text, size),
          d,
          d == 0 ? null : Arrays.copyOf(emb, size * d));
    }
  }
}
