package org.crowd4j.simulate;

/**
 * A set of simulated annotators. Annotator {@code r} answers an item of true label {@code z} by
 * drawing from row {@code z} of the common confusion with probability {@link
 * #commonProbability(int, int)}, otherwise from row {@code z} of her own confusion {@link
 * #confusion(int)}. Pools without common noise return 0 there.
 */
public interface AnnotatorPool {
  /** Number of annotators. */
  int size();

  /** Number of classes. */
  int numLabels();

  /** Annotator {@code r}'s own row-stochastic confusion (rows = true label); do not modify. */
  double[][] confusion(int r);

  /** Probability that annotator {@code r}'s answer on item {@code i} follows the common matrix. */
  default double commonProbability(int r, int i) {
    return 0;
  }

  /** The common confusion shared by all annotators, or {@code null} when there is none. */
  default double[][] commonConfusion() {
    return null;
  }

  /** A short description of annotator {@code r} (its kind and parameters). */
  String describe(int r);
}
