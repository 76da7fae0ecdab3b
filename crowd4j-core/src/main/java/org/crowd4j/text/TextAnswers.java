package org.crowd4j.text;

import java.util.Arrays;
import java.util.Objects;
import org.crowd4j.data.ContentDigest;
import org.crowd4j.data.InputOrderAnswers;
import org.crowd4j.data.Vocabulary;

/**
 * Free-text answers (transcripts, translations) in long format: one {@code (task, worker, text)}
 * per answer, optionally with a dense embedding of each answer ({@code n × d} doubles, row-major).
 * Immutable; answers are grouped by task (CSR offsets) in the order they were added, which is the
 * order ROVER aligns them in. Built by {@link Builder}.
 */
public final class TextAnswers extends InputOrderAnswers {
  private final String[] text;
  private final int dim;
  private final double[] embeddings;

  private TextAnswers(
      Vocabulary tasks,
      Vocabulary workers,
      int[] task,
      int[] worker,
      String[] text,
      int dim,
      double[] embeddings) {
    super(tasks, workers, task, worker);
    this.text = text;
    this.dim = dim;
    this.embeddings = embeddings;
  }

  private TextAnswers(TextAnswers same, int dim, double[] embeddings) {
    super(same);
    this.text = same.text;
    this.dim = dim;
    this.embeddings = embeddings;
  }

  /**
   * Answers already coded: answer {@code a} is {@code text[a]} by {@code worker[a]} on {@code
   * task[a]}.
   */
  static TextAnswers encoded(
      Vocabulary tasks, Vocabulary workers, int[] task, int[] worker, String[] text) {
    return new TextAnswers(tasks, workers, task, worker, text, 0, null);
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
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

  /** This data with every answer's embedding replaced by {@code values} ({@code size() × dim}). */
  public TextAnswers withEmbeddings(int dim, double[] values) {
    int n = size();
    if (dim < 1 || values.length != (long) dim * n) {
      throw new IllegalArgumentException(
          "embeddings: expected " + n + " x " + dim + " values, got " + values.length);
    }
    return new TextAnswers(this, dim, values.clone());
  }

  /** Puts the embedding and the text (the digest covers ids, texts and embeddings). */
  @Override
  protected void digestAnswer(ContentDigest digest, int a) {
    for (int j = 0; j < dim; j++) {
      digest.putDouble(embeddings[a * dim + j]);
    }
    digest.text(text[a]).putByte(0);
  }

  /** Collects answers; ids are numbered in order of first appearance. */
  public static final class Builder {
    private final Vocabulary.Growing taskNames = new Vocabulary.Growing();
    private final Vocabulary.Growing workerNames = new Vocabulary.Growing();
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

    /** The id {@code taskId} has, or gets when added next. */
    int taskId(String taskId) {
      return taskNames.intern(Objects.requireNonNull(taskId, "id"));
    }

    /** The id {@code workerId} has, or gets when added next. */
    int workerId(String workerId) {
      return workerNames.intern(Objects.requireNonNull(workerId, "id"));
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
      task[size] = taskNames.intern(Objects.requireNonNull(taskId, "id"));
      worker[size] = workerNames.intern(Objects.requireNonNull(workerId, "id"));
      text[size] = Objects.requireNonNull(answer, "text");
      size++;
    }

    /** The immutable answers. */
    public TextAnswers build() {
      if (size == 0) {
        throw new IllegalStateException("no answers");
      }
      int d = Math.max(dim, 0);
      return new TextAnswers(
          taskNames.freeze(),
          workerNames.freeze(),
          Arrays.copyOf(task, size),
          Arrays.copyOf(worker, size),
          Arrays.copyOf(text, size),
          d,
          d == 0 ? null : Arrays.copyOf(emb, size * d));
    }
  }
}
