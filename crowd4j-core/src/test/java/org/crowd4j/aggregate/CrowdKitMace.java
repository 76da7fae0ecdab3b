package org.crowd4j.aggregate;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.internal.kernel.SpecialFunctions;
import org.crowd4j.testing.PeerTables;

/**
 * crowd-kit 1.4.1's MACE as it runs with its defaults, for side-by-side checks: one start drawn by
 * numpy's {@code RandomState(0)} (its ten restarts share that seed, so they are one run), 50
 * variational iterations, and the strategy counts summed by sorted worker and label names but read
 * back in first-appearance order. Workers sort as text; labels as integers where all are integers.
 * {@link #elbo()} scores the result under the aligned model: the evidence lower bound per answer
 * that {@link Mace} maximises, with {@link Mace.Options#defaults()}' priors.
 */
final class CrowdKitMace {
  private static final int ITERATIONS = 50;

  private final int n;
  private final int numWorkers;
  private final int k;
  private final int m;
  private final int[] task;
  private final int[] worker;
  private final int[] label;
  private final String[] taskNames;
  private final String[] labelNames;
  private final int[] workerAtRank;
  private final int[] labelAtRank;
  private final Mace.Options priors = Mace.Options.defaults();
  private final double[] spam;
  private final double[] know;
  private final double[] strategy;
  private final double[] spamPseudo;
  private final double[] knowPseudo;
  private final double[] strategyPseudo;
  private final double[] joint;
  private final double[] spamCounts;
  private final double[] knowCounts;

  private CrowdKitMace(List<List<String>> rows) {
    m = rows.size() - 1;
    task = new int[m];
    worker = new int[m];
    label = new int[m];
    Map<String, Integer> tasks = new LinkedHashMap<>();
    Map<String, Integer> workers = new LinkedHashMap<>();
    Map<String, Integer> labels = new LinkedHashMap<>();
    for (int a = 0; a < m; a++) {
      List<String> r = rows.get(a + 1);
      task[a] = tasks.computeIfAbsent(r.get(0), x -> tasks.size());
      worker[a] = workers.computeIfAbsent(r.get(1), x -> workers.size());
      label[a] = labels.computeIfAbsent(r.get(2), x -> labels.size());
    }
    n = tasks.size();
    numWorkers = workers.size();
    k = labels.size();
    taskNames = tasks.keySet().toArray(new String[0]);
    labelNames = labels.keySet().toArray(new String[0]);
    workerAtRank = sortedOrder(workers.keySet().toArray(new String[0]), Comparator.naturalOrder());
    boolean integers = Arrays.stream(labelNames).allMatch(s -> s.matches("-?\\d{1,18}"));
    labelAtRank =
        sortedOrder(
            labelNames,
            integers ? Comparator.comparingLong(Long::parseLong) : Comparator.naturalOrder());
    spam = new double[numWorkers];
    know = new double[numWorkers];
    strategy = new double[numWorkers * k];
    spamPseudo = new double[numWorkers];
    knowPseudo = new double[numWorkers];
    strategyPseudo = new double[numWorkers * k];
    joint = new double[n * k];
    spamCounts = new double[numWorkers * k];
    knowCounts = new double[numWorkers];
  }

  /** Runs crowd-kit's MACE on an answers file ({@code task,worker,label}), in file order. */
  static CrowdKitMace fit(Path answers) {
    CrowdKitMace run = new CrowdKitMace(PeerTables.rows(answers));
    run.initialise();
    run.eStep();
    for (int it = 0; it < ITERATIONS; it++) {
      run.vbStep();
      run.eStep();
    }
    return run;
  }

  /** Hard labels aligned to {@code data} (-1 for a task {@code data} lacks). */
  int[] labels(CrowdDataset data) {
    int[] out = new int[data.numTasks()];
    Arrays.fill(out, -1);
    for (int i = 0; i < n; i++) {
      int best = 0;
      for (int c = 1; c < k; c++) {
        if (joint[i * k + c] > joint[i * k + best]) {
          best = c;
        }
      }
      int t = data.tasks().id(taskNames[i]);
      if (t >= 0) {
        out[t] = data.labels().id(labelNames[best]);
      }
    }
    return out;
  }

  /**
   * The evidence lower bound per answer of the final variational parameters under the aligned
   * model: Σ_i log Σ_k (1/K) Π_a exp E[log P(l_a | k)] − KL(q ‖ prior), as {@link Mace}'s
   * objective.
   */
  double elbo() {
    double[] common = new double[n];
    double[] byLabel = new double[n * k];
    for (int a = 0; a < m; a++) {
      int w = worker[a];
      int l = label[a];
      double spamming = spam[w] * strategy[w * k + l];
      common[task[a]] += Math.log(spamming);
      byLabel[task[a] * k + l] += Math.log1p(know[w] / spamming);
    }
    double total = 0;
    for (int i = 0; i < n; i++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < k; c++) {
        max = Math.max(max, byLabel[i * k + c]);
      }
      double z = 0;
      for (int c = 0; c < k; c++) {
        z += Math.exp(byLabel[i * k + c] - max);
      }
      total += common[i] - Math.log(k) + max + Math.log(z);
    }
    double[] q = new double[Math.max(2, k)];
    double[] p = new double[Math.max(2, k)];
    for (int w = 0; w < numWorkers; w++) {
      q[0] = spamPseudo[w];
      q[1] = knowPseudo[w];
      p[0] = priors.alpha();
      p[1] = priors.beta();
      total -= SpecialFunctions.dirichletKl(q, 0, p, 0, 2);
      Arrays.fill(p, priors.strategyPrior());
      total -= SpecialFunctions.dirichletKl(strategyPseudo, w * k, p, 0, k);
    }
    return total / m;
  }

  /** Rows of (spam, know) and of strategies, each from a fresh seed-0 stream, row-normalised. */
  private void initialise() {
    double width = 1.0 + priors.defaultNoise();
    NumpyRandom r = new NumpyRandom(0);
    for (int w = 0; w < numWorkers; w++) {
      double s = 1.0 + width * r.nextDouble();
      double kn = 1.0 + width * r.nextDouble();
      spam[w] = s / (s + kn);
      know[w] = kn / (s + kn);
    }
    r = new NumpyRandom(0);
    for (int w = 0; w < numWorkers; w++) {
      double z = 0;
      for (int l = 0; l < k; l++) {
        strategy[w * k + l] = 1.0 + width * r.nextDouble();
        z += strategy[w * k + l];
      }
      for (int l = 0; l < k; l++) {
        strategy[w * k + l] /= z;
      }
    }
  }

  /** Products of raw answer probabilities per task and label, and the expected counts. */
  private void eStep() {
    Arrays.fill(joint, 1.0 / k);
    for (int a = 0; a < m; a++) {
      int w = worker[a];
      double spamming = spam[w] * strategy[w * k + label[a]];
      for (int c = 0; c < k; c++) {
        joint[task[a] * k + c] *= spamming + (c == label[a] ? know[w] : 0.0);
      }
    }
    Arrays.fill(spamCounts, 0.0);
    Arrays.fill(knowCounts, 0.0);
    for (int a = 0; a < m; a++) {
      int w = worker[a];
      int l = label[a];
      int row = task[a] * k;
      double spamming = spam[w] * strategy[w * k + l];
      double evidence = 0;
      for (int c = 0; c < k; c++) {
        evidence += joint[row + c];
      }
      double knowing = joint[row + l] * know[w] / (spamming + know[w]) / evidence;
      spamCounts[w * k + l] += 1.0 - knowing;
      knowCounts[w] += knowing;
    }
  }

  /** The variational M-step, strategy row {@code w} taken from the {@code w}-th sorted worker. */
  private void vbStep() {
    for (int w = 0; w < numWorkers; w++) {
      double spamCount = 0;
      for (int l = 0; l < k; l++) {
        spamCount += spamCounts[w * k + l];
      }
      spamPseudo[w] = spamCount + priors.alpha();
      knowPseudo[w] = knowCounts[w] + priors.beta();
      double psiTotal = SpecialFunctions.digamma(spamPseudo[w] + knowPseudo[w]);
      spam[w] = Math.exp(SpecialFunctions.digamma(spamPseudo[w]) - psiTotal);
      know[w] = Math.exp(SpecialFunctions.digamma(knowPseudo[w]) - psiTotal);
      int source = workerAtRank[w];
      double sum = 0;
      for (int l = 0; l < k; l++) {
        strategyPseudo[w * k + l] =
            spamCounts[source * k + labelAtRank[l]] + priors.strategyPrior();
        sum += strategyPseudo[w * k + l];
      }
      double psiSum = SpecialFunctions.digamma(sum);
      for (int l = 0; l < k; l++) {
        strategy[w * k + l] =
            Math.exp(SpecialFunctions.digamma(strategyPseudo[w * k + l]) - psiSum);
      }
    }
  }

  /** Indices of {@code names} in sorted order. */
  private static int[] sortedOrder(String[] names, Comparator<String> order) {
    Integer[] idx = new Integer[names.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (x, y) -> order.compare(names[x], names[y]));
    int[] out = new int[idx.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = idx[i];
    }
    return out;
  }

  /** numpy's legacy {@code RandomState(seed).random_sample()}: MT19937 and 53-bit doubles. */
  static final class NumpyRandom {
    private final int[] state = new int[624];
    private int next;

    NumpyRandom(int seed) {
      state[0] = seed;
      for (next = 1; next < 624; next++) {
        state[next] = 1812433253 * (state[next - 1] ^ (state[next - 1] >>> 30)) + next;
      }
    }

    private int nextInt() {
      if (next >= 624) {
        for (int j = 0; j < 624; j++) {
          int y = (state[j] & 0x80000000) | (state[(j + 1) % 624] & 0x7fffffff);
          state[j] = state[(j + 397) % 624] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
        }
        next = 0;
      }
      int y = state[next++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      return y;
    }

    double nextDouble() {
      long a = Integer.toUnsignedLong(nextInt()) >>> 5;
      long b = Integer.toUnsignedLong(nextInt()) >>> 6;
      return (a * 67108864.0 + b) / 9007199254740992.0;
    }
  }
}
