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
  boolean usable(int i) {
    for (int s = 0; s < m; s++) {
      if (has[i * m + s]) {
        return true;
      }
    }
    return false;
  }
}
