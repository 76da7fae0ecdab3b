package org.crowd4j.aggregate;

/**
 * MACE parameters (Hovy et al. 2013): probability {@code competence[w]} that worker {@code w}
 * answers truthfully, and the label distribution {@code spamming[w][l]} (flat {@code [w][l]}) she
 * uses when she does not.
 *
 * @param competence P(not spamming) per worker
 * @param spamming spamming strategy, flat {@code numWorkers × numLabels}
 * @param numLabels number of classes
 */
public record MaceModel(double[] competence, double[] spamming, int numLabels)
    implements WorkerModel {
  /** Copies the arrays. */
  public MaceModel {
    competence = competence.clone();
    spamming = spamming.clone();
  }

  @Override
  public double[] competence() {
    return competence.clone();
  }

  @Override
  public double[] spamming() {
    return spamming.clone();
  }

  @Override
  public int numWorkers() {
    return competence.length;
  }

  @Override
  public double skill(int w) {
    return competence[w];
  }
}
