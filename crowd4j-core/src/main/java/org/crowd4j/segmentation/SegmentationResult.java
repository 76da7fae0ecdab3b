package org.crowd4j.segmentation;

import java.util.Objects;
import org.crowd4j.aggregate.Provenance;
import org.crowd4j.data.Vocabulary;

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
    Provenance provenance) {
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
}
