package org.crowd4j.nn.internal;

import org.crowd4j.data.Vocabulary;

/**
 * The training data of learning to vote: standardised features, M label sets of N outputs per item
 * and which set labelled which item.
 *
 * @param x standardised features, {@code n × d} row-major
 * @param n items
 * @param d features per item
 * @param k outputs (classes, or findings of a multi-label fit)
 * @param mean the standardisation's means, or {@code null}
 * @param std its standard deviations, or {@code null}
 * @param y label set m's {@code n × k} targets in {@code y[m]}
 * @param has whether set m labelled item i, at {@code i·M + m}
 * @param m number of label sets
 * @param targets plain {@code n × k} targets (training without a vote), or {@code null}
 * @param labels the outputs' names
 * @param sets the label sets' names
 */
public record VoteProblem(
    float[] x,
    int n,
    int d,
    int k,
    float[] mean,
    float[] std,
    float[][] y,
    boolean[] has,
    int m,
    float[] targets,
    Vocabulary labels,
    Vocabulary sets) {
  /** Whether any set labelled item {@code i}. */
  boolean usable(int i) {
    for (int s = 0; s < m; s++) {
      if (has[i * m + s]) {
        return true;
      }
    }
    return false;
  }

  /** Items {@code 0..n-1} that at least one set labelled (or all, for plain targets). */
  int[] usableItems() {
    int[] out = new int[n];
    int c = 0;
    for (int i = 0; i < n; i++) {
      if (usable(i)) {
        out[c++] = i;
      }
    }
    return java.util.Arrays.copyOf(out, c);
  }

  /** Mean voting weight of each set over the items it labelled ({@code weights} is n × M). */
  double[] meanWeights(double[] weights) {
    double[] sum = new double[m];
    int[] count = new int[m];
    for (int i = 0; i < n; i++) {
      for (int t = 0; t < m; t++) {
        if (has[i * m + t]) {
          sum[t] += weights[i * m + t];
          count[t]++;
        }
      }
    }
    for (int t = 0; t < m; t++) {
      sum[t] = count[t] == 0 ? 0 : sum[t] / count[t];
    }
    return sum;
  }
}
