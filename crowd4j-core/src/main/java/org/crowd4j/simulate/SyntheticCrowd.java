package org.crowd4j.simulate;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;

/**
 * A seeded synthetic crowd whose truth is known: {@code n} tasks with labels drawn uniformly from
 * {@code K} classes, a pool of workers of mixed kinds (reliable experts, noisy workers, spammers
 * answering uniformly at random, class-swapping "confusers" and adversaries that permute labels),
 * and {@code k} distinct random workers per task, each answering from its own confusion matrix.
 *
 * <p>Used by {@code crowd4j demo} and by tests that need ground truth. Same seed, same crowd.
 */
public final class SyntheticCrowd {
  /** Kinds of simulated annotators. */
  public enum Kind {
    /** Diagonal about 0.9. */
    EXPERT,
    /** Diagonal about 0.65, errors spread uniformly. */
    NOISY,
    /** Answers uniformly at random. */
    SPAMMER,
    /** Reliable except that two classes are swapped 60 % of the time. */
    CONFUSER,
    /** Answers a fixed wrong permutation of the true label most of the time. */
    ADVERSARY
  }

  private final CrowdDataset data;
  private final Gold gold;
  private final int[] truth;
  private final Kind[] kinds;
  private final double[][][] confusions;

  private SyntheticCrowd(
      CrowdDataset data, Gold gold, int[] truth, Kind[] kinds, double[][][] confusions) {
    this.data = data;
    this.gold = gold;
    this.truth = truth;
    this.kinds = kinds;
    this.confusions = confusions;
  }

  /**
   * Generates a crowd.
   *
   * @param tasks number of tasks
   * @param classes number of classes (≥ 2)
   * @param workers pool size
   * @param answersPerTask distinct workers per task (≤ workers)
   * @param mix share of each {@link Kind} in the pool, in enum order (normalised)
   * @param seed random seed
   */
  public static SyntheticCrowd generate(
      int tasks, int classes, int workers, int answersPerTask, double[] mix, long seed) {
    if (tasks < 1 || classes < 2 || workers < 1) {
      throw new IllegalArgumentException("need tasks ≥ 1, classes ≥ 2, workers ≥ 1");
    }
    if (answersPerTask < 1 || answersPerTask > workers) {
      throw new IllegalArgumentException(
          "answersPerTask must be in [1, workers]: " + answersPerTask);
    }
    if (mix.length != Kind.values().length) {
      throw new IllegalArgumentException("mix needs one share per kind: " + Kind.values().length);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    Kind[] kinds = new Kind[workers];
    double total = Arrays.stream(mix).sum();
    for (int w = 0; w < workers; w++) {
      double u = (w + 0.5) / workers * total;
      int kind = 0;
      double acc = mix[0];
      while (u > acc && kind + 1 < mix.length) {
        acc += mix[++kind];
      }
      kinds[w] = Kind.values()[kind];
    }
    double[][][] conf = new double[workers][][];
    for (int w = 0; w < workers; w++) {
      conf[w] = confusion(kinds[w], classes, rng);
    }
    int[] truth = new int[tasks];
    CrowdDataset.Builder b = CrowdDataset.builder();
    java.util.List<String> labelNames = new java.util.ArrayList<>();
    for (int c = 0; c < classes; c++) {
      labelNames.add(Integer.toString(c));
    }
    b.labels(labelNames);
    int[] pool = new int[workers];
    for (int w = 0; w < workers; w++) {
      pool[w] = w;
    }
    for (int i = 0; i < tasks; i++) {
      truth[i] = rng.nextInt(classes);
      for (int j = 0; j < answersPerTask; j++) {
        int pick = j + rng.nextInt(workers - j);
        int w = pool[pick];
        pool[pick] = pool[j];
        pool[j] = w;
        b.add("t" + i, "w" + w, Integer.toString(sample(conf[w][truth[i]], rng)));
      }
    }
    CrowdDataset data = b.build();
    int[] goldIds = new int[data.numTasks()];
    for (int i = 0; i < tasks; i++) {
      goldIds[data.tasks().id("t" + i)] = truth[i];
    }
    return new SyntheticCrowd(data, Gold.ofIds(goldIds), truth, kinds, conf);
  }

  /** The default demo crowd: 2,000 tasks, 4 classes, 60 workers, 5 answers per task. */
  public static SyntheticCrowd demo(long seed) {
    return generate(2000, 4, 60, 5, new double[] {0.25, 0.35, 0.2, 0.1, 0.1}, seed);
  }

  private static double[][] confusion(Kind kind, int k, SplittableRandom rng) {
    double[][] m = new double[k][k];
    switch (kind) {
      case EXPERT, NOISY -> {
        double diag =
            kind == Kind.EXPERT ? 0.85 + 0.1 * rng.nextDouble() : 0.5 + 0.3 * rng.nextDouble();
        for (int c = 0; c < k; c++) {
          Arrays.fill(m[c], (1 - diag) / (k - 1));
          m[c][c] = diag;
        }
      }
      case SPAMMER -> {
        for (double[] row : m) {
          Arrays.fill(row, 1.0 / k);
        }
      }
      case CONFUSER -> {
        int a = rng.nextInt(k);
        int b = (a + 1 + rng.nextInt(k - 1)) % k;
        for (int c = 0; c < k; c++) {
          Arrays.fill(m[c], 0.1 / (k - 1));
          m[c][c] = 0.9;
        }
        for (int[] pair : new int[][] {{a, b}, {b, a}}) {
          Arrays.fill(m[pair[0]], 0.0);
          m[pair[0]][pair[0]] = 0.4;
          m[pair[0]][pair[1]] = 0.6;
        }
      }
      case ADVERSARY -> {
        int shift = 1 + rng.nextInt(k - 1);
        for (int c = 0; c < k; c++) {
          Arrays.fill(m[c], 0.2 / (k - 1));
          m[c][(c + shift) % k] += 0.8;
          double s = Arrays.stream(m[c]).sum();
          for (int l = 0; l < k; l++) {
            m[c][l] /= s;
          }
        }
      }
      default -> throw new IllegalStateException(kind.toString());
    }
    return m;
  }

  private static int sample(double[] p, SplittableRandom rng) {
    double u = rng.nextDouble();
    double acc = 0;
    for (int l = 0; l < p.length; l++) {
      acc += p[l];
      if (u < acc) {
        return l;
      }
    }
    return p.length - 1;
  }

  /** The answers. */
  public CrowdDataset data() {
    return data;
  }

  /** The true labels, aligned to {@link #data()}. */
  public Gold gold() {
    return gold;
  }

  /** True label of generated task {@code i} (name {@code "t" + i}). */
  public int truth(int i) {
    return truth[i];
  }

  /** Kind of generated worker {@code w} (name {@code "w" + w}). */
  public Kind kind(int w) {
    return kinds[w];
  }

  /** True confusion matrix of generated worker {@code w} (rows = true label), a copy. */
  public double[][] confusion(int w) {
    double[][] c = new double[confusions[w].length][];
    for (int k = 0; k < c.length; k++) {
      c[k] = confusions[w][k].clone();
    }
    return c;
  }
}
