package org.crowd4j.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A seeded synthetic crowd in the Dawid–Skene generative model: {@code n} tasks with uniformly
 * drawn true classes among {@code K}, each answered by distinct workers drawn uniformly from {@code
 * W}; worker {@code w} answers class {@code l} for true class {@code k} with probability {@code
 * Π_w[k, l]}, where the diagonal is drawn from U(0.5, 0.95) and the rest of each row is split among
 * the other classes with uniform random weights.
 *
 * <p>Written as a long-format CSV ({@code task,worker,label}, ids {@code t123}, {@code w45}, labels
 * {@code 0..K-1}), tasks in order. The same seed gives the same file byte for byte.
 *
 * @param tasks number of tasks {@code n}
 * @param workers number of workers {@code W}
 * @param classes number of classes {@code K}
 * @param answers total number of answers; task {@code i} gets {@code answers / n} answers, plus one
 *     for the first {@code answers % n} tasks
 * @param seed random seed
 */
public record BenchmarkCrowd(int tasks, int workers, int classes, int answers, long seed) {
  /** Validates. */
  public BenchmarkCrowd {
    if (tasks < 1) {
      throw new IllegalArgumentException("tasks must be >= 1: " + tasks);
    }
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be >= 1: " + workers);
    }
    if (classes < 2) {
      throw new IllegalArgumentException("classes must be >= 2: " + classes);
    }
    if (answers < tasks) {
      throw new IllegalArgumentException("answers must be >= tasks (" + tasks + "): " + answers);
    }
    if ((answers + (long) tasks - 1) / tasks > workers) {
      throw new IllegalArgumentException(
          "each task needs distinct workers: answers/tasks must be <= workers (" + workers + ")");
    }
  }

  /** The number of answers of task {@code i}. */
  public int answersOf(int i) {
    return answers / tasks + (i < answers % tasks ? 1 : 0);
  }

  /**
   * Writes the crowd to {@code file} and returns the true class of every task (index = task
   * number).
   */
  public int[] write(Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      return write(out);
    }
  }

  /** Writes the crowd as CSV to {@code out} (left open) and returns the true classes. */
  public int[] write(OutputStream out) throws IOException {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] cdf = confusionCdf(rng);
    int[] truth = new int[tasks];
    int[] perm = new int[workers];
    for (int w = 0; w < workers; w++) {
      perm[w] = w;
    }
    AsciiBuffer buf = new AsciiBuffer(out, 1 << 16);
    buf.text("task,worker,label\n");
    for (int i = 0; i < tasks; i++) {
      int z = rng.nextInt(classes);
      truth[i] = z;
      int r = answersOf(i);
      for (int j = 0; j < r; j++) {
        int pick = j + rng.nextInt(workers - j);
        int w = perm[pick];
        perm[pick] = perm[j];
        perm[j] = w;
        int row = (w * classes + z) * classes;
        double u = rng.nextDouble();
        int l = 0;
        while (l < classes - 1 && u >= cdf[row + l]) {
          l++;
        }
        buf.ascii('t').number(i).ascii(',').ascii('w').number(w).ascii(',').number(l);
        buf.ascii('\n');
      }
    }
    buf.flush();
    return truth;
  }

  /** Cumulative confusion rows, flat {@code [w][true k][observed l]}. */
  private double[] confusionCdf(SplittableRandom rng) {
    double[] cdf = new double[workers * classes * classes];
    double[] weight = new double[classes];
    for (int w = 0; w < workers; w++) {
      for (int k = 0; k < classes; k++) {
        double diag = 0.5 + 0.45 * rng.nextDouble();
        double sum = 0;
        for (int l = 0; l < classes; l++) {
          weight[l] = l == k ? 0 : 1e-9 + rng.nextDouble();
          sum += weight[l];
        }
        int row = (w * classes + k) * classes;
        double acc = 0;
        for (int l = 0; l < classes; l++) {
          acc += l == k ? diag : (1 - diag) * weight[l] / sum;
          cdf[row + l] = acc;
        }
        cdf[row + classes - 1] = 1.0;
      }
    }
    return cdf;
  }

  /** A small buffered ASCII writer for fast CSV output. */
  private static final class AsciiBuffer {
    private final OutputStream out;
    private final byte[] buf;
    private final byte[] digits = new byte[11];
    private int pos;

    AsciiBuffer(OutputStream out, int size) {
      this.out = out;
      this.buf = new byte[size];
    }

    AsciiBuffer text(String s) throws IOException {
      for (byte b : s.getBytes(StandardCharsets.US_ASCII)) {
        ascii((char) b);
      }
      return this;
    }

    AsciiBuffer ascii(char c) throws IOException {
      if (pos == buf.length) {
        flush();
      }
      buf[pos++] = (byte) c;
      return this;
    }

    AsciiBuffer number(int v) throws IOException {
      int n = 0;
      do {
        digits[n++] = (byte) ('0' + v % 10);
        v /= 10;
      } while (v > 0);
      while (n > 0) {
        ascii((char) digits[--n]);
      }
      return this;
    }

    void flush() throws IOException {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }
}
