package org.crowd4j.segmentation;

import java.util.Objects;
import org.crowd4j.data.Vocabulary;
import org.crowd4j.method.Diagnostics;
import org.crowd4j.method.FitResult;
import org.crowd4j.method.Provenance;

/**
 * Aggregated masks with, per image, the iterations run and whether the stopping rule fired, and per
 * answer the weight or skill the method gave it ({@code null} for plain majority vote).
 *
 * @param tasks image ids ({@code masks[t]} belongs to {@code tasks.name(t)})
 * @param masks aggregated mask per image
 * @param iterations iterations run per image (0 for majority vote)
 * @param converged whether the stopping rule fired per image
 * @param answerScores per answer of the input: RASA's normalized weight, EM's probability of
 *     marking a pixel correctly; or {@code null}
 * @param provenance method, options, data digest, versions
 */
public record SegmentationResult(
    Vocabulary tasks,
    Mask[] masks,
    int[] iterations,
    boolean[] converged,
    double[] answerScores,
    Provenance provenance)
    implements FitResult {
  /** Copies the arrays. */
  public SegmentationResult {
    Objects.requireNonNull(tasks, "tasks");
    masks = masks.clone();
    iterations = iterations.clone();
    converged = converged.clone();
    answerScores = answerScores == null ? null : answerScores.clone();
  }

  @Override
  public Mask[] masks() {
    return masks.clone();
  }

  @Override
  public int[] iterations() {
    return iterations.clone();
  }

  @Override
  public boolean[] converged() {
    return converged.clone();
  }

  @Override
  public double[] answerScores() {
    return answerScores == null ? null : answerScores.clone();
  }

  /** The mask of image {@code t}. */
  public Mask mask(int t) {
    return masks[t];
  }

  /**
   * Whether {@link #answerScores()} are skills (segmentation EM: the probability that the answer
   * marks a pixel right) rather than weights (RASA).
   */
  public boolean answerScoresAreSkills() {
    return SegmentationEm.NAME.equals(provenance.method());
  }

  /**
   * The images' fits as one: the most iterations any image took, converged when every image did
   * (images have no common objective).
   */
  @Override
  public Diagnostics diagnostics() {
    int most = 0;
    int settled = 0;
    for (int t = 0; t < iterations.length; t++) {
      most = Math.max(most, iterations[t]);
      settled += converged[t] ? 1 : 0;
    }
    return new Diagnostics(
        most,
        settled == converged.length,
        new double[0],
        "none",
        settled + " of " + converged.length + " images converged");
  }
}
