package org.crowd4j.aggregate;

import org.crowd4j.data.CrowdDataset;

/**
 * How likely each individual answer is to be right under a fit: the posterior of the answer's own
 * label, q_{i(a)}(l_a) = P(z_i = l_a | all answers), which ranks the answers most likely wrong
 * first (CROWDLAB's per-annotation label quality, Goh et al. 2022). Works for the fit of any
 * classification method.
 */
public final class AnswerQuality {
  private AnswerQuality() {}

  /** The quality of every answer of {@code data}, in its answer order ({@code result} on it). */
  public static double[] of(AggregationResult result, CrowdDataset data) {
    if (result.numTasks() != data.numTasks() || result.numLabels() != data.numLabels()) {
      throw new IllegalArgumentException("the result was not fitted on these answers");
    }
    double[] quality = new double[data.numAnswers()];
    for (int a = 0; a < quality.length; a++) {
      quality[a] = result.posterior(data.task(a), data.label(a));
    }
    return quality;
  }
}
