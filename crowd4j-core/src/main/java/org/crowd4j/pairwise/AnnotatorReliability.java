package org.crowd4j.pairwise;

import org.crowd4j.data.Vocabulary;

/**
 * The annotator model of {@link NoisyBradleyTerry}: per worker the skill {@code σ(γ_w)}, the
 * probability that a judgement follows the items' Bradley–Terry scores, and the bias {@code
 * σ(q_w)}, the probability of choosing the left item when it does not. Arrays are copied.
 */
public final class AnnotatorReliability {
  private final Vocabulary workers;
  private final double[] skills;
  private final double[] biases;
  private final int[] judgements;

  AnnotatorReliability(Vocabulary workers, double[] skills, double[] biases, int[] judgements) {
    this.workers = workers;
    this.skills = skills.clone();
    this.biases = biases.clone();
    this.judgements = judgements.clone();
  }

  /** Worker ids ↔ names. */
  public Vocabulary workers() {
    return workers;
  }

  /** Number of workers. */
  public int size() {
    return skills.length;
  }

  /** Skill of worker {@code w}: P(the judgement follows the scores). */
  public double skill(int w) {
    return skills[w];
  }

  /** Bias of worker {@code w}: P(left) when the judgement does not follow the scores. */
  public double bias(int w) {
    return biases[w];
  }

  /** Number of comparisons worker {@code w} judged. */
  public int judgements(int w) {
    return judgements[w];
  }

  /** All skills (a copy). */
  public double[] skills() {
    return skills.clone();
  }

  /** All biases (a copy). */
  public double[] biases() {
    return biases.clone();
  }
}
