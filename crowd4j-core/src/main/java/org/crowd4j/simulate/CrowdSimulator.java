package org.crowd4j.simulate;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;

/**
 * Simulates a crowd: given the true label of every item, an {@link AnnotatorPool} and an {@link
 * Assignment}, draws every answer. Items are named {@code 0..n-1}, annotators {@code a0..}, labels
 * {@code 0..K-1}. One seed fixes everything.
 */
public final class CrowdSimulator {
  private CrowdSimulator() {}

  /** Simulates answers for items of known {@code truth}. */
  public static SimulatedCrowd simulate(
      int[] truth, AnnotatorPool pool, Assignment assignment, long seed) {
    int k = pool.numLabels();
    for (int z : truth) {
      if (z < 0 || z >= k) {
        throw new IllegalArgumentException("true label " + z + " outside 0.." + (k - 1));
      }
    }
    SplittableRandom assignRng = new SplittableRandom(seed);
    SplittableRandom answerRng = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
    int r = pool.size();
    double[][][] cumulative = new double[r][][];
    for (int a = 0; a < r; a++) {
      cumulative[a] = cumulativeRows(pool.confusion(a));
    }
    double[][] commonCum =
        pool.commonConfusion() == null ? null : cumulativeRows(pool.commonConfusion());
    Columns cols = new Columns();
    double[] effective = new double[r * k * k];
    long[] perAnnotator = new long[r];
    assignment.assign(
        truth.length,
        r,
        assignRng,
        (i, a) -> {
          int z = truth[i];
          double w = commonCum == null ? 0 : pool.commonProbability(a, i);
          boolean common = w > 0 && answerRng.nextDouble() < w;
          double[] row = common ? commonCum[z] : cumulative[a][z];
          int label = sample(row, answerRng.nextDouble());
          cols.add(i, a, label, common);
          perAnnotator[a]++;
          addEffectiveRow(effective, a, z, k, w, pool);
        });
    List<String> labelNames = new ArrayList<>();
    for (int c = 0; c < k; c++) {
      labelNames.add(Integer.toString(c));
    }
    CrowdDataset.Builder b = CrowdDataset.builder().labels(labelNames);
    String[] labelStr = labelNames.toArray(new String[0]);
    String[] annotatorStr = new String[r];
    for (int a = 0; a < r; a++) {
      annotatorStr[a] = "a" + a;
    }
    String[] itemStr = new String[truth.length];
    for (int i = 0; i < truth.length; i++) {
      itemStr[i] = Integer.toString(i);
    }
    for (int j = 0; j < cols.size; j++) {
      b.add(itemStr[cols.item[j]], annotatorStr[cols.annotator[j]], labelStr[cols.label[j]]);
    }
    CrowdDataset data = b.build();
    int[] gold = new int[data.numTasks()];
    for (int t = 0; t < data.numTasks(); t++) {
      gold[t] = truth[Integer.parseInt(data.tasks().name(t))];
    }
    return new SimulatedCrowd(
        data,
        Gold.ofIds(gold),
        truth.clone(),
        pool,
        effectiveConfusions(effective, r, k),
        cols.commonCount,
        cols.size);
  }

  private static void addEffectiveRow(
      double[] effective, int a, int z, int k, double w, AnnotatorPool pool) {
    double[] own = pool.confusion(a)[z];
    double[] common = w > 0 ? pool.commonConfusion()[z] : null;
    int base = (a * k + z) * k;
    for (int l = 0; l < k; l++) {
      effective[base + l] += (1 - w) * own[l] + (w > 0 ? w * common[l] : 0);
    }
  }

  private static double[] effectiveConfusions(double[] sums, int r, int k) {
    double[] out = sums.clone();
    for (int row = 0; row < r * k; row++) {
      double z = 0;
      for (int l = 0; l < k; l++) {
        z += out[row * k + l];
      }
      for (int l = 0; l < k; l++) {
        out[row * k + l] = z > 0 ? out[row * k + l] / z : 1.0 / k;
      }
    }
    return out;
  }

  private static double[][] cumulativeRows(double[][] m) {
    double[][] c = new double[m.length][];
    for (int z = 0; z < m.length; z++) {
      c[z] = new double[m[z].length];
      double acc = 0;
      for (int l = 0; l < m[z].length; l++) {
        acc += m[z][l];
        c[z][l] = acc;
      }
    }
    return c;
  }

  private static int sample(double[] cumulative, double u) {
    double x = u * cumulative[cumulative.length - 1];
    for (int l = 0; l < cumulative.length; l++) {
      if (x < cumulative[l]) {
        return l;
      }
    }
    return cumulative.length - 1;
  }

  /** Growable primitive columns of the simulated answers. */
  private static final class Columns {
    int[] item = new int[1024];
    int[] annotator = new int[1024];
    int[] label = new int[1024];
    int size;
    long commonCount;

    void add(int i, int a, int l, boolean common) {
      if (size == item.length) {
        int cap = size + (size >> 1);
        item = java.util.Arrays.copyOf(item, cap);
        annotator = java.util.Arrays.copyOf(annotator, cap);
        label = java.util.Arrays.copyOf(label, cap);
      }
      item[size] = i;
      annotator[size] = a;
      label[size] = l;
      size++;
      if (common) {
        commonCount++;
      }
    }
  }
}
