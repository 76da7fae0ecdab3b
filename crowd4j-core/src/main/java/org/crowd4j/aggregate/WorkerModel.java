package org.crowd4j.aggregate;

/**
 * What an aggregation method learnt about the annotators. Every model can rank workers by a scalar
 * {@link #skill(int)}; the concrete records carry the method's own parameters.
 */
public sealed interface WorkerModel
    permits ConfusionMatrices,
        WorkerSkills,
        GladModel,
        MaceModel,
        MinimaxModel,
        GroupMixtureModel,
        CommonConfusionModel {

  /** Number of workers described. */
  int numWorkers();

  /**
   * A scalar quality of worker {@code w}, larger is better (for confusion models the mean diagonal,
   * i.e. average per-class accuracy).
   */
  double skill(int w);

  /** All skills as a new array. */
  default double[] skills() {
    double[] s = new double[numWorkers()];
    for (int w = 0; w < s.length; w++) {
      s[w] = skill(w);
    }
    return s;
  }
}
