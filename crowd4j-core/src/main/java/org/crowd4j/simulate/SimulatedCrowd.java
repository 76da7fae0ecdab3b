package org.crowd4j.simulate;

import org.crowd4j.data.CrowdDataset;
import org.crowd4j.data.Gold;

/**
 * The outcome of {@link CrowdSimulator#simulate}: the answers, the truth, the annotator pool and,
 * per annotator, the confusion she effectively answered with (her own matrix mixed with the common
 * one by her mean ω over the items she labelled), flat {@code R × K × K} in annotator order {@code
 * a0, a1, …}.
 */
public final class SimulatedCrowd {
  private final CrowdDataset data;
  private final Gold gold;
  private final int[] truth;
  private final AnnotatorPool pool;
  private final double[] effectiveConfusions;
  private final long commonAnswers;
  private final long answers;

  SimulatedCrowd(
      CrowdDataset data,
      Gold gold,
      int[] truth,
      AnnotatorPool pool,
      double[] effectiveConfusions,
      long commonAnswers,
      long answers) {
    this.data = data;
    this.gold = gold;
    this.truth = truth;
    this.pool = pool;
    this.effectiveConfusions = effectiveConfusions;
    this.commonAnswers = commonAnswers;
    this.answers = answers;
  }

  /** The simulated answers. */
  public CrowdDataset data() {
    return data;
  }

  /** The truth aligned to {@link #data()}'s task ids. */
  public Gold gold() {
    return gold;
  }

  /** The truth by item index (item {@code i} is named {@code "i"}). */
  public int[] truth() {
    return truth.clone();
  }

  /** The annotators. */
  public AnnotatorPool pool() {
    return pool;
  }

  /** Effective confusion per pool annotator, flat {@code R × K × K}. */
  public double[] effectiveConfusions() {
    return effectiveConfusions.clone();
  }

  /** Share of answers drawn from the common confusion. */
  public double commonShare() {
    return answers == 0 ? 0 : (double) commonAnswers / answers;
  }

  /**
   * Effective confusions aligned to {@link #data()}'s worker ids (annotators without answers do not
   * appear there), flat {@code W × K × K}.
   */
  public double[] effectiveConfusionsByWorkerId() {
    int k = pool.numLabels();
    double[] out = new double[data.numWorkers() * k * k];
    for (int w = 0; w < data.numWorkers(); w++) {
      int a = Integer.parseInt(data.workers().name(w).substring(1));
      System.arraycopy(effectiveConfusions, a * k * k, out, w * k * k, k * k);
    }
    return out;
  }
}
